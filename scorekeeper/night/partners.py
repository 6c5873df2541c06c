"""Partners kept, tables rotated: the movement of a partnership night.

The rule (docs/club-night.md, "Partners kept"): round 1 is drawn as any night's first round,
and the draw for seats makes the partnerships (at each table the two who draw highest are
partners, the other two the other partnership); those who sit out round 1 are partnered two
by two in the order they are listed. From then on a partnership stays together. A player whose
partner went home, or who came late, is partnered with the next such player in the order of
the night's players; one left without a partner sits out until another is free.

Partnerships are numbered in the order they first played (table 1's first pair, its second,
table 2's …, then those who sat out). Later rounds move them by the circle (the round-robin
of a bridge Howell): lay the numbers round a circle, 1 3 5 … 6 4 2 (with an empty place
after the last when their count is odd), keep 1 in place and turn the rest one step a round;
the two across from each other meet, the first of each two at table 1, and so on; the one
across from the empty place sits out. So every partnership meets every other once before
any meets one again, and each sits out once in turn. When the night has fewer tables than
the circle's meetings, or people came and went, the circle may not be fair: then the
partnerships sit out by the rule for players (those who played most first, not twice in a
row) and the others are paired as the redraw pairs players, meeting as few old opponents
as it can find; the circle is kept whenever its sit-outs are as fair and it repeats no more.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..rules.draw import RANKS, SUITS, DrawnCard, draw_for_seats
from .seating import RoundSeating, SeatedTable, meetings, redraw, sitters_out

Partnership = tuple[str, str]
Unit = frozenset[str]


def partnerships_of(seating: RoundSeating) -> list[Partnership]:
    """Return a round's partnerships: each table's seats 1 and 3, 2 and 4; then those who sat
    out, two by two in the order listed."""
    found: list[Partnership] = []
    for table in seating.tables:
        seats = table.players
        if len(seats) == 4:
            found += [(seats[0], seats[2]), (seats[1], seats[3])]
    out = seating.sitting_out
    found += [(out[i], out[i + 1]) for i in range(0, len(out) - 1, 2)]
    return found


def numbered(earlier: Sequence[RoundSeating]) -> dict[Unit, int]:
    """Number every partnership in the order it first played (or sat out)."""
    numbers: dict[Unit, int] = {}
    for seating in earlier:
        for pair in partnerships_of(seating):
            numbers.setdefault(frozenset(pair), len(numbers) + 1)
    return numbers


def tonight_partnerships(
    present: Sequence[str], earlier: Sequence[RoundSeating]
) -> tuple[list[Partnership], list[str]]:
    """Return the partnerships of the next round and who is left without a partner.

    A partnership of the last round is kept while both are here; the others here are
    partnered in the order of `present`, and an odd one out stays alone."""
    here = set(present)
    kept = [pair for pair in partnerships_of(earlier[-1]) if here.issuperset(pair)]
    taken = {name for pair in kept for name in pair}
    free = [name for name in present if name not in taken]
    kept += [(free[i], free[i + 1]) for i in range(0, len(free) - 1, 2)]
    return kept, free[len(free) - len(free) % 2 :]


def circle(count: int, turn: int) -> list[tuple[int, int]]:
    """Return the circle's meetings after `turn` turns, as pairs of places 0 … count-1
    (an odd count gets an empty place, `count`, whose partner sits out)."""
    places = count + count % 2
    if places < 2:
        return []
    ring = [*range(0, places, 2), *range(places - 1, 0, -2)]
    rest = ring[1:]
    step = turn % len(rest)
    ring = [ring[0], *rest[len(rest) - step :], *rest[: len(rest) - step]]
    return [(ring[i], ring[places - 1 - i]) for i in range(places // 2)]


def _unit_meetings(earlier: Sequence[RoundSeating], units: Sequence[Unit]) -> Counter[Unit]:
    """Count, for two partnerships, the times any of one has sat at a table with any of the
    other: each earlier meeting of two kept partnerships counts 4."""
    met = meetings(earlier)
    found: Counter[Unit] = Counter()
    for i, one in enumerate(units):
        for two in units[i + 1 :]:
            cost = sum(met[frozenset((a, b))] for a in one for b in two)
            if cost:
                found[frozenset((one, two))] = cost
    return found


def _cost(groups: Sequence[Sequence[Unit]], met: Counter[Unit]) -> int:
    return sum(met[frozenset(group)] for group in groups)


def rotate_partners(
    present: Sequence[str],
    earlier: Sequence[RoundSeating],
    most_tables: int,
    rng: random.Random,
) -> RoundSeating:
    """Seat a later round of a partnership night: partners kept, partnerships moved."""
    pairs, alone = tonight_partnerships(present, earlier)
    order = {frozenset(pair): pair for pair in pairs}
    numbers = numbered(earlier)
    # New partnerships (a late player's) come after the old ones, in the players' order.
    units = sorted(
        order, key=lambda unit: numbers.get(unit, len(numbers) + 1 + pairs.index(order[unit]))
    )
    tables = min(most_tables, len(units) // 2)
    met = _unit_meetings(earlier, units)
    played: Counter[Unit] = Counter()
    for seating in earlier:
        seated = {name for table in seating.tables for name in table.players}
        played.update(unit for unit in units if unit <= seated)
    last_out = {unit for unit in units if unit <= set(earlier[-1].sitting_out)}
    out = sitters_out(units, len(units) - 2 * tables, played, last_out, rng)

    def fairness(sitting: Sequence[Unit]) -> list[tuple[int, bool]]:
        return sorted((-played[unit], unit in last_out) for unit in sitting)

    drawn_out = set(out)
    groups = redraw([u for u in units if u not in drawn_out], [2] * tables, met, rng)
    by_circle = [
        [units[a], units[b]]
        for a, b in circle(len(units), len(earlier))
        if a < len(units) and b < len(units)
    ]
    # The circle's meetings beyond the tables sit out, those who played most first.
    ranked = sorted(range(len(by_circle)), key=lambda i: -sum(played[u] for u in by_circle[i]))
    resting = set(ranked[: len(by_circle) - tables])
    kept = [group for i, group in enumerate(by_circle) if i not in resting]
    circle_out = [unit for unit in units if all(unit not in group for group in kept)]
    if fairness(circle_out) == fairness(out) and _cost(kept, met) <= _cost(groups, met):
        groups, out = kept, circle_out
    seated = [draw_dealer(order[one], order[two], rng) for one, two in groups]
    resting_units = set(out)
    sitting = [name for unit in units if unit in resting_units for name in order[unit]]
    return RoundSeating(tuple(seated), (*sitting, *alone))


def draw_dealer(one: Partnership, two: Partnership, rng: random.Random) -> SeatedTable:
    """Seat two partnerships across each other, partners opposite; the highest card drawn
    deals first."""
    deck = [DrawnCard(rank, suit) for rank in range(len(RANKS)) for suit in range(len(SUITS))]
    rng.shuffle(deck)
    players = (one[0], two[0], one[1], two[1])
    seating = draw_for_seats(players, deck[:4], partnership=False)
    return SeatedTable(seating.players, seating.first_dealer)
