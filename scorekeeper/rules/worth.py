"""What a bid is worth while it is being said: the deal scored as if it were made, or missed.

`bid_worth` answers for the seat about to bid. It writes down the deal that bid would
make — the bids said so far, this one, and for everyone still to bid the least the rules
let them say — gives the tricks out, and scores that deal with `score_deal`, the very code
that scores a recorded deal. So a worth is never worked out twice, and the phone, running
this code, says what the server says.

The tricks: *made*, the side takes exactly its bid; *one short*, one trick fewer; *one
over*, one more (said only where it scores differently from made). The other tricks go to
the others, which changes nothing of this side's score. A pass has no "one short"; its
"one over" is a trick taken. A board is made by taking every trick, so it has no "over".
A partner still to bid is taken to say the least the rules allow (a pass, where passing
is allowed): the side's bid is what it would stand at with this bid added. In pairs, who
score apart, the partner takes exactly their own bid. No rainbow is taken to be held.
The deal's own score only: a set's bonus, settled at the set's end from every deal of the
set and from the other sides' too, comes on top of it.

Every bidding screen shows each offered bid's worth, and every tap draws a screen: `bid_worths`
works a screen's worths out once and keeps them (`Lately`) by all they depend on — the
ruleset, the number of players, the deal's setup, the passes each seat has used, the bids so
far and the bids offered — so an entry can never go stale, and a screen drawn again (the page
and its JSON, a watcher, another table of a night at the same point of the same schedule)
costs a look-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bidding import Bid, BidKind, hook_value, is_thrown_in, judged_bids
from .deal_checks import DealSetup
from .game import passes_used, score_deal
from .lately import Lately
from .records import DealRecord, Game

#: The three ways a bid is shown coming out, in the order they are said.
OUTCOMES = ("made", "short", "over")

#: Bidding screens whose worths are kept: a few for each table of the largest night (20
#: tables), each entry a dozen worths of three small deals (a few kilobytes).
SCREENS_KEPT = 256


@dataclass(frozen=True)
class Worth:
    """What a bid would score this deal: made, one short, one over (None where it cannot
    happen, or, for over, where it scores the same as made)."""

    side: int  #: the side the bidder plays for
    side_bid: int | None  #: the side's bid in tricks with this one added (None for a board)
    made: int | None = None
    short: int | None = None
    over: int | None = None
    thrown_in: bool = False  #: everyone would have passed: the deal is dealt again
    #: The deals scored, by outcome ("made", "short", "over"), for anyone to score again.
    deals: tuple[tuple[str, DealRecord], ...] = ()


_ScreenKey = tuple[object, ...]
_worked_out: Lately[_ScreenKey, tuple[Worth, ...]] = Lately(SCREENS_KEPT)


def bid_worths(
    game: Game, setup: DealSetup, bids_so_far: Sequence[Bid], bids: Sequence[Bid]
) -> tuple[Worth, ...]:
    """Say what each of `bids` is worth to the next bidder, worked out once for the screen."""
    used = passes_used(game, setup.number)
    said, offered = tuple(bids_so_far), tuple(bids)
    key = (game.ruleset, len(game.players), setup, used, said, offered)
    return _worked_out.get_or_make(
        key, lambda: tuple(_worth(game, setup, said, bid, used) for bid in offered)
    )


def bid_worth(game: Game, setup: DealSetup, bids_so_far: Sequence[Bid], bid: Bid) -> Worth:
    """Score the deal as if the next bidder said `bid` and their side made it, or missed by one."""
    return _worth(game, setup, bids_so_far, bid, passes_used(game, setup.number))


def _worth(
    game: Game,
    setup: DealSetup,
    bids_so_far: Sequence[Bid],
    bid: Bid,
    used: tuple[int, ...] | None,
) -> Worth:
    """Work out `bid_worth` with the passes each seat has used (None without a pass limit)."""
    ruleset = game.ruleset
    players = len(game.players)
    order = setup.order
    bidder = order[len(bids_so_far)]
    said = [*bids_so_far, bid]
    for seat in order[len(said) :]:
        said.append(_least(game, setup, said, used[seat] if used else 0))
    by_seat = dict(zip(order, said, strict=True))
    bids = tuple(by_seat[seat] for seat in range(players))
    side = ruleset.side_of(bidder)
    if is_thrown_in(ruleset, bids):
        return Worth(side, 0, thrown_in=True)
    seats = ruleset.seats_by_side(players)[side]
    whole = any(bids[seat].kind is BidKind.BOARD for seat in seats)
    cards = setup.cards
    own = {seat: hook_value(bids[seat], cards) for seat in seats}
    target = cards if whole else sum(own.values())
    tricks = {"made": target, "short": target - 1, "over": None if whole else target + 1}
    scores: dict[str, int | None] = {}
    deals = []
    for outcome in OUTCOMES:
        taken = tricks[outcome]
        record = None
        if taken is not None and 0 <= taken <= cards:
            record = _dealt(game, setup, bids, bidder, own, taken)
        if record is None:
            scores[outcome] = None
            continue
        totals = (0,) * len(ruleset.seats_by_side(players))
        scored = score_deal(game, setup, record, totals, passes=used)
        assert scored.sides is not None  # not thrown in: someone bid
        scores[outcome] = scored.sides[side].score
        deals.append((outcome, record))
    over = scores["over"]
    return Worth(
        side,
        None if whole else target,
        scores["made"],
        scores["short"] if target > 0 else None,
        None if over == scores["made"] else over,
        deals=tuple(deals),
    )


def _least(game: Game, setup: DealSetup, said: Sequence[Bid], passes: int) -> Bid:
    """Return the least bid a player still to bid may say: the lowest number allowed, and not
    the pass that would throw the deal in (a board or a rainbow only where nothing else is)."""
    players = len(game.players)
    # The numbers come first, lowest first, then a board and a rainbow: the first allowed is
    # the least, and the rest need not be looked at.
    judged = judged_bids(game.ruleset, setup.cards, said, players, passes)
    allowed = (bid for bid, refusal in judged if refusal is None)
    least = next(allowed)
    last = len(said) == players - 1
    if least.is_zero and last and game.ruleset.throws_in() and all(bid.is_zero for bid in said):
        return next(allowed, least)  # a pass is the only zero: the next bid is not one
    return least


def _dealt(
    game: Game,
    setup: DealSetup,
    bids: tuple[Bid, ...],
    bidder: int,
    own: dict[int, int],
    taken: int,
) -> DealRecord | None:
    """Give out the tricks: `taken` to the bidder's side, the rest to the others (None where
    they cannot be given so)."""
    ruleset = game.ruleset
    cards = setup.cards
    if ruleset.partnership:
        team = (taken, cards - taken) if ruleset.side_of(bidder) == 0 else (cards - taken, taken)
        return DealRecord(bids, team_tricks=team)
    tricks = [0] * len(game.players)
    # Pairs score partner by partner: the partner takes exactly their own bid.
    for seat, tricks_bid in own.items():
        tricks[seat] = tricks_bid
    tricks[bidder] += taken - sum(own.values())
    rest = cards - sum(tricks)
    if rest < 0 or tricks[bidder] < 0:
        return None
    other = next(seat for seat in setup.order if seat not in own)
    tricks[other] += rest
    return DealRecord(bids, tricks=tuple(tricks))
