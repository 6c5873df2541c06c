"""A game scored: the walk through the deals that turns what was said into points.

Each deal is checked against the rules as it is reached (`deal_checks.py`), scored side by
side (`scoring.py`), and, on the last deal of a set, settled with the premia (`premia.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .bidding import Bid, BidKind, is_thrown_in, leader
from .deal_checks import (
    DealSetup,
    check_fits,
    check_rainbows,
    check_thrown_in,
    checked_bids,
    deal_setup,
    sides_tricks,
)
from .errors import GameOverError, ThrownInError
from .parts import THROWN_IN_PER_DEAL
from .plan import Plan, plan
from .premia import with_premia
from .records import DealRecord, Game
from .ruleset import Ruleset
from .scoring import SideScore, score_pair, score_side
from .sentences import Plural, Sentence
from .validation import limits_apply

NUMBER = BidKind.NUMBER
#: Builds a named tuple from a tuple of all its fields, skipping the keyword-friendly
#: constructor: the walk makes two named tuples for every deal of every game.
_new = tuple.__new__


class DealResult(NamedTuple):
    """One scored (or thrown-in) deal and the running totals after it."""

    setup: DealSetup
    record: DealRecord
    levels: tuple[int | None, ...]  #: board level by seat (None where no board was bid)
    leader: int | None
    thrown_in: bool
    side_tricks: tuple[int, ...] | None
    sides: tuple[SideScore, ...] | None
    totals: tuple[int, ...]

    @property
    def scores(self) -> tuple[int, ...] | None:
        return None if self.sides is None else tuple(side.score for side in self.sides)

    def to_json(self) -> dict[str, Any]:
        """Return the deal as `scorekeeper score` prints it (its note, where it has one)."""
        out = {
            "number": self.setup.number,
            "cards": self.setup.cards,
            "dealer": self.setup.dealer,
            "leader": self.leader,
            "thrown_in": self.thrown_in,
            "scores": None if self.scores is None else list(self.scores),
            "totals": list(self.totals),
            "explain": None if self.sides is None else [list(side.explain) for side in self.sides],
        }
        if self.record.note:
            out["note"] = self.record.note
        return out


@dataclass(frozen=True)
class GameResult:
    """A whole game scored: every deal, the totals, the winners, and what comes next."""

    game: Game
    deals: tuple[DealResult, ...]
    totals: tuple[int, ...]
    complete: bool
    winners: tuple[int, ...] | None
    next: DealSetup | None

    @property
    def sides(self) -> tuple[str, ...]:
        return self.game.sides

    @property
    def schedule(self) -> tuple[int, ...]:
        return self.game.ruleset.schedule(len(self.game.players))

    def slots_ahead(self) -> list[tuple[int, int, int]]:
        """Return (slot, cards, dealer) of every deal of the schedule still to play, the next
        first, with the deal passing to the left each time (as if none is thrown in)."""
        upcoming = self.next
        if upcoming is None:
            return []
        schedule, players = self.schedule, len(self.game.players)
        return [
            (number, schedule[number - 1], (upcoming.dealer + number - upcoming.number) % players)
            for number in range(upcoming.number, len(schedule) + 1)
        ]

    def to_json(self) -> dict[str, Any]:
        """Return the output of `scorekeeper score` (docs/game-format.md) as a JSON-ready dict."""
        return {
            "ruleset": self.game.to_json()["ruleset"],
            "sides": list(self.sides),
            "deals": [deal.to_json() for deal in self.deals],
            "totals": list(self.totals),
            "complete": self.complete,
            "winners": None if self.winners is None else list(self.winners),
            "next": None if self.next is None else self.next.to_json(),
        }


def score_deal(
    game: Game,
    setup: DealSetup,
    record: DealRecord,
    totals: Sequence[int],
    *,
    passes: Sequence[int] | None = None,
) -> DealResult:
    """Check one deal against the rules and score it (or recognise it as thrown in)."""
    return _score_deal(game, plan(game.ruleset, len(game.players)), setup, record, totals, passes)


def _score_deal(
    game: Game,
    table: Plan,
    setup: DealSetup,
    record: DealRecord,
    totals: Sequence[int],
    passes: Sequence[int] | None,
) -> DealResult:
    """Score one deal with the ruleset's plan for this table at hand."""
    ruleset = game.ruleset
    if not table.fits_all and (record.team_tricks is not None or record.trump == "none"):
        # Checked again here: a game rescored under another ruleset was read under the old one.
        check_fits(
            ruleset, setup.index, team_tricks=record.team_tricks is not None, trump=record.trump
        )
    bids = record.bids
    cards = setup.cards
    levels = None
    if table.free_bids:
        # Each bid stands alone: numbers the deal allows need no more checking, and no board
        # means no levels. Anything else is checked in full, in bidding order.
        numbers = (table.by_cards.get(cards) or table.deal(cards)).numbers
        said = 0
        for bid in bids:
            if bid.kind is not NUMBER or bid.tricks not in numbers:
                break
            said += bid.tricks
        else:
            levels = table.no_levels
            thrown_in = said == 0 and ruleset.throws_in()
    if levels is None:
        levels = checked_bids(game, table, setup, bids, passes)
        thrown_in = is_thrown_in(ruleset, bids)
    if thrown_in:
        check_thrown_in(setup, record)
        return DealResult(setup, record, levels, None, True, None, None, tuple(totals))
    by_side = sides_tricks(ruleset, setup, record)
    rainbows = check_rainbows(game, setup, record) if record.rainbows else ()
    players = game.players
    sides = []
    new_totals = []
    for seats, tricks, total in zip(table.sides, by_side, totals, strict=True):
        if table.pairs:
            assert record.tricks is not None  # pairs play no team tricks (check_fits)
            own = record.tricks
            parts = [
                score_side(ruleset, cards, (seat,), players, bids, levels, own[seat], rainbows)
                for seat in seats
            ]
            side = score_pair(parts, seats, players)
        else:
            side = score_side(ruleset, cards, seats, players, bids, levels, tricks, rainbows)
        sides.append(side)
        new_totals.append(total + side.score)
    first = leader(ruleset, setup.order, bids)
    return _new(
        DealResult, (setup, record, levels, first, False, by_side, tuple(sides), tuple(new_totals))
    )


