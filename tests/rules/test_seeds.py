"""Every worked example of the seed documents, as a case a player can check by hand.

Unless a test says otherwise, the players are Ann, Bob, Cy, Dee in seats 0-3 and Ann deals
first, so on deal 1 the bidding order is Bob, Cy, Dee, Ann (individual Back Alley: Dee, Ann,
Bob, Cy). In partnerships Ann & Cy are side 0 and Bob & Dee side 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import IllegalBid, ScoreError, score

from .conftest import expected_schedule, game, last_deal, lead_in, scored

P = "pass"
B = "board"


def deal(bids: list[Any], tricks: list[int] | None = None, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"bids": bids, **extra}
    if tricks is not None:
        out["tricks"] = tricks
    return out


def team(bids: list[Any], team_tricks: list[int], **extra: Any) -> dict[str, Any]:
    return {"bids": bids, "team_tricks": team_tricks, **extra}


# --- seed 000: pagat.com partnership Back Alley ------------------------------------------

PAGAT_13 = [
    # bids by seat (Ann, Bob, Cy, Dee), team tricks (Ann & Cy, Bob & Dee), scores
    pytest.param([1, P, 4, P], [5, 8], [25, 8], id="bids 1 and 4 aim at 5: 5x5=25; 0 bid: 8x1"),
    pytest.param([1, P, 4, P], [7, 6], [27, 6], id="1+4 took 7: 5x5 + 2 over = 27"),
    pytest.param([1, P, 4, P], [4, 9], [-25, 9], id="1+4 took 4: set, -5x5 = -25"),
    pytest.param([P, 2, 3, 2], [3, 10], [15, 26], id="pass and 3 aim at 3: 15; 2+2 took 10: 20+6"),
    pytest.param([P, 2, 3, 2], [2, 11], [-15, 27], id="pass+3 took 2: -15; 2+2 took 11: 20+7"),
    pytest.param([P, 5, P, P], [4, 9], [4, 29], id="both pass: 1 a trick = 4; 5 took 9: 25+4"),
    pytest.param([P, 5, P, P], [0, 13], [0, 33], id="both pass, no trick: 0; 5 took 13: 25+8"),
    pytest.param([12, P, P, P], [12, 1], [60, 1], id="n-1 = 12 is the highest bid: 12x5 = 60"),
]


@pytest.mark.parametrize(("bids", "team_tricks", "scores"), PAGAT_13)
def test_seed000_numeric_targets_on_13_cards(bids, team_tricks, scores) -> None:
    assert last_deal("back-alley-pagat", [team(bids, team_tricks)])["scores"] == scores


def test_seed000_bid_above_n_minus_1_is_refused() -> None:
    # "The maximum number bid allowed is one less than the number of cards dealt."
    with pytest.raises(IllegalBid, match="at most 12"):
        score(game("back-alley-pagat", [team([13, P, P, P], [13, 0])]))


# Deal 9 of back-alley-pagat has 5 cards; Ann deals it (8 deals after her first), so the
# bidding order is Bob, Cy, Dee, Ann and the k-th "board" said is Bob's, Cy's, Dee's, Ann's.
PAGAT_5_CARD_BOARDS = [
    pytest.param([P, B, P, P], [0, 5], [0, 50], id="board made in a five card hand: 10x5 = 50"),
    pytest.param([P, B, P, P], [1, 4], [1, -50], id="board failed in a five card hand: -50"),
    pytest.param([P, B, P, 3], [0, 5], [0, 50], id="partner's 3 beside a board does not count"),
    pytest.param([2, B, 1, 3], [1, 4], [-15, -50], id="partner's 3 ignored: board lost, -50"),
    pytest.param([P, B, B, P], [5, 0], [100, -50], id="Cy's double board: 10x5x2 = 100"),
    pytest.param([P, B, B, B], [0, 5], [-100, 150], id="Dee's triple: 10x5x3 = 150, Cy's -100"),
    pytest.param([B, B, B, B], [5, 0], [200, -150], id="Ann's quadruple: 10x5x4 = 200"),
    pytest.param([B, B, B, B], [0, 5], [-200, 150], id="team level is its highest board"),
    pytest.param([P, B, 4, B], [0, 5], [-20, 100], id="Bob single, Dee double: team x2 = 100"),
]


@pytest.mark.parametrize(("bids", "team_tricks", "scores"), PAGAT_5_CARD_BOARDS)
def test_seed000_boards_in_a_five_card_hand(bids, team_tricks, scores) -> None:
    result = last_deal(
        "back-alley-pagat", [*lead_in("back-alley-pagat", 8), team(bids, team_tricks)]
    )
    assert (result["number"], result["cards"], result["dealer"]) == (9, 5, 0)
    assert result["scores"] == scores


PAGAT_LEADERS = [
    pytest.param([2, 3, 1, P], 1, id="the highest bidder leads: Bob's 3"),
    pytest.param([1, 2, 3, 3], 2, id="tie of 3s: Cy bid before Dee"),
    pytest.param([3, 1, P, 3], 3, id="tie of 3s: Dee bid before Ann (the dealer bids last)"),
    pytest.param([P, B, 5, B], 3, id="two boards: the last of them (Dee) leads"),
    pytest.param([B, B, 12, P], 0, id="Ann's board is said after Bob's: Ann leads"),
]


@pytest.mark.parametrize(("bids", "leader"), PAGAT_LEADERS)
def test_seed000_leader(bids, leader) -> None:
    assert last_deal("back-alley-pagat", [team(bids, [6, 7])])["leader"] == leader


def test_seed000_all_pass_is_thrown_in_and_the_next_dealer_deals_13_again() -> None:
    output = scored("back-alley-pagat", [deal([P, P, P, P]), team([1, P, P, P], [1, 12])])
    thrown, replay = output["deals"]
    assert thrown == {
        "number": 1, "cards": 13, "dealer": 0, "leader": None, "thrown_in": True,
        "scores": None, "totals": [0, 0], "explain": None,
    }  # fmt: skip
    assert (replay["number"], replay["cards"], replay["dealer"]) == (1, 13, 1)
    # Bob deals the replay, so Cy bids first; Ann's 1 is the only bid: she leads. 5 + 0 over.
    assert replay["scores"] == [5, 12]
    assert replay["leader"] == 0
    assert output["next"] == {"number": 2, "cards": 12, "dealer": 2}


def test_seed000_game_is_26_deals() -> None:
    assert expected_schedule("back-alley-pagat") == [*range(13, 0, -1), *range(1, 14)]
    output = scored("back-alley-pagat", lead_in("back-alley-pagat", 26))
    assert [d["cards"] for d in output["deals"]] == expected_schedule("back-alley-pagat")
    assert output["complete"] is True and output["next"] is None


# --- seed 001: gamerules.com Back Alley, 25 deals ----------------------------------------


def test_seed001_game_is_25_deals_with_one_single_card_deal() -> None:
    output = scored("back-alley-gamerules", lead_in("back-alley-gamerules", 25))
    cards = [d["cards"] for d in output["deals"]]
    assert cards == [*range(13, 0, -1), *range(2, 14)]
    assert cards.count(1) == 1
    assert output["complete"] is True


def test_seed001_thirteen_cards_allow_a_bid_of_twelve_not_thirteen() -> None:
    # "for thirteen cards a maximum bid of 12 may be made": 12 made = 12 x 5 = 60.
    assert last_deal("back-alley-gamerules", [team([P, 12, P, P], [0, 13])])["scores"] == [0, 61]
    with pytest.raises(IllegalBid):
        score(game("back-alley-gamerules", [team([P, 13, P, P], [0, 13])]))


@pytest.mark.parametrize(
    ("bids", "team_tricks", "scores"),
    [
        pytest.param([P, B, P, P], [0, 13], [0, 130], id="board 10 a trick: 10x13 = 130"),
        pytest.param([P, B, B, P], [13, 0], [260, -130], id="double board x2: 260"),
        pytest.param([P, B, B, B], [0, 13], [-260, 390], id="triple board x3: 390"),
        pytest.param([B, B, B, B], [13, 0], [520, -390], id="quadruple board x4: 520"),
        pytest.param([2, 3, 1, 2], [4, 9], [16, 29], id="3 took 4: 15+1; 5 took 9: 25+4"),
    ],
)
def test_seed001_scoring(bids, team_tricks, scores) -> None:
    assert last_deal("back-alley-gamerules", [team(bids, team_tricks)])["scores"] == scores


def test_seed001_all_pass_redealt_by_the_next_dealer() -> None:
    output = scored("back-alley-gamerules", [deal([P, P, P, P])])
    assert output["deals"][0]["thrown_in"] is True
    assert output["next"] == {"number": 1, "cards": 13, "dealer": 1}


# --- seed 002: Bluke ----------------------------------------------------------------------

BLUKE_13 = [
    # bids and tricks by seat; scores
    pytest.param([3, 4, 2, 1], [3, 5, 2, 3], [30, 41, 20, 12], id="10 a bid trick, 1 over"),
    pytest.param([3, 4, 2, 1], [2, 4, 0, 7], [-30, 40, -20, 16], id="set: -10 a bid trick"),
    pytest.param([13, 1, 1, 1], [13, 0, 0, 0], [130, -10, -10, -10], id="a bid may be all 13"),
    pytest.param([1, 1, 1, 1], [0, 13, 0, 0], [-10, 22, -10, -10], id="1 took 13: 10 + 12"),
]


@pytest.mark.parametrize(("bids", "tricks", "scores"), BLUKE_13)
def test_seed002_bluke_scoring(bids, tricks, scores) -> None:
    result = last_deal("bluke", [deal(bids, tricks)])
    assert result["scores"] == scores
    assert result["leader"] == 1  # the player left of the dealer leads, whatever the bids


@pytest.mark.parametrize("bid", [0, P, "0"])
def test_seed002_bluke_minimum_bid_is_one(bid) -> None:
    with pytest.raises(IllegalBid, match="at least 1") as caught:
        score(game("bluke", [deal([1, bid, 1, 1], [13, 0, 0, 0])]))
    assert caught.value.player == "Bob"


@pytest.mark.parametrize(
    ("players", "deals", "first_cards"),
    [
        pytest.param(2, 25, 13, id="2 players: 13…1…13"),
        pytest.param(3, 25, 13, id="3 players"),
        pytest.param(4, 25, 13, id="4 players"),
        pytest.param(5, 19, 10, id="5 players: 19 deals (Decision, not the chart's 21)"),
        pytest.param(6, 15, 8, id="6 players: 15 rounds, 8 cards"),
        pytest.param(7, 13, 7, id="7 players: 13 rounds, 7 cards"),
        pytest.param(8, 11, 6, id="8 players: 11 rounds, 6 cards"),
        pytest.param(9, 9, 5, id="9 players: 9 rounds, 5 cards"),
        pytest.param(10, 9, 5, id="10 players: 9 rounds, 5 cards"),
        pytest.param(11, 7, 4, id="11 players: 7 rounds, 4 cards"),
        pytest.param(12, 7, 4, id="12 players"),
        pytest.param(13, 7, 4, id="13 players"),
        pytest.param(14, 5, 3, id="14 players: 5 rounds, 3 cards"),
        pytest.param(15, 5, 3, id="15 players"),
    ],
)
def test_seed002_bluke_chart(players: int, deals: int, first_cards: int) -> None:
    names = [f"P{i}" for i in range(players)]
    for slug in ("bluke", "bluke-new-jersey"):
        output = scored(slug, lead_in(slug, deals, players), players=names)
        cards = [d["cards"] for d in output["deals"]]
        assert len(cards) == deals and output["complete"] is True
        top = first_cards
        if slug == "bluke":
            assert cards == [*range(top, 0, -1), *range(2, top + 1)]
        else:
            assert cards == [*range(1, top + 1), *range(top - 1, 0, -1)]
        assert max(cards) * players <= 54


def test_seed002_new_jersey_bluke_starts_with_one_card() -> None:
    # 1 card, Ann deals, Bob bids 1 and takes it: 10; the others bid 1 and are set: -10.
    result = last_deal("bluke-new-jersey", [deal([1, 1, 1, 1], [0, 1, 0, 0])])
    assert (result["cards"], result["scores"], result["leader"]) == (1, [-10, 10, -10, -10], 1)


# --- seed 002: CatsAtCards partnership Back Alley ------------------------------------------

CATS_13 = [
    pytest.param([P, 13, P, P], [0, 13], [0, 65], id="a bid may equal n: 13 x 5 = 65"),
    pytest.param([P, B, P, P], [0, 13], [0, 130], id="board: 10 x 13 cards dealt = 130"),
    pytest.param([P, B, P, P], [1, 12], [1, -130], id="board lost: -130"),
    pytest.param([P, B, B, P], [13, 0], [260, -130], id="double board doubled: 260"),
    pytest.param([P, 3, P, 2], [6, 7], [6, 27], id="team bid 0 wins 1 a trick: 6; 5 took 7: 27"),
    pytest.param([P, 3, P, 2], [0, 13], [0, 33], id="team bid 0, no tricks: 0"),
]


@pytest.mark.parametrize(("bids", "team_tricks", "scores"), CATS_13)
def test_seed002_catsatcards_scoring(bids, team_tricks, scores) -> None:
    assert last_deal("back-alley-catsatcards", [team(bids, team_tricks)])["scores"] == scores


def test_seed002_catsatcards_all_pass_redealt_by_the_same_dealer() -> None:
    output = scored("back-alley-catsatcards", [deal([P, P, 0, P]), team([P, 1, P, P], [0, 13])])
    assert [(d["number"], d["dealer"], d["thrown_in"]) for d in output["deals"]] == [
        (1, 0, True),
        (1, 0, False),
    ]
    assert output["next"] == {"number": 2, "cards": 12, "dealer": 1}


def test_seed002_catsatcards_is_26_deals() -> None:
    output = scored("back-alley-catsatcards", lead_in("back-alley-catsatcards", 26))
    assert [d["cards"] for d in output["deals"]] == [*range(13, 0, -1), *range(1, 14)]


# --- seed 002: individual Back Alley ------------------------------------------------------

INDIVIDUAL_13 = [
    # Ann deals; Dee (her right) bids first, then Ann, Bob, Cy.
    pytest.param([3, 0, 2, 4], [3, 2, 4, 4], [9, 2, 8, 12], id="3/trick, 1 over, bid 0: 1/trick"),
    pytest.param([3, P, 2, 4], [1, 0, 8, 4], [-9, 0, 12, 12], id="set: -3 a bid trick; pass, 0"),
    pytest.param([B, P, P, P], [13, 0, 0, 0], [78, 0, 0, 0], id="board: 6 x 13 = 78"),
    pytest.param([B, P, P, P], [12, 1, 0, 0], [-78, 1, 0, 0], id="board lost: -78"),
    pytest.param([B, B, P, P], [0, 13, 0, 0], [-78, 78, 0, 0], id="no double: Bob's 2nd board x1"),
]


@pytest.mark.parametrize(("bids", "tricks", "scores"), INDIVIDUAL_13)
def test_seed002_individual_scoring(bids, tricks, scores) -> None:
    assert last_deal("back-alley-individual", [deal(bids, tricks)])["scores"] == scores


@pytest.mark.parametrize(
    ("bids", "tricks", "scores"),
    [
        pytest.param([B, P, P, P], [1, 0, 0, 0], [13, 0, 0, 0], id="board on 1 card won: +13"),
        pytest.param([B, P, P, P], [0, 1, 0, 0], [-13, 0, 0, 0], id="lost: -13; pass wins 0"),
        pytest.param([P, B, B, P], [0, 0, 1, 0], [0, -13, 13, 0], id="two boards, each x1"),
        pytest.param([P, P, P, B], [1, 0, 0, 0], [0, 0, 0, -13], id="a pass taking it: 0"),
    ],
)
def test_seed002_individual_one_card_deals(bids, tricks, scores) -> None:
    slug = "back-alley-individual"
    output = scored(slug, [*lead_in(slug, 12), deal(bids, tricks), deal(bids, tricks)])
    first_one, second_one = output["deals"][-2:]
    assert (first_one["number"], first_one["cards"]) == (13, 1)
    assert (second_one["number"], second_one["cards"]) == (14, 1)
    assert first_one["scores"] == scores and second_one["scores"] == scores
    assert output["complete"] is True


def test_seed002_individual_one_card_deal_allows_only_pass_or_board() -> None:
    slug = "back-alley-individual"
    with pytest.raises(IllegalBid, match="pass or bid board") as caught:
        score(game(slug, [*lead_in(slug, 12), deal([1, P, P, P], [1, 0, 0, 0])]))
    assert (caught.value.deal, caught.value.player) == (13, "Ann")


def test_seed002_individual_bidding_starts_right_of_the_dealer() -> None:
    # Ann deals; Dee bids first, Ann (the dealer) second. Ann's 2 and Bob's 2 tie: Ann leads.
    assert last_deal("back-alley-individual", [deal([2, 2, 0, 1], [4, 4, 4, 1])])["leader"] == 0
    # Dee's 2 and Ann's 2 tie: Dee said it first.
    assert last_deal("back-alley-individual", [deal([2, 1, 0, 2], [4, 4, 4, 1])])["leader"] == 3
    # Three players, Bob deals: Ann (his right) bids first, then Bob, then Cy. All say 2.
    three = last_deal(
        "back-alley-individual", [deal([2, 2, 2], [5, 4, 4])], players=["Ann", "Bob", "Cy"],
        first_dealer=1,
    )  # fmt: skip
    assert three["leader"] == 0


def test_seed002_individual_all_pass_redealt_by_the_same_dealer() -> None:
    output = scored("back-alley-individual", [deal([P, P, P, P])])
    assert output["deals"][0]["thrown_in"] is True
    assert output["next"] == {"number": 1, "cards": 13, "dealer": 0}


def test_seed002_individual_is_14_deals() -> None:
    output = scored("back-alley-individual", lead_in("back-alley-individual", 14))
    assert [d["cards"] for d in output["deals"]] == [*range(13, 0, -1), 1]
    assert output["complete"] is True


# --- seed 002: Joker ----------------------------------------------------------------------


def test_seed002_joker_schedule() -> None:
    output = scored("joker", lead_in("joker", 24))
    assert [d["cards"] for d in output["deals"]] == [
        *range(1, 9), 9, 9, 9, 9, *range(8, 0, -1), 9, 9, 9, 9,
    ]  # fmt: skip


JOKER_1_CARD = [
    # Ann deals; Bob, Cy, Dee bid, Ann last.
    pytest.param([0, 0, 0, 0], [1, 0, 0, 0], [10, 50, 50, 50], id="exact 0: 50; missed: 10x1"),
    pytest.param([1, 1, 0, 0], [0, 1, 0, 0], [0, 200, 50, 50], id="bid all 1, took it: 100+100"),
    pytest.param([1, 1, 0, 0], [1, 0, 0, 0], [200, 0, 50, 50], id="missed with 0 tricks: 0"),
]


@pytest.mark.parametrize(("bids", "tricks", "scores"), JOKER_1_CARD)
def test_seed002_joker_one_card_deal(bids, tricks, scores) -> None:
    result = last_deal("joker", [deal(bids, tricks)])
    assert result["scores"] == scores
    assert result["leader"] == 1  # left of the dealer


def test_seed002_joker_exact_on_three_cards() -> None:
    # Deal 3 (3 cards), Cy deals; Dee 1, Ann 1, Bob 0, Cy 0 adds up to 2, not 3.
    # Ann and Dee take exactly 1: 50 + 50 = 100; Bob bid 0 took 1: 10; Cy exactly 0: 50.
    result = last_deal("joker", [*lead_in("joker", 2), deal([1, 0, 0, 1], [1, 1, 0, 1])])
    assert (result["cards"], result["dealer"], result["scores"]) == (3, 2, [100, 10, 50, 100])
    # Ann bids all three and takes them: 100 + 100 x 3 = 400.
    result = last_deal("joker", [*lead_in("joker", 2), deal([3, 0, 1, 0], [3, 0, 0, 0])])
    assert result["scores"] == [400, 50, 0, 50]


def test_seed002_joker_dealer_hook() -> None:
    # Bob, Cy, Dee pass on 1 card; Ann deals and may not bid 1 (0+0+0+1 = 1).
    with pytest.raises(IllegalBid, match="dealer's hook") as caught:
        score(game("joker", [deal([1, 0, 0, 0], [1, 0, 0, 0])]))
    assert (caught.value.deal, caught.value.player) == (1, "Ann")
    # When Bob deals (Cy, Dee, Ann, Bob), Ann's 1 is fine and it is Bob who may not say 0.
    with pytest.raises(IllegalBid, match="dealer's hook") as caught:
        score(game("joker", [deal([1, 0, 0, 0], [1, 0, 0, 0])], first_dealer=1))
    assert caught.value.player == "Bob"
    # Bob bids 1 instead (total 2): Ann takes all of 1: 100 + 100; Bob missed with 0: 0.
    result = last_deal("joker", [deal([1, 1, 0, 0], [1, 0, 0, 0])], first_dealer=1)
    assert result["scores"] == [200, 0, 50, 50]


def joker_set_one(ann_misses_deal_7: bool = False) -> list[dict[str, Any]]:
    """Deals 1-8: Ann bids 0 and takes 0 except deal 5 (bids 2, takes 2); Bob takes the rest."""
    deals = []
    for cards in range(1, 9):
        bids = [0, 0, 0, 0]
        tricks = [0, cards, 0, 0]
        if cards == 5:
            bids = [2, 0, 0, 0]  # adds up to 2, not 5
            tricks = [2, 3, 0, 0]
        if cards == 7 and ann_misses_deal_7:
            tricks = [1, 6, 0, 0]
        deals.append(deal(bids, tricks))
    return deals


def test_seed002_joker_set_bonus_is_the_best_deal_of_the_set() -> None:
    output = scored("joker", joker_set_one())
    scores = [d["scores"] for d in output["deals"]]
    # Ann: 50 on each deal, 50 + 2 x 50 = 150 on deal 5; every bid made, so deal 8 gets +150.
    assert [s[0] for s in scores] == [50, 50, 50, 50, 150, 50, 50, 50 + 150]
    # Cy and Dee made 0 every time: 50 a deal and a bonus of 50 on deal 8.
    assert [s[2] for s in scores] == [50] * 7 + [100]
    assert [s[3] for s in scores] == [50] * 7 + [100]
    # Bob bid 0 and took 1, 2, 3, 4, 3, 6, 7, 8: 10 a trick, no bonus.
    assert [s[1] for s in scores] == [10, 20, 30, 40, 30, 60, 70, 80]
    assert output["totals"] == [650, 340, 450, 450]
    assert output["next"] == {"number": 9, "cards": 9, "dealer": 0}


def test_seed002_joker_no_set_bonus_after_one_miss() -> None:
    output = scored("joker", joker_set_one(ann_misses_deal_7=True))
    ann = [d["scores"][0] for d in output["deals"]]
    # Deal 7: bid 0, took 1: 10. No bonus on deal 8.
    assert ann == [50, 50, 50, 50, 150, 50, 10, 50]
    assert output["totals"][0] == 460


def test_seed002_joker_no_bonus_before_the_set_ends() -> None:
    output = scored("joker", joker_set_one()[:7])
    assert output["totals"][0] == 50 * 6 + 150


# --- seed 003: Back Alley Bridge ----------------------------------------------------------

BRIDGE_12 = [
    # Deal 1 has 12 cards. Ann & Cy bid 1 + 2 = 3 (Bob and Dee 0) unless the id says otherwise.
    pytest.param([1, 0, 2, 0], [3, 9], [30, 9], id="bid 3 won 3: 3x10x1 = 30; 0 bid: 9x1"),
    pytest.param([1, 0, 2, 0], [5, 7], [32, 7], id="bid 3 won 5: 30 + 2 = 32"),
    pytest.param([1, 0, 2, 0], [2, 10], [-30, 10], id="bid 3 won 2: -30"),
    pytest.param([0, B, 0, 0], [0, 12], [0, 240], id="bore won all 12: 12x10x2 = 240"),
    pytest.param([0, B, 0, 0], [1, 11], [1, -240], id="bore won 11 of 12: -240"),
    pytest.param([0, B, B, 0], [12, 0], [480, -240], id="2B: x4 = 480"),
    pytest.param([0, B, B, B], [0, 12], [-480, 960], id="3B: x8 = 960"),
    pytest.param([B, B, B, B], [12, 0], [1920, -960], id="4B: x16 = 1920"),
    pytest.param([12, 0, 0, 0], [12, 0], [120, 0], id="a bid may equal n: 12x10"),
]


@pytest.mark.parametrize(("bids", "team_tricks", "scores"), BRIDGE_12)
def test_seed003_scoring_table(bids, team_tricks, scores) -> None:
    result = last_deal("back-alley-bridge", [team(bids, team_tricks)])
    assert (result["cards"], result["scores"]) == (12, scores)


BRIDGE_RAINBOWS = [
    # Deal 5 has 4 cards and Ann deals it.
    pytest.param([1, 1, 1, 1], [2, 2], [0], [30, 20], id="bid 2 with rainbow: 20 + 10 = 30"),
    pytest.param([2, 1, 1, 0], [1, 3], [2], [-20, 12], id="set with rainbow: -30 + 10"),
    pytest.param([1, 1, 1, 1], [2, 2], [0, 2], [40, 20], id="two rainbows: +20"),
    pytest.param([0, 1, 0, 0], [1, 3], [1, 0], [11, 22], id="one each; bid 0 took 1: 1+10"),
    pytest.param([0, B, 0, 0], [0, 4], [3], [0, 90], id="bore 4x10x2 = 80, rainbow +10"),
    pytest.param([0, B, 0, 0], [1, 3], [3], [1, -70], id="bore lost -80, rainbow +10"),
]


@pytest.mark.parametrize(("bids", "team_tricks", "rainbows", "scores"), BRIDGE_RAINBOWS)
def test_seed003_rainbow_bonus(bids, team_tricks, rainbows, scores) -> None:
    slug = "back-alley-bridge"
    result = last_deal(slug, [*lead_in(slug, 4), team(bids, team_tricks, rainbows=rainbows)])
    assert (result["number"], result["cards"]) == (5, 4)
    assert result["scores"] == scores


def test_seed003_rainbows_only_count_on_the_4_card_deal() -> None:
    with pytest.raises(ScoreError, match="4-card") as caught:
        score(game("back-alley-bridge", [team([1, 1, 1, 1], [6, 6], rainbows=[0])]))
    assert caught.value.deal == 1


def test_seed003_both_teams_bid_0_redealt_by_the_same_dealer() -> None:
    output = scored("back-alley-bridge", [deal([0, P, 0, "0"]), team([P, 1, 0, 0], [0, 12])])
    assert [(d["number"], d["cards"], d["dealer"], d["thrown_in"]) for d in output["deals"]] == [
        (1, 12, 0, True),
        (1, 12, 0, False),
    ]
    # Bob bid 1, took 12 with Dee: 10 + 11 = 21.
    assert output["totals"] == [0, 21]


def test_seed003_one_team_bidding_0_is_played() -> None:
    # Ann & Cy bid 0 (1 a trick), Bob & Dee 3 + 0.
    result = last_deal("back-alley-bridge", [team([0, 3, 0, 0], [4, 8])])
    assert (result["thrown_in"], result["scores"]) == (False, [4, 35])


@pytest.mark.parametrize(
    ("bids", "leader"),
    [
        pytest.param([2, 5, 3, 5], 1, id="highest bid leads, earliest of a tie"),
        pytest.param([12, B, 0, 0], 1, id="a bore outranks every number"),
        pytest.param([B, B, 0, B], 0, id="the last bore said leads (Ann bids last)"),
        pytest.param([0, 0, 0, 1], 3, id="Dee's 1 is the only bid"),
    ],
)
def test_seed003_leader(bids, leader) -> None:
    assert last_deal("back-alley-bridge", [team(bids, [6, 6])])["leader"] == leader


def test_seed003_is_13_deals() -> None:
    output = scored("back-alley-bridge", lead_in("back-alley-bridge", 13))
    assert [d["cards"] for d in output["deals"]] == [12, 10, 8, 6, 4, 2, 1, 3, 5, 7, 9, 11, 13]
    assert output["complete"] is True


# --- seed 004: seven-card Back Alley ------------------------------------------------------

SEVEN_3_CARD_BOARDS = [
    # Deal 5 has 3 cards; Ann deals, so Bob, Cy, Dee, Ann say the 1st … 4th board.
    pytest.param([P, B, P, P], [0, 3, 0, 0], [0, 30, 0, 0], id="board on 3 cards: 30"),
    pytest.param([P, B, P, P], [1, 2, 0, 0], [1, -30, 0, 0], id="board lost: -30"),
    pytest.param([B, B, B, B], [3, 0, 0, 0], [120, -30, -60, -90], id="30/60/90/120, Ann 4xBoard"),
    pytest.param([B, B, B, B], [0, 3, 0, 0], [-120, 30, -60, -90], id="Bob's single made: 30"),
    pytest.param([P, B, B, P], [0, 0, 3, 0], [0, -30, 60, 0], id="2xBoard made: 60"),
    pytest.param([P, B, B, B], [0, 0, 0, 3], [0, -30, -60, 90], id="3xBoard made: 90"),
]


@pytest.mark.parametrize(("bids", "tricks", "scores"), SEVEN_3_CARD_BOARDS)
def test_seed004_boards_on_three_cards(bids, tricks, scores) -> None:
    slug = "back-alley-seven"
    result = last_deal(slug, [*lead_in(slug, 4), deal(bids, tricks)])
    assert (result["number"], result["cards"], result["dealer"]) == (5, 3, 0)
    assert result["scores"] == scores


def test_seed004_double_board_leads() -> None:
    slug = "back-alley-seven"
    result = last_deal(slug, [*lead_in(slug, 4), deal([2, B, B, 1], [0, 0, 3, 0])])
    assert result["leader"] == 2  # Cy's double board was said after Bob's board


@pytest.mark.parametrize(
    ("bids", "tricks", "scores"),
    [
        pytest.param([3, 2, 1, P], [3, 3, 0, 1], [15, 11, -5, 1], id="5 a bid trick, 1 over"),
        pytest.param([6, P, P, P], [7, 0, 0, 0], [31, 0, 0, 0], id="n-1 = 6: 30 + 1 over"),
        pytest.param([P, P, P, P], [2, 2, 2, 1], [2, 2, 2, 1], id="all pass: played, 1/trick"),
    ],
)
def test_seed004_seven_card_scoring(bids, tricks, scores) -> None:
    result = last_deal("back-alley-seven", [deal(bids, tricks)])
    assert (result["cards"], result["thrown_in"], result["scores"]) == (7, False, scores)


def test_seed004_all_pass_leader_is_the_first_bidder() -> None:
    assert last_deal("back-alley-seven", [deal([P, P, P, P], [2, 2, 2, 1])])["leader"] == 1


SEVEN_RAINBOW = [
    # Deal 4 has 4 cards; Dee deals, so Ann, Bob, Cy, Dee bid in that order.
    pytest.param([1, "rainbow", 2, P], [1, 1, 2, 0], [5, 40, 10, 0], 1, id="rainbow made: +40"),
    pytest.param([1, "rainbow", 2, P], [2, 0, 2, 0], [6, -40, 10, 0], 1, id="failed: -40"),
    pytest.param([1, "rainbow", P, B], [0, 3, 1, 0], [-5, 40, 1, -40], 1, id="beats a board"),
    pytest.param(["rainbow", P, "rainbow", 3], [1, 0, 0, 3], [40, 0, -40, 15], 0, id="first"),
]


@pytest.mark.parametrize(("bids", "tricks", "scores", "leader"), SEVEN_RAINBOW)
def test_seed004_rainbow_bid(bids, tricks, scores, leader) -> None:
    slug = "back-alley-seven"
    result = last_deal(slug, [*lead_in(slug, 3), deal(bids, tricks)])
    assert (result["number"], result["cards"], result["dealer"]) == (4, 4, 3)
    assert result["scores"] == scores
    assert result["leader"] == leader


def test_seed004_rainbow_only_on_a_4_card_deal() -> None:
    with pytest.raises(IllegalBid, match="4-card") as caught:
        score(game("back-alley-seven", [deal([P, "rainbow", P, P], [7, 0, 0, 0])]))
    assert (caught.value.deal, caught.value.player) == (1, "Bob")


def test_seed004_is_14_deals() -> None:
    output = scored("back-alley-seven", lead_in("back-alley-seven", 14))
    assert [d["cards"] for d in output["deals"]] == [*range(7, 0, -1), *range(1, 8)]
    assert output["complete"] is True
