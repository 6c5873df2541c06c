"""Scoring: at-least and exact targets, boards, rainbows, totals, winners, next and complete."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import expected_schedule, last_deal, lead_in, scored

P = "pass"
B = "board"

# At-least scoring on deal 1, individual rulesets: per_bid x target + over x extra, or
# -set_per_bid x target. Ann deals; bids and tricks by seat.
AT_LEAST = [
    pytest.param("bluke", [4, 2, 1, 3], [4, 5, 0, 4], [40, 23, -10, 31], id="bluke 10/1/10"),
    pytest.param("bluke-new-jersey", [1, 1, 1, 1], [1, 0, 0, 0], [10, -10, -10, -10],
                 id="new jersey on 1 card"),
    pytest.param("back-alley-seven", [2, 0, 4, 1], [2, 3, 1, 1], [10, 3, -20, 5],
                 id="seven 5/1/5 on 7"),
    pytest.param("back-alley-individual", [12, P, P, P], [12, 1, 0, 0], [36, 1, 0, 0],
                 id="individual 3/1/3: 12x3"),
    pytest.param("back-alley-individual", [5, 4, 2, 1], [5, 3, 5, 0], [15, -12, 9, -3],
                 id="individual: set costs 3 a bid trick"),
]  # fmt: skip


@pytest.mark.parametrize(("slug", "bids", "tricks", "scores"), AT_LEAST)
def test_at_least_individual(slug, bids, tricks, scores) -> None:
    assert last_deal(slug, [{"bids": bids, "tricks": tricks}])["scores"] == scores


# Partnerships: the team's target is the sum of its two bids. Deal 1.
TEAMS = [
    pytest.param(
        "back-alley-pagat", [3, 2, 4, 1], [7, 6], [35, 18], id="pagat 3+4=7; 2+1 took 6: 15+3"
    ),
    pytest.param("back-alley-pagat", [3, 2, 4, 1], [6, 7], [-35, 19], id="pagat 7 took 6: -35"),
    pytest.param("back-alley-catsatcards", [7, 0, 6, P], [13, 0], [65, 0], id="cats 7+6=13"),
    pytest.param("back-alley-gamerules", [P, 6, P, 6], [1, 12], [1, 60], id="gamerules 6+6"),
    pytest.param("back-alley-bridge", [4, 4, 4, 4], [8, 4], [80, -80], id="bridge 8 vs 8"),
    pytest.param("back-alley-bridge", [0, 0, 0, 6], [6, 6], [6, 60], id="bridge 0 takes 6: 6"),
]


@pytest.mark.parametrize(("slug", "bids", "team_tricks", "scores"), TEAMS)
def test_at_least_teams(slug, bids, team_tricks, scores) -> None:
    assert last_deal(slug, [{"bids": bids, "team_tricks": team_tricks}])["scores"] == scores


@pytest.mark.parametrize(
    ("tricks", "team_tricks"),
    [([3, 2, 4, 4], [7, 6]), ([0, 6, 7, 0], [7, 6]), ([13, 0, 0, 0], [13, 0])],
)
def test_tricks_by_seat_add_up_to_the_team(tricks, team_tricks) -> None:
    bids = [3, 2, 4, 1]
    by_seat = last_deal("back-alley-pagat", [{"bids": bids, "tricks": tricks}])
    by_team = last_deal("back-alley-pagat", [{"bids": bids, "team_tricks": team_tricks}])
    assert by_seat["scores"] == by_team["scores"]


# Joker on the 9-card deals (deal 9, Ann deals: Bob, Cy, Dee, Ann; no bids add up to 9).
JOKER_9 = [
    pytest.param([9, 0, 0, 1], [9, 0, 0, 0], [1000, 50, 50, 0], id="all 9: 100+100x9=1000"),
    pytest.param([4, 3, 1, 0], [4, 3, 2, 0], [250, 200, 20, 50], id="exact: 50+50x4, 50+50x3"),
    pytest.param([9, 1, 0, 0], [8, 1, 0, 0], [80, 100, 50, 50], id="bid all, took 8: 10x8"),
]


@pytest.mark.parametrize(("bids", "tricks", "scores"), JOKER_9)
def test_joker_nine_cards(bids, tricks, scores) -> None:
    result = last_deal("joker", [*lead_in("joker", 8), {"bids": bids, "tricks": tricks}])
    assert (result["number"], result["cards"], result["dealer"]) == (9, 9, 0)
    # Deal 8 ended set 1: the filler bids (all 0, Ann took every trick) were made only by
    # Bob, Cy and Dee, so this deal's scores carry no bonus of set 1.
    assert result["scores"] == scores


def test_joker_every_set_pays_its_bonus() -> None:
    # All 24 deals: everyone bids 0 and Ann takes every trick (10 a trick, never exact); Bob,
    # Cy and Dee make their 0: 50 a deal, and at the end of each set its best deal (50) again.
    output = scored("joker", [
        {"bids": [0, 0, 0, 0], "tricks": [cards, 0, 0, 0]} for cards in expected_schedule("joker")
    ])  # fmt: skip
    bonus_deals = {8, 12, 20, 24}
    for deal in output["deals"]:
        extra = 50 if deal["number"] in bonus_deals else 0
        assert deal["scores"] == [10 * deal["cards"], 50 + extra, 50 + extra, 50 + extra]
    # Ann: 10 x (36 + 36 + 36 + 36) = 1440; the others: 24 x 50 + 4 x 50 = 1400.
    assert output["totals"] == [1440, 1400, 1400, 1400]
    assert output["winners"] == [0]
    assert output["complete"] is True and output["next"] is None


def test_totals_run_deal_by_deal() -> None:
    deals = [
        {"bids": [3, 2, 4, 1], "team_tricks": [7, 6]},  # 7 made: 35; 3 took 6: 15 + 3 = 18
        {"bids": [P, P, P, P]},  # Bob's 12-card deal thrown in; Cy deals it again
        {"bids": [P, B, P, P], "team_tricks": [0, 12]},  # board on 12: 0, 120
        {"bids": [2, 1, 2, P], "team_tricks": [3, 8]},  # Dee deals 11: 4 took 3: -20; 5 + 7
    ]
    output = scored("back-alley-pagat", deals)
    assert [d["totals"] for d in output["deals"]] == [[35, 18], [35, 18], [35, 138], [15, 150]]
    assert output["totals"] == [15, 150]
    assert output["next"] == {"number": 4, "cards": 10, "dealer": 0}
    assert output["complete"] is False and output["winners"] is None


def balanced_seven() -> list[dict[str, Any]]:
    """Every deal of seven-card Back Alley all-pass, tricks spread so each ends with 14."""
    taken = [0, 0, 0, 0]
    deals = []
    for cards in expected_schedule("back-alley-seven"):
        tricks = [0, 0, 0, 0]
        for _ in range(cards):
            seat = min(range(4), key=lambda s: taken[s] + tricks[s])
            tricks[seat] += 1
        taken = [a + b for a, b in zip(taken, tricks, strict=True)]
        deals.append({"bids": [P, P, P, P], "tricks": tricks})
    return deals


def test_a_tie_gives_several_winners() -> None:
    # 56 tricks in 14 all-pass deals, 14 each, 1 point a trick: everyone has 14.
    output = scored("back-alley-seven", balanced_seven())
    assert output["totals"] == [14, 14, 14, 14]
    assert output["winners"] == [0, 1, 2, 3]


def test_a_tie_of_two() -> None:
    deals = balanced_seven()
    # Last deal (7 cards): Ann and Bob bid 1 instead of passing and each make it: +4 each.
    deals[-1] = {"bids": [1, 1, P, P], "tricks": deals[-1]["tricks"]}
    assert min(deals[-1]["tricks"][:2]) >= 1
    output = scored("back-alley-seven", deals)
    assert output["totals"] == [18, 18, 14, 14]
    assert output["winners"] == [0, 1]


def test_complete_only_after_the_last_slot() -> None:
    slug = "back-alley-bridge"
    almost = scored(slug, lead_in(slug, 12))
    assert almost["complete"] is False and almost["winners"] is None
    assert almost["next"] == {"number": 13, "cards": 13, "dealer": 0}
    done = scored(slug, lead_in(slug, 13))
    assert done["complete"] is True and done["next"] is None
    # The filler: Ann bores alone every deal and takes every trick: 10 x n x 2 a deal.
    assert done["totals"] == [20 * sum(expected_schedule(slug)), 0]
    assert done["winners"] == [0]


def test_a_thrown_in_last_deal_leaves_the_game_incomplete() -> None:
    slug = "back-alley-bridge"
    output = scored(slug, [*lead_in(slug, 12), {"bids": [0, 0, 0, 0]}])
    assert output["complete"] is False
    assert output["next"] == {"number": 13, "cards": 13, "dealer": 0}


def test_explanations_name_the_arithmetic() -> None:
    result = last_deal("back-alley-pagat", [{"bids": [2, P, 1, B], "tricks": [3, 0, 2, 8]}])
    assert result["scores"] == [17, -130]
    ann_cy, bob_dee = result["explain"]
    assert "17" in " ".join(ann_cy)
    assert "-130" in " ".join(bob_dee) and "Dee" in " ".join(bob_dee)
