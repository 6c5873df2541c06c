"""Rulesets: one validated document shape for the built-ins and for house rules."""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .builtins import BUILTIN_DOCUMENTS
from .errors import RulesetError

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


@dataclass(frozen=True)
class Ruleset:
    """A validated ruleset document, with the game's vocabulary as attributes."""

    name: str
    min_players: int
    max_players: int
    deck: int
    partnership: bool
    schedules: dict[int, tuple[int, ...]]
    first_bidder: str
    min_bid: int
    max_bid: str
    board: Board | None
    scoring: AtLeast | Exact
    dealer_hook: bool
    redeal: str | None
    rainbow: RainbowBonus | RainbowBid | None
    one_card_board: int | None
    lead: str
    document: dict[str, Any]
    slug: str | None = None
    #: Facts worked out once from the rules above (legal bids by cards, bidding orders):
    #: scoring asks for them on every deal of every game.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def __hash__(self) -> int:
        return hash((self.slug, json.dumps(self.document, sort_keys=True)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ruleset):
            return NotImplemented
        return self.slug == other.slug and self.document == other.document

    def schedule(self, players: int) -> tuple[int, ...]:
        """Return the cards per player of every deal, for this many players."""
        self.check_players(players)
        return self.schedules[players]

    def check_players(self, players: int) -> None:
        """Refuse a number of players this ruleset cannot be played with."""
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                wanted = f"exactly {self.min_players}"
            else:
                wanted = f"{self.min_players} to {self.max_players}"
            raise RulesetError(f"{self.name} is played by {wanted} players, not {players}")

    @property
    def usual_players(self) -> int:
        """Return how many play when nobody says: four, or the nearest count the rules allow."""
        return max(self.min_players, min(self.max_players, 4))

    def side_seats(self, side: int) -> tuple[int, ...]:
        """Return the seats that make up a side: a team's two seats, or the one player's."""
        return TEAMS[side] if self.partnership else (side,)

    def side_of(self, seat: int) -> int:
        """Return the side a seat plays for."""
        return seat % len(TEAMS) if self.partnership else seat

    def seats_by_side(self, players: int) -> tuple[tuple[int, ...], ...]:
        """Return every side's seats, side by side, at a table of this many players."""
        return TEAMS if self.partnership else tuple((seat,) for seat in range(players))

    def side_names(self, players: Sequence[str]) -> tuple[str, ...]:
        """Name the sides: "Ann & Cy" for a team, the player's name otherwise."""
        return tuple(
            " & ".join(players[seat] for seat in seats)
            for seats in self.seats_by_side(len(players))
        )

    def tricks_by_side(self, tricks: Sequence[int]) -> tuple[int, ...]:
        """Add up tricks taken by seat into tricks taken by side."""
        if not self.partnership:
            return tuple(tricks)
        return tuple(tricks[first] + tricks[second] for first, second in TEAMS)

    def numeric_bids(self, cards: int) -> range:
        """Return the numbers anyone may bid with this many cards (0 is a pass)."""
        if self.is_one_card(cards):
            return range(1)
        return range(self.min_bid, self.highest_bid(cards) + 1)

    def bidding_order(self, players: int, dealer: int) -> tuple[int, ...]:
        """Return the seats in bidding order: from the dealer's left, or right, round the table."""
        key = ("order", players, dealer)
        order = self.memo.get(key)
        if order is None:
            start = dealer + 1 if self.first_bidder == "left" else dealer - 1
            order = self.memo[key] = tuple((start + step) % players for step in range(players))
        return order

    def highest_bid(self, cards: int) -> int:
        """Return the highest numeric bid allowed with this many cards."""
        return cards if self.max_bid == "n" else cards - 1

    def is_one_card(self, cards: int) -> bool:
        """Say whether only pass or board may be bid with this many cards."""
        return self.one_card_board is not None and cards == 1

    def has_rainbow_bid(self, cards: int) -> bool:
        """Say whether rainbow may be bid on a deal of this many cards."""
        return isinstance(self.rainbow, RainbowBid) and cards == RAINBOW_CARDS

    def pays_rainbow_bonus(self, cards: int) -> bool:
        """Say whether rainbow holders earn a bonus on a deal of this many cards."""
        return isinstance(self.rainbow, RainbowBonus) and cards == RAINBOW_CARDS

    def allows_no_trump(self) -> bool:
        """Say whether a deal can be played without trump (a joker turned up)."""
        return self.deck != 52

    @property
    def sides_per_game(self) -> str:
        return "partnership" if self.partnership else "individual"

    def deals_description(self) -> str:
        """Say how many deals a game has, by player count where that varies."""
        counts: dict[int, list[int]] = {}
        for players, schedule in self.schedules.items():
            counts.setdefault(len(schedule), []).append(players)
        if len(counts) == 1:
            return str(next(iter(counts)))
        return ", ".join(f"{deals} ({_span(players)} players)" for deals, players in counts.items())

    @classmethod
    def from_document(
        cls, document: Any, *, slug: str | None = None, base_lookup: Any = None
    ) -> Ruleset:
        """Validate a ruleset document (complete, or a base and the keys it changes)."""
        if not isinstance(document, dict):
            raise RulesetError("a ruleset must be a JSON object of rules")
        document = copy.deepcopy(document)
        if "base" in document:
            base_slug = document.pop("base")
            lookup = base_lookup or builtin_document
            base = lookup(base_slug)
            _check_keys(document)
            merged = {**base, **document}
            if "name" not in document:
                merged["name"] = f"{base['name']}, house rules"
            document = merged
        else:
            _check_keys(document)
            missing = [key for key in KEYS if key not in document]
            if missing:
                raise RulesetError(
                    "a ruleset without a base must give every rule; missing: " + ", ".join(missing)
                )
        ordered = {key: document[key] for key in KEYS}
        return _build(ordered, slug)


def _span(players: list[int]) -> str:
    return str(players[0]) if len(players) == 1 else f"{players[0]}–{players[-1]}"


def _check_keys(document: dict[str, Any]) -> None:
    unknown = sorted(key for key in document if key not in KEYS)
    if unknown:
        raise RulesetError(f"unknown rule '{unknown[0]}'; the rules are: {', '.join(KEYS)}")


def _whole(value: Any, what: str, *, minimum: int | None = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesetError(f"{what} must be a whole number, not {json.dumps(value)}")
    if minimum is not None and value < minimum:
        if minimum == 0:
            raise RulesetError(f"{what} cannot be negative (it is {value})")
        raise RulesetError(f"{what} must be at least {minimum} (it is {value})")
    return value


def _choice(value: Any, what: str, choices: tuple[Any, ...]) -> Any:
    if value not in choices or (isinstance(value, bool) and None not in choices):
        shown = " or ".join(json.dumps(choice) for choice in choices)
        raise RulesetError(f"{what} must be {shown}, not {json.dumps(value)}")
    return value


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise RulesetError(f"{what} must be true or false, not {json.dumps(value)}")
    return value


def _object(value: Any, what: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RulesetError(f"{what} must be an object with {', '.join(keys)}")
    unknown = sorted(set(value) - set(keys))
    if unknown:
        raise RulesetError(f"{what} has an unknown setting '{unknown[0]}'")
    missing = [key for key in keys if key not in value]
    if missing:
        raise RulesetError(f"{what} is missing {', '.join(missing)}")
    return value


def _card_counts(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise RulesetError(f"{what} must be a non-empty list of card counts")
    return tuple(_whole(cards, f"every deal in {what}", minimum=1) for cards in value)


def _build(doc: dict[str, Any], slug: str | None) -> Ruleset:
    with _rule("name"):
        name = doc["name"]
        if not isinstance(name, str) or not name.strip():
            raise RulesetError("the ruleset needs a name")
        if len(name.strip()) > NAME_LENGTH:
            raise RulesetError(f"the name is too long ({NAME_LENGTH} characters at most)")

    with _rule("players"):
        players = doc["players"]
        if not isinstance(players, list) or len(players) != 2:
            raise RulesetError("players must be [fewest, most]")
        low = _whole(players[0], "the fewest players", minimum=2)
        high = _whole(players[1], "the most players", minimum=2)
        if low > high:
            raise RulesetError(f"the fewest players ({low}) is more than the most ({high})")

    with _rule("deck"):
        deck = _whole(doc["deck"], "the deck", minimum=2)
        if deck > MAX_DECK:
            raise RulesetError(f"a deck of {deck} cards is more than any table uses ({MAX_DECK})")
    with _rule("players"):
        if high > deck:
            raise RulesetError(
                f"a {deck}-card deck cannot give even one card each to {high} players"
            )
    with _rule("partnership"):
        partnership = _flag(doc["partnership"], "partnership")
        seats = sum(len(team) for team in TEAMS)
        if partnership and (low, high) != (seats, seats):
            raise RulesetError("a partnership needs exactly 4 players (two teams of two)")

    with _rule("schedule"):
        schedules = _schedules(doc["schedule"], low, high, deck)

    with _rule("first_bidder"):
        first_bidder = _choice(doc["first_bidder"], "first_bidder", ("left", "right"))
    with _rule("bids"):
        bids = _object(doc["bids"], "bids", ("min", "max"))
        min_bid = _choice(bids["min"], "the lowest bid", (0, 1))
        max_bid = _choice(bids["max"], "the highest bid", ("n", "n-1"))

    board = None
    with _rule("board"):
        if doc["board"] is not None:
            raw = _object(doc["board"], "board", ("per_trick", "multipliers"))
            multipliers = raw["multipliers"]
            if not isinstance(multipliers, list) or not multipliers:
                raise RulesetError("board multipliers must be a non-empty list of numbers")
            board = Board(
                per_trick=_whole(raw["per_trick"], "a board's points per trick"),
                multipliers=tuple(_whole(m, "a board multiplier", minimum=1) for m in multipliers),
            )

    with _rule("scoring"):
        scoring = _scoring(doc["scoring"], schedules)
    with _rule("dealer_hook"):
        dealer_hook = _flag(doc["dealer_hook"], "dealer_hook")
    with _rule("redeal"):
        redeal = _choice(doc["redeal"], "redeal", (None, "same", "next"))

    rainbow: RainbowBonus | RainbowBid | None = None
    with _rule("rainbow"):
        raw_rainbow = doc["rainbow"]
        if raw_rainbow is not None:
            if isinstance(raw_rainbow, dict) and "bonus" in raw_rainbow:
                _object(raw_rainbow, "rainbow", ("bonus",))
                rainbow = RainbowBonus(_whole(raw_rainbow["bonus"], "the rainbow bonus"))
            elif isinstance(raw_rainbow, dict) and "bid" in raw_rainbow:
                _object(raw_rainbow, "rainbow", ("bid",))
                bid = _object(raw_rainbow["bid"], "the rainbow bid", ("made", "failed"))
                rainbow = RainbowBid(
                    made=_whole(bid["made"], "a made rainbow bid"),
                    failed=_whole(bid["failed"], "a failed rainbow bid", minimum=None),
                )
            else:
                raise RulesetError(
                    'rainbow must be null, {"bonus": B} or {"bid": {"made", "failed"}}'
                )

    one_card_board = None
    with _rule("one_card"):
        if doc["one_card"] is not None:
            raw = _object(doc["one_card"], "one_card", ("board",))
            one_card_board = _whole(raw["board"], "a board on the 1-card deal")
            if board is None:
                raise RulesetError("one_card needs boards: only pass or board may be bid then")

    with _rule("bids"):
        _check_some_bid(schedules, min_bid, max_bid, one_card_board is not None)
    with _rule("lead"):
        lead = _choice(doc["lead"], "lead", ("highest", "left"))
    return Ruleset(
        name=name.strip(),
        min_players=low,
        max_players=high,
        deck=deck,
        partnership=partnership,
        schedules=schedules,
        first_bidder=first_bidder,
        min_bid=min_bid,
        max_bid=max_bid,
        board=board,
        scoring=scoring,
        dealer_hook=dealer_hook,
        redeal=redeal,
        rainbow=rainbow,
        one_card_board=one_card_board,
        lead=lead,
        document=doc,
        slug=slug,
    )


@contextlib.contextmanager
def _rule(key: str) -> Iterator[None]:
    """Mark an error with the rule (the document's key) it is about, for forms to show beside it."""
    try:
        yield
    except RulesetError as error:
        if error.field is None:
            error.field = key
        raise


def _schedules(schedule: Any, low: int, high: int, deck: int) -> dict[int, tuple[int, ...]]:
    schedules: dict[int, tuple[int, ...]] = {}
    if isinstance(schedule, dict):
        for count in range(low, high + 1):
            if str(count) not in schedule:
                raise RulesetError(f"the schedule has no deals for {count} players")
            schedules[count] = _card_counts(schedule[str(count)], f"the {count}-player schedule")
        extra = sorted(set(schedule) - {str(count) for count in range(low, high + 1)})
        if extra:
            raise RulesetError(f"the schedule names {extra[0]} players, who cannot play")
    else:
        counts = _card_counts(schedule, "the schedule")
        schedules = {count: counts for count in range(low, high + 1)}
    for count, counts in schedules.items():
        for number, cards in enumerate(counts, 1):
            if count * cards > deck:
                raise RulesetError(
                    f"deal {number} gives {cards} cards to each of {count} players: "
                    f"{count * cards} cards, but the deck has {deck}"
                )
    return schedules


def _check_some_bid(
    schedules: dict[int, tuple[int, ...]], min_bid: int, max_bid: str, one_card: bool
) -> None:
    """Refuse bids that leave no number to say on some deal (at least 1, at most n-1 on 1 card)."""
    dealt = {cards for counts in schedules.values() for cards in counts}
    for cards in sorted(dealt):
        highest = cards if max_bid == "n" else cards - 1
        if min_bid > highest and not (one_card and cards == 1):
            raise RulesetError(
                f"with {cards} card{'s' * (cards != 1)} nobody could bid a number: the lowest "
                f"bid is {min_bid} and the highest {highest}; allow a pass, or bids up to n"
            )


def _scoring(raw: Any, schedules: dict[int, tuple[int, ...]]) -> AtLeast | Exact:
    if not isinstance(raw, dict) or raw.get("type") not in ("at-least", "exact"):
        raise RulesetError('scoring must have "type": "at-least" or "exact"')
    if raw["type"] == "at-least":
        _object(raw, "at-least scoring", ("type", *AT_LEAST_KEYS))
        return AtLeast(**{key: _whole(raw[key], key.replace("_", " ")) for key in AT_LEAST_KEYS})
    _object(raw, "exact scoring", ("type", *EXACT_KEYS, "sets"))
    sets = raw["sets"]
    if not isinstance(sets, list):
        raise RulesetError("sets must be a list of [first deal, last deal]")
    shortest = min(len(schedule) for schedule in schedules.values())
    checked: list[tuple[int, int]] = []
    for pair in sets:
        if not isinstance(pair, list) or len(pair) != 2:
            raise RulesetError("each set must be [first deal, last deal]")
        first = _whole(pair[0], "a set's first deal", minimum=1)
        last = _whole(pair[1], "a set's last deal", minimum=1)
        if first > last or last > shortest:
            raise RulesetError(f"the set of deals {first}–{last} is not within the game")
        if checked and first <= checked[-1][1]:
            raise RulesetError("sets must come in order and not overlap")
        checked.append((first, last))
    return Exact(
        **{key: _whole(raw[key], key.replace("_", " ")) for key in EXACT_KEYS},
        sets=tuple(checked),
    )


_BUILTINS: dict[str, Ruleset] = {}


def builtin_document(slug: Any) -> dict[str, Any]:
    """Return a copy of a built-in ruleset's document, found by slug."""
    if not isinstance(slug, str) or slug not in BUILTIN_DOCUMENTS:
        known = ", ".join(BUILTIN_DOCUMENTS)
        raise RulesetError(f"unknown ruleset {json.dumps(slug)}; the built-in rulesets are {known}")
    return copy.deepcopy(BUILTIN_DOCUMENTS[slug])


def find_ruleset(slug: Any) -> Ruleset:
    """Return the built-in ruleset with this slug."""
    if slug not in _BUILTINS:
        _BUILTINS[slug] = Ruleset.from_document(builtin_document(slug), slug=slug)
    return _BUILTINS[slug]


def builtin_rulesets() -> list[Ruleset]:
    """Return every built-in ruleset, in the order docs/rules.md lists them."""
    return [find_ruleset(slug) for slug in BUILTIN_DOCUMENTS]
