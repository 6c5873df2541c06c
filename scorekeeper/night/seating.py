"""The seats of each round: table sizes, who sits out, and the redraw that avoids old company.

The rule of the redraw (docs/club-night.md): a seating's cost is the number of pairs at its
tables who have sat at one table before, each pair counted once for every earlier round they
shared; the redraw keeps the cheapest seating it finds. It starts from a few random seatings
(drawn from the night's number and the round, so the same night always seats the same way)
and swaps two players between tables while a swap makes the cost smaller. Within a table,
the draw for seats (`rules.draw`) decides the order and the first dealer, as for one table.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..rules import Ruleset
from ..rules.draw import RANKS, SUITS, DrawnCard, draw_for_seats
from ..rules.sentences import Sentence
from .evening import Movement, NightRefused

#: Random seatings the redraw starts from; each is improved by swaps until none helps.
STARTS = 12

Pair = frozenset[str]


@dataclass(frozen=True)
class SeatedTable:
    """One table of a round: its players in seating order and the seat that deals first."""

    players: tuple[str, ...]
    first_dealer: int = 0


@dataclass(frozen=True)
class RoundSeating:
    """Where everyone sits in a round, and who sits it out."""

    tables: tuple[SeatedTable, ...]
    sitting_out: tuple[str, ...] = ()


def table_sizes(players: int, most_tables: int, sizes: Sequence[int]) -> tuple[int, ...]:
    """Return the size of each table, largest first, for this many players.

    Tables take the rules' usual size or one fewer (`sizes`); as many players as can be are
    seated at no more than `most_tables` tables, with as few small tables as that allows.
    Whoever is left over sits out.
    """
    best: tuple[int, int, tuple[int, ...]] | None = None
    big, small = sizes[0], sizes[-1]
    for tables in range(1, most_tables + 1):
        for smalls in range(tables + 1):
            seated = (tables - smalls) * big + smalls * small
            if seated > players:
                continue
            found = (seated, -smalls, (big,) * (tables - smalls) + (small,) * smalls)
            if best is None or found[:2] > best[:2]:
                best = found
    return best[2] if best else ()


def meetings(rounds: Iterable[RoundSeating]) -> Counter[Pair]:
    """Count, for each pair of players, the rounds they sat at one table."""
    met: Counter[Pair] = Counter()
    for seating in rounds:
        for table in seating.tables:
            met.update(frozenset(pair) for pair in itertools.combinations(table.players, 2))
    return met


def repeat_cost(tables: Iterable[Sequence[str]], met: Counter[Pair]) -> int:
    """Return a seating's cost: the pairs at its tables who met before, once per round met."""
    return sum(
        met[frozenset(pair)] for table in tables for pair in itertools.combinations(table, 2)
    )


def _cost_at(player: str, table: Sequence[str], met: Counter[Pair]) -> int:
    return sum(met[frozenset((player, other))] for other in table if other != player)


def _improve(tables: list[list[str]], met: Counter[Pair]) -> None:
    """Swap two players of two tables while a swap lowers the cost."""
    better = True
    while better:
        better = False
        for one, two in itertools.combinations(range(len(tables)), 2):
            for i, a in enumerate(tables[one]):
                for j, b in enumerate(tables[two]):
                    before = _cost_at(a, tables[one], met) + _cost_at(b, tables[two], met)
                    after = (
                        _cost_at(b, tables[one], met)
                        - met[frozenset((a, b))]
                        + _cost_at(a, tables[two], met)
                        - met[frozenset((a, b))]
                    )
                    if after < before:
                        tables[one][i], tables[two][j] = b, a
                        a = b
                        better = True


def redraw(
    players: Sequence[str], sizes: Sequence[int], met: Counter[Pair], rng: random.Random
) -> list[list[str]]:
    """Group the players into tables of these sizes, as few old pairs together as found."""
    best: tuple[int, list[list[str]]] | None = None
    for _ in range(STARTS if met else 1):
        order = list(players)
        rng.shuffle(order)
        tables, start = [], 0
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
        _improve(tables, met)
        cost = repeat_cost(tables, met)
        if best is None or cost < best[0]:
            best = (cost, tables)
        if cost == 0:
            break
    return best[1] if best else []


