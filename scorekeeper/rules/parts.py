"""The parts a ruleset is made of, its document's keys, and the limits every value keeps to."""

from __future__ import annotations

from dataclasses import dataclass

#: Every key of a ruleset document, in the order docs/rules.md lists them.
KEYS = (
    "name",
    "players",
    "deck",
    "partnership",
    "schedule",
    "first_bidder",
    "bids",
    "board",
    "scoring",
    "dealer_hook",
    "redeal",
    "rainbow",
    "one_card",
    "lead",
)

#: The longest name a ruleset may have (it is shown on buttons and sheets).
NAME_LENGTH = 80

#: Two full decks with jokers: the most cards a family table plays with.
MAX_DECK = 108
#: The most players a ruleset may seat (the largest built-in, Bluke, seats 15).
MAX_PLAYERS = 20
#: The most deals a game may have: two a week for a year (the longest built-in has 26).
MAX_DEALS = 104
#: The most points any one rule may pay or cost (a bonus, a base, points per trick):
#: far above every table's rules, low enough that totals stay exact and readable.
MAX_POINTS = 100_000
#: The largest board multiplier (Back Alley Bridge doubles up to 16).
MAX_MULTIPLIER = 1_000
#: A rainbow is one card of each of the four suits, so it can only happen on a 4-card deal.
RAINBOW_CARDS = 4
#: The seats of the two teams of a partnership: partners sit opposite each other.
TEAMS = ((0, 2), (1, 3))
AT_LEAST_KEYS = ("per_bid", "over", "set_per_bid")
EXACT_KEYS = ("made_base", "made_per_trick", "all_base", "all_per_trick", "missed_per_trick")


@dataclass(frozen=True)
class Board:
    """Boards are allowed: a bid to take every trick."""

    per_trick: int
    multipliers: tuple[int, ...]

    def multiplier(self, level: int) -> int:
        """Return the multiplier of the level-th board said (the last entry repeats)."""
        return self.multipliers[min(level, len(self.multipliers)) - 1]

    def level(self, said: int) -> int:
        """Return the level of the said-th board: counted where boards escalate, else single."""
        escalates = any(m != self.multipliers[0] for m in self.multipliers)
        return said if escalates else 1


@dataclass(frozen=True)
class AtLeast:
    """Make at least your target: per_bid a bid trick, over an overtrick; set costs set_per_bid."""

    per_bid: int
    over: int
    set_per_bid: int


@dataclass(frozen=True)
class Exact:
    """Take exactly your bid (Joker): bases and per-trick amounts, and set bonuses."""

    made_base: int
    made_per_trick: int
    all_base: int
    all_per_trick: int
    missed_per_trick: int
    sets: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class RainbowBonus:
    """On 4-card deals, each player holding one card of every suit earns `bonus` for the side."""

    bonus: int


@dataclass(frozen=True)
class RainbowBid:
    """On 4-card deals a player with one card of every suit may bid rainbow."""

    made: int
    failed: int
