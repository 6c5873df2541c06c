"""The Joker house variants as the editor shows them: khishti, premia and the pass limit."""

from __future__ import annotations

from ..rules.parts import MAX_DEALS, MAX_PREMIA_TIMES
from .fields import Field, Option, Rule, Variant, lost_field

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
                    lost_field("khishti_fixed", "Points lost (e.g. 200, 500, 900)", ("fixed",)),
                    lost_field(
                        "khishti_per_card", "… and points lost a card (e.g. 100)", ("per_card",)
                    ),
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
