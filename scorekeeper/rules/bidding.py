"""Bids: what they are, who says them in what order, and which are legal."""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .errors import GameFileError, IllegalBid
from .parts import RAINBOW_CARDS, RainbowBid
from .ruleset import Ruleset
from .sentences import Plural, Sentence


class BidKind(enum.Enum):
    """The kinds of bid a player can say."""

    NUMBER = "number"  #: a number of tricks; 0 is a pass where passing is allowed
    BOARD = "board"  #: every trick, for the player's side
    RAINBOW = "rainbow"  #: one card of each suit, on a 4-card deal (seven-card Back Alley)


@dataclass(frozen=True)
class Bid:
    """One player's bid as it was said. `said_pass` keeps "pass" apart from 0 for the file."""

    kind: BidKind
    tricks: int = 0
    said_pass: bool = False

    @property
    def is_zero(self) -> bool:
        """Say whether this is a pass (a numeric bid of zero)."""
        return self.kind is BidKind.NUMBER and self.tricks == 0

    def to_json(self) -> int | str:
        """Return the bid as the game file writes it."""
        if self.kind is BidKind.NUMBER:
            return "pass" if self.said_pass else self.tricks
        return self.kind.value

    def label(self, level: int | None = None) -> str:
        """Return the bid in words: "pass", "3", "double board", "rainbow"."""
        if self.kind is BidKind.BOARD:
            return board_name(level or 1)
        if self.kind is BidKind.RAINBOW:
            return Sentence("rainbow")
        return Sentence("pass") if self.is_zero else str(self.tricks)


_NUMBER, _RAINBOW = BidKind.NUMBER, BidKind.RAINBOW

PASS = Bid(BidKind.NUMBER, 0, said_pass=True)
BOARD = Bid(BidKind.BOARD)
RAINBOW = Bid(BidKind.RAINBOW)


def number(tricks: int) -> Bid:
    """Return a numeric bid."""
    return Bid(BidKind.NUMBER, tricks)


def board_name(level: int) -> str:
    """Name a board level the way the table says it: "board", "double board", …"""
    if level == 1:
        return Sentence("board")
    if level == 2:
        return Sentence("double board")
    if level == 3:
        return Sentence("triple board")
    if level == 4:
        return Sentence("quadruple board")
    return Sentence("{level}-fold board", level=level)


#: The bids a game file says most, read once: bids are immutable, so one object serves all.
KNOWN_BIDS: dict[int | str, Bid] = {
    "pass": PASS,
    "board": BOARD,
    "rainbow": RAINBOW,
    **{tricks: Bid(BidKind.NUMBER, tricks) for tricks in range(64)},
    **{str(tricks): Bid(BidKind.NUMBER, tricks) for tricks in range(64)},
}


