"""The Joker house variants in words (docs/joker-variants.md).

Khishti, premia, the pass limit, what a missed bid costs, what a made pass scores, and pairs.

Each says its rule at every length the app shows it, like the rules of `words.py`:
sentences for the rules page, a line for the printed sheet's rules box, and the
facts "what changed" compares ("Khishti penalty: none → −500"). A variant at its
default says nothing on the page, so the built-in rulesets read as they always did.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules import Ruleset
from ..rules.parts import Exact, Khishti, MissPenalty, Premia
from ..rules.sentences import Sentence
from .phrases import RuleWords, minus, side_word

VARIANT_TITLES = {
    "khishti": Sentence("Khishti"),
    "premia": Sentence("Premia (set bonus)"),
    "pass_limit": Sentence("Passes"),
    "miss_penalty": Sentence("A missed bid"),
    "made_pass": Sentence("A made pass"),
    "pairs": Sentence("Pairs"),
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


def premia_phrase(premia: Premia, *, pairs: bool = False) -> str:
    """Say what a set made in full earns, for the rules page ("a bonus equal to …")."""
    if not premia.adds:
        return "nothing of their own: the set bonus only strikes the others (see Premia)"
    times = _TIMES.get(premia.times, f"{premia.times} times ")
    base = _premia_base(premia, yours=False)
    if pairs:
        base = f"each partner's own {base.removeprefix('their ').removeprefix('the ')}, added"
    if not times:
        return f"a bonus equal to {base}"
    return f"a bonus of {times}{base}"


def premia_line(premia: Premia) -> str:
    """Say what a set made in full earns, for the printed rules box."""
    if premia == Premia():
        return "a bonus of your best deal in it"
    if not premia.adds:
        return "no bonus, but the others' best deal of the set is struck"
    times = _TIMES.get(premia.times, f"{premia.times} times ")
    return f"a bonus of {times}{_premia_base(premia, yours=True)}"


def _premia_value(premia: Premia) -> str:
    if not premia.adds:
        return "nothing for the earner (it only strikes)"
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
    if ruleset.pairs:
        who = "one pair alone earns" if premia.strike == "alone" else "a pair earns"
        sentence = (
            f"When {who} the premia in a set, each player of the other pair loses their own "
            "best deal of it (only a deal above 0 is struck)."
        )
    else:
        who = "one player alone earns" if premia.strike == "alone" else "anyone earns"
        sentence = (
            f"When {who} the premia in a set, every player who missed a bid in that set "
            "loses their best deal of it (only a deal above 0 is struck)."
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


def _cost(fixed: int, per_trick: int, way: str) -> str:
    """Say one way of missing as its cost: "−200", "−100 a trick short", "−100 − 50 a trick"."""
    if per_trick == 0:
        return minus(fixed)
    each = f"{minus(per_trick)} a trick {way}"
    return each if fixed == 0 else f"{minus(fixed)} − {-per_trick:,} a trick {way}"


def miss_penalty_amount(penalty: MissPenalty) -> str:
    """Say what a missed bid costs: "−200", "−50 a trick off the bid", "−100 a trick short"."""
    if penalty.short == penalty.over:
        return _cost(penalty.fixed, penalty.short, "off the bid")
    ways = [
        _cost(penalty.fixed, per_trick, way)
        for per_trick, way in ((penalty.short, "short"), (penalty.over, "over"))
        if penalty.fixed or per_trick
    ]
    return "; ".join(ways)


def _miss_penalty(ruleset: Ruleset) -> RuleWords:
    penalty = ruleset.miss_penalty
    if penalty is None:
        return RuleWords(facts=(("Missed bid penalty", "none"),))
    amount = miss_penalty_amount(penalty)
    scoring = ruleset.scoring
    taken = scoring.missed_per_trick if isinstance(scoring, Exact) else 0
    both = penalty.fixed != 0 or (penalty.short != 0 and penalty.over != 0)
    if both and penalty.short == penalty.over:
        sentences = [
            f"A {side_word(ruleset)} who misses the bid, short or over, scores {amount} "
            "instead of the tricks taken."
        ]
    else:
        sentences = []
        for per_trick, way, fewer in (
            (penalty.short, "short", "fewer"),
            (penalty.over, "over", "more"),
        ):
            if penalty.fixed or per_trick:
                cost = _cost(penalty.fixed, per_trick, way)
                sentences.append(
                    f"A {side_word(ruleset)} who takes {fewer} tricks than bid scores {cost} "
                    "instead of the tricks taken."
                )
            else:
                sentences.append(
                    f"One who takes {fewer} tricks than bid still scores {taken} a trick taken."
                )
    if ruleset.khishti is not None:
        sentences.append("A khishti (bid 1 or more, took none) scores the khishti instead.")
    line = f"Missed bid: {amount}."
    return RuleWords(tuple(sentences), (line,), (("Missed bid penalty", amount),))


def _made_pass(ruleset: Ruleset) -> RuleWords:
    made = ruleset.made_pass
    if made is None:
        return RuleWords(facts=(("A made pass scores", "like any made bid"),))
    scoring = ruleset.scoring
    usual = scoring.made_base if isinstance(scoring, Exact) else 0
    sentence = (
        f"A pass (a bid of 0) taken exactly, no trick at all, scores {minus(made)} "
        f"(not {minus(usual)} like a made bid of 0)."
    )
    line = f"Made pass (bid 0, took none): {minus(made)}."
    return RuleWords((sentence,), (line,), (("A made pass scores", minus(made)),))


def _pairs(ruleset: Ruleset) -> RuleWords:
    if not ruleset.pairs:
        return RuleWords(facts=(("Pairs", "none"),))
    sentences = (
        "Each partner bids, takes tricks and scores for themself; the pair's score is the two "
        "partners' scores added, and the pair with the higher total wins.",
        "A pair earns the set bonus only when both partners made every bid of the set, each "
        "counting their own deals.",
    )
    line = "Pairs: seats 1 & 3 against 2 & 4; each scores for themself, the pair adds the two."
    return RuleWords(sentences, (line,), (("Pairs", "seats 1 & 3 against 2 & 4, scores added"),))


VARIANT_WORDS: dict[str, Callable[[Ruleset], RuleWords]] = {
    "khishti": _khishti,
    "premia": _premia,
    "pass_limit": _pass_limit,
    "miss_penalty": _miss_penalty,
    "made_pass": _made_pass,
    "pairs": _pairs,
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
    if not premia.adds:
        found.append(
            "A premia counted “not at all” is the strike without the doubling: JokerApp offers "
            "the strike (მოშლა) and the doubling (გაორმაგება) as two switches, and the Joker "
            "Score keeper's pairs may strike the other pair instead of adding anything. Its "
            "earner gains nothing; only a deal above 0 is struck."
        )
    if ruleset.miss_penalty is not None:
        found.append(
            "A missed bid costs points the way one keeper or another counts it: −100 a trick "
            "short (jokerscore, which still pays 10 a trick taken over the bid), −50 a trick "
            "off the bid either way, or a flat −100, −200 or −500 (the Joker tables of the "
            "void-mafia game site). A way of missing that costs nothing still scores its "
            "tricks taken, and a khishti, where the table plays one, comes first."
        )
    if ruleset.pairs:
        found.append(
            "In pairs, as in the Joker Score keeper, a pair earns the set bonus only when both "
            "partners made every bid of the set; one partner alone earns nothing. Each "
            "partner's own best deal counts, for the bonus and for the strike."
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
