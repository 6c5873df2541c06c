"""What changed between two rulesets, rule by rule, and which rule changes which deal.

The example a player can check by hand: Back Alley Bridge against Grandpa's
house rules, which pay 5 a bid trick instead of 10 and a rainbow 20 instead
of 10. Ann & Cy play Bob & Dee, Ann deals first, five deals:

1. 12 cards, bids 3 2 1 4, took 4 2 1 5: Ann & Cy bid 4 took 5, 4×10 + 1 = 41
   (Grandpa: 4×5 + 1 = 21); Bob & Dee bid 6 took 7, 61 (31). Scoring.
2. 10 cards, Ann bids board and takes all 10: 10×10×2 = 200 either way. Same.
3. 8 cards, bids 2 3 1 1, took 1 5 1 1: Ann & Cy bid 3 took 2, set -30 either
   way; Bob & Dee bid 4 took 6, 42 (22). Scoring.
4. 6 cards, everyone bids 1, took 1 2 2 1: each team bid 2 took 3, 21 (11). Scoring.
5. 4 cards, Ann bids board and takes all 4: 10×4×2 = 80, and Cy's rainbow +10
   (Grandpa: +20): 90 (100). Rainbows.

Totals: Ann & Cy 322 (302), Bob & Dee 124 (64).
"""

from __future__ import annotations

import pytest

from scorekeeper.house_rules.compare import (
    OneDeal,
    compare,
    judge_difference,
    one_rule_changed,
    what_changed,
)
from scorekeeper.house_rules.words import WORDS, rule_lines, rule_words
from scorekeeper.rules import BOARD, PASS, Ruleset, find_ruleset, number, read_game, score_game
from scorekeeper.rules.parts import ALL_KEYS

BRIDGE = find_ruleset("back-alley-bridge")
GRANDPA = Ruleset.from_document(
    {
        "base": "back-alley-bridge",
        "name": "Grandpa's rules",
        "scoring": {"type": "at-least", "per_bid": 5, "over": 1, "set_per_bid": 10},
        "rainbow": {"bonus": 20},
    }
)
GAME = {
    "ruleset": "back-alley-bridge",
    "players": ["Ann", "Bob", "Cy", "Dee"],
    "first_dealer": 0,
    "deals": [
        {"bids": [3, 2, 1, 4], "tricks": [4, 2, 1, 5]},
        {"bids": ["board", "pass", "pass", "pass"], "tricks": [10, 0, 0, 0]},
        {"bids": [2, 3, 1, 1], "tricks": [1, 5, 1, 1]},
        {"bids": [1, 1, 1, 1], "tricks": [1, 2, 2, 1]},
        {"bids": ["board", "pass", "pass", "pass"], "tricks": [4, 0, 0, 0], "rainbows": [2]},
    ],
}


def test_every_rule_of_the_document_has_its_words() -> None:
    assert set(WORDS) == set(ALL_KEYS)


def test_what_changed_says_each_rule_that_differs_in_plain_words() -> None:
    lines = [line for change in what_changed(BRIDGE, GRANDPA) for line in change.lines]
    assert lines == ["Points per bid: 10 → 5", "Rainbows: a bonus of 10 → a bonus of 20"]
    assert what_changed(BRIDGE, BRIDGE) == ()


@pytest.mark.parametrize(
    ("ours", "theirs", "line"),
    [
        ("joker", "back-alley-seven", "Boards: none → 10 a trick × 1, 2, 3, 4"),
        ("joker", "back-alley-seven", "Highest bid: n → n−1"),
        ("joker", "back-alley-seven", "Deck: 36 cards → 54 cards"),
        ("bluke", "back-alley-pagat", "Lowest bid: 1 → pass (0)"),
        ("bluke", "back-alley-pagat", "Teams: none, each plays for themself → two teams of two"),
        ("back-alley-pagat", "back-alley-bridge", "Boards: 10 a trick × 1, 2, 3, 4 →"),
        ("back-alley-pagat", "back-alley-bridge", "When everyone passes: thrown in"),
        ("back-alley-pagat", "joker", "Scoring: at least the bid, points per bid 5"),
    ],
)  # fmt: skip
def test_what_changed_between_builtins(ours: str, theirs: str, line: str) -> None:
    lines = [
        line
        for change in what_changed(find_ruleset(ours), find_ruleset(theirs))
        for line in change.lines
    ]
    assert any(said.startswith(line) for said in lines), lines


def test_a_rule_without_words_yet_is_still_listed_by_its_value() -> None:
    words = rule_words(BRIDGE, "some_new_rule")
    assert words.facts == (("Some new rule", "null"),)


