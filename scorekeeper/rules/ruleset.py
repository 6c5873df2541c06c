"""Rulesets: one validated document shape for the built-ins and for house rules."""

from __future__ import annotations

import copy
import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .builtins import BUILTIN_DOCUMENTS
from .errors import RulesetError
from .names import describe_character, invisible_character
from .parts import (
    KEYS,
    MAX_DECK,
    MAX_MULTIPLIER,
    MAX_PLAYERS,
    NAME_LENGTH,
    RAINBOW_CARDS,
    TEAMS,
    VARIANT_DEFAULTS,
    VARIANT_KEYS,
    AtLeast,
    Board,
    Exact,
    Khishti,
    MissPenalty,
    PassLimit,
    Premia,
    RainbowBid,
    RainbowBonus,
)
from .sentences import Lines, Plural, Sentence
from .validation import (
    check_keys,
    check_some_bid,
    choice,
    flag,
    keyed,
    limits_apply,
    points,
    read_khishti,
    read_made_pass,
    read_miss_penalty,
    read_pairs,
    read_pass_limit,
    read_premia,
    read_schedules,
    read_scoring,
    rule,
    whole,
)

__all__ = [
    "RAINBOW_CARDS",
    "TEAMS",
    "AtLeast",
    "Board",
    "Exact",
    "RainbowBid",
    "RainbowBonus",
    "Ruleset",
    "builtin_document",
    "builtin_rulesets",
    "find_ruleset",
]


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
    khishti: Khishti | None
    premia: Premia
    pass_limit: PassLimit | None
    miss_penalty: MissPenalty | None
    made_pass: int | None
    pairs: bool
    document: dict[str, Any]
    slug: str | None = None
    #: Facts worked out once from the rules above (legal bids by cards, bidding orders):
    #: scoring asks for them on every deal of every game.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def __hash__(self) -> int:
        # Worked out once (the document never changes): the worths of a bidding screen are
        # kept by their ruleset, and every screen asks.
        found = self.memo.get("hash")
        if found is None:
            found = self.memo["hash"] = hash((self.slug, json.dumps(self.document, sort_keys=True)))
        return found

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
                wanted = Sentence("exactly {n}", n=self.min_players)
            else:
                wanted = Sentence("{low} to {high}", low=self.min_players, high=self.max_players)
            raise RulesetError(
                Sentence(
                    "{rules} is played by {wanted} players, not {n}",
                    rules=self.name,
                    wanted=wanted,
                    n=players,
                )
            )

    @property
    def usual_players(self) -> int:
        """Return how many play when nobody says: four, or the nearest count the rules allow."""
        return max(self.min_players, min(self.max_players, 4))

    @property
    def scores_exactly(self) -> bool:
        """Say whether a bid must be made exactly (Joker's family), not at least (Back Alley's)."""
        return isinstance(self.scoring, Exact)

    @property
    def has_teams(self) -> bool:
        """Say whether the sides are two teams: a partnership, or pairs who score apart."""
        return self.partnership or self.pairs

    def side_seats(self, side: int) -> tuple[int, ...]:
        """Return the seats that make up a side: a team's two seats, or the one player's."""
        return TEAMS[side] if self.has_teams else (side,)

    def side_of(self, seat: int) -> int:
        """Return the side a seat plays for."""
        return seat % len(TEAMS) if self.has_teams else seat

    def seats_by_side(self, players: int) -> tuple[tuple[int, ...], ...]:
        """Return every side's seats, side by side, at a table of this many players."""
        return TEAMS if self.has_teams else tuple((seat,) for seat in range(players))

    def side_names(self, players: Sequence[str]) -> tuple[str, ...]:
        """Name the sides: "Ann & Cy" for a team, the player's name otherwise."""
        return tuple(
            " & ".join(players[seat] for seat in seats)
            for seats in self.seats_by_side(len(players))
        )

    def tricks_by_side(self, tricks: Sequence[int]) -> tuple[int, ...]:
        """Add up tricks taken by seat into tricks taken by side."""
        if not self.has_teams:
            return tuple(tricks)
        (first, partner), (second, other) = TEAMS
        return (tricks[first] + tricks[partner], tricks[second] + tricks[other])

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

    def set_of(self, number: int) -> tuple[int, int] | None:
        """Return the set of deals (first, last) that schedule slot `number` belongs to, if any."""
        if isinstance(self.scoring, Exact):
            for first, last in self.scoring.sets:
                if first <= number <= last:
                    return first, last
        return None

    def set_ends(self) -> dict[int, int]:
        """Return {last deal: first deal} of every set: where a premia is settled."""
        ends = self.memo.get("set_ends")
        if ends is None:
            sets = self.scoring.sets if isinstance(self.scoring, Exact) else ()
            ends = self.memo["set_ends"] = {last: first for first, last in sets}
        return ends

    def throws_in(self) -> bool:
        """Say whether a deal everyone passed is thrown in and dealt again (else it is played)."""
        return self.redeal is not None

    def allows_no_trump(self) -> bool:
        """Say whether a deal can be played without trump (a joker turned up)."""
        return self.deck != 52

    @property
    def sides_per_game(self) -> str:
        return "partnership" if self.partnership else "individual"

    def deals_description(self) -> str:
        """Say how many deals a game has ("26 deals"), by player count where that varies."""
        counts: dict[int, list[int]] = {}
        for players, schedule in self.schedules.items():
            counts.setdefault(len(schedule), []).append(players)
        if len(counts) == 1:
            return Plural("{n} deal", "{n} deals", next(iter(counts)))
        return Lines(
            [
                Plural("{n} deal ({who} players)", "{n} deals ({who} players)", n, who=_span(who))
                for n, who in counts.items()
            ],
            ", ",
        )

    @classmethod
    def from_document(
        cls, document: Any, *, slug: str | None = None, base_lookup: Any = None
    ) -> Ruleset:
        """Validate a ruleset document (complete, or a base and the keys it changes)."""
        if not isinstance(document, dict):
            raise RulesetError(Sentence("a ruleset must be a JSON object of rules"))
        document = copy.deepcopy(document)
        if "base" in document:
            base_slug = document.pop("base")
            lookup = base_lookup or builtin_document
            base = lookup(base_slug)
            check_keys(document)
            merged = {**base, **document}
            if "name" not in document:
                merged["name"] = Sentence("{name}, house rules", name=base["name"])
            document = merged
        else:
            check_keys(document)
            missing = [key for key in KEYS if key not in document]
            if missing:
                raise RulesetError(
                    Sentence(
                        "a ruleset without a base must give every rule; missing: {keys}",
                        keys=", ".join(missing),
                    )
                )
        ordered = {key: document[key] for key in KEYS}
        for key in VARIANT_KEYS:
            ordered[key] = document.get(key, copy.deepcopy(VARIANT_DEFAULTS[key]))
        return _build(ordered, slug)


