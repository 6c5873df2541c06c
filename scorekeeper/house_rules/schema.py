"""The editable rules of a ruleset document, declared once: inputs, ranges, and where each goes.

The house-rules editor is drawn from `SCHEMA` and read back through
`inputs.py`; a new document key needs one `Rule` here (and its words in
`words.py`), nothing in the web layer. The ranges are the rules
engine's own limits (`rules/parts.py`); the engine still judges every document.
"""

from __future__ import annotations

from ..rules import Ruleset
from ..rules.parts import (
    MAX_DEALS,
    MAX_DECK,
    MAX_MULTIPLIER,
    MAX_PLAYERS,
    NAME_LENGTH,
    RAINBOW_CARDS,
    TEAMS,
)
from .fields import (
    BOARD_LEVELS,
    MIN_PLAYERS,
    Field,
    Option,
    Rule,
    Variant,
    at_least,
    points_field,
    yes_no_field,
)
from .variant_schema import VARIANT_SCHEMA

__all__ = [
    "MIN_PLAYERS",
    "RULES_BY_KEY",
    "SCHEMA",
    "Field",
    "Option",
    "Rule",
    "Variant",
    "rules_read",
]

_GAME_RULES: tuple[Rule, ...] = (
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
            yes_no_field(
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
                    points_field("board_per_trick", "Points a trick for a board", ("per_trick",)),
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
        read_by=at_least,
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
                    points_field("per_bid", "Points for every trick bid (when made)", ("per_bid",)),
                    points_field("over", "Points for every trick over the bid", ("over",)),
                    points_field(
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
                    points_field("made_base", "Exactly made: points", ("made_base",)),
                    points_field("made_per_trick", "… plus points a trick", ("made_per_trick",)),
                    points_field("all_base", "Bid all and took all: points", ("all_base",)),
                    points_field("all_per_trick", "… plus points a trick", ("all_per_trick",)),
                    points_field(
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
            yes_no_field(
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
                (points_field("rainbow_bonus", "Bonus for holding a rainbow", ("bonus",)),),
                spare="back-alley-bridge",
                heading="A bonus",
            ),
            Variant(
                "bid",
                "A rainbow bid",
                {},
                (
                    points_field(
                        "rainbow_made", "Rainbow bid, took a trick: points", ("bid", "made")
                    ),
                    points_field(
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
        read_by=at_least,
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
                (points_field("one_card_board", "A board on 1 card scores", ("board",)),),
                spare="back-alley-individual",
            ),
        ),
        read_by=at_least,
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

#: Every rule of the document, in the order the editor shows them.
SCHEMA: tuple[Rule, ...] = _GAME_RULES + VARIANT_SCHEMA

RULES_BY_KEY = {rule.key: rule for rule in SCHEMA}


def rules_read(ruleset: Ruleset | None) -> tuple[str, ...]:
    """Return the rules the editor shows: those the ruleset's game reads (its family's, and
    any it plays); every rule where there is no valid ruleset to ask (None)."""
    return tuple(rule.key for rule in SCHEMA if ruleset is None or rule.reads(ruleset))
