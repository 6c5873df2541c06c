"""The editable rules of a ruleset document, declared once: inputs, ranges, and where each goes.

The house-rules editor is drawn from `SCHEMA` and read back through
`inputs.py`; a new document key needs one `Rule` here (and its words in
`words.py`), nothing in the web layer. The ranges are the rules
engine's own limits (`rules/parts.py`); the engine still judges every document.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules.parts import (
    MAX_DEALS,
    MAX_DECK,
    MAX_MULTIPLIER,
    MAX_PLAYERS,
    MAX_POINTS,
    MAX_PREMIA_TIMES,
    NAME_LENGTH,
    RAINBOW_CARDS,
    TEAMS,
)

#: The fewest players any ruleset may seat.
MIN_PLAYERS = 2
#: How many board levels the editor offers (the last one filled in repeats for any later board).
BOARD_LEVELS = 6


@dataclass(frozen=True)
class Option:
    """One answer to a choice: what the form sends, its words, and the document value it means."""

    value: str
    label: str
    means: Any = None


@dataclass(frozen=True)
class Field:
    """One input of the editor: its kind, its range, and where its value sits in the rule."""

    name: str  #: the form input's name
    label: str
    kind: str  #: text, number, choice, cards, sets, levels or by-players
    path: tuple[str | int, ...] = ()  #: where in the rule's value; () is the whole value
    choices: tuple[Option, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    other: str = ""  #: a choice that also takes any whole number, shown as other.format(n)
    count: int = 1  #: how many inputs a levels field has
    lost: bool = False  #: a penalty asked as the points lost (500) and kept negative (−500)

    def names(self) -> tuple[str, ...]:
        """Return the names of this field's inputs (several for levels and by-players)."""
        if self.kind == "levels":
            return tuple(f"{self.name}_{level}" for level in range(1, self.count + 1))
        if self.kind == "by-players":
            return tuple(f"{self.name}_{n}" for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
        return (self.name,)


@dataclass(frozen=True)
class Variant:
    """One way a rule can be played: its shape in the document and the inputs that fill it in."""

    value: str  #: what the choice between variants sends
    label: str  #: the choice's words
    shape: Any  #: None, or the constant part of the rule's value ([] for a list, {} a dict)
    fields: tuple[Field, ...] = ()
    spare: str = ""  #: the built-in whose values to offer when a table switches to this variant
    heading: str = ""  #: a short title over its inputs
    offer: Any = None  #: the value to offer when no built-in plays this variant (no spare)


@dataclass(frozen=True)
class Rule:
    """One key of the ruleset document as the editor shows it."""

    key: str
    fields: tuple[Field, ...] = ()  #: inputs the rule always has
    shape: Any = None  #: the constant part of the value, for a rule without variants
    choose: tuple[str, str] = ("", "")  #: the input name and words of the choice of variant
    variants: tuple[Variant, ...] = ()
    note: str = ""  #: a line of help under the inputs
    helpers: tuple[Field, ...] = ()  #: inputs that help fill the rule in but are not saved

    @property
    def switch(self) -> Field | None:
        """Return the choice between the rule's variants (None for a rule without any)."""
        if not self.variants:
            return None
        options = tuple(Option(variant.value, variant.label) for variant in self.variants)
        return Field(self.choose[0], self.choose[1], "choice", choices=options)

    def all_fields(self) -> tuple[Field, ...]:
        """Return every input of the rule, the switch first."""
        switch = (self.switch,) if self.switch else ()
        inner = tuple(f for variant in self.variants for f in variant.fields)
        return (*switch, *self.fields, *inner, *self.helpers)


def _points(name: str, label: str, path: tuple[str | int, ...], *, cost: bool = False) -> Field:
    low = -MAX_POINTS if cost else 0
    return Field(name, label, "number", path, minimum=low, maximum=MAX_POINTS)


def _lost(name: str, label: str, path: tuple[str | int, ...]) -> Field:
    return Field(name, label, "number", path, minimum=0, maximum=MAX_POINTS, lost=True)


def _yes_no(name: str, label: str, no: str, yes: str) -> Field:
    return Field(name, label, "choice", choices=(Option("no", no, False), Option("yes", yes, True)))


SCHEMA: tuple[Rule, ...] = (
    Rule(
        "name",
        (Field("name", "Name of your rules", "text", maximum=NAME_LENGTH),),
    ),
    Rule(
        "players",
        (
            Field("players_min", "Fewest players", "number", (0,), minimum=2, maximum=MAX_PLAYERS),
            Field("players_max", "Most players", "number", (1,), minimum=2, maximum=MAX_PLAYERS),
        ),
        shape=[None, None],
    ),
    Rule(
        "deck",
        (
            Field(
                "deck",
                "Deck",
                "choice",
                choices=(
                    Option("54", "54 cards: a standard deck with two jokers", 54),
                    Option("52", "52 cards: no jokers", 52),
                    Option("36", "36 cards: six to ace (Joker's deck)", 36),
                ),
                minimum=2,
                maximum=MAX_DECK,
                other="{} cards",
            ),
        ),
        note="Every deal must fit: players × cards each, plus one card turned up for trump "
        "unless the whole deck is dealt.",
    ),
    Rule(
        "partnership",
        (
            _yes_no(
                "partnership",
                "Teams",
                "Each plays for themself",
                "Two teams of two, partners opposite",
            ),
        ),
        note=f"Teams need exactly {sum(len(team) for team in TEAMS)} players.",
    ),
    Rule(
        "schedule",
        choose=("schedule_kind", "Deals"),
        variants=(
            Variant(
                "same",
                "The same deals whatever the number of players",
                [],
                (Field("schedule", "Cards per player in each deal, in order", "cards"),),
            ),
            Variant(
                "by-players",
                "By players",
                {},
                (Field("schedule", "players", "by-players"),),
            ),
        ),
        helpers=(
            Field("top", "Largest deal, for the buttons", "number", minimum=1, maximum=MAX_DECK),
        ),
    ),
    Rule(
        "first_bidder",
        (
            Field(
                "first_bidder",
                "Who bids first",
                "choice",
                choices=(
                    Option("left", "The player to the dealer's left; the dealer bids last", "left"),
                    Option(
                        "right", "The player to the dealer's right, then round the table", "right"
                    ),
                ),
            ),
        ),
    ),
    Rule(
        "bids",
        (
            Field(
                "bids_min",
                "Lowest bid",
                "choice",
                ("min",),
                (
                    Option("0", "Pass (0) is allowed", 0),
                    Option("1", "At least 1: nobody may pass", 1),
                ),
            ),
            Field(
                "bids_max",
                "Highest bid",
                "choice",
                ("max",),
                (
                    Option("n-1", "n−1: never every trick", "n-1"),
                    Option("n", "n: all the tricks", "n"),
                ),
            ),
        ),
        shape={},
    ),
    Rule(
        "board",
        choose=("boards", "Boards"),
        variants=(
            Variant("no", "No boards", None),
            Variant(
                "yes",
                "Boards: a bid to take every trick",
                {},
                (
                    _points("board_per_trick", "Points a trick for a board", ("per_trick",)),
                    Field(
                        "board_level",
                        "Board",
                        "levels",
                        ("multipliers",),
                        minimum=1,
                        maximum=MAX_MULTIPLIER,
                        count=BOARD_LEVELS,
                    ),
                ),
                spare="back-alley-pagat",
            ),
        ),
        note="A board is worth points a trick × n × the level's multiplier. The first board "
        "said in a deal is level 1, the second level 2, and so on; a later board uses the "
        "last level filled in. Leave a level blank to stop there (only level 1 = boards "
        "never escalate).",
    ),
    Rule(
        "scoring",
        choose=("scoring_type", "Scoring"),
        variants=(
            Variant(
                "at-least",
                "At least: make your bid or more",
                {"type": "at-least"},
                (
                    _points("per_bid", "Points for every trick bid (when made)", ("per_bid",)),
                    _points("over", "Points for every trick over the bid", ("over",)),
                    _points(
                        "set_per_bid",
                        "Points lost for every trick bid (when set)",
                        ("set_per_bid",),
                    ),
                ),
                spare="back-alley-pagat",
                heading="At least",
            ),
            Variant(
                "exact",
                "Exactly: take exactly your bid (like Joker)",
                {"type": "exact"},
                (
                    _points("made_base", "Exactly made: points", ("made_base",)),
                    _points("made_per_trick", "… plus points a trick", ("made_per_trick",)),
                    _points("all_base", "Bid all and took all: points", ("all_base",)),
                    _points("all_per_trick", "… plus points a trick", ("all_per_trick",)),
                    _points(
                        "missed_per_trick",
                        "Missed the bid: points a trick taken",
                        ("missed_per_trick",),
                    ),
                    Field(
                        "sets",
                        "Sets of deals for the set bonus (e.g. 1-8, 9-12); blank for none",
                        "sets",
                        ("sets",),
                        minimum=1,
                        maximum=MAX_DEALS,
                    ),
                ),
                spare="joker",
                heading="Exactly",
            ),
        ),
    ),
    Rule(
        "dealer_hook",
        (
            _yes_no(
                "dealer_hook",
                "Dealer's hook",
                "The dealer may bid anything",
                "The dealer may not make the bids add up",
            ),
        ),
    ),
    Rule(
        "redeal",
        (
            Field(
                "redeal",
                "When everyone passes",
                "choice",
                choices=(
                    Option("none", "Play the deal and score it", None),
                    Option("same", "Throw it in; the same dealer deals again", "same"),
                    Option("next", "Throw it in; the next dealer deals", "next"),
                ),
            ),
        ),
    ),
    Rule(
        "rainbow",
        choose=("rainbow", f"Rainbows (one card of each suit, on {RAINBOW_CARDS}-card deals)"),
        variants=(
            Variant("none", "Count for nothing", None),
            Variant(
                "bonus",
                "A bonus for each player holding one",
                {},
                (_points("rainbow_bonus", "Bonus for holding a rainbow", ("bonus",)),),
                spare="back-alley-bridge",
                heading="A bonus",
            ),
            Variant(
                "bid",
                "A rainbow bid",
                {},
                (
                    _points("rainbow_made", "Rainbow bid, took a trick: points", ("bid", "made")),
                    _points(
                        "rainbow_failed",
                        "Rainbow bid, took none: points (negative to lose)",
                        ("bid", "failed"),
                        cost=True,
                    ),
                ),
                spare="back-alley-seven",
                heading="A rainbow bid",
            ),
        ),
    ),
    Rule(
        "one_card",
        choose=("one_card", "The 1-card deals"),
        variants=(
            Variant("none", "Like any other deal", None),
            Variant(
                "board",
                "Only pass or board; a board scores a fixed amount, a pass 0",
                {},
                (_points("one_card_board", "A board on 1 card scores", ("board",)),),
                spare="back-alley-individual",
            ),
        ),
    ),
    Rule(
        "lead",
        (
            Field(
                "lead",
                "Who leads the first trick",
                "choice",
                choices=(
                    Option("highest", "The highest bid (the last board said)", "highest"),
                    Option("left", "The first bidder", "left"),
                ),
            ),
        ),
    ),
)

#: The house variants Joker tables play (docs/joker-variants.md); each needs exact scoring.
VARIANT_SCHEMA: tuple[Rule, ...] = (
    Rule(
        "khishti",
        choose=("khishti", "Khishti: a bid of one or more that took no trick"),
        variants=(
            Variant("none", "No khishti: it scores like any missed bid", None),
            Variant(
                "yes",
                "A khishti penalty",
                {},
                (
                    _lost("khishti_fixed", "Points lost (e.g. 200, 500, 900)", ("fixed",)),
                    _lost("khishti_per_card", "… and points lost a card (e.g. 100)", ("per_card",)),
                ),
                heading="Khishti",
                offer={"fixed": -500, "per_card": 0},
            ),
        ),
        note="Only with exact scoring (like Joker's). 500 lost, and 0 a card, is −500 on any "
        "deal; 0 and 100 a card is −900 on a 9-card deal.",
    ),
    Rule(
        "premia",
        (
            Field(
                "premia_of",
                "A player who makes every bid of a set earns",
                "choice",
                ("of",),
                (
                    Option("best", "Their best single deal of the set", "best"),
                    Option("sum", "The sum of the whole set", "sum"),
                ),
            ),
            Field(
                "premia_times",
                "Counted",
                "choice",
                ("times",),
                (Option("1", "Once", 1), Option("2", "Doubled", 2)),
                minimum=1,
                maximum=MAX_PREMIA_TIMES,
                other="× {}",
            ),
            Field(
                "premia_strike",
                "The others' best deal of the set is struck",
                "choice",
                ("strike",),
                (
                    Option("never", "Never", "never"),
                    Option("alone", "When one player alone earns the premia", "alone"),
                    Option("always", "Whenever anyone earns it", "always"),
                ),
            ),
        ),
        shape={},
        note="Only with exact scoring and sets of deals (like Joker's). Only a struck deal "
        "above 0 is taken away.",
    ),
    Rule(
        "pass_limit",
        choose=("pass_limit", "Passing"),
        variants=(
            Variant("none", "No limit: a player may pass as often as they like", None),
            Variant(
                "yes",
                "A limit on passes",
                {},
                (
                    Field(
                        "pass_limit_passes",
                        "Passes allowed",
                        "number",
                        ("passes",),
                        minimum=1,
                        maximum=MAX_DEALS,
                    ),
                    Field(
                        "pass_limit_per",
                        "Counted",
                        "choice",
                        ("per",),
                        (
                            Option("set", "In each set of deals", "set"),
                            Option("game", "In the whole game", "game"),
                        ),
                    ),
                ),
                heading="Pass limit",
                offer={"passes": 3, "per": "set"},
            ),
        ),
        note="Once a player's passes are used up, the pass is offered greyed out with the "
        "reason. Needs pass allowed; “in each set” needs sets of deals.",
    ),
)

SCHEMA = SCHEMA + VARIANT_SCHEMA

RULES_BY_KEY = {rule.key: rule for rule in SCHEMA}
