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
from ..rules.sentences import Lines, Sentence
from .phrases import RuleWords, minus

VARIANT_TITLES = {
    "khishti": Sentence("Khishti"),
    "premia": Sentence("Premia (set bonus)"),
    "pass_limit": Sentence("Passes"),
    "miss_penalty": Sentence("A missed bid"),
    "made_pass": Sentence("A made pass"),
    "pairs": Sentence("Pairs"),
}

#: When a premia strikes the others' best deal, as the editor and "what changed" say it.
STRIKE_WORDS = {
    "never": Sentence("never"),
    "alone": Sentence("when one player alone earns it"),
    "always": Sentence("whenever anyone earns it"),
}


def khishti_amount(khishti: Khishti) -> str:
    """Say a khishti as its points: "−500", "−100 a card", "−200 − 50 a card"."""
    if khishti.per_card == 0:
        return minus(khishti.fixed)
    if khishti.fixed == 0:
        return Sentence("{points} a card", points=minus(khishti.per_card))
    return Sentence(
        "{fixed} − {points} a card", fixed=minus(khishti.fixed), points=f"{-khishti.per_card:,}"
    )


def _khishti(ruleset: Ruleset) -> RuleWords:
    khishti = ruleset.khishti
    title = Sentence("Khishti penalty")
    if khishti is None:
        return RuleWords(facts=((title, Sentence("none")),))
    amount = khishti_amount(khishti)
    example: str = ""
    if khishti.per_card:
        cards = max(max(counts) for counts in ruleset.schedules.values())
        example = Sentence(
            " ({points} on a {cards}-card deal)", points=minus(khishti.penalty(cards)), cards=cards
        )
    sentence = (
        Sentence(
            "A team that bid at least one trick and took none scores {amount}{example}: the "
            "khishti, instead of nothing. Any other missed bid scores as before.",
            amount=amount,
            example=example,
        )
        if ruleset.partnership
        else Sentence(
            "A player that bid at least one trick and took none scores {amount}{example}: the "
            "khishti, instead of nothing. Any other missed bid scores as before.",
            amount=amount,
            example=example,
        )
    )
    line = Sentence("Khishti (bid 1 or more, took none): {amount}.", amount=amount)
    return RuleWords((sentence,), (line,), ((title, amount),))


def _times(premia: Premia) -> str:
    """Say how often a premia counts its base: "", "twice ", "three times ", "4 times "."""
    if premia.times == 1:
        return ""
    if premia.times == 2:
        return Sentence("twice ")
    if premia.times == 3:
        return Sentence("three times ")
    return Sentence("{n} times ", n=premia.times)


def premia_phrase(premia: Premia, *, pairs: bool = False) -> str:
    """Say what a set made in full earns, for the rules page ("a bonus equal to …")."""
    if not premia.adds:
        return Sentence("nothing of their own: the set bonus only strikes the others (see Premia)")
    times = _times(premia)
    if pairs:
        base = (
            Sentence("each partner's own best single deal of that set, added")
            if premia.of == "best"
            else Sentence("each partner's own sum of their deals in that set, added")
        )
    elif premia.of == "best":
        base = Sentence("their best single deal of that set")
    else:
        base = Sentence("the sum of their deals in that set")
    if not times:
        return Sentence("a bonus equal to {base}", base=base)
    return Sentence("a bonus of {times}{base}", times=times, base=base)


def premia_line(premia: Premia) -> str:
    """Say what a set made in full earns, for the printed rules box."""
    if premia == Premia():
        return Sentence("a bonus of your best deal in it")
    if not premia.adds:
        return Sentence("no bonus, but the others' best deal of the set is struck")
    base = (
        Sentence("your best single deal of that set")
        if premia.of == "best"
        else Sentence("the sum of your deals in that set")
    )
    # Its own blank's name, for its own words: a line of the rules box, not a sentence's end.
    return Sentence("a bonus of {times}{yours}", times=_times(premia), yours=base)


