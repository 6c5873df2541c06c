"""Joker's house variants (issue 17): khishti, premia, pass limits, shorter schedules.

Every number here can be checked by hand with docs/joker-variants.md: Joker pays 50 + 50 × tricks
for an exact bid, 100 + 100 × tricks for all n tricks bid and taken, 10 a trick otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import (
    PASS,
    IllegalBid,
    Ruleset,
    RulesetError,
    bid_choices,
    builtin_document,
    check_bid,
    find_ruleset,
    number,
    passes_used,
    read_game,
    score_game,
)
from scorekeeper.rules.entry import DraftDeal
from scorekeeper.rules.variants import VARIANTS, variant_document

from .conftest import game, result_of, scored

JOKER_SCORING = builtin_document("joker")["scoring"]
DEFAULT_PREMIA = {"of": "best", "times": 1, "strike": "never"}


def joker(schedule: list[int], sets: list[list[int]], **changes: Any) -> dict[str, Any]:
    """Return a house Joker with its own schedule and sets, and some variants."""
    return {"base": "joker", "schedule": schedule, "scoring": {**JOKER_SCORING, "sets": sets}} | (
        changes
    )


# --- Khishti ----------------------------------------------------------------------------------

# One 3-card deal. Dealer Ann (seat 0) bids last. Ann bids 1 (or 2), Bob and Cy pass, Dee bids 1.
KHISHTI = [
    pytest.param(None, [1, 0, 0, 1], [0, 3, 0, 0], [0, 30, 50, 0], id="no khishti: 10 x 0 = 0"),
    pytest.param(
        {"fixed": -200, "per_card": 0}, [1, 0, 0, 1], [0, 3, 0, 0], [-200, 30, 50, -200], id="-200"
    ),
    pytest.param(
        {"fixed": -500, "per_card": 0}, [1, 0, 0, 1], [0, 3, 0, 0], [-500, 30, 50, -500], id="-500"
    ),
    pytest.param(
        {"fixed": -900, "per_card": 0}, [1, 0, 0, 1], [0, 3, 0, 0], [-900, 30, 50, -900], id="-900"
    ),
    pytest.param(
        {"fixed": 0, "per_card": -100},
        [1, 0, 0, 1],
        [0, 3, 0, 0],
        [-300, 30, 50, -300],
        id="-100 a card x 3 cards = -300",
    ),
    pytest.param(
        {"fixed": -200, "per_card": -50},
        [1, 0, 0, 1],
        [0, 3, 0, 0],
        [-350, 30, 50, -350],
        id="-200 - 50 x 3 = -350",
    ),
    pytest.param(
        {"fixed": -500, "per_card": 0},
        [2, 0, 0, 0],
        [1, 2, 0, 0],
        [10, 20, 50, 50],
        id="took 1 of a bid of 2: no khishti, 10",
    ),
]


@pytest.mark.parametrize(("khishti", "bids", "tricks", "scores"), KHISHTI)
def test_khishti_scores(
    khishti: dict[str, int] | None, bids: list[int], tricks: list[int], scores: list[int]
) -> None:
    output = scored(joker([3], [], khishti=khishti), [{"bids": bids, "tricks": tricks}])
    assert output["deals"][0]["scores"] == scores


@pytest.mark.parametrize(
    ("khishti", "sentence"),
    [
        ({"fixed": -500, "per_card": 0}, "Ann bid 1, took none: khishti, -500"),
        ({"fixed": 0, "per_card": -100}, "Ann bid 1, took none: khishti, -100 × 3 cards = -300"),
        (
            {"fixed": -200, "per_card": -50},
            "Ann bid 1, took none: khishti, -200 - 50 × 3 cards = -350",
        ),
    ],
)
def test_khishti_is_explained(khishti: dict[str, int], sentence: str) -> None:
    deal = {"bids": [1, 0, 0, 1], "tricks": [0, 3, 0, 0]}
    assert scored(joker([3], [], khishti=khishti), [deal])["deals"][0]["explain"][0] == [sentence]


# --- Premia -----------------------------------------------------------------------------------

# Three deals of 1, 2 and 3 cards, one set. Ann makes every bid: 200 (1 of 1), 100, 150.
# Bob: 50, 10 (passed, took 1), 50. Dee: 0 (bid 1, took 0), 50, then 50 or 10.
# Cy: 50, 50, then 10 (passed, took 1) in ONE_EARNER, or 50 in TWO_EARNERS (every bid made).
ONE_EARNER = [
    {"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]},
    {"bids": [1, 0, 0, 0], "tricks": [1, 1, 0, 0]},
    {"bids": [2, 0, 0, 0], "tricks": [2, 0, 1, 0]},
]
TWO_EARNERS = [*ONE_EARNER[:2], {"bids": [2, 0, 0, 0], "tricks": [2, 0, 0, 1]}]

PREMIA = [
    pytest.param(ONE_EARNER, DEFAULT_PREMIA, [650, 110, 110, 100], id="best: Ann 450 + 200"),
    pytest.param(
        ONE_EARNER, {"of": "sum", "times": 1, "strike": "never"}, [900, 110, 110, 100], id="sum"
    ),
    pytest.param(
        ONE_EARNER, {"of": "best", "times": 2, "strike": "never"}, [850, 110, 110, 100], id="2xbest"
    ),
    pytest.param(
        ONE_EARNER, {"of": "sum", "times": 2, "strike": "never"}, [1350, 110, 110, 100], id="2xsum"
    ),
    pytest.param(
        ONE_EARNER,
        {"of": "best", "times": 1, "strike": "alone"},
        [650, 60, 60, 50],
        id="strikes alone: Bob, Cy and Dee lose their best deal, 50",
    ),
    pytest.param(
        ONE_EARNER,
        {"of": "sum", "times": 1, "strike": "always"},
        [900, 60, 60, 50],
        id="sum that strikes",
    ),
    pytest.param(TWO_EARNERS, DEFAULT_PREMIA, [650, 110, 200, 60], id="two earn: Cy 150 + 50"),
    pytest.param(
        TWO_EARNERS,
        {"of": "best", "times": 1, "strike": "alone"},
        [650, 110, 200, 60],
        id="two earn, strikes alone: nobody is struck",
    ),
    pytest.param(
        TWO_EARNERS,
        {"of": "best", "times": 1, "strike": "always"},
        [650, 60, 200, 10],
        id="two earn, strikes always: Bob and Dee lose 50",
    ),
]


@pytest.mark.parametrize(("deals", "premia", "totals"), PREMIA)
def test_premia_totals(
    deals: list[dict[str, Any]], premia: dict[str, Any], totals: list[int]
) -> None:
    assert scored(joker([1, 2, 3], [[1, 3]], premia=premia), deals)["totals"] == totals


def test_premia_and_strike_are_explained_on_the_last_deal_of_the_set() -> None:
    premia = {"of": "sum", "times": 2, "strike": "alone"}
    last = scored(joker([1, 2, 3], [[1, 3]], premia=premia), ONE_EARNER)["deals"][-1]
    assert last["scores"] == [150 + 900, 50 - 50, 10 - 50, 50 - 50]
    assert last["explain"][0] == [
        "Ann bid 2, took exactly 2: 50 + 50 × 2 = 150",
        "Made every bid in deals 1–3: the set bonus is 2 × the sum of the set, 2 × 450 = +900.",
    ]
    assert last["explain"][2][-1] == (
        "Ann made every bid in deals 1–3: the set bonus strikes the best deal of the set, -50."
    )


def test_a_best_deal_at_or_below_zero_is_not_struck() -> None:
    # Dee bids 1 and takes none in every deal: khishti -100 each time; nothing to strike.
    deals = [
        {"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]},
        {"bids": [1, 1, 0, 1], "tricks": [1, 1, 0, 0]},
        {"bids": [2, 1, 1, 1], "tricks": [2, 1, 0, 0]},
    ]
    rules = joker(
        [1, 2, 3],
        [[1, 3]],
        khishti={"fixed": -100, "per_card": 0},
        premia={"of": "best", "times": 1, "strike": "always"},
    )
    output = scored(rules, deals)
    assert [deal["scores"][3] for deal in output["deals"]] == [-100, -100, -100]
    # Ann made all (200, 100, 150): +200. Bob made 50, 100, 100: +100. Cy (50, 50, -100)
    # is struck his best, 50: -50 in all. Dee's best, -100, is not struck.
    assert output["totals"] == [650, 350, -50, -300]


# --- Pass limit -------------------------------------------------------------------------------

LIMIT_3_A_SET = joker([3] * 8, [[1, 4], [5, 8]], pass_limit={"passes": 3, "per": "set"})


def test_pass_is_offered_disabled_with_the_reason_when_the_limit_is_reached() -> None:
    ruleset = Ruleset.from_document(LIMIT_3_A_SET)
    fresh = {c.bid: c for c in bid_choices(ruleset, 3, [], 4, passes_used=2)}
    assert fresh[PASS].allowed
    used_up = {c.bid: c for c in bid_choices(ruleset, 3, [], 4, passes_used=3)}
    assert not used_up[PASS].allowed
    assert used_up[PASS].reason == "the pass limit is used up (3 passes a set)"
    assert used_up[number(1)].allowed
    with pytest.raises(IllegalBid, match="Ann may not pass: the pass limit is used up"):
        check_bid(ruleset, 3, [], PASS, 4, name="Ann", passes_used=3)
    check_bid(ruleset, 3, [], number(1), 4, name="Ann", passes_used=3)


def test_the_limit_gives_way_when_a_pass_is_the_only_bid_left() -> None:
    # One card; the three before the dealer passed, so the hook forbids the dealer's 1.
    ruleset = Ruleset.from_document(joker([1], [[1, 1]], pass_limit={"passes": 1, "per": "set"}))
    choices = {c.bid: c for c in bid_choices(ruleset, 1, [PASS] * 3, 4, passes_used=5)}
    assert choices[PASS].allowed
    assert choices[number(1)].reason == "the bids would add up to 1, the number of cards"
    check_bid(ruleset, 1, [PASS] * 3, PASS, 4, name="Ann", passes_used=5)


PASSING_BOB = {"bids": [1, 0, 1, 0], "tricks": [1, 0, 1, 1]}  # Ann 1, Bob pass, Cy 1, Dee pass


@pytest.mark.parametrize(
    ("per", "deals", "refused"),
    [
        pytest.param("set", 3, None, id="3 passes in set 1: allowed"),
        pytest.param("set", 4, 4, id="a 4th pass in set 1: refused at deal 4"),
        pytest.param("set", 6, None, id="passes count again from deal 5 (set 2)"),
        pytest.param("game", 4, 4, id="per game: refused at deal 4"),
    ],
)
def test_scoring_refuses_a_pass_over_the_limit(per: str, deals: int, refused: int | None) -> None:
    house = joker([3] * 8, [[1, 4], [5, 8]], pass_limit={"passes": 3, "per": per})
    document = game(house, [PASSING_BOB] * 3 + [PASSING_BOB] * (deals - 3))
    if deals > 4 and per == "set":
        # Everyone bids 1 in deal 4 to keep within the limit; set 2 starts afresh at deal 5.
        document["deals"][3] = {"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 0]}
    if refused is None:
        score_game(read_game(document))
        return
    with pytest.raises(IllegalBid) as error:
        score_game(read_game(document))
    assert error.value.deal == refused
    assert error.value.message == (
        f"Bob may not pass: the pass limit is used up (3 passes a {per})"
    )


def test_passes_used_and_the_table_see_the_limit() -> None:
    house = read_game(game(LIMIT_3_A_SET, [PASSING_BOB] * 3))
    assert passes_used(house, 4) == (0, 3, 0, 3)
    assert passes_used(house, 5) == (0, 0, 0, 0)  # a new set
    result = score_game(house)
    assert result.next is not None
    draft = DraftDeal(house, result.next)  # deal 4: dealer Dee, Ann bids first, then Bob
    draft = draft.tap("bid", "1")
    choices = {c.bid: c for c in draft.choices()}
    assert choices[PASS].reason == "the pass limit is used up (3 passes a set)"
    with pytest.raises(IllegalBid, match="Bob may not pass"):
        draft.tap("bid", "pass")
    assert passes_used(read_game(game("joker", [])), 1) is None


# --- Documents: defaults, validation, ranges --------------------------------------------------


def test_variants_at_their_defaults_leave_the_document_as_today() -> None:
    spelled = Ruleset.from_document(
        {
            **builtin_document("joker"),
            "khishti": None,
            "premia": DEFAULT_PREMIA,
            "pass_limit": None,
        },
        slug="joker",
    )
    assert spelled == find_ruleset("joker")
    assert spelled.document == builtin_document("joker")
    assert (spelled.khishti, spelled.pass_limit) == (None, None)


BAD = [
    ({"khishti": {"fixed": 200, "per_card": 0}}, "khishti", "a khishti is a penalty"),
    ({"khishti": {"fixed": 0, "per_card": 0}}, "khishti", "a khishti of 0 is no khishti"),
    ({"khishti": {"fixed": -100_001, "per_card": 0}}, "khishti", "at least -100,000"),
    ({"khishti": {"fixed": -200}}, "khishti", "khishti is missing per_card"),
    ({"khishti": -200}, "khishti", "khishti must be an object with fixed, per_card"),
    ({"premia": {"of": "most", "times": 1, "strike": "never"}}, "premia", '"best" or "sum"'),
    ({"premia": {"of": "best", "times": 0, "strike": "never"}}, "premia", "adds nothing and"),
    ({"premia": {"of": "best", "times": -1, "strike": "always"}}, "premia", "cannot be negative"),
    ({"premia": {"of": "best", "times": 11, "strike": "never"}}, "premia", "at most 10"),
    ({"premia": {"of": "best", "times": 1, "strike": "others"}}, "premia", '"alone"'),
    ({"premia": None}, "premia", "premia must be an object"),
    ({"pass_limit": {"passes": 0, "per": "set"}}, "pass_limit", "at least 1"),
    ({"pass_limit": {"passes": 105, "per": "set"}}, "pass_limit", "at most 104"),
    ({"pass_limit": {"passes": 3, "per": "week"}}, "pass_limit", '"set" or "game"'),
    ({"pass_limit": {"passes": 3, "per": "set", "x": 1}}, "pass_limit", "unknown setting 'x'"),
    ({"scoring": {**JOKER_SCORING, "sets": []}, "pass_limit": {"passes": 3, "per": "set"}},
     "pass_limit", "needs exact scoring with sets"),
    ({"scoring": {**JOKER_SCORING, "sets": []}, "premia": {**DEFAULT_PREMIA, "of": "sum"}},
     "premia", "needs exact scoring with sets"),
]  # fmt: skip


@pytest.mark.parametrize(("changes", "field", "words"), BAD)
def test_bad_variants_are_refused_in_plain_words(
    changes: dict[str, Any], field: str, words: str
) -> None:
    with pytest.raises(RulesetError) as error:
        Ruleset.from_document({"base": "joker", **changes})
    assert error.value.field == field
    assert words in error.value.message


@pytest.mark.parametrize(
    ("base", "changes", "field", "words"),
    [
        ("back-alley-pagat", {"khishti": {"fixed": -200, "per_card": 0}}, "khishti", "exact"),
        ("back-alley-pagat", {"premia": {**DEFAULT_PREMIA, "times": 2}}, "premia", "exact"),
        ("bluke", {"pass_limit": {"passes": 2, "per": "game"}}, "pass_limit", "passing"),
    ],
)
def test_variants_need_the_rules_they_change(
    base: str, changes: dict[str, Any], field: str, words: str
) -> None:
    with pytest.raises(RulesetError) as error:
        Ruleset.from_document({"base": base, **changes})
    assert error.value.field == field
    assert words in error.value.message


# --- Ready-made variants ----------------------------------------------------------------------


@pytest.mark.parametrize("slug", list(VARIANTS))
def test_ready_made_variants_are_complete_valid_documents(slug: str) -> None:
    document = variant_document(slug)
    ruleset = Ruleset.from_document(document)  # no base: every rule is given
    assert ruleset.name == document["name"]
    assert ruleset.document == Ruleset.from_document(ruleset.document).document
    assert VARIANTS[slug].source
    assert find_ruleset("joker").document == builtin_document("joker")  # built-in unchanged


@pytest.mark.parametrize(
    ("slug", "deals", "sets"),
    [("joker-nines", 16, [(1, 4), (5, 8), (9, 12), (13, 16)]), ("joker-no-nines", 16, None)],
)
def test_shorter_schedules(slug: str, deals: int, sets: list[tuple[int, int]] | None) -> None:
    ruleset = Ruleset.from_document(variant_document(slug))
    assert len(ruleset.schedule(4)) == deals
    if sets:
        assert list(ruleset.scoring.sets) == sets  # type: ignore[union-attr]
    else:
        assert ruleset.schedule(4) == (1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1)


# Set 1 of the strict table (deals 1–8, 1…8 cards; the dealer is Ann, Bob, Cy, Dee in turn).
STRICT_SET_ONE = [
    {"bids": [1, 0, 1, 0], "tricks": [1, 0, 0, 0]},  # Ann 200 (1 of 1); Cy khishti
    {"bids": [1, 0, 1, 1], "tricks": [1, 0, 1, 0]},  # Dee khishti
    {"bids": [1, 1, 1, 1], "tricks": [1, 0, 1, 1]},  # Bob khishti
    {"bids": [1, 0, 1, 1], "tricks": [1, 2, 1, 0]},  # Bob's 3rd pass; Dee khishti
    {"bids": [1, 1, 1, 1], "tricks": [1, 0, 2, 2]},
    {"bids": [1, 1, 1, 1], "tricks": [1, 0, 3, 2]},
    {"bids": [1, 1, 1, 1], "tricks": [1, 0, 3, 3]},
    {"bids": [1, 1, 1, 1], "tricks": [1, 0, 4, 3]},
]


def test_the_strict_table_of_issue_17_scores_and_explains_every_deal() -> None:
    """Khishti -500, set-sum premia that strikes the others' best deal, 3 passes a set."""
    result = result_of(variant_document("joker-strict"), STRICT_SET_ONE)
    by_side = [[deal.sides[side].score for deal in result.deals] for side in range(4)]
    # Ann makes every bid: 200, then 100 a deal; the set's sum, 900, is her premia.
    assert by_side[0] == [200, 100, 100, 100, 100, 100, 100, 100 + 900]
    # The others each lose their best deal of the set on deal 8: Bob 50, Cy 100, Dee 100.
    assert by_side[1] == [50, 50, -500, 20, -500, -500, -500, -500 - 50]
    assert by_side[2] == [-500, 100, 100, 100, 20, 30, 30, 40 - 100]
    assert by_side[3] == [50, -500, 100, -500, 20, 20, 30, 30 - 100]
    assert result.totals == (1800, -2430, -180, -850)
    last = result.deals[-1]
    assert last.sides[0].explain == (
        "Ann bid 1, took exactly 1: 50 + 50 × 1 = 100",
        "Made every bid in deals 1–8: the set bonus is the sum of the set, +900.",
    )
    assert last.sides[1].explain == (
        "Bob bid 1, took none: khishti, -500",
        "Ann made every bid in deals 1–8: the set bonus strikes the best deal of the set, -50.",
    )
    for deal in result.deals:
        assert all(side.explain for side in deal.sides)  # every deal is said in words
    # Bob has used his 3 passes in set 1: a 4th, in deal 5, is refused with the reason.
    more = [*STRICT_SET_ONE[:4], {"bids": [1, 0, 1, 1], "tricks": [1, 0, 2, 2]}]
    with pytest.raises(IllegalBid, match="deal 5: Bob may not pass: the pass limit is used up"):
        result_of(variant_document("joker-strict"), more)
