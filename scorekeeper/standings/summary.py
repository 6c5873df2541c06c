"""A game's results in a few numbers: what is kept stored beside each game for lists and stats.

Pure: a scored game in, a `GameSummary` out (no Flask, no database). The home
page and the players pages read these stored numbers instead of rescoring every
game on every view; the service layer (`scorekeeper.service`) writes them in the
same transaction as every change to the game.

A player's **bid** counts when it promised something: a number above zero, a
board or a rainbow; a zero too where the rules score an exact zero (Joker). A
pass elsewhere promises nothing, and a numeric bid beside a partner's board is
ignored by the rules, so neither counts. A counted bid is **made** when the
player's side made its contract that deal.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from ..rules import (
    BUILTIN_DOCUMENTS,
    BidKind,
    DealResult,
    Exact,
    Game,
    GameResult,
    name_key,
    visible_name,
)
from ..storage.results import GameSummary, SeatSummary

#: Bump when what a summary holds, or how it is counted, changes: every stored one is redone.
#: 2: players are known by `name_key` with invisible characters dropped and accents composed,
#: so "Ana" with a zero-width space, or with a decomposed accent, joins "Ana" in the stats,
#: and is shown there as anyone sees it (`visible_name`).
SUMMARY_REVISION = 2


def _stamp() -> str:
    """Return what stored summaries were counted under: this revision and the built-in rules."""
    rules = json.dumps(BUILTIN_DOCUMENTS, sort_keys=True)
    return hashlib.sha256(f"{SUMMARY_REVISION}:{rules}".encode()).hexdigest()[:16]


#: A stored summary with another stamp was counted by another release: it is counted again.
STAMP = _stamp()


def bid_counter(game: Game) -> Callable[[DealResult, int], bool]:
    """Return whether a seat's bid in a scored deal promised something (the module's docstring).

    What depends on the game only (partners, exact scoring) is worked out once, since
    every bid of every deal is asked about each time a game changes.
    """
    ruleset = game.ruleset
    partners = [game.side_seats(game.side_of(seat)) for seat in range(len(game.players))]
    exact = isinstance(ruleset.scoring, Exact)
    number, board = BidKind.NUMBER, BidKind.BOARD

    def counts(deal: DealResult, seat: int) -> bool:
        bids = deal.record.bids
        bid = bids[seat]
        if bid.kind is not number:
            return True
        if any(bids[other].kind is board for other in partners[seat]):
            return False  # the rules ignore a number beside a partner's board
        if ruleset.is_one_card(deal.setup.cards):
            return False  # only pass or board may be bid: a pass scores nothing either way
        return bid.tricks > 0 or exact

    return counts


def place_of(totals: tuple[int, ...], side: int) -> int:
    """Return a side's place: 1 + the number of sides with a higher total."""
    return 1 + sum(total > totals[side] for total in totals)


def _seat(result: GameResult, seat: int, counts: Callable[[DealResult, int], bool]) -> SeatSummary:
    game = result.game
    side = game.side_of(seat)
    bids = bids_made = boards = boards_made = 0
    points: dict[int, list[int]] = {}
    board = BidKind.BOARD
    for deal in result.deals:
        sides = deal.sides
        if sides is None:  # thrown in
            continue
        score = sides[side]
        made = score.made
        kept = points.get(deal.setup.cards)
        if kept is None:
            kept = points[deal.setup.cards] = [0, 0]
        kept[0] += score.score
        kept[1] += 1
        if counts(deal, seat):
            bids += 1
            bids_made += made
        if deal.record.bids[seat].kind is board:
            boards += 1
            boards_made += made
    name = game.players[seat]
    return SeatSummary(
        seat=seat,
        name=visible_name(name),
        key=name_key(name),
        side=side,
        side_name=result.sides[side],
        total=result.totals[side],
        place=place_of(result.totals, side),
        won=result.complete and side in (result.winners or ()),
        bids=bids,
        bids_made=bids_made,
        boards=boards,
        boards_made=boards_made,
        points=tuple((cards, total, deals) for cards, (total, deals) in sorted(points.items())),
    )


def summarize(result: GameResult) -> GameSummary:
    """Count a scored game's results: totals, winners, progress, and each seat's bids."""
    game = result.game
    counts = bid_counter(game)
    seats = tuple(_seat(result, seat, counts) for seat in range(len(game.players)))
    bids = sum(seat.bids for seat in seats)
    made = sum(seat.bids_made for seat in seats)
    return GameSummary(
        ruleset=game.ruleset.name,
        players=game.players,
        sides=result.sides,
        totals=result.totals,
        winners=result.winners,
        complete=result.complete,
        deals=len(result.deals),
        next_number=None if result.next is None else result.next.number,
        schedule=len(result.schedule),
        bids_made=made,
        bids_missed=bids - made,
        seats=seats,
    )