def _premia_value(premia: Premia) -> str:
    if not premia.adds:
        return Sentence("nothing for the earner (it only strikes)")
    what = Sentence("best deal of the set") if premia.of == "best" else Sentence("the set's sum")
    return what if premia.times == 1 else Sentence("{what}, × {n}", what=what, n=premia.times)


def _premia(ruleset: Ruleset) -> RuleWords:
    premia = ruleset.premia
    facts = (
        (Sentence("Premia (set bonus)"), _premia_value(premia)),
        (Sentence("Premia strikes the others' best deal"), STRIKE_WORDS[premia.strike]),
    )
    if premia.strike == "never":
        return RuleWords(facts=facts)  # the scoring rule says what the premia is
    if ruleset.pairs:
        who = (
            Sentence("one pair alone earns")
            if premia.strike == "alone"
            else Sentence("a pair earns")
        )
        sentence = Sentence(
            "When {who} the premia in a set, each player of the other pair loses their own "
            "best deal of it (only a deal above 0 is struck).",
            who=who,
        )
    else:
        who = (
            Sentence("one player alone earns")
            if premia.strike == "alone"
            else Sentence("anyone earns")
        )
        sentence = Sentence(
            "When {who} the premia in a set, every player who missed a bid in that set "
            "loses their best deal of it (only a deal above 0 is struck).",
            who=who,
        )
    line = Sentence(
        "Premia strikes: when {who} it, the others lose their best deal of the set.", who=who
    )
    return RuleWords((sentence,), (line,), facts)


def _pass_limit(ruleset: Ruleset) -> RuleWords:
    limit = ruleset.pass_limit
    title = Sentence("Passes")
    if limit is None:
        return RuleWords(facts=((title, Sentence("no limit")),))
    times = Sentence("once") if limit.passes == 1 else Sentence("{n} times", n=limit.passes)
    first = (
        Sentence(
            "A player may pass (bid 0) at most {times} in each set of deals; after that the pass "
            "is not offered. Only deals that were played count.",
            times=times,
        )
        if limit.per == "set"
        else Sentence(
            "A player may pass (bid 0) at most {times} in the whole game; after that the pass "
            "is not offered. Only deals that were played count.",
            times=times,
        )
    )
    sentences = (
        first,
        Sentence(
            "When a pass is the only bid left (the dealer's hook forbids every other), the "
            "dealer may pass all the same."
        ),
    )
    at_most = (
        Sentence("at most {n} a set", n=limit.passes)
        if limit.per == "set"
        else Sentence("at most {n} a game", n=limit.passes)
    )
    line = Sentence("Passes: {limit}.", limit=at_most)
    return RuleWords(sentences, (line,), ((title, at_most),))


def _cost(fixed: int, per_trick: int, way: str) -> str:
    """Say one way of missing as its cost: "−200", "−100 a trick short", "−100 − 50 a trick"."""
    if per_trick == 0:
        return minus(fixed)
    each = {
        "off the bid": Sentence("{points} a trick off the bid", points=minus(per_trick)),
        "short": Sentence("{points} a trick short", points=minus(per_trick)),
        "over": Sentence("{points} a trick over", points=minus(per_trick)),
    }
    if fixed == 0:
        return each[way]
    points, fixed_said = f"{-per_trick:,}", minus(fixed)
    return {
        "off the bid": Sentence(
            "{fixed} − {points} a trick off the bid", fixed=fixed_said, points=points
        ),
        "short": Sentence("{fixed} − {points} a trick short", fixed=fixed_said, points=points),
        "over": Sentence("{fixed} − {points} a trick over", fixed=fixed_said, points=points),
    }[way]


