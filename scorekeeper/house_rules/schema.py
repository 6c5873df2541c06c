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
from ..rules.sentences import Sentence
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
from .phrases import N_
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
        (Field("name", Sentence("Name of your rules"), "text", maximum=NAME_LENGTH),),
    ),
    Rule(
        "players",
        (
            Field(
                "players_min",
                Sentence("Fewest players"),
                "number",
                (0,),
                minimum=2,
                maximum=MAX_PLAYERS,
            ),
            Field(
                "players_max",
                Sentence("Most players"),
                "number",
                (1,),
                minimum=2,
                maximum=MAX_PLAYERS,
            ),
        ),
        shape=[None, None],
    ),
    Rule(
        "deck",
        (
            Field(
                "deck",
                Sentence("Deck"),
                "choice",
                choices=(
                    Option("54", Sentence("54 cards: a standard deck with two jokers"), 54),
                    Option("52", Sentence("52 cards: no jokers"), 52),
                    Option("36", Sentence("36 cards: six to ace (Joker's deck)"), 36),
                ),
                minimum=2,
                maximum=MAX_DECK,
                other=N_("{n} cards"),
            ),
        ),
        note=Sentence(
            "Every deal must fit: players × cards each, plus one card turned up for trump "
            "unless the whole deck is dealt."
        ),
    ),
    Rule(
        "partnership",
        (
            yes_no_field(
                "partnership",
                Sentence("Teams"),
                Sentence("Each plays for themself"),
                Sentence("Two teams of two, partners opposite"),
            ),
        ),
        note=Sentence("Teams need exactly {n} players.", n=sum(len(team) for team in TEAMS)),
    ),
    Rule(
        "schedule",
        choose=("schedule_kind", Sentence("Deals")),
        variants=(
            Variant(
                "same",
                Sentence("The same deals whatever the number of players"),
                [],
                (Field("schedule", Sentence("Cards per player in each deal, in order"), "cards"),),
            ),
            Variant(
                "by-players",
                Sentence("By players"),
                {},
                (Field("schedule", "players", "by-players"),),
            ),
        ),
        helpers=(
            Field(
                "top",
                Sentence("Largest deal, for the buttons"),
                "number",
                minimum=1,
                maximum=MAX_DECK,
            ),
        ),
    ),
    Rule(
        "first_bidder",
        (
            Field(
                "first_bidder",
                Sentence("Who bids first"),
                "choice",
                choices=(
                    Option(
                        "left",
                        Sentence("The player to the dealer's left; the dealer bids last"),
                        "left",
                    ),
                    Option(
                        "right",
                        Sentence("The player to the dealer's right, then round the table"),
                        "right",
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
                Sentence("Lowest bid"),
                "choice",
                ("min",),
                (
                    Option("0", Sentence("Pass (0) is allowed"), 0),
                    Option("1", Sentence("At least 1: nobody may pass"), 1),
                ),
            ),
            Field(
                "bids_max",
                Sentence("Highest bid"),
                "choice",
                ("max",),
                (
                    Option("n-1", Sentence("n−1: never every trick"), "n-1"),
                    Option("n", Sentence("n: all the tricks"), "n"),
                ),
            ),
        ),
        shape={},
    ),
    Rule(
        "board",
        choose=("boards", Sentence("Boards")),
        variants=(
            Variant("no", Sentence("No boards"), None),
            Variant(
                "yes",
                Sentence("Boards: a bid to take every trick"),
                {},
                (
                    points_field(
                        "board_per_trick", Sentence("Points a trick for a board"), ("per_trick",)
                    ),
                    Field(
                        "board_level",
                        Sentence("Board"),
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
        note=Sentence(
            "A board is worth points a trick × n × the level's multiplier. The first board "
            "said in a deal is level 1, the second level 2, and so on; a later board uses the "
            "last level filled in. Leave a level blank to stop there (only level 1 = boards "
            "never escalate)."
        ),
        read_by=at_least,
    ),
    Rule(
        "scoring",
        choose=("scoring_type", Sentence("Scoring")),
        variants=(
            Variant(
                "at-least",
                Sentence("At least: make your bid or more"),
                {"type": "at-least"},
                (
                    points_field(
                        "per_bid", Sentence("Points for every trick bid (when made)"), ("per_bid",)
                    ),
                    points_field(
                        "over", Sentence("Points for every trick over the bid"), ("over",)
                    ),
                    points_field(
                        "set_per_bid",
                        Sentence("Points lost for every trick bid (when set)"),
                        ("set_per_bid",),
                    ),
                ),
                spare="back-alley-pagat",
                heading=Sentence("At least"),
            ),
            Variant(
                "exact",
                Sentence("Exactly: take exactly your bid (like Joker)"),
                {"type": "exact"},
                (
                    points_field("made_base", Sentence("Exactly made: points"), ("made_base",)),
                    points_field(
                        "made_per_trick", Sentence("… plus points a trick"), ("made_per_trick",)
                    ),
                    points_field(
                        "all_base", Sentence("Bid all and took all: points"), ("all_base",)
                    ),
                    points_field(
                        "all_per_trick", Sentence("… plus points a trick"), ("all_per_trick",)
                    ),
                    points_field(
                        "missed_per_trick",
                        Sentence("Missed the bid: points a trick taken"),
                        ("missed_per_trick",),
                    ),
                    Field(
                        "sets",
                        Sentence(
                            # No-break hyphens: a range of deals never ends a line.
                            "Sets of deals for the set bonus (e.g. 1\u20118, 9\u201112); "
                            "blank for none"
                        ),
                        "sets",
                        ("sets",),
                        minimum=1,
                        maximum=MAX_DEALS,
                    ),
                ),
                spare="joker",
                heading=Sentence("Exactly"),
            ),
        ),
    ),
    Rule(
        "dealer_hook",
        (
            yes_no_field(
                "dealer_hook",
                Sentence("Dealer's hook"),
                Sentence("The dealer may bid anything"),
                Sentence("The dealer may not make the bids add up"),
            ),
        ),
    ),
    Rule(
        "redeal",
        (
            Field(
                "redeal",
                Sentence("When everyone passes"),
                "choice",
                choices=(
                    Option("none", Sentence("Play the deal and score it"), None),
                    Option("same", Sentence("Throw it in; the same dealer deals again"), "same"),
                    Option("next", Sentence("Throw it in; the next dealer deals"), "next"),
                ),
            ),
        ),
    ),
    Rule(
        "rainbow",
        choose=(
            "rainbow",
            Sentence("Rainbows (one card of each suit, on {n}-card deals)", n=RAINBOW_CARDS),
        ),
        variants=(
            Variant("none", Sentence("Count for nothing"), None),
            Variant(
                "bonus",
                Sentence("A bonus for each player holding one"),
                {},
                (
                    points_field(
                        "rainbow_bonus", Sentence("Bonus for holding a rainbow"), ("bonus",)
                    ),
                ),
                spare="back-alley-bridge",
                heading=Sentence("A bonus"),
            ),
            Variant(
                "bid",
                Sentence("A rainbow bid"),
                {},
                (
                    points_field(
                        "rainbow_made",
                        Sentence("Rainbow bid, took a trick: points"),
                        ("bid", "made"),
                    ),
                    points_field(
                        "rainbow_failed",
                        Sentence("Rainbow bid, took none: points (negative to lose)"),
                        ("bid", "failed"),
                        cost=True,
                    ),
                ),
                spare="back-alley-seven",
                heading=Sentence("A rainbow bid"),
            ),
        ),
        read_by=at_least,
    ),
    Rule(
        "one_card",
        choose=("one_card", Sentence("The 1-card deals")),
        variants=(
            Variant("none", Sentence("Like any other deal"), None),
            Variant(
                "board",
                Sentence("Only pass or board; a board scores a fixed amount, a pass 0"),
                {},
                (points_field("one_card_board", Sentence("A board on 1 card scores"), ("board",)),),
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
                Sentence("Who leads the first trick"),
                "choice",
                choices=(
                    Option("highest", Sentence("The highest bid (the last board said)"), "highest"),
                    Option("left", Sentence("The first bidder"), "left"),
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
