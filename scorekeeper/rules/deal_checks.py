"""One deal checked against the rules before it is scored: where it stands, what may be said.

A deal's setup (its place, its cards, its dealer and bidding order) is what every check
reads; the checks refuse, in words, bids the ruleset does not allow at that moment, tricks
missing or not adding up to the cards dealt, and rainbows where none count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .bidding import Bid, BidKind, bidding_order, check_bid
from .errors import GameFileError, TricksError
from .parts import RAINBOW_CARDS, RainbowBonus
from .plan import Plan, plan
from .records import DealRecord, Game
from .ruleset import Ruleset
from .scoring import plural
from .sentences import Sentence

NUMBER = BidKind.NUMBER


class DealSetup(NamedTuple):
    """Where a deal stands before the bids: its place, its cards, its dealer and bidding order.

    Named tuples (here and in `game.DealResult`) rather than frozen dataclasses: scoring makes
    two for every deal of every game, and a tuple is built three times faster.
    """

    index: int  #: position in the game file, 1-based, counting thrown-in deals
    number: int  #: the slot of the schedule (a thrown-in deal and its replay share it)
    cards: int
    dealer: int
    order: tuple[int, ...]  #: seats in bidding order

    def to_json(self) -> dict[str, int]:
        """Return the `next` object of the score output."""
        return {"number": self.number, "cards": self.cards, "dealer": self.dealer}


def deal_setup(game: Game, index: int, number: int, dealer: int) -> DealSetup:
    """Return the setup of the deal at this place in the file and this slot of the schedule."""
    players = len(game.players)
    cards = game.ruleset.schedule(players)[number - 1]
    return DealSetup(index, number, cards, dealer, bidding_order(game.ruleset, players, dealer))


def check_fits(
    ruleset: Ruleset, index: int, *, team_tricks: bool = False, trump: str | None = None
) -> None:
    """Refuse team tricks outside a partnership, and no trump where the deck has no jokers."""
    if team_tricks and not ruleset.partnership:
        raise GameFileError(Sentence("team_tricks is only for partnership games"), deal=index)
    if trump == "none" and not ruleset.allows_no_trump():
        raise GameFileError(
            Sentence("a deck without jokers always has a trump suit, so trump cannot be none"),
            deal=index,
        )


def check_bids(
    game: Game, setup: DealSetup, bids: Sequence[Bid], *, passes: Sequence[int] | None = None
) -> tuple[int | None, ...]:
    """Refuse the first illegal bid in bidding order; return each seat's board level.

    `passes` holds, by seat, the passes already used toward the ruleset's pass limit.
    """
    return checked_bids(game, plan(game.ruleset, len(game.players)), setup, bids, passes)


def checked_bids(
    game: Game,
    table: Plan,
    setup: DealSetup,
    bids: Sequence[Bid],
    passes: Sequence[int] | None,
) -> tuple[int | None, ...]:
    """Check the bids with the ruleset's plan for this table at hand (`check_bids`)."""
    ruleset = game.ruleset
    cards = setup.cards
    rules = table.deal(cards)
    numbers = rules.numbers
    order = setup.order
    # The dealer's hook depends on every earlier bid: the last bidder is checked in full.
    hooked = len(order) - 1 if ruleset.dealer_hook else -1
    levels: list[int | None] | None = None
    boards = 0
    limit = ruleset.pass_limit.passes if ruleset.pass_limit and passes is not None else None
    for place, seat in enumerate(order):
        bid = bids[seat]
        kind = bid.kind
        if kind is NUMBER:
            allowed = bid.tricks in numbers
            if limit is not None and bid.tricks == 0 and passes[seat] >= limit:  # type: ignore[index]
                allowed = False
        elif kind is BidKind.BOARD:
            allowed = rules.boards
            boards += 1
            if levels is None:
                levels = list(table.no_levels)
            # Where boards do not escalate, every board is single (back-alley-individual).
            levels[seat] = ruleset.board.level(boards) if ruleset.board else boards
        else:
            allowed = rules.rainbow_bid
        if not allowed or place == hooked:
            check_bid(
                ruleset,
                cards,
                [bids[earlier] for earlier in order[:place]],
                bid,
                len(game.players),
                name=game.players[seat],
                deal=setup.index,
                passes_used=passes[seat] if passes is not None else 0,
            )
    return table.no_levels if levels is None else tuple(levels)


def check_thrown_in(setup: DealSetup, record: DealRecord) -> None:
    """Refuse tricks and rainbows on a deal thrown in: it is dealt again, not played."""
    if record.tricks is not None or record.team_tricks is not None:
        raise TricksError(
            Sentence("everyone passed, so the deal is thrown in and dealt again: it has no tricks"),
            deal=setup.index,
        )
    if record.rainbows:
        raise GameFileError(Sentence("a thrown-in deal has no rainbows to score"), deal=setup.index)


def sides_tricks(ruleset: Ruleset, setup: DealSetup, record: DealRecord) -> tuple[int, ...]:
    """Return the tricks each side took, refusing tricks missing or not adding up to the cards."""
    by_side = record.team_tricks
    if by_side is None:
        if record.tricks is None:
            raise TricksError(Sentence("the tricks each player took are missing"), deal=setup.index)
        by_side = ruleset.tricks_by_side(record.tricks)
    taken = sum(by_side)
    if taken != setup.cards:
        raise TricksError(
            Sentence(
                "the tricks add up to {taken}, but with {cards} each there are {tricks}",
                taken=taken,
                cards=plural(setup.cards, "card"),
                tricks=plural(setup.cards, "trick"),
            ),
            deal=setup.index,
        )
    return by_side


def check_rainbows(game: Game, setup: DealSetup, record: DealRecord) -> tuple[int, ...]:
    """Refuse rainbow holders where the ruleset pays no rainbow bonus on this deal."""
    if not record.rainbows:
        return ()
    if not isinstance(game.ruleset.rainbow, RainbowBonus):
        raise GameFileError(
            Sentence(
                "{rules} pays no rainbow bonus, so no rainbows can be recorded",
                rules=game.ruleset.name,
            ),
            deal=setup.index,
        )
    if not game.ruleset.pays_rainbow_bonus(setup.cards):
        raise GameFileError(
            Sentence(
                "rainbows count only on the {n}-card deal, not with {cards}",
                n=RAINBOW_CARDS,
                cards=plural(setup.cards, "card"),
            ),
            deal=setup.index,
        )
    return record.rainbows