def miss_penalty_amount(penalty: MissPenalty) -> str:
    """Say what a missed bid costs: "−200", "−50 a trick off the bid", "−100 a trick short"."""
    if penalty.short == penalty.over:
        return _cost(penalty.fixed, penalty.short, "off the bid")
    ways = [
        _cost(penalty.fixed, per_trick, way)
        for per_trick, way in ((penalty.short, "short"), (penalty.over, "over"))
        if penalty.fixed or per_trick
    ]
    return Lines(ways, "; ")


def _miss_penalty(ruleset: Ruleset) -> RuleWords:
    penalty = ruleset.miss_penalty
    title = Sentence("Missed bid penalty")
    if penalty is None:
        return RuleWords(facts=((title, Sentence("none")),))
    amount = miss_penalty_amount(penalty)
    scoring = ruleset.scoring
    taken = scoring.missed_per_trick if isinstance(scoring, Exact) else 0
    both = penalty.fixed != 0 or (penalty.short != 0 and penalty.over != 0)
    team = ruleset.partnership
    if both and penalty.short == penalty.over:
        sentences = [
            Sentence(
                "A team who misses the bid, short or over, scores {amount} instead of the "
                "tricks taken.",
                amount=amount,
            )
            if team
            else Sentence(
                "A player who misses the bid, short or over, scores {amount} instead of the "
                "tricks taken.",
                amount=amount,
            )
        ]
    else:
        sentences = []
        for per_trick, way in ((penalty.short, "short"), (penalty.over, "over")):
            if penalty.fixed or per_trick:
                cost = _cost(penalty.fixed, per_trick, way)
                sentences.append(_MISSING_WORDS[way, team](cost))
            else:
                sentences.append(
                    Sentence(
                        "One who takes fewer tricks than bid still scores {taken} a trick taken.",
                        taken=taken,
                    )
                    if way == "short"
                    else Sentence(
                        "One who takes more tricks than bid still scores {taken} a trick taken.",
                        taken=taken,
                    )
                )
    if ruleset.khishti is not None:
        sentences.append(
            Sentence("A khishti (bid 1 or more, took none) scores the khishti instead.")
        )
    line = Sentence("Missed bid: {amount}.", amount=amount)
    return RuleWords(tuple(sentences), (line,), ((title, amount),))


#: A way of missing that costs points, in words, by (way, whether a team scores).
_MISSING_WORDS = {
    ("short", True): lambda cost: Sentence(
        "A team who takes fewer tricks than bid scores {cost} instead of the tricks taken.",
        cost=cost,
    ),
    ("short", False): lambda cost: Sentence(
        "A player who takes fewer tricks than bid scores {cost} instead of the tricks taken.",
        cost=cost,
    ),
    ("over", True): lambda cost: Sentence(
        "A team who takes more tricks than bid scores {cost} instead of the tricks taken.",
        cost=cost,
    ),
    ("over", False): lambda cost: Sentence(
        "A player who takes more tricks than bid scores {cost} instead of the tricks taken.",
        cost=cost,
    ),
}


def _made_pass(ruleset: Ruleset) -> RuleWords:
    made = ruleset.made_pass
    title = Sentence("A made pass scores")
    if made is None:
        return RuleWords(facts=((title, Sentence("like any made bid")),))
    scoring = ruleset.scoring
    usual = scoring.made_base if isinstance(scoring, Exact) else 0
    sentence = Sentence(
        "A pass (a bid of 0) taken exactly, no trick at all, scores {points} "
        "(not {usual} like a made bid of 0).",
        points=minus(made),
        usual=minus(usual),
    )
    line = Sentence("Made pass (bid 0, took none): {points}.", points=minus(made))
    return RuleWords((sentence,), (line,), ((title, minus(made)),))


