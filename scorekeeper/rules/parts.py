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

#: Optional keys for house variants (docs/joker-variants.md). A document may leave any of them
#: out: it then plays today's rule, the value in VARIANT_DEFAULTS, and the validated document
#: leaves out every variant at its default, so rulesets that do not use them read as before.
VARIANT_KEYS = ("khishti", "premia", "pass_limit", "miss_penalty", "made_pass", "pairs")
#: What each variant key means when it is not given: no khishti, today's premia (the best deal
#: of the set, once, striking nobody), no limit on passing, a missed bid paid by the tricks
#: taken, a made pass scored like any made bid, and no pairs.
VARIANT_DEFAULTS: dict[str, object] = {
    "khishti": None,
    "premia": {"of": "best", "times": 1, "strike": "never"},
    "pass_limit": None,
    "miss_penalty": None,
    "made_pass": None,
    "pairs": False,
}
#: Every key a ruleset document may hold.
ALL_KEYS = KEYS + VARIANT_KEYS

#: The longest name a ruleset may have (it is shown on buttons and sheets).
NAME_LENGTH = 80

#: Two full decks with jokers: the most cards a family table plays with.
MAX_DECK = 108
#: The most players a ruleset may seat (the largest built-in, Bluke, seats 15).
MAX_PLAYERS = 20
#: The most deals a game may have: two a week for a year (the longest built-in has 26).
MAX_DEALS = 104
#: Thrown-in deals a game may hold, for each deal of its schedule: one (26 in a 26-deal
#: game). At a real table everyone passing is rare (a family sees a handful a game); a
#: game with as many deals thrown in as played has stopped being played.
THROWN_IN_PER_DEAL = 1
#: The most points any one rule may pay or cost (a bonus, a base, points per trick):
#: far above every table's rules, low enough that totals stay exact and readable.
MAX_POINTS = 100_000
#: The largest board multiplier (Back Alley Bridge doubles up to 16).
MAX_MULTIPLIER = 1_000
#: A rainbow is one card of each of the four suits, so it can only happen on a 4-card deal.
RAINBOW_CARDS = 4
#: The seats of the two teams of a partnership: partners sit opposite each other.
TEAMS = ((0, 2), (1, 3))
#: The most times a premia may count its base ("doubled" is 2). 0 adds nothing to the
#: earner: the premia only strikes the others (a keeper's strike without its doubling).
MAX_PREMIA_TIMES = 10
#: What a premia counts: the best single deal of the set, or the set's whole sum.
PREMIA_OF = ("best", "sum")
#: When a premia strikes the best deal of the set from the players who missed a bid in it:
#: never, only when one player alone earned a premia in the set, or whenever anyone did.
PREMIA_STRIKES = ("never", "alone", "always")
#: What a pass limit counts over: the set of deals (Joker's sets) or the whole game.
PASS_LIMIT_PER = ("set", "game")
AT_LEAST_KEYS = ("per_bid", "over", "set_per_bid")
EXACT_KEYS = ("made_base", "made_per_trick", "all_base", "all_per_trick", "missed_per_trick")


@dataclass(frozen=True)
class Board:
    """Boards are allowed: a bid to take every trick."""

    per_trick: int
    multipliers: tuple[int, ...]

    def __post_init__(self) -> None:
        # Worked out once: every board of every deal asks. Not a field, so not compared.
        escalates = any(m != self.multipliers[0] for m in self.multipliers)
        object.__setattr__(self, "_escalates", escalates)

    def multiplier(self, level: int) -> int:
        """Return the multiplier of the level-th board said (the last entry repeats)."""
        return self.multipliers[min(level, len(self.multipliers)) - 1]

    def level(self, said: int) -> int:
        """Return the level of the said-th board: counted where boards escalate, else single."""
        return said if self._escalates else 1  # type: ignore[attr-defined]


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


@dataclass(frozen=True)
class Khishti:
    """Exact scoring: a side that bid at least one trick and took none loses a penalty.

    The penalty is `fixed + per_card × cards` (both zero or negative): -500 and 0 for a
    fixed khishti, 0 and -100 for one that grows with the deal (-900 on 9 cards).
    """

    fixed: int
    per_card: int

    def penalty(self, cards: int) -> int:
        """Return the khishti on a deal of this many cards."""
        return self.fixed + self.per_card * cards


@dataclass(frozen=True)
class Premia:
    """What a side that made every bid of a set earns, and whom it strikes.

    It earns `times` × its best single deal of the set (`of` "best") or × the set's whole
    sum (`of` "sum"). Where it strikes, each side that missed a bid in the set loses its
    best deal of the set (only a deal above zero is struck).
    """

    of: str = "best"
    times: int = 1
    strike: str = "never"

    @property
    def adds(self) -> bool:
        """Say whether the earner gains anything (times 0: the premia only strikes)."""
        return self.times > 0

    def strikes(self, earners: int) -> bool:
        """Say whether the others are struck when this many sides earned a premia in the set."""
        if earners == 0 or self.strike == "never":
            return False
        return self.strike == "always" or earners == 1


@dataclass(frozen=True)
class PassLimit:
    """A player may pass (bid 0) at most `passes` times in each set, or in the whole game."""

    passes: int
    per: str


@dataclass(frozen=True)
class MissPenalty:
    """Exact scoring: what a missed bid costs, in place of the points a trick taken.

    A bid missed short scores `fixed + short × tricks short`, one missed over
    `fixed + over × tricks over` (all 0 or below). A direction that costs nothing (its
    per-trick amount and `fixed` both 0) still scores the tricks taken, as Joker does:
    -100 a trick short and 0 over is one keeper's rule, -50 both ways another's, a
    fixed -200 a third's.
    """

    fixed: int
    short: int
    over: int

    def cost(self, bid: int, tricks: int) -> int | None:
        """Return what missing this bid costs, or None where the miss costs nothing."""
        per_trick, off = (self.short, bid - tricks) if tricks < bid else (self.over, tricks - bid)
        if self.fixed == 0 and per_trick == 0:
            return None
        return self.fixed + per_trick * off
