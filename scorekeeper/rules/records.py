"""The game file's vocabulary: a deal as said at the table, and a game as the file records it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from .bidding import Bid
from .ruleset import Ruleset
from .sentences import Sentence

TRUMPS = ("clubs", "diamonds", "hearts", "spades", "none")
SUIT_SYMBOLS = {
    "clubs": "♣",
    "diamonds": "♦",
    "hearts": "♥",
    "spades": "♠",
    "none": Sentence("no trump"),
}
#: The trumps as a deal's words say them ("trump hearts").
TRUMP_WORDS = {
    "clubs": Sentence("clubs"),
    "diamonds": Sentence("diamonds"),
    "hearts": Sentence("hearts"),
    "spades": Sentence("spades"),
    "none": Sentence("none"),
}
#: The longest note a deal may carry, in characters (Unicode code points, once composed):
#: a line or two of the margin of a paper sheet.
MAX_NOTE_LENGTH = 200


class DealRecord(NamedTuple):
    """One deal as said at the table: bids by seat, tricks, trump, rainbow holders, and
    what the table wrote beside it (a misdeal, a ruling), which scores nothing.

    A named tuple rather than a frozen dataclass: a game file holds dozens of these and
    each is read on every load, where a tuple is built three times faster.
    """

    bids: tuple[Bid, ...]
    tricks: tuple[int, ...] | None = None
    team_tricks: tuple[int, int] | None = None
    trump: str | None = None
    rainbows: tuple[int, ...] | None = None
    note: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Return the deal as the game file writes it."""
        out: dict[str, Any] = {"bids": [bid.to_json() for bid in self.bids]}
        if self.tricks is not None:
            out["tricks"] = list(self.tricks)
        if self.team_tricks is not None:
            out["team_tricks"] = list(self.team_tricks)
        if self.trump is not None:
            out["trump"] = self.trump
        if self.rainbows is not None:
            out["rainbows"] = list(self.rainbows)
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True)
class Game:
    """A game file: the ruleset, the players in seating order, the first dealer, the deals."""

    ruleset: Ruleset
    players: tuple[str, ...]
    first_dealer: int = 0
    deals: tuple[DealRecord, ...] = ()
    ruleset_ref: Any = None

    def to_json(self) -> dict[str, Any]:
        """Return the game file (docs/game-format.md) as a JSON-ready dict."""
        return {
            "ruleset": self.ruleset_ref if self.ruleset_ref is not None else self.ruleset.slug,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "deals": [deal.to_json() for deal in self.deals],
        }

    def with_deals(self, deals: Sequence[DealRecord]) -> Game:
        """Return the same game with another list of deals."""
        return replace(self, deals=tuple(deals))

    @property
    def sides(self) -> tuple[str, ...]:
        """Name the sides: "Ann & Cy" for a team, the player's name otherwise."""
        return self.ruleset.side_names(self.players)

    def side_seats(self, side: int) -> tuple[int, ...]:
        """Return the seats that make up a side."""
        return self.ruleset.side_seats(side)

    def side_of(self, seat: int) -> int:
        """Return the side a seat plays for."""
        return self.ruleset.side_of(seat)


def trump_label(trump: str | None) -> str:
    """Write a trump suit as a symbol: ♠ ♥ ♦ ♣, "no trump", or "" when not recorded."""
    return SUIT_SYMBOLS.get(trump or "", "")