def _span(players: list[int]) -> str:
    return str(players[0]) if len(players) == 1 else f"{players[0]}–{players[-1]}"


def _build(doc: dict[str, Any], slug: str | None) -> Ruleset:
    with rule("name"):
        name = doc["name"]
        if not isinstance(name, str) or not name.strip():
            raise RulesetError(Sentence("the ruleset needs a name"))
        if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
            raise RulesetError(Sentence("the name cannot hold control characters; type it again"))
        if len(name.strip()) > NAME_LENGTH:
            raise RulesetError(
                Sentence("the name is too long ({n} characters at most)", n=NAME_LENGTH)
            )
        hidden = invisible_character(name) if limits_apply() else None
        if hidden is not None:
            raise RulesetError(
                Sentence(
                    "the name cannot hold an invisible character ({character})",
                    character=describe_character(hidden),
                )
            )

    with rule("players"):
        players = doc["players"]
        if not isinstance(players, list) or len(players) != 2:
            raise RulesetError(Sentence("players must be [fewest, most]"))
        low = whole(players[0], Sentence("the fewest players"), minimum=2, maximum=MAX_PLAYERS)
        high = whole(players[1], Sentence("the most players"), minimum=2, maximum=MAX_PLAYERS)
        if low > high:
            raise RulesetError(
                Sentence(
                    "the fewest players ({low}) is more than the most ({high})", low=low, high=high
                )
            )

    with rule("deck"):
        deck = whole(doc["deck"], Sentence("the deck"), minimum=2)
        if deck > MAX_DECK:
            raise RulesetError(
                Sentence(
                    "a deck of {n} cards is more than any table uses ({most})",
                    n=deck,
                    most=MAX_DECK,
                )
            )
    with rule("players"):
        if high > deck:
            raise RulesetError(
                Sentence(
                    "a {deck}-card deck cannot give even one card each to {n} players",
                    deck=deck,
                    n=high,
                )
            )
    with rule("partnership"):
        partnership = flag(doc["partnership"], "partnership")
        seats = sum(len(team) for team in TEAMS)
        if partnership and (low, high) != (seats, seats):
            raise RulesetError(Sentence("a partnership needs exactly 4 players (two teams of two)"))

    with rule("schedule"):
        schedules = read_schedules(doc["schedule"], low, high, deck)

    with rule("first_bidder"):
        first_bidder = choice(doc["first_bidder"], "first_bidder", ("left", "right"))
    with rule("bids"):
        bids = keyed(doc["bids"], "bids", ("min", "max"))
        min_bid = choice(bids["min"], Sentence("the lowest bid"), (0, 1))
        max_bid = choice(bids["max"], Sentence("the highest bid"), ("n", "n-1"))

    board = None
    with rule("board"):
        if doc["board"] is not None:
            raw = keyed(doc["board"], "board", ("per_trick", "multipliers"))
            multipliers = raw["multipliers"]
            if not isinstance(multipliers, list) or not multipliers:
                raise RulesetError(
                    Sentence("board multipliers must be a non-empty list of numbers")
                )
            if len(multipliers) > MAX_PLAYERS:
                raise RulesetError(
                    Sentence("a board has at most {n} multipliers, one per level", n=MAX_PLAYERS)
                )
            board = Board(
                per_trick=points(raw["per_trick"], Sentence("a board's points per trick")),
                multipliers=tuple(
                    whole(m, Sentence("a board multiplier"), minimum=1, maximum=MAX_MULTIPLIER)
                    for m in multipliers
                ),
            )

    with rule("scoring"):
        scoring = read_scoring(doc["scoring"], schedules)
    with rule("dealer_hook"):
        dealer_hook = flag(doc["dealer_hook"], "dealer_hook")
    with rule("redeal"):
        redeal = choice(doc["redeal"], "redeal", (None, "same", "next"))

    rainbow: RainbowBonus | RainbowBid | None = None
    with rule("rainbow"):
        raw_rainbow = doc["rainbow"]
        if raw_rainbow is not None:
            if isinstance(raw_rainbow, dict) and "bonus" in raw_rainbow:
                keyed(raw_rainbow, "rainbow", ("bonus",))
                rainbow = RainbowBonus(points(raw_rainbow["bonus"], Sentence("the rainbow bonus")))
            elif isinstance(raw_rainbow, dict) and "bid" in raw_rainbow:
                keyed(raw_rainbow, "rainbow", ("bid",))
                bid = keyed(raw_rainbow["bid"], Sentence("the rainbow bid"), ("made", "failed"))
                rainbow = RainbowBid(
                    made=points(bid["made"], Sentence("a made rainbow bid")),
                    failed=points(bid["failed"], Sentence("a failed rainbow bid"), negative=True),
                )
            else:
                raise RulesetError(
                    Sentence(
                        "rainbow must be null, {bonus} or {bid}",
                        bonus='{"bonus": B}',
                        bid='{"bid": {"made", "failed"}}',
                    )
                )

    one_card_board = None
    with rule("one_card"):
        if doc["one_card"] is not None:
            raw = keyed(doc["one_card"], "one_card", ("board",))
            one_card_board = points(raw["board"], Sentence("a board on the 1-card deal"))
            if board is None:
                raise RulesetError(
                    Sentence("one_card needs boards: only pass or board may be bid then")
                )

    with rule("bids"):
        check_some_bid(schedules, min_bid, max_bid, one_card_board is not None)
    with rule("lead"):
        lead = choice(doc["lead"], "lead", ("highest", "left"))
    with rule("khishti"):
        khishti = read_khishti(doc["khishti"], scoring)
    with rule("premia"):
        premia = read_premia(doc["premia"], scoring)
    with rule("pass_limit"):
        pass_limit = read_pass_limit(doc["pass_limit"], scoring, min_bid)
    with rule("miss_penalty"):
        miss_penalty = read_miss_penalty(doc["miss_penalty"], scoring)
    with rule("made_pass"):
        made_pass = read_made_pass(doc["made_pass"], scoring, min_bid)
    with rule("pairs"):
        pairs = read_pairs(doc["pairs"], scoring, (low, high), partnership)
    # A variant at its default is left out, so a ruleset that plays today's rules keeps
    # exactly the document (and the equality, and the hash) it had before variants existed.
    for key in VARIANT_KEYS:
        if doc[key] == VARIANT_DEFAULTS[key]:
            del doc[key]
    return Ruleset(
        name=name if name == name.strip() else name.strip(),  # a Sentence stays one
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
        khishti=khishti,
        premia=premia,
        pass_limit=pass_limit,
        miss_penalty=miss_penalty,
        made_pass=made_pass,
        pairs=pairs,
        document=doc,
        slug=slug,
    )


_BUILTINS: dict[str, Ruleset] = {}


def builtin_document(slug: Any) -> dict[str, Any]:
    """Return a copy of a built-in ruleset's document, found by slug."""
    if not isinstance(slug, str) or slug not in BUILTIN_DOCUMENTS:
        known = ", ".join(BUILTIN_DOCUMENTS)
        raise RulesetError(
            Sentence(
                "unknown ruleset {slug}; the built-in rulesets are {known}",
                slug=json.dumps(slug),
                known=known,
            )
        )
    return copy.deepcopy(BUILTIN_DOCUMENTS[slug])


def find_ruleset(slug: Any) -> Ruleset:
    """Return the built-in ruleset with this slug."""
    if slug not in _BUILTINS:
        _BUILTINS[slug] = Ruleset.from_document(builtin_document(slug), slug=slug)
    return _BUILTINS[slug]


def builtin_rulesets() -> list[Ruleset]:
    """Return every built-in ruleset, in the order docs/rules.md lists them."""
    return [find_ruleset(slug) for slug in BUILTIN_DOCUMENTS]