def test_each_deal_is_marked_with_the_rule_that_changes_it() -> None:
    comparison = compare(score_game(read_game(GAME)), GRANDPA)
    assert comparison.problem is None
    scores = [[(line.ours, line.theirs) for line in deal.lines] for deal in comparison.deals]
    assert scores == [
        [(41, 21), (61, 31)],
        [(200, 200), (0, 0)],
        [(-30, -30), (42, 22)],
        [(21, 11), (21, 11)],
        [(90, 100), (0, 0)],
    ]
    assert [deal.because for deal in comparison.deals] == [
        ("Scoring",),
        (),
        ("Scoring",),
        ("Scoring",),
        ("Rainbows",),
    ]
    assert [deal.differs for deal in comparison.deals] == [True, False, True, True, True]
    assert [(line.ours, line.theirs) for line in comparison.totals] == [(322, 302), (124, 64)]


def test_a_rule_that_cannot_change_alone_is_not_tried_alone() -> None:
    # Bluke's schedule lists 2 to 15 players: five players alone is not a ruleset.
    five = Ruleset.from_document({"base": "bluke", "players": [5, 5], "schedule": [3, 2, 1]})
    assert one_rule_changed(find_ruleset("bluke"), five, "players") is None
    alone = one_rule_changed(find_ruleset("bluke"), five, "schedule")
    assert alone is not None and alone.schedule(15) == (3, 2, 1)


def test_the_calculator_says_which_rule_changes_one_deal() -> None:
    # 4 cards, Dee deals: Ann bids board and takes all 4; Cy holds a rainbow. Dee's set
    # costs 10 a trick under both, so only the rainbow (+10, Grandpa +20) changes the deal.
    board = OneDeal(
        ("Ann", "Bob", "Cy", "Dee"), 3, 4, (BOARD, PASS, PASS, number(1)), (4, 0, 0, 0), (2,)
    )
    difference = judge_difference(board, BRIDGE, GRANDPA)
    assert difference.differs and difference.because == ("Rainbows",)
    # Ann bids 3 and takes 3: 3×10 + 10 = 40 against 3×5 + 20 = 35: both rules change it.
    made = OneDeal(
        ("Ann", "Bob", "Cy", "Dee"), 3, 4, (number(3), PASS, PASS, PASS), (3, 1, 0, 0), (2,)
    )
    difference = judge_difference(made, BRIDGE, GRANDPA)
    assert difference.because == ("Scoring", "Rainbows")
    assert (difference.differs, difference.changes) == (True, what_changed(BRIDGE, GRANDPA))


def test_the_rules_box_prints_a_house_ruleset_s_own_numbers() -> None:
    text = " ".join(rule_lines(GRANDPA))
    assert "Made (took at least the bid): 5 × bid + 1 per overtrick. Set: -10 × bid." in text
    assert "earns +20 for the team" in text


# The score keepers' rules in words: "what changed", the rules box, the rules page -------------

KEEPERS = [
    pytest.param(
        "joker-short-100",
        "Missed bid penalty: none → −100 a trick short",
        "Missed bid: −100 a trick short.",
        "scores −100 a trick short instead of the tricks taken",
        id="jokerscore",
    ),
    pytest.param(
        "joker-off-50",
        "Missed bid penalty: none → −50 a trick off the bid",
        "Made pass (bid 0, took none): 50.",
        "A pass (a bid of 0) taken exactly, no trick at all, scores 50",
        id="void-mafia, first tables",
    ),
    pytest.param(
        "joker-flat-200",
        "Bid all and took all: 100 + 100 a trick → 0 + 100 a trick",
        "Missed bid: −200.",
        "misses the bid, short or over, scores −200 instead of the tricks taken",
        id="void-mafia, later tables",
    ),
    pytest.param(
        "joker-strike-only",
        "Premia (set bonus): best deal of the set → nothing for the earner (it only strikes)",
        "Made every bid of a set: no bonus, but the others' best deal of the set is struck",
        "earns, at the end of the set, nothing of their own",
        id="JokerApp's strike alone",
    ),
    pytest.param(
        "joker-pairs",
        "Pairs: none → seats 1 & 3 against 2 & 4, scores added",
        "Pairs: seats 1 & 3 against 2 & 4; each scores for themself, the pair adds the two.",
        "A pair whose two players both make every bid exactly in a set earns",
        id="Joker Score's pairs",
    ),
]


@pytest.mark.parametrize(("slug", "changed", "box", "sentence"), KEEPERS)
def test_the_keepers_rules_are_said_at_every_length(
    slug: str, changed: str, box: str, sentence: str
) -> None:
    from scorekeeper.house_rules.words import describe
    from scorekeeper.rules.variants import ready_made_ruleset

    theirs = ready_made_ruleset(slug)
    lines = [
        line for change in what_changed(find_ruleset("joker"), theirs) for line in change.lines
    ]
    assert changed in lines
    assert any(box in line for line in rule_lines(theirs))
    sentences = " ".join(s for section in describe(theirs) for s in section.sentences)
    assert sentence in sentences
