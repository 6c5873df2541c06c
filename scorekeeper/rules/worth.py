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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bidding import Bid, BidKind, bid_choices, hook_value, is_thrown_in
from .deal_checks import DealSetup
from .game import passes_used, score_deal
from .records import DealRecord, Game

#: The three ways a bid is shown coming out, in the order they are said.
OUTCOMES = ("made", "short", "over")


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


def bid_worth(game: Game, setup: DealSetup, bids_so_far: Sequence[Bid], bid: Bid) -> Worth:
    """Score the deal as if the next bidder said `bid` and their side made it, or missed by one."""
    ruleset = game.ruleset
    players = len(game.players)
    order = setup.order
    bidder = order[len(bids_so_far)]
    used = passes_used(game, setup.number)
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
    choices = [
        choice.bid
        for choice in bid_choices(game.ruleset, setup.cards, said, players, passes_used=passes)
        if choice.allowed
    ]
    last = len(said) == players - 1
    if last and game.ruleset.throws_in() and all(bid.is_zero for bid in said):
        choices = [bid for bid in choices if not bid.is_zero] or choices
    numbers = [bid for bid in choices if bid.kind is BidKind.NUMBER]
    return (numbers or choices)[0]


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
