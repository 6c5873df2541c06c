"""The Joker house variants as the editor shows them, each in taps where it can be.

Khishti, premia, the pass limit, what a missed bid costs, what a made pass scores, pairs.
"""

from __future__ import annotations

from ..rules.parts import MAX_DEALS, MAX_POINTS, MAX_PREMIA_TIMES, VARIANT_DEFAULTS
from ..rules.sentences import Sentence
from .fields import Field, Option, Rule, Variant, exactly, lost_field, yes_no_field
from .phrases import N_

#: The house variants Joker tables play (docs/joker-variants.md); each needs exact scoring.
VARIANT_SCHEMA: tuple[Rule, ...] = (
    Rule(
        "khishti",
        choose=("khishti", Sentence("Khishti: a bid of one or more that took no trick")),
        variants=(
            Variant("none", Sentence("No khishti: it scores like any missed bid"), None),
            Variant(
                "yes",
                Sentence("A khishti penalty"),
                {},
                (
                    lost_field(
                        "khishti_fixed", Sentence("Points lost (e.g. 200, 500, 900)"), ("fixed",)
                    ),
                    lost_field(
                        "khishti_per_card",
                        Sentence("… and points lost a card (e.g. 100)"),
                        ("per_card",),
                    ),
                ),
                heading=Sentence("Khishti"),
                offer={"fixed": -500, "per_card": 0},
            ),
        ),
        note=Sentence(
            "Only with exact scoring (like Joker's). 500 lost, and 0 a card, is −500 on any "
            "deal; 0 and 100 a card is −900 on a 9-card deal."
        ),
        read_by=exactly,
        idle=VARIANT_DEFAULTS["khishti"],
    ),
    Rule(
        "premia",
        (
            Field(
                "premia_of",
                Sentence("A player who makes every bid of a set earns"),
                "choice",
                ("of",),
                (
                    Option("best", Sentence("Their best single deal of the set"), "best"),
                    Option("sum", Sentence("The sum of the whole set"), "sum"),
                ),
            ),
            Field(
                "premia_times",
                Sentence("Counted"),
                "choice",
                ("times",),
                (
                    Option("0", Sentence("Not at all: it only strikes the others"), 0),
                    Option("1", Sentence("Once"), 1),
                    Option("2", Sentence("Doubled"), 2),
                ),
                minimum=0,
                maximum=MAX_PREMIA_TIMES,
                other=N_("× {n}"),
            ),
            Field(
                "premia_strike",
                Sentence("The others' best deal of the set is struck"),
                "choice",
                ("strike",),
                (
                    Option("never", Sentence("Never"), "never"),
                    Option("alone", Sentence("When one player alone earns the premia"), "alone"),
                    Option("always", Sentence("Whenever anyone earns it"), "always"),
                ),
            ),
        ),
        shape={},
        note=Sentence(
            "Only with exact scoring and sets of deals (like Joker's). Only a struck deal "
            "above 0 is taken away. “Not at all” needs a strike: the earner gains nothing, the "
            "others lose their best deal."
        ),
        read_by=exactly,
        idle=VARIANT_DEFAULTS["premia"],
    ),
    Rule(
        "pass_limit",
        choose=("pass_limit", Sentence("Passing")),
        variants=(
            Variant("none", Sentence("No limit: a player may pass as often as they like"), None),
            Variant(
                "yes",
                Sentence("A limit on passes"),
                {},
                (
                    Field(
                        "pass_limit_passes",
                        Sentence("Passes allowed"),
                        "number",
                        ("passes",),
                        minimum=1,
                        maximum=MAX_DEALS,
                    ),
                    Field(
                        "pass_limit_per",
                        Sentence("Counted"),
                        "choice",
                        ("per",),
                        (
                            Option("set", Sentence("In each set of deals"), "set"),
                            Option("game", Sentence("In the whole game"), "game"),
                        ),
                    ),
                ),
                heading=Sentence("Pass limit"),
                offer={"passes": 3, "per": "set"},
            ),
        ),
        note=Sentence(
            "Once a player's passes are used up, the pass is offered greyed out with the "
            "reason. Needs pass allowed; “in each set” needs sets of deals."
        ),
        read_by=exactly,
        idle=VARIANT_DEFAULTS["pass_limit"],
    ),
    Rule(
        "miss_penalty",
        choose=("miss_penalty", Sentence("A missed bid, short or over")),
        variants=(
            Variant("none", Sentence("Scores its tricks taken, as in Joker"), None),
            Variant(
                "yes",
                Sentence("Costs points"),
                {},
                (
                    lost_field(
                        "miss_penalty_fixed", Sentence("Points lost for any miss"), ("fixed",)
                    ),
                    lost_field(
                        "miss_penalty_short",
                        Sentence("… and points lost a trick short"),
                        ("short",),
                    ),
                    lost_field(
                        "miss_penalty_over", Sentence("… and points lost a trick over"), ("over",)
                    ),
                ),
                heading=Sentence("What a missed bid costs"),
                offer={"fixed": 0, "short": -100, "over": 0},
            ),
        ),
        note=Sentence(
            "Only with exact scoring. The score keepers' ways: 100 a trick short (and over, "
            "the tricks taken); 50 a trick short and 50 a trick over; or any miss 200 (100, "
            "500). A way of missing that loses 0 still scores its tricks taken."
        ),
        read_by=exactly,
        idle=VARIANT_DEFAULTS["miss_penalty"],
    ),
    Rule(
        "made_pass",
        choose=("made_pass", Sentence("A made pass: bid 0, took no trick")),
        variants=(
            Variant("same", Sentence("Scores like any made bid (50 in Joker)"), None),
            Variant(
                "points",
                Sentence("Scores its own points"),
                0,
                (
                    Field(
                        "made_pass_points",
                        Sentence("A made pass scores"),
                        "number",
                        minimum=0,
                        maximum=MAX_POINTS,
                    ),
                ),
                offer=0,
            ),
        ),
        note=Sentence(
            "Only with exact scoring and pass allowed. Some score keepers give a made pass 0."
        ),
        read_by=exactly,
        idle=VARIANT_DEFAULTS["made_pass"],
    ),
    Rule(
        "pairs",
        (
            yes_no_field(
                "pairs",
                Sentence("Pairs"),
                Sentence("No pairs"),
                Sentence(
                    "Two pairs, partners opposite (seats 1 + 3 against 2 + 4): each bids and "
                    "scores for themself, and the pair adds the two"
                ),
            ),
        ),
        note=Sentence(
            "Only with exact scoring and exactly 4 players, each playing for themself "
            "(Teams: each plays for themself). A pair earns the set bonus only when both "
            "partners made every bid of the set and the other pair did not."
        ),
        read_by=exactly,
        idle=VARIANT_DEFAULTS["pairs"],
    ),
)
