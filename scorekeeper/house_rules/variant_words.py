"""The Joker house variants in words: khishti, premia and the pass limit (docs/joker-variants.md).

Each says its rule at every length the app shows it, like the rules of `words.py`:
sentences for the rules page, a line for the printed sheet's rules box, and the
facts "what changed" compares ("Khishti penalty: none → −500"). A variant at its
default says nothing on the page, so the built-in rulesets read as they always did.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules import Ruleset
from ..rules.parts import Khishti, Premia
from .phrases import RuleWords, minus, side_word

VARIANT_TITLES = {
    "khishti": "Khishti",
    "premia": "Premia (set bonus)",
    "pass_limit": "Passes",
}

#: How often a premia counts its base, in words.
_TIMES = {1: "", 2: "twice ", 3: "three times "}

#: When a premia strikes the others' best deal, as the editor and "what changed" say it.
STRIKE_WORDS = {
    "never": "never",
    "alone": "when one player alone earns it",
    "always": "whenever anyone earns it",
}


def khishti_amount(khishti: Khishti) -> str:
    """Say a khishti as its points: "−500", "−100 a card", "−200 − 50 a card"."""
    if khishti.per_card == 0:
        return minus(khishti.fixed)
    per_card = f"{minus(khishti.per_card)} a card"
    if khishti.fixed == 0:
        return per_card
    return f"{minus(khishti.fixed)} − {-khishti.per_card:,} a card"


def _khishti(ruleset: Ruleset) -> RuleWords:
    khishti = ruleset.khishti
    if khishti is None:
        return RuleWords(facts=(("Khishti penalty", "none"),))
    amount = khishti_amount(khishti)
    example = ""
    if khishti.per_card:
        cards = max(max(counts) for counts in ruleset.schedules.values())
        example = f" ({minus(khishti.penalty(cards))} on a {cards}-card deal)"
    sentence = (
        f"A {side_word(ruleset)} that bid at least one trick and took none scores "
        f"{amount}{example}: the khishti, instead of nothing. Any other missed bid scores "
        "as before."
    )
    line = f"Khishti (bid 1 or more, took none): {amount}."
    return RuleWords((sentence,), (line,), (("Khishti penalty", amount),))


def _premia_base(premia: Premia, *, yours: bool) -> str:
    whose = "your" if yours else "their"
    if premia.of == "best":
        return f"{whose} best single deal of that set"
    return f"the sum of {whose} deals in that set"


def premia_phrase(premia: Premia) -> str:
    """Say what a set made in full earns, for the rules page ("a bonus equal to …")."""
    times = _TIMES.get(premia.times, f"{premia.times} times ")
    if not times:
        return f"a bonus equal to {_premia_base(premia, yours=False)}"
    return f"a bonus of {times}{_premia_base(premia, yours=False)}"


def premia_line(premia: Premia) -> str:
    """Say what a set made in full earns, for the printed rules box."""
    if premia == Premia():
        return "a bonus of your best deal in it"
    times = _TIMES.get(premia.times, f"{premia.times} times ")
    return f"a bonus of {times}{_premia_base(premia, yours=True)}"


def _premia_value(premia: Premia) -> str:
    what = "best deal of the set" if premia.of == "best" else "the set's sum"
    return what if premia.times == 1 else f"{what}, × {premia.times}"


def _premia(ruleset: Ruleset) -> RuleWords:
    premia = ruleset.premia
    facts = (
        ("Premia (set bonus)", _premia_value(premia)),
        ("Premia strikes the others' best deal", STRIKE_WORDS[premia.strike]),
    )
    if premia.strike == "never":
        return RuleWords(facts=facts)  # the scoring rule says what the premia is
    who = "one player alone earns" if premia.strike == "alone" else "anyone earns"
    sentence = (
        f"When {who} the premia in a set, every player who missed a bid in that set loses "
        "their best deal of it (only a deal above 0 is struck)."
    )
    line = f"Premia strikes: when {who} it, the others lose their best deal of the set."
    return RuleWords((sentence,), (line,), facts)


def _pass_limit(ruleset: Ruleset) -> RuleWords:
    limit = ruleset.pass_limit
    if limit is None:
        return RuleWords(facts=(("Passes", "no limit"),))
    per = "a set" if limit.per == "set" else "a game"
    times = "once" if limit.passes == 1 else f"{limit.passes} times"
    over = "in each set of deals" if limit.per == "set" else "in the whole game"
    sentences = (
        f"A player may pass (bid 0) at most {times} {over}; after that the pass is not "
        "offered. Only deals that were played count.",
        "When a pass is the only bid left (the dealer's hook forbids every other), the "
        "dealer may pass all the same.",
    )
    line = f"Passes: at most {limit.passes} {per}."
    return RuleWords(sentences, (line,), (("Passes", f"at most {limit.passes} {per}"),))


VARIANT_WORDS: dict[str, Callable[[Ruleset], RuleWords]] = {
    "khishti": _khishti,
    "premia": _premia,
    "pass_limit": _pass_limit,
}


def variant_decisions(ruleset: Ruleset) -> list[str]:
    """Return what Scorekeeper decided where the sources of the variants in use disagree.

    docs/joker-variants.md gives each decision with its sources in full.
    """
    found = []
    if ruleset.khishti is not None:
        found.append(
            "The khishti's amount is the table's choice: the Georgian score keepers offer "
            "200, 300, 500, 900 or 1000, or 100 a card (the “Joker Score” keeper), so both "
            "forms are one rule and may be used together. It is always a penalty, and only "
            "with exact scoring: under at-least scoring a missed bid already costs points."
        )
    premia = ruleset.premia
    if premia.times > 1:
        found.append(
            "A premia “doubled” (× 2) adds twice the set's best deal (or sum), so the best "
            "deal counts three times in all; a table where it counts twice plays × 1."
        )
    if premia.strike != "never":
        found.append(
            "A struck player loses their best deal of the set only if it is above 0 (the "
            "“Joker Score” keeper subtracts it even when negative, which would raise a "
            "player with nothing but khishtis), and is struck once a set however many earn "
            "the premia. That keeper strikes only when one player alone earns it; striking "
            "whenever anyone does is offered too."
        )
    if ruleset.pass_limit is not None:
        found.append(
            "The pass limit gives way when a pass is the only bid left (the dealer's hook, a "
            "rule of the game, outranks a house limit); thrown-in deals do not count, and "
            "under a limit per set, deals outside every set are not limited. The “Joker "
            "Score” keeper limits passes over the game (4 each); per set is offered too."
        )
    return found


def variants_in_use(ruleset: Ruleset) -> tuple[str, ...]:
    """Return the house variants a ruleset plays (those not at their default), by key."""
    return tuple(key for key in VARIANT_TITLES if key in ruleset.document)