def _pairs(ruleset: Ruleset) -> RuleWords:
    title = Sentence("Pairs")
    if not ruleset.pairs:
        return RuleWords(facts=((title, Sentence("none")),))
    sentences = (
        Sentence(
            "Each partner bids, takes tricks and scores for themself; the pair's score is the "
            "two partners' scores added, and the pair with the higher total wins."
        ),
        Sentence(
            "A pair earns the set bonus only when both partners made every bid of the set, each "
            "counting their own deals, and the other pair did not: when both pairs do, neither "
            "earns it."
        ),
    )
    line = Sentence(
        "Pairs: seats 1 & 3 against 2 & 4; each scores for themself, the pair adds the two."
    )
    fact = Sentence("seats 1 & 3 against 2 & 4, scores added")
    return RuleWords(sentences, (line,), ((title, fact),))


VARIANT_WORDS: dict[str, Callable[[Ruleset], RuleWords]] = {
    "khishti": _khishti,
    "premia": _premia,
    "pass_limit": _pass_limit,
    "miss_penalty": _miss_penalty,
    "made_pass": _made_pass,
    "pairs": _pairs,
}


def variant_decisions(ruleset: Ruleset) -> list[Sentence]:
    """Return what Scorekeeper decided where the sources of the variants in use disagree.

    docs/joker-variants.md gives each decision with its sources in full.
    """
    found: list[Sentence] = []
    if ruleset.khishti is not None:
        found.append(
            Sentence(
                "The khishti's amount is the table's choice: the Georgian score keepers offer "
                "200, 300, 500, 900 or 1000, or 100 a card (the “Joker Score” keeper), so both "
                "forms are one rule and may be used together. It is always a penalty, and only "
                "with exact scoring: under at-least scoring a missed bid already costs points."
            )
        )
    premia = ruleset.premia
    if premia.times > 1:
        found.append(
            Sentence(
                "A premia “doubled” (× 2) adds twice the set's best deal (or sum), so the best "
                "deal counts three times in all; a table where it counts twice plays × 1."
            )
        )
    if premia.strike != "never":
        found.append(
            Sentence(
                "A struck player loses their best deal of the set only if it is above 0 (the "
                "“Joker Score” keeper subtracts it even when negative, which would raise a "
                "player with nothing but khishtis), and is struck once a set however many earn "
                "the premia. That keeper strikes only when one player alone earns it; striking "
                "whenever anyone does is offered too."
            )
        )
    if not premia.adds:
        found.append(
            Sentence(
                "A premia counted “not at all” is the strike without the doubling: JokerApp offers "
                "the strike (მოშლა) and the doubling (გაორმაგება) as two switches, and the Joker "
                "Score keeper's pairs may strike the other pair instead of adding anything. Its "
                "earner gains nothing; only a deal above 0 is struck."
            )
        )
    if ruleset.miss_penalty is not None:
        found.append(
            Sentence(
                "A missed bid costs points the way one keeper or another counts it: −100 a trick "
                "short (jokerscore, which still pays 10 a trick taken over the bid), −50 a trick "
                "off the bid either way, or a flat −100, −200 or −500 (the Joker tables of the "
                "void-mafia game site). A way of missing that costs nothing still scores its "
                "tricks taken, and a khishti, where the table plays one, comes first."
            )
        )
    if ruleset.pairs:
        found.append(
            Sentence(
                "In pairs, as in the Joker Score keeper, a pair earns the set bonus only when both "
                "partners made every bid of the set; one partner alone earns nothing. Each "
                "partner's own best deal counts, for the bonus and for the strike."
            )
        )
    if ruleset.pass_limit is not None:
        found.append(
            Sentence(
                "The pass limit gives way when a pass is the only bid left (the dealer's hook, a "
                "rule of the game, outranks a house limit); thrown-in deals do not count, and "
                "under a limit per set, deals outside every set are not limited. The “Joker "
                "Score” keeper limits passes over the game (4 each); per set is offered too."
            )
        )
    return found


def variants_in_use(ruleset: Ruleset) -> tuple[str, ...]:
    """Return the house variants a ruleset plays (those not at their default), by key."""
    return tuple(key for key in VARIANT_TITLES if key in ruleset.document)
