"""The Georgian Joker score keepers' own rules, as house-rule settings (docs/joker-variants.md).

Each case is a deal or a set a player can score by hand, with the numbers the keeper's code
gives for it:

- the "Joker Score" keeper (MakhatadzeAvtandili/Joker-Game-Dashboard, src/App.jsx):
  `baseScore` and `computeDerived`, its pairs (Team A = players 1 + 3) and premia modes;
- JokerApp (Superilosa/JokerApp, GameActivity.kt): `activateButtonW` and `premiebi`, the
  strike (moshla) and the doubling (gaormageba) switched on apart;
- jokerscore (tigorthemusichead/jokerscore, pages/game/[id].js): exactly the bid is
  100 a trick, short of it -100 a trick short, over it 10 a trick taken;
- the Joker tables of the void-mafia game site (maxbraincandy-eng/void-mafia,
  server/src/services/jokerService.ts): `calcRoundScore` at commit 7b9d879 (-50 a trick
  off the bid, a made pass 50, 50 a trick bid) and at 05c1782 (a flat -100, -200, -500).

Four players, Ann, Bob, Cy and Dee, seated in that order.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import GameFileError, Ruleset, RulesetError, builtin_document
from scorekeeper.rules.variants import variant_document

from .conftest import result_of, scored

JOKER_SCORING = builtin_document("joker")["scoring"]
DEFAULT_PREMIA = {"of": "best", "times": 1, "strike": "never"}


def joker(schedule: list[int], sets: list[list[int]], scoring: Any = None, **changes: Any):
    """Return a house Joker with its own schedule, sets, scoring changes and variants."""
    return {
        "base": "joker",
        "schedule": schedule,
        "scoring": {**JOKER_SCORING, "sets": sets, **(scoring or {})},
        **changes,
    }


def deal_scores(rules: dict[str, Any], deal: dict[str, Any], dealer: int = 0) -> list[int]:
    return scored(rules, [deal], first_dealer=dealer)["deals"][0]["scores"]


def deal_words(rules: dict[str, Any], deal: dict[str, Any], dealer: int = 0) -> list[list[str]]:
    return scored(rules, [deal], first_dealer=dealer)["deals"][0]["explain"]


# --- A bid of every card, made: 100 × cards ---------------------------------------------------

#: Every keeper pays all n tricks bid and taken 100 a card: `EXACT_MAP[9] = 900` and, in order,
#: `b * 100` (Joker Score); `round * 100` (JokerApp); `wanted * 100` (jokerscore);
#: `100 * cardCount` (void-mafia, 05c1782). The built-in (CatsAtCards) pays 100 + 100 a card.
ALL_100 = {"all_base": 0}

ALL_CARDS = [
    # Nine cards, Dee deals: Ann bids 9 and takes all 9; Bob and Cy pass; Dee may not bid 0.
    pytest.param(
        [9], ALL_100, {"bids": [9, 0, 0, 1], "tricks": [9, 0, 0, 0]}, 3, [900, 50, 50, 0],
        id="9 of 9: 900",
    ),
    pytest.param(
        [9], None, {"bids": [9, 0, 0, 1], "tricks": [9, 0, 0, 0]}, 3, [1000, 50, 50, 0],
        id="built-in: 100 + 100 x 9 = 1,000",
    ),
    # One card, Dee deals: Ann bids 1 and takes it; the others pass but Dee may not.
    pytest.param(
        [1], ALL_100, {"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}, 3, [100, 50, 50, 0],
        id="1 of 1: 100",
    ),
    pytest.param(
        [1], None, {"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}, 3, [200, 50, 50, 0],
        id="built-in: 1 of 1 is 200",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("schedule", "scoring", "deal", "dealer", "scores"), ALL_CARDS)
def test_a_bid_of_every_card_made(schedule, scoring, deal, dealer, scores) -> None:
    assert deal_scores(joker(schedule, [], scoring), deal, dealer) == scores


def test_a_bid_of_every_card_is_explained() -> None:
    words = deal_words(joker([9], [], ALL_100), {"bids": [9, 0, 0, 1], "tricks": [9, 0, 0, 0]}, 3)
    assert words[0] == ["Ann bid 9, took all 9: 0 + 100 × 9 = 900"]


# --- A made pass ------------------------------------------------------------------------------

# Three cards, Ann deals (Bob, Cy, Dee, then Ann bid). Ann bids 2 and takes 2; Bob and Cy
# pass and take none; Dee passes and takes 1.
PASSES = {"bids": [2, 0, 0, 0], "tricks": [2, 0, 0, 1]}

MADE_PASS = [
    pytest.param(None, None, [150, 50, 50, 10], id="Joker: a made pass is 50 + 50 x 0"),
    pytest.param(None, 0, [150, 0, 0, 10], id="a made pass 0"),
    # jokerscore: `wanted * 100`, so a pass made scores 0 x 100 = 0; no setting needed.
    pytest.param({"made_base": 0, "made_per_trick": 100}, None, [200, 0, 0, 10], id="jokerscore"),
    # void-mafia 7b9d879: `declared * exactBidMultiplier` (50), `zeroBidExactScore` 50.
    pytest.param({"made_base": 0, "made_per_trick": 50}, 50, [100, 50, 50, 10], id="void-mafia"),
]


@pytest.mark.parametrize(("scoring", "made_pass", "scores"), MADE_PASS)
def test_a_made_pass(scoring: Any, made_pass: int | None, scores: list[int]) -> None:
    assert deal_scores(joker([3], [], scoring, made_pass=made_pass), PASSES) == scores


def test_a_made_pass_is_explained() -> None:
    words = deal_words(joker([3], [], made_pass=0), PASSES)
    assert words[1] == ["Bob passed, took none: a made pass, 0"]


# --- A missed bid that costs points -----------------------------------------------------------

# Three cards, Ann deals. Ann bids 2 and takes 1 (a trick short); Bob passes and takes 2 (two
# over); Cy and Dee pass and take none.
MISSED = {"bids": [2, 0, 0, 0], "tricks": [1, 2, 0, 0]}
# Ann bids 2 and takes none: a khishti where the table plays one, else two short.
NONE_TAKEN = {"bids": [2, 0, 0, 0], "tricks": [0, 3, 0, 0]}
JOKERSCORE = {"made_base": 0, "made_per_trick": 100, "all_base": 0, "all_per_trick": 100}
VOID_MAFIA_FIRST = {"made_base": 0, "made_per_trick": 50, "all_base": 0, "all_per_trick": 50}

MISS = [
    pytest.param({}, MISSED, [10, 20, 50, 50], id="Joker: 10 a trick taken"),
    # jokerscore: `(got - wanted) * 100` short, `got * 10` over, `wanted * 100` made.
    pytest.param(
        {"scoring": JOKERSCORE, "miss_penalty": {"fixed": 0, "short": -100, "over": 0}},
        MISSED, [-100, 20, 0, 0], id="jokerscore: -100 a trick short, over 10 a trick",
    ),
    pytest.param(
        {"scoring": JOKERSCORE, "miss_penalty": {"fixed": 0, "short": -100, "over": 0}},
        NONE_TAKEN, [-200, 30, 0, 0], id="jokerscore: bid 2 took 0 is 2 short, -200",
    ),
    # void-mafia 7b9d879: `-(|actual - declared| * 50)`, a khishti -200 first.
    pytest.param(
        {
            "scoring": VOID_MAFIA_FIRST,
            "made_pass": 50,
            "khishti": {"fixed": -200, "per_card": 0},
            "miss_penalty": {"fixed": 0, "short": -50, "over": -50},
        },
        MISSED, [-50, -100, 50, 50], id="void-mafia 7b9d879: -50 a trick off the bid",
    ),
    pytest.param(
        {
            "scoring": VOID_MAFIA_FIRST,
            "made_pass": 50,
            "khishti": {"fixed": -200, "per_card": 0},
            "miss_penalty": {"fixed": 0, "short": -50, "over": -50},
        },
        NONE_TAKEN, [-200, -150, 50, 50], id="void-mafia 7b9d879: khishti -200 first",
    ),
    # void-mafia 05c1782: any broken word costs the flat khishtiPenalty the host chose.
    pytest.param(
        {"miss_penalty": {"fixed": -100, "short": 0, "over": 0}},
        MISSED, [-100, -100, 50, 50], id="void-mafia 05c1782: flat -100",
    ),
    pytest.param(
        {"miss_penalty": {"fixed": -200, "short": 0, "over": 0}},
        MISSED, [-200, -200, 50, 50], id="flat -200",
    ),
    pytest.param(
        {"miss_penalty": {"fixed": -500, "short": 0, "over": 0}},
        NONE_TAKEN, [-500, -500, 50, 50], id="flat -500, bid 2 took 0 too",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("changes", "deal", "scores"), MISS)
def test_a_missed_bid_that_costs_points(changes: dict, deal: dict, scores: list[int]) -> None:
    changes = dict(changes)
    rules = joker([3], [], changes.pop("scoring", None), **changes)
    assert deal_scores(rules, deal) == scores


@pytest.mark.parametrize(
    ("penalty", "ann", "bob"),
    [
        (
            {"fixed": 0, "short": -100, "over": 0},
            "Ann bid 2, took 1, 1 short: -100 × 1 = -100",
            "Bob passed, took 2, not the bid: 10 × 2 = 20",
        ),
        (
            {"fixed": 0, "short": -50, "over": -50},
            "Ann bid 2, took 1, 1 short: -50 × 1 = -50",
            "Bob passed, took 2, 2 over: -50 × 2 = -100",
        ),
        (
            {"fixed": -200, "short": 0, "over": 0},
            "Ann bid 2, took 1, not the bid: -200",
            "Bob passed, took 2, not the bid: -200",
        ),
        (
            {"fixed": -100, "short": -50, "over": 0},
            "Ann bid 2, took 1, 1 short: -100 - 50 × 1 = -150",
            "Bob passed, took 2, not the bid: -100",
        ),
    ],
)
def test_a_missed_bid_cost_is_explained(penalty: dict, ann: str, bob: str) -> None:
    words = deal_words(joker([3], [], miss_penalty=penalty), MISSED)
    assert (words[0], words[1]) == ([ann], [bob])


# --- The premia without its doubling: it only strikes ------------------------------------------

# Three deals of 1, 2 and 3 cards, one set (as in test_joker_variants.py). Ann makes every
# bid: 200, 100, 150. Bob scores 50, 10, 50; Cy 50, 50, 10; Dee 0, 50, 50.
ONE_EARNER = [
    {"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]},
    {"bids": [1, 0, 0, 0], "tricks": [1, 1, 0, 0]},
    {"bids": [2, 0, 0, 0], "tricks": [2, 0, 1, 0]},
]
# Cy makes every bid too: 50, 50, 50 (Dee takes the last deal's spare trick: 10).
TWO_EARNERS = [*ONE_EARNER[:2], {"bids": [2, 0, 0, 0], "tricks": [2, 0, 0, 1]}]

STRIKE_ONLY = [
    # JokerApp, the strike (moshla) on and the doubling (gaormageba) off: every player who
    # missed loses their best deal (`view - m`), the player who made every bid gains nothing.
    pytest.param(
        ONE_EARNER, {"of": "best", "times": 0, "strike": "always"}, [450, 60, 60, 50],
        id="JokerApp moshla: Ann +0, Bob, Cy and Dee -50 each",
    ),
    # Both switches on: the earner's best deal again (`view + m`), the others struck.
    pytest.param(
        ONE_EARNER, {"of": "best", "times": 1, "strike": "always"}, [650, 60, 60, 50],
        id="JokerApp moshla and gaormageba: Ann +200",
    ),
    pytest.param(
        TWO_EARNERS, {"of": "best", "times": 0, "strike": "always"}, [450, 60, 150, 10],
        id="two earn, strikes always: Bob and Dee -50, Ann and Cy +0",
    ),
    pytest.param(
        TWO_EARNERS, {"of": "best", "times": 0, "strike": "alone"}, [450, 110, 150, 60],
        id="two earn, strikes alone: nothing changes",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("deals", "premia", "totals"), STRIKE_ONLY)
def test_a_premia_that_only_strikes(deals: list, premia: dict, totals: list[int]) -> None:
    assert scored(joker([1, 2, 3], [[1, 3]], premia=premia), deals)["totals"] == totals


def test_a_premia_that_only_strikes_is_explained() -> None:
    premia = {"of": "best", "times": 0, "strike": "always"}
    last = scored(joker([1, 2, 3], [[1, 3]], premia=premia), ONE_EARNER)["deals"][-1]
    assert last["explain"][0] == [
        "Ann bid 2, took exactly 2: 50 + 50 × 2 = 150",
        "Made every bid in deals 1–3: the set bonus adds nothing here, it strikes the "
        "others' best deal of the set.",
    ]
    assert last["explain"][1][-1] == (
        "Ann made every bid in deals 1–3: the set bonus strikes the best deal of the set, -50."
    )
    alone = {"of": "best", "times": 0, "strike": "alone"}
    last = scored(joker([1, 2, 3], [[1, 3]], premia=alone), TWO_EARNERS)["deals"][-1]
    assert last["explain"][0][-1] == (
        "Made every bid in deals 1–3, and so did Cy: the set bonus strikes only when one "
        "earns it alone, so it changes nothing."
    )


# --- Pairs ------------------------------------------------------------------------------------

# Pairs, as the Joker Score keeper counts them: Ann & Cy (players 1 + 3) against Bob & Dee.
PAIRS = joker([3], [], pairs=True)


def test_a_pair_adds_its_partners_scores() -> None:
    # Three cards, Ann deals: Ann 1 took 1, Bob passed took 1, Cy 1 took 1, Dee passed took 0.
    output = scored(PAIRS, [{"bids": [1, 0, 1, 0], "tricks": [1, 1, 1, 0]}])
    assert output["sides"] == ["Ann & Cy", "Bob & Dee"]
    assert output["deals"][0]["scores"] == [200, 60]
    assert output["deals"][0]["explain"] == [
        [
            "Ann bid 1, took exactly 1: 50 + 50 × 1 = 100",
            "Cy bid 1, took exactly 1: 50 + 50 × 1 = 100",
            "Ann & Cy: 100 + 100 = 200",
        ],
        [
            "Bob passed, took 1, not the bid: 10 × 1 = 10",
            "Dee passed, took exactly 0: 50 + 50 × 0 = 50",
            "Bob & Dee: 10 + 50 = 60",
        ],
    ]
    assert output["winners"] == [0]


# One set of 1, 2 and 3 cards, as the Joker Score keeper pays it (all n: 100 a card). The
# dealer is Ann, then Bob, then Cy.
# 1 card:  Ann 1 took 1 (100), Bob pass (50), Cy pass (50), Dee 1 took 0 (0).
# 2 cards: Ann pass (50), Bob pass (50), Cy 1 took 1 (100), Dee pass took 1 (10).
# 3 cards: Ann 1 took 1 (100), Bob pass (50), Cy pass (50), Dee 1 took 2 (20).
# Ann and Cy made every bid: Ann's best deal 100, Cy's 100. Bob did too, but Dee did not.
PAIRS_SET = [
    {"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]},
    {"bids": [0, 0, 1, 0], "tricks": [0, 0, 1, 1]},
    {"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 2]},
]
PAIRS_IN_A_SET = [
    # "both_add": both partners exact in the whole set, each adds their own best deal.
    pytest.param(DEFAULT_PREMIA, [650, 180], id="Joker Score both_add: +100 +100"),
    # "opp_deduct": the other pair's players each lose their own best deal; nothing added.
    pytest.param(
        {"of": "best", "times": 0, "strike": "alone"}, [450, 110], id="opp_deduct: -50 -20"
    ),
]


@pytest.mark.parametrize(("premia", "totals"), PAIRS_IN_A_SET)
def test_pairs_earn_the_premia_only_when_both_partners_made_every_bid(premia, totals) -> None:
    rules = joker([1, 2, 3], [[1, 3]], ALL_100, pairs=True, premia=premia)
    result = result_of(rules, PAIRS_SET)
    assert [deal.scores for deal in result.deals[:2]] == [(150, 50), (150, 60)]
    assert result.totals == tuple(totals)


def test_the_pairs_premia_is_explained_partner_by_partner() -> None:
    rules = joker([1, 2, 3], [[1, 3]], ALL_100, pairs=True)
    last = scored(rules, PAIRS_SET)["deals"][-1]
    assert last["explain"][0][-1] == (
        "Ann & Cy made every bid in deals 1–3: the set bonus is each one's best deal of the "
        "set, 100 + 100 = +200."
    )
    assert last["explain"][1][-1] == "Bob & Dee: 50 + 20 = 70"  # Bob alone earns nothing
    strikes = joker([1, 2, 3], [[1, 3]], ALL_100, pairs=True, premia=PAIRS_IN_A_SET[1].values[0])
    last = scored(strikes, PAIRS_SET)["deals"][-1]
    assert last["explain"][1][-1] == (
        "Ann & Cy made every bid in deals 1–3: the set bonus strikes the best deal of the set "
        "of Bob's (50) and Dee's (20), -70."
    )


# Both pairs make every bid of a set: possible only with the dealer's hook off (with it, the
# dealer may not bid the total that lets everyone make it). One set of 1 and 2 cards, all n
# at 100 a card; Ann deals deal 1, Bob deal 2; bidding starts at the dealer's left.
# 1 card:  Ann pass (50), Bob 1 took the card (all of 1: 100), Cy pass (50), Dee pass (50).
# 2 cards: Ann 1 took 1 (50 + 50 = 100), Bob pass (50), Cy 1 took 1 (100), Dee pass (50).
# Ann & Cy: 100 + 200 = 300. Bob & Dee: 150 + 100 = 250. Joker Score's pairs give neither
# pair a set bonus then (computeDerived: "both teams perfect: neutral"); were each pair paid,
# Ann & Cy would add 100 + 100 and Bob & Dee 100 + 50: 500 and 400.
BOTH_PAIRS_SET = [
    {"bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0]},
    {"bids": [1, 0, 1, 0], "tricks": [1, 0, 1, 0]},
]


@pytest.mark.parametrize("premia", [DEFAULT_PREMIA, {"of": "sum", "times": 2, "strike": "always"}])
def test_when_both_pairs_make_every_bid_of_a_set_neither_earns_the_set_bonus(premia) -> None:
    rules = joker([1, 2], [[1, 2]], ALL_100, pairs=True, dealer_hook=False, premia=premia)
    output = scored(rules, BOTH_PAIRS_SET)
    assert [deal["scores"] for deal in output["deals"]] == [[100, 150], [200, 100]]
    assert output["totals"] == [300, 250]
    said = "Both pairs made every bid in deals 1–2: when both do, neither earns the set bonus."
    assert [explain[-1] for explain in output["deals"][-1]["explain"]] == [said, said]


def test_pairs_need_each_players_tricks() -> None:
    with pytest.raises(GameFileError, match="team_tricks is only for partnership games"):
        scored(PAIRS, [{"bids": [1, 0, 1, 0], "team_tricks": [2, 1]}])


# --- Documents: ranges, refusals, defaults ----------------------------------------------------

BAD = [
    ({"miss_penalty": {"fixed": 100, "short": 0, "over": 0}}, "miss_penalty", "0 or below"),
    ({"miss_penalty": {"fixed": 0, "short": 0, "over": 0}}, "miss_penalty", "Joker's own rule"),
    ({"miss_penalty": {"fixed": -100_001, "short": 0, "over": 0}}, "miss_penalty",
     "at least -100,000"),
    ({"miss_penalty": {"fixed": -200}}, "miss_penalty", "missing short, over"),
    ({"made_pass": -50}, "made_pass", "cannot be negative"),
    ({"made_pass": 100_001}, "made_pass", "at most 100,000"),
    ({"made_pass": "50"}, "made_pass", "whole number"),
    ({"made_pass": 0, "bids": {"min": 1, "max": "n"}}, "made_pass", "passing"),
    ({"pairs": "yes"}, "pairs", "true or false"),
    ({"pairs": True, "partnership": True}, "pairs", "choose pairs or teams"),
    ({"pairs": True, "players": [3, 4]}, "pairs", "exactly 4 players"),
]  # fmt: skip


@pytest.mark.parametrize(("changes", "field", "words"), BAD)
def test_bad_settings_are_refused_in_plain_words(changes: dict, field: str, words: str) -> None:
    with pytest.raises(RulesetError) as error:
        Ruleset.from_document({"base": "joker", **changes})
    assert error.value.field == field
    assert words in error.value.message


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"miss_penalty": {"fixed": -200, "short": 0, "over": 0}}, "miss_penalty", "exact"),
        ({"made_pass": 0}, "made_pass", "exact"),
        ({"pairs": True, "partnership": False}, "pairs", "exact"),
    ],
)
def test_settings_need_exact_scoring(changes: dict, field: str, words: str) -> None:
    with pytest.raises(RulesetError) as error:
        Ruleset.from_document({"base": "back-alley-seven", **changes})
    assert error.value.field == field
    assert words in error.value.message


def test_settings_at_their_defaults_leave_the_document_as_today() -> None:
    spelled = Ruleset.from_document(
        {**builtin_document("joker"), "miss_penalty": None, "made_pass": None, "pairs": False},
        slug="joker",
    )
    assert spelled.document == builtin_document("joker")
    assert (spelled.miss_penalty, spelled.made_pass, spelled.pairs) == (None, None, False)


@pytest.mark.parametrize(
    ("slug", "key"),
    [
        ("joker-pairs", "pairs"),
        ("joker-strike-only", "premia"),
        ("joker-short-100", "miss_penalty"),
        ("joker-flat-200", "miss_penalty"),
        ("joker-off-50", "made_pass"),
    ],
)
def test_ready_made_keeper_rules_play_their_setting(slug: str, key: str) -> None:
    ruleset = Ruleset.from_document(variant_document(slug))
    assert key in ruleset.document