def sitters_out(
    present: Sequence[str], count: int, played: Counter[str], last_out: set[str], rng: random.Random
) -> list[str]:
    """Pick who sits out: those who have played the most rounds, and of them first those who
    did not sit out the round before; a tie is drawn."""
    drawn = {name: rng.random() for name in present}
    ranked = sorted(present, key=lambda name: (-played[name], name in last_out, drawn[name]))
    return ranked[:count]


def draw_seats(group: Sequence[str], ruleset: Ruleset, rng: random.Random) -> SeatedTable:
    """Seat one table by the draw for seats: each player draws a card from a shuffled deck."""
    deck = [DrawnCard(rank, suit) for rank in range(len(RANKS)) for suit in range(len(SUITS))]
    rng.shuffle(deck)
    seating = draw_for_seats(group, deck[: len(group)], partnership=ruleset.partnership)
    return SeatedTable(seating.players, seating.first_dealer)


def seat_round(
    *,
    present: Sequence[str],
    earlier: Sequence[RoundSeating],
    ruleset: Ruleset,
    sizes: Sequence[int],
    most_tables: int,
    movement: Movement,
    seed: int,
) -> RoundSeating:
    """Seat the next round of a night: who sits out, who sits together, in what order."""
    rng = random.Random(f"{seed}/{len(earlier) + 1}")
    if movement is Movement.FIXED and earlier:
        kept = _kept_tables(present, earlier[-1], sizes)
        if kept is not None:
            return kept
    if movement is Movement.PARTNERS and earlier:
        # Imported here: partners.py builds on this module's seatings and redraw.
        from .partners import rotate_partners

        return rotate_partners(present, earlier, most_tables, rng)
    shape = table_sizes(len(present), most_tables, sizes)
    played = Counter(name for seating in earlier for t in seating.tables for name in t.players)
    last_out = set(earlier[-1].sitting_out) if earlier else set()
    out = sitters_out(present, len(present) - sum(shape), played, last_out, rng)
    playing = [name for name in present if name not in out]
    groups = redraw(playing, shape, meetings(earlier), rng)
    tables = tuple(draw_seats(group, ruleset, rng) for group in groups)
    return RoundSeating(tables, tuple(name for name in present if name in out))


def _kept_tables(
    present: Sequence[str], last: RoundSeating, sizes: Sequence[int]
) -> RoundSeating | None:
    """Return the last round's tables again, when the same people are all still there."""
    seated = {name for table in last.tables for name in table.players}
    if seated | set(last.sitting_out) != set(present):
        return None
    if any(len(table.players) not in sizes for table in last.tables):
        return None
    return last


def check_entered(
    tables: Sequence[Sequence[str]], present: Sequence[str], sizes: Sequence[int], most: int
) -> RoundSeating:
    """Check a seating the host typed: each player at one table at most, tables the rules
    take, no more tables than the night has; the others sit out."""
    if not tables:
        raise NightRefused(Sentence("seat at least one table"), field="seats")
    if len(tables) > most:
        raise NightRefused(
            Sentence("the night has {most} tables; this seats {n}", most=most, n=len(tables)),
            field="seats",
        )
    where: dict[str, int] = {}
    for number, table in enumerate(tables, start=1):
        if len(table) not in sizes:
            raise NightRefused(
                Sentence(
                    "table {table} has {n} players; its rules take {sizes}",
                    table=number,
                    n=len(table),
                    sizes=" or ".join(map(str, sizes)),
                ),
                field="seats",
            )
        for name in table:
            if name not in present:
                raise NightRefused(
                    Sentence("{name} is not playing tonight", name=name), field="seats"
                )
            if where.get(name) == number:
                raise NightRefused(
                    Sentence("{name} is seated twice at table {table}", name=name, table=number),
                    field="seats",
                )
            if name in where:
                raise NightRefused(
                    Sentence(
                        "{name} is at table {one} and at table {two}; a player sits at one",
                        name=name,
                        one=where[name],
                        two=number,
                    ),
                    field="seats",
                )
            where[name] = number
    out = tuple(name for name in present if name not in where)
    return RoundSeating(tuple(SeatedTable(tuple(table)) for table in tables), out)