def parse_bid(value: object, *, deal: int | None = None, player: str | None = None) -> Bid:
    """Read one bid from a game file: a whole number, "pass", "board", "rainbow" or "3"."""
    if type(value) is int or type(value) is str:  # not bool: True must not read as 1
        known = KNOWN_BIDS.get(value)  # type: ignore[arg-type]
        if known is not None:
            return known
    if isinstance(value, bool):
        value = str(value).lower()
    if isinstance(value, int):
        if value < 0:
            raise GameFileError(f"{player}'s bid {value} is negative", deal=deal, player=player)
        return number(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text == "pass":
            return PASS
        if text == "board":
            return BOARD
        if text == "rainbow":
            return RAINBOW
        # Python refuses to read numbers of thousands of digits; such a bid is simply not a bid.
        if text.isdigit() and text.isascii() and len(text) < 100:
            return number(int(text))
    shown = value if isinstance(value, str) else repr(value)
    raise GameFileError(
        f"{player}'s bid {shown!r} is not a bid: say a whole number, pass, board or rainbow",
        deal=deal,
        player=player,
    )


def bidding_order(ruleset: Ruleset, players: int, dealer: int) -> tuple[int, ...]:
    """Return the seats in the order they bid: from the dealer's left, or right, round the table."""
    return ruleset.bidding_order(players, dealer)


def board_levels(bids_in_order: Sequence[Bid]) -> list[int | None]:
    """Return each bid's board level (1 single, 2 double, …), None for other bids."""
    levels: list[int | None] = []
    said = 0
    for bid in bids_in_order:
        if bid.kind is BidKind.BOARD:
            said += 1
            levels.append(said)
        else:
            levels.append(None)
    return levels


def hook_value(bid: Bid, cards: int) -> int:
    """Return what a bid adds to the table's total, for the dealer's hook."""
    if bid.kind is BidKind.BOARD:
        return cards
    if bid.kind is BidKind.RAINBOW:
        return 1
    return bid.tricks


@dataclass(frozen=True)
class BidChoice:
    """A bid as a button: what it is, what to call it, and whether it may be said now."""

    bid: Bid
    label: str
    allowed: bool
    reason: str | None = None


def hooked_value(
    ruleset: Ruleset, cards: int, bids_so_far: Sequence[Bid], players: int
) -> int | None:
    """Return the bid value the dealer's hook forbids the last bidder, or None."""
    if ruleset.dealer_hook and len(bids_so_far) == players - 1:
        return cards - sum(hook_value(bid, cards) for bid in bids_so_far)
    return None


def pass_refusal(
    ruleset: Ruleset, cards: int, bids_so_far: Sequence[Bid], players: int, passes_used: int
) -> str | None:
    """Say why a pass may not be said now (the pass limit is used up), or None if it may.

    The limit gives way where a pass is the only bid left (one card, and the dealer's hook
    forbids the 1): the table must be able to go on.
    """
    limit = ruleset.pass_limit
    if limit is None or passes_used < limit.passes:
        return None
    hooked = hooked_value(ruleset, cards, bids_so_far, players)
    others = [tricks for tricks in ruleset.numeric_bids(cards) if tricks and tricks != hooked]
    if not others and ruleset.board is None and not ruleset.has_rainbow_bid(cards):
        return None
    # "a set", "a game": a word of its own, so no message holds a ruleset's name's words.
    per = Sentence("a set") if limit.per == "set" else Sentence("a game")
    return Plural(
        "the pass limit is used up ({n} pass {per})",
        "the pass limit is used up ({n} passes {per})",
        limit.passes,
        per=per,
    )


def bid_choices(
    ruleset: Ruleset,
    cards: int,
    bids_so_far: Sequence[Bid],
    players: int,
    *,
    passes_used: int = 0,
) -> list[BidChoice]:
    """Return every bid the next bidder might say, each marked allowed or not (and why).

    `passes_used` is how many passes the next bidder has already used toward the pass limit.
    """
    boards_said = sum(1 for bid in bids_so_far if bid.kind is BidKind.BOARD)
    choices: list[BidChoice] = []
    for bid, refusal in judged_bids(ruleset, cards, bids_so_far, players, passes_used):
        if bid.kind is BidKind.BOARD:
            assert ruleset.board is not None
            label = board_name(ruleset.board.level(boards_said + 1))
        else:
            label = bid.label()
        choices.append(BidChoice(bid, label, refusal is None, refusal))
    return choices


def judged_bids(
    ruleset: Ruleset, cards: int, bids_so_far: Sequence[Bid], players: int, passes_used: int
) -> Iterator[tuple[Bid, str | None]]:
    """Yield every bid the next bidder might say, numbers lowest first, then a board and a
    rainbow, each with why it may not be said now (None where it may), judged when asked."""
    hooked = hooked_value(ruleset, cards, bids_so_far, players)
    candidates = [PASS if tricks == 0 else number(tricks) for tricks in ruleset.numeric_bids(cards)]
    if ruleset.board is not None:
        candidates.append(BOARD)
    if ruleset.has_rainbow_bid(cards):
        candidates.append(RAINBOW)
    for bid in candidates:
        if hooked is not None and hook_value(bid, cards) == hooked:
            yield (
                bid,
                Sentence("the bids would add up to {cards}, the number of cards", cards=cards),
            )
        elif bid.is_zero:
            yield bid, pass_refusal(ruleset, cards, bids_so_far, players, passes_used)
        else:
            yield bid, None


def check_bid(
    ruleset: Ruleset,
    cards: int,
    bids_so_far: Sequence[Bid],
    bid: Bid,
    players: int,
    *,
    name: str,
    deal: int | None = None,
    passes_used: int = 0,
) -> None:
    """Refuse a bid that may not be said after `bids_so_far` (earlier bids, in bidding order).

    `passes_used` is how many passes this bidder has already used toward the pass limit.
    """

    def refuse(message: Sentence) -> IllegalBid:
        return IllegalBid(
            Sentence("{name} {refusal}", name=name, refusal=message), deal=deal, player=name
        )

    if bid.kind is BidKind.BOARD:
        if ruleset.board is None:
            raise refuse(Sentence("cannot bid board: this ruleset has no boards"))
    elif bid.kind is BidKind.RAINBOW:
        if not isinstance(ruleset.rainbow, RainbowBid):
            raise refuse(Sentence("cannot bid rainbow: this ruleset has no rainbow bid"))
        if not ruleset.has_rainbow_bid(cards):
            raise refuse(
                Plural(
                    "cannot bid rainbow with {n} card: only on a {rainbow}-card deal",
                    "cannot bid rainbow with {n} cards: only on a {rainbow}-card deal",
                    cards,
                    rainbow=RAINBOW_CARDS,
                )
            )
    elif ruleset.is_one_card(cards):
        if bid.tricks != 0:
            raise refuse(Sentence("can only pass or bid board with 1 card"))
    elif bid.tricks < ruleset.min_bid:
        raise refuse(
            Sentence("must bid at least {least}: this ruleset has no pass", least=ruleset.min_bid)
        )
    elif bid.tricks > ruleset.highest_bid(cards):
        highest = ruleset.highest_bid(cards)
        if highest == 0:
            raise refuse(
                Plural(
                    "can only pass or bid board with {n} card",
                    "can only pass or bid board with {n} cards",
                    cards,
                )
            )
        raise refuse(
            Plural(
                "can bid at most {highest} with {n} card",
                "can bid at most {highest} with {n} cards",
                cards,
                highest=highest,
            )
        )
    if bid.is_zero:
        refusal = pass_refusal(ruleset, cards, bids_so_far, players, passes_used)
        if refusal is not None:
            raise refuse(Sentence("may not pass: {refusal}", refusal=refusal))
    if ruleset.dealer_hook and len(bids_so_far) == players - 1:
        total = sum(hook_value(earlier, cards) for earlier in bids_so_far) + hook_value(bid, cards)
        if total == cards and bid.is_zero:
            raise refuse(
                Sentence(
                    "bids last and may not pass: the bids would add up to {cards}, "
                    "the number of cards (the dealer's hook)",
                    cards=cards,
                )
            )
        if total == cards:
            raise refuse(
                Sentence(
                    "bids last and may not bid {bid}: the bids would add up to {cards}, "
                    "the number of cards (the dealer's hook)",
                    bid=bid.label(),
                    cards=cards,
                )
            )


def is_thrown_in(ruleset: Ruleset, bids: Sequence[Bid]) -> bool:
    """Say whether this deal is thrown in and redealt: everyone passed, where the rules redeal."""
    return ruleset.throws_in() and all(bid.is_zero for bid in bids)


def leader(ruleset: Ruleset, order: Sequence[int], bids_by_seat: Sequence[Bid]) -> int:
    """Return the seat that leads the first trick."""
    best_seat, best, last_board = order[0], -1, None
    for seat in order:
        bid = bids_by_seat[seat]
        kind = bid.kind
        if kind is _NUMBER:
            if bid.tricks > best:
                best_seat, best = seat, bid.tricks
        elif kind is _RAINBOW:
            return seat  # the first rainbow bidder leads before anyone else
        else:
            last_board = seat
    if ruleset.lead == "left":
        return order[0]
    return best_seat if last_board is None else last_board