def sides_ahead(totals: Sequence[int]) -> tuple[int, ...]:
    """Return the sides with the highest total (several when they are level): the winners
    of a finished game, those ahead in one being played."""
    best = max(totals)
    return tuple(side for side, total in enumerate(totals) if total == best)


def score_game(game: Game) -> GameResult:
    """Score a whole game deal by deal, refusing the first deal that breaks the rules."""
    ruleset = game.ruleset
    players = len(game.players)
    schedule = ruleset.schedule(players)  # refuses a table the ruleset does not seat
    table = plan(ruleset, players)
    orders = table.orders
    set_ends = ruleset.set_ends()
    totals: tuple[int, ...] = (0,) * len(table.sides)
    dealer = game.first_dealer
    number = 1
    results: list[DealResult] = []
    played: dict[int, tuple[SideScore, ...]] = {}
    limited = ruleset.pass_limit is not None
    bids_played: list[tuple[int, tuple[Bid, ...]]] = []
    slots = len(schedule)
    thrown_in = 0
    most_thrown_in = slots * THROWN_IN_PER_DEAL if limits_apply() else None
    for index, record in enumerate(game.deals, 1):
        if number > slots:
            raise GameOverError(
                Plural("the game ended after {n} deal", "the game ended after {n} deals", slots),
                deal=index,
            )
        setup = _new(DealSetup, (index, number, schedule[number - 1], dealer, orders[dealer]))
        passes = passes_before(ruleset, players, bids_played, number) if limited else None
        result = _score_deal(game, table, setup, record, totals, passes)
        results.append(result)
        if result.thrown_in:
            thrown_in += 1
            if most_thrown_in is not None and thrown_in > most_thrown_in:
                raise ThrownInError(
                    Sentence(
                        "a game of {n} deals keeps at most {most} thrown-in deals (one for each "
                        "deal of its schedule), and this would be thrown-in deal {this}; start a "
                        "new game to go on",
                        n=slots,
                        most=most_thrown_in,
                        this=thrown_in,
                    ),
                    deal=index,
                )
            if ruleset.redeal == "next":
                dealer = (dealer + 1) % players
            continue
        if limited:
            bids_played.append((number, record.bids))
        if set_ends:
            assert result.sides is not None  # a deal played, not thrown in
            played[number] = result.sides
            first = set_ends.get(number)
            if first is not None:
                sides = with_premia(game, first, number, played, result.sides)
                settled = tuple(
                    total + side.score for total, side in zip(totals, sides, strict=True)
                )
                result = results[-1] = result._replace(sides=sides, totals=settled)
        totals = result.totals
        number += 1
        dealer = (dealer + 1) % players
    complete = number > len(schedule)
    winners = sides_ahead(totals) if complete else None
    upcoming = None if complete else deal_setup(game, len(game.deals) + 1, number, dealer)
    return GameResult(game, tuple(results), totals, complete, winners, upcoming)


def played_bids(game: Game) -> list[tuple[int, tuple[Bid, ...]]]:
    """Return (slot of the schedule, bids) of every deal of the game played, not thrown in."""
    played: list[tuple[int, tuple[Bid, ...]]] = []
    for record in game.deals:
        if not is_thrown_in(game.ruleset, record.bids):
            played.append((len(played) + 1, record.bids))
    return played


def passes_before(
    ruleset: Ruleset, players: int, played: Sequence[tuple[int, Sequence[Bid]]], number: int
) -> tuple[int, ...] | None:
    """Return the passes each seat has used toward the pass limit before slot `number`.

    None where passing is not limited: no pass limit, or a deal outside every set of a
    limit "per set". Only played deals count: a thrown-in deal is dealt again.
    """
    limit = ruleset.pass_limit
    if limit is None:
        return None
    first, last = 1, number - 1
    if limit.per == "set":
        span = ruleset.set_of(number)
        if span is None:
            return None
        first = span[0]
    counts = [0] * players
    for slot, bids in played:
        if first <= slot <= last:
            for seat, bid in enumerate(bids):
                if bid.is_zero:
                    counts[seat] += 1
    return tuple(counts)


def passes_used(game: Game, number: int) -> tuple[int, ...] | None:
    """Return the passes each seat has used toward the pass limit before slot `number`."""
    if game.ruleset.pass_limit is None:
        return None
    return passes_before(game.ruleset, len(game.players), played_bids(game), number)
