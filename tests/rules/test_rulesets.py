"""docs/rules.md, rule by rule, as tables over the nine built-in rulesets."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import (
    BOARD,
    DECISIONS,
    PASS,
    RAINBOW,
    AtLeast,
    Exact,
    GameFileError,
    IllegalBid,
    RainbowBid,
    RainbowBonus,
    Ruleset,
    RulesetError,
    ScoreError,
    bid_choices,
    bidding_order,
    builtin_rulesets,
    check_bid,
    find_ruleset,
    number,
    score,
    stored_values,
)

from .conftest import SLUGS, expected_schedule, game, last_deal, lead_in, scored

P = "pass"
B = "board"

# The table "The built-ins in this shape" of docs/rules.md, typed in by hand.
# slug: (players, deck, partnership, min bid, max bid, board per trick, multipliers,
#        scoring, redeal, first bidder, lead, rainbow, one_card board)
BUILTINS: dict[str, tuple[Any, ...]] = {
    "back-alley-pagat": (
        (4, 4), 54, True, 0, "n-1", 10, (1, 2, 3, 4), AtLeast(5, 1, 5), "next", "left",
        "highest", None, None,
    ),
    "back-alley-gamerules": (
        (4, 4), 54, True, 0, "n-1", 10, (1, 2, 3, 4), AtLeast(5, 1, 5), "next", "left",
        "highest", None, None,
    ),
    "back-alley-catsatcards": (
        (4, 4), 54, True, 0, "n", 10, (1, 2, 3, 4), AtLeast(5, 1, 5), "same", "left",
        "highest", None, None,
    ),
    "back-alley-individual": (
        (2, 4), 52, False, 0, "n-1", 6, (1,), AtLeast(3, 1, 3), "same", "right",
        "highest", None, 13,
    ),
    "bluke": (
        (2, 15), 54, False, 1, "n", None, None, AtLeast(10, 1, 10), None, "left",
        "left", None, None,
    ),
    "bluke-new-jersey": (
        (2, 15), 54, False, 1, "n", None, None, AtLeast(10, 1, 10), None, "left",
        "left", None, None,
    ),
    "joker": (
        (4, 4), 36, False, 0, "n", None, None,
        Exact(50, 50, 100, 100, 10, ((1, 8), (9, 12), (13, 20), (21, 24))), None, "left",
        "left", None, None,
    ),
    "back-alley-bridge": (
        (4, 4), 54, True, 0, "n", 10, (2, 4, 8, 16), AtLeast(10, 1, 10), "same", "left",
        "highest", RainbowBonus(10), None,
    ),
    "back-alley-seven": (
        (4, 4), 54, False, 0, "n-1", 10, (1, 2, 3, 4), AtLeast(5, 1, 5), None, "left",
        "highest", RainbowBid(40, -40), None,
    ),
}  # fmt: skip


def test_all_nine_builtins_in_the_order_of_rules_md() -> None:
    assert [r.slug for r in builtin_rulesets()] == SLUGS == list(BUILTINS)


@pytest.mark.parametrize("slug", SLUGS)
def test_builtin_matches_the_rules_md_table(slug: str) -> None:
    (players, deck, partnership, low, high, per_trick, multipliers, scoring, redeal, first,
     lead, rainbow, one_card) = BUILTINS[slug]  # fmt: skip
    r = find_ruleset(slug)
    assert (r.min_players, r.max_players) == players
    assert r.deck == deck
    assert r.partnership is partnership
    assert (r.min_bid, r.max_bid) == (low, high)
    if per_trick is None:
        assert r.board is None
    else:
        assert r.board is not None
        assert (r.board.per_trick, r.board.multipliers) == (per_trick, multipliers)
    assert r.scoring == scoring
    assert r.redeal == redeal
    assert r.first_bidder == first
    assert r.lead == lead
    assert r.rainbow == rainbow
    assert r.one_card_board == one_card
    assert r.dealer_hook is (slug == "joker")


# --- schedules ----------------------------------------------------------------------------

SCHEDULE_CASES = [
    pytest.param(slug, players, id=f"{slug}-{players}p")
    for slug in SLUGS
    for players in range(BUILTINS[slug][0][0], BUILTINS[slug][0][1] + 1)
]

DEALS_IN_A_GAME = {
    "back-alley-pagat": 26,
    "back-alley-gamerules": 25,
    "back-alley-catsatcards": 26,
    "back-alley-individual": 14,
    "joker": 24,
    "back-alley-bridge": 13,
    "back-alley-seven": 14,
}
BLUKE_DEALS = {2: 25, 3: 25, 4: 25, 5: 19, 6: 15, 7: 13, 8: 11, 9: 9, 10: 9}
BLUKE_DEALS |= {11: 7, 12: 7, 13: 7, 14: 5, 15: 5}


@pytest.mark.parametrize(("slug", "players"), SCHEDULE_CASES)
def test_schedule(slug: str, players: int) -> None:
    schedule = find_ruleset(slug).schedule(players)
    assert list(schedule) == expected_schedule(slug, players)
    wanted = BLUKE_DEALS[players] if slug.startswith("bluke") else DEALS_IN_A_GAME[slug]
    assert len(schedule) == wanted
    # Deck limits: every deal fits the deck.
    assert max(schedule) * players <= find_ruleset(slug).deck


@pytest.mark.parametrize(("slug", "players"), SCHEDULE_CASES)
def test_an_empty_game_is_waiting_for_deal_1(slug: str, players: int) -> None:
    names = [f"P{i}" for i in range(players)]
    output = scored(slug, [], players=names, first_dealer=players - 1)
    first = expected_schedule(slug, players)[0]
    assert output["next"] == {"number": 1, "cards": first, "dealer": players - 1}
    assert output["complete"] is False and output["winners"] is None
    assert output["totals"] == [0] * (2 if BUILTINS[slug][2] else players)


def test_bluke_decision_five_players_play_19_deals() -> None:
    # 10 … 1 … 10 is 19 deals; 11 cards each would need 55 cards of a 54-card deck.
    schedule = find_ruleset("bluke").schedule(5)
    assert len(schedule) == 19 and max(schedule) == 10
    assert any("19" in line for line in DECISIONS["bluke"])


@pytest.mark.parametrize("slug", SLUGS)
def test_wrong_number_of_players_is_refused(slug: str) -> None:
    low, high = BUILTINS[slug][0]
    for count in (low - 1, high + 1):
        with pytest.raises(GameFileError) as caught:
            score(game(slug, [], players=[f"P{i}" for i in range(count)]))
        assert caught.value.deal is None
        assert str(count) in str(caught.value)


# --- bidding order ------------------------------------------------------------------------

BIDDING_ORDERS = [
    pytest.param("back-alley-pagat", 4, 0, (1, 2, 3, 0), id="left of the dealer, dealer last"),
    pytest.param("back-alley-pagat", 4, 2, (3, 0, 1, 2), id="pagat dealer 2"),
    pytest.param("back-alley-gamerules", 4, 3, (0, 1, 2, 3), id="gamerules dealer 3"),
    pytest.param("back-alley-catsatcards", 4, 1, (2, 3, 0, 1), id="catsatcards dealer 1"),
    pytest.param("back-alley-individual", 4, 0, (3, 0, 1, 2), id="individual: right, dealer 2nd"),
    pytest.param("back-alley-individual", 4, 2, (1, 2, 3, 0), id="individual dealer 2"),
    pytest.param("back-alley-individual", 3, 0, (2, 0, 1), id="individual 3 players"),
    pytest.param("back-alley-individual", 2, 1, (0, 1), id="individual 2 players"),
    pytest.param("bluke", 5, 4, (0, 1, 2, 3, 4), id="bluke 5 players"),
    pytest.param("bluke-new-jersey", 3, 1, (2, 0, 1), id="new jersey 3 players"),
    pytest.param("joker", 4, 0, (1, 2, 3, 0), id="joker: dealer last"),
    pytest.param("back-alley-bridge", 4, 3, (0, 1, 2, 3), id="bridge dealer 3"),
    pytest.param("back-alley-seven", 4, 1, (2, 3, 0, 1), id="seven dealer 1"),
]


@pytest.mark.parametrize(("slug", "players", "dealer", "order"), BIDDING_ORDERS)
def test_bidding_order(slug: str, players: int, dealer: int, order: tuple[int, ...]) -> None:
    assert bidding_order(find_ruleset(slug), players, dealer) == order


def test_individual_decision_dealer_bids_second_and_wins_a_tie_with_later_bidders() -> None:
    # Ann deals: Dee, Ann, Bob, Cy. Ann and Cy both say 3; Ann said it first.
    assert (
        last_deal("back-alley-individual", [{"bids": [3, 1, 3, 0], "tricks": [4, 4, 4, 1]}])[
            "leader"
        ]
        == 0
    )
    assert any("second" in line for line in DECISIONS["back-alley-individual"])


# --- bid validation -----------------------------------------------------------------------

# slug, players, cards, numbers that may be said, board?, rainbow?
BID_RANGES = [
    ("back-alley-pagat", 4, 13, range(0, 13), True, False),
    ("back-alley-pagat", 4, 2, range(0, 2), True, False),
    ("back-alley-pagat", 4, 1, range(0, 1), True, False),
    ("back-alley-gamerules", 4, 7, range(0, 7), True, False),
    ("back-alley-catsatcards", 4, 13, range(0, 14), True, False),
    ("back-alley-catsatcards", 4, 1, range(0, 2), True, False),
    ("back-alley-individual", 4, 13, range(0, 13), True, False),
    ("back-alley-individual", 3, 1, range(0, 1), True, False),
    ("bluke", 4, 13, range(1, 14), False, False),
    ("bluke", 15, 1, range(1, 2), False, False),
    ("bluke-new-jersey", 6, 8, range(1, 9), False, False),
    ("joker", 4, 9, range(0, 10), False, False),
    ("joker", 4, 1, range(0, 2), False, False),
    ("back-alley-bridge", 4, 12, range(0, 13), True, False),
    ("back-alley-bridge", 4, 4, range(0, 5), True, False),
    ("back-alley-seven", 4, 7, range(0, 7), True, False),
    ("back-alley-seven", 4, 4, range(0, 4), True, True),
    ("back-alley-seven", 4, 3, range(0, 3), True, False),
]


@pytest.mark.parametrize(
    ("slug", "players", "cards", "numbers", "board", "rainbow"),
    [pytest.param(*case, id=f"{case[0]}-{case[2]}cards") for case in BID_RANGES],
)
def test_bids_allowed(slug, players, cards, numbers, board, rainbow) -> None:
    ruleset = find_ruleset(slug)
    choices = bid_choices(ruleset, cards, [], players)
    said = [c.bid for c in choices if c.allowed]
    assert sorted(b.tricks for b in said if b.kind.value == "number") == list(numbers)
    assert (BOARD in said) is board
    assert (RAINBOW in said) is rainbow
    for tricks in numbers:
        check_bid(ruleset, cards, [], number(tricks), players, name="Ann")
    with pytest.raises(IllegalBid):
        check_bid(ruleset, cards, [], number(numbers[-1] + 1), players, name="Ann")
    if numbers[0] == 1:
        for zero in (PASS, number(0)):
            with pytest.raises(IllegalBid, match="no pass"):
                check_bid(ruleset, cards, [], zero, players, name="Ann")
    for bid, allowed in ((BOARD, board), (RAINBOW, rainbow)):
        if allowed:
            check_bid(ruleset, cards, [], bid, players, name="Ann")
        else:
            with pytest.raises(IllegalBid):
                check_bid(ruleset, cards, [], bid, players, name="Ann")


@pytest.mark.parametrize("slug", ["back-alley-pagat", "back-alley-gamerules", "back-alley-seven"])
def test_one_card_deal_with_max_n_minus_1_is_pass_or_board(slug: str) -> None:
    ruleset = find_ruleset(slug)
    with pytest.raises(IllegalBid, match="pass or bid board with 1 card"):
        check_bid(ruleset, 1, [], number(1), 4, name="Ann")


JOKER_HOOK = [
    # cards, the first three bids (in bidding order), the dealer's forbidden bid
    pytest.param(1, [0, 0, 0], 1, id="1 card: 0+0+0, the dealer may not say 1"),
    pytest.param(1, [1, 0, 0], 0, id="1 card: 1+0+0, the dealer may not pass"),
    pytest.param(9, [2, 3, 1], 3, id="9 cards: 2+3+1, not 3"),
    pytest.param(5, [3, 3, 0], None, id="5 cards: already 6, anything goes"),
    pytest.param(4, [0, 0, 0], 4, id="4 cards: the dealer may not bid all 4"),
]


@pytest.mark.parametrize(("cards", "before", "forbidden"), JOKER_HOOK)
def test_joker_dealer_hook(cards: int, before: list[int], forbidden: int | None) -> None:
    ruleset = find_ruleset("joker")
    so_far = [number(b) for b in before]
    choices = bid_choices(ruleset, cards, so_far, 4)
    refused = [c.bid.tricks for c in choices if not c.allowed]
    assert refused == ([] if forbidden is None else [forbidden])
    for tricks in range(cards + 1):
        if tricks == forbidden:
            with pytest.raises(IllegalBid, match="hook"):
                check_bid(ruleset, cards, so_far, number(tricks), 4, name="Ann")
        else:
            check_bid(ruleset, cards, so_far, number(tricks), 4, name="Ann")
    # Only the dealer is hooked: the third bidder may say anything.
    for tricks in range(cards + 1):
        check_bid(ruleset, cards, so_far[:2], number(tricks), 4, name="Cy")


# --- boards -------------------------------------------------------------------------------

BOARD_LEVELS = [
    # slug, k-th board said -> multiplier, per docs/rules.md
    ("back-alley-pagat", [1, 2, 3, 4]),
    ("back-alley-gamerules", [1, 2, 3, 4]),
    ("back-alley-catsatcards", [1, 2, 3, 4]),
    ("back-alley-individual", [1, 1, 1, 1]),
    ("back-alley-bridge", [2, 4, 8, 16]),
    ("back-alley-seven", [1, 2, 3, 4]),
]


@pytest.mark.parametrize(("slug", "multipliers"), BOARD_LEVELS)
def test_board_multiplier_by_level(slug: str, multipliers: list[int]) -> None:
    board = find_ruleset(slug).board
    assert board is not None
    assert [board.multiplier(level) for level in (1, 2, 3, 4)] == multipliers


# Every player bids board on the first deal, and the last to say it (the dealer, Ann) and her
# side take every trick; per_trick x n x multiplier[level] for each side.
ALL_BOARD_DEALS = [
    # slug, n, tricks (or team tricks), scores
    pytest.param("back-alley-pagat", [13, 0], [520, -390], id="pagat: 10x13x4, -10x13x3"),
    pytest.param("back-alley-gamerules", [13, 0], [520, -390], id="gamerules: same"),
    pytest.param("back-alley-catsatcards", [13, 0], [520, -390], id="catsatcards: same"),
    pytest.param("back-alley-individual", [13, 0, 0, 0], [78, -78, -78, -78], id="individual: x1"),
    pytest.param("back-alley-bridge", [12, 0], [1920, -960], id="bridge: 10x12x16, -10x12x8"),
    pytest.param("back-alley-seven", [7, 0, 0, 0], [280, -70, -140, -210], id="seven: x4, x1..x3"),
]


@pytest.mark.parametrize(("slug", "tricks", "scores"), ALL_BOARD_DEALS)
def test_four_boards(slug: str, tricks: list[int], scores: list[int]) -> None:
    key = "team_tricks" if len(tricks) == 2 else "tricks"
    result = last_deal(slug, [{"bids": [B, B, B, B], key: tricks}])
    assert result["scores"] == scores
    expected_leader = 2 if slug == "back-alley-individual" else 0  # the last board said
    assert result["leader"] == expected_leader


@pytest.mark.parametrize("slug", ["bluke", "bluke-new-jersey", "joker"])
def test_no_boards(slug: str) -> None:
    with pytest.raises(IllegalBid, match="no boards") as caught:
        score(game(slug, [{"bids": [1, B, 1, 1], "tricks": [1, 0, 0, 0]}]))
    assert caught.value.player == "Bob"


# --- thrown-in deals ----------------------------------------------------------------------

# slug, all-pass bids, thrown in?, dealer of the next deal
ALL_PASS = [
    pytest.param("back-alley-pagat", True, 1, id="pagat: thrown in, next dealer"),
    pytest.param("back-alley-gamerules", True, 1, id="gamerules: thrown in, next dealer"),
    pytest.param("back-alley-catsatcards", True, 0, id="catsatcards: same dealer"),
    pytest.param("back-alley-individual", True, 0, id="individual: same dealer"),
    pytest.param("back-alley-bridge", True, 0, id="bridge: same dealer"),
    pytest.param("back-alley-seven", False, 1, id="seven: played and scored"),
    pytest.param("joker", False, 1, id="joker: never thrown in"),
]


@pytest.mark.parametrize(("slug", "thrown_in", "next_dealer"), ALL_PASS)
def test_everyone_passes(slug: str, thrown_in: bool, next_dealer: int) -> None:
    first = expected_schedule(slug)[0]
    record: dict[str, Any] = {"bids": [P, 0, "pass", "0"]}
    if not thrown_in:
        record["tricks"] = [0, first, 0, 0]
    output = scored(slug, [record])
    played = output["deals"][0]
    assert played["thrown_in"] is thrown_in
    if thrown_in:
        assert (played["scores"], played["leader"], played["explain"]) == (None, None, None)
        assert output["next"] == {"number": 1, "cards": first, "dealer": next_dealer}
        assert output["totals"] == [0] * len(output["totals"])
    else:
        # Everyone bid 0: Bob took every trick. Seven: 1 a trick; Joker: 10 a trick, 50 exact.
        want = [0, first, 0, 0] if slug == "back-alley-seven" else [50, 10, 50, 50]
        assert played["scores"] == want
        assert played["leader"] == 1  # the first bidder, as every bid is zero
        assert output["next"]["number"] == 2


@pytest.mark.parametrize(
    "slug", ["back-alley-pagat", "back-alley-catsatcards", "back-alley-bridge"]
)
def test_one_board_among_passes_is_played(slug: str) -> None:
    result = last_deal(
        slug, [{"bids": [P, P, P, B], "team_tricks": [1, expected_schedule(slug)[0] - 1]}]
    )
    assert result["thrown_in"] is False
    assert result["leader"] == 3


def test_thrown_in_deals_take_no_slot_even_several_in_a_row() -> None:
    # pagat: three all-pass deals, each redealt by the next dealer, then deal 1 is played.
    passes = {"bids": [P, P, P, P]}
    output = scored("back-alley-pagat", [passes, passes, passes, lead_in("back-alley-pagat", 1)[0]])
    assert [(d["number"], d["cards"], d["dealer"]) for d in output["deals"]] == [
        (1, 13, 0),
        (1, 13, 1),
        (1, 13, 2),
        (1, 13, 3),
    ]
    assert output["next"] == {"number": 2, "cards": 12, "dealer": 0}


# --- leader -------------------------------------------------------------------------------

# Ann deals deal 1; bids by seat; the seat that leads.
LEADERS = [
    pytest.param("back-alley-pagat", [1, 2, 2, P], 1, id="pagat: tie, Bob before Cy"),
    pytest.param("back-alley-gamerules", [P, P, P, 1], 3, id="gamerules: the only bid"),
    pytest.param("back-alley-catsatcards", [B, B, 13, B], 0, id="catsatcards: last board"),
    pytest.param("back-alley-individual", [P, P, 5, 5], 3, id="individual: Dee bids first"),
    pytest.param("back-alley-individual", [1, P, P, P], 0, id="individual: the only bid"),
    pytest.param("bluke", [13, 1, 1, 1], 1, id="bluke: left of the dealer"),
    pytest.param("bluke-new-jersey", [1, 1, 1, 1], 1, id="new jersey: left"),
    pytest.param("joker", [1, 0, 1, 0], 1, id="joker: left"),
    pytest.param("back-alley-bridge", [5, 6, 6, 0], 1, id="bridge: earliest of a tie"),
    pytest.param("back-alley-seven", [6, 5, B, 3], 2, id="seven: a board beats 6"),
]


@pytest.mark.parametrize(("slug", "bids", "leader"), LEADERS)
def test_leader(slug: str, bids: list[Any], leader: int) -> None:
    first = expected_schedule(slug)[0]
    partnership = BUILTINS[slug][2]
    record: dict[str, Any] = {"bids": bids}
    if partnership:
        record["team_tricks"] = [first, 0]
    else:
        record["tricks"] = [first, 0, 0, 0]
    assert last_deal(slug, [record])["leader"] == leader


def test_seven_decision_failed_rainbow_costs_40() -> None:
    slug = "back-alley-seven"
    result = last_deal(
        slug, [*lead_in(slug, 3), {"bids": ["rainbow", 1, 1, 1], "tricks": [0, 1, 1, 2]}]
    )
    assert result["scores"][0] == -40
    assert any("-40" in line for line in DECISIONS["back-alley-seven"])


@pytest.mark.parametrize("slug", [s for s in SLUGS if s != "back-alley-seven"])
def test_rainbow_is_not_a_bid_elsewhere(slug: str) -> None:
    cards = 4
    players = BUILTINS[slug][0][1] if slug != "back-alley-individual" else 4
    with pytest.raises(ScoreError):
        check_bid(find_ruleset(slug), cards, [], RAINBOW, players, name="Ann")


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"players": [4, 10**9]}, "the most players must be at most 20"),
        ({"deck": 10**9}, "more than any table uses"),
    ],
)
def test_absurd_sizes_are_refused_quickly(changes, words):
    # A schedule is built for every player count, so absurd counts must be refused first.
    with pytest.raises(RulesetError, match=words):
        Ruleset.from_document({"base": "back-alley-individual", **changes})


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        (
            {"scoring": {"type": "at-least", "per_bid": 10**400, "over": 1, "set_per_bid": 5}},
            r"per bid must be at most 100,000 \(it is a number 401 digits long\)",
        ),
        (
            {"board": {"per_trick": 100_001, "multipliers": [1]}},
            "a board's points per trick must be at most 100,000",
        ),
        (
            {"board": {"per_trick": 10, "multipliers": [1, 1_001]}},
            "a board multiplier must be at most 1,000",
        ),
        (
            {"rainbow": {"bid": {"made": 40, "failed": -100_001}}},
            "a failed rainbow bid must be at least -100,000",
        ),
        ({"rainbow": {"bonus": 100_001}}, "the rainbow bonus must be at most 100,000"),
        ({"schedule": [1] * 105}, "the schedule has 105 deals; a game has at most 104"),
        ({"schedule": [10**12]}, "every deal in the schedule must be at most 108"),
        ({"name": "Grandpa\x07s rules"}, "cannot hold control characters"),
    ],
)
def test_every_value_keeps_to_its_documented_range(changes, words):
    with pytest.raises(RulesetError, match=words):
        Ruleset.from_document({"base": "back-alley-seven", **changes})


def test_the_ends_of_each_range_are_allowed():
    ruleset = Ruleset.from_document(
        {
            "base": "back-alley-seven",
            "scoring": {"type": "at-least", "per_bid": 100_000, "over": 0, "set_per_bid": 100_000},
            "board": {"per_trick": 100_000, "multipliers": [1, 1_000]},
            "rainbow": {"bid": {"made": 100_000, "failed": -100_000}},
            "schedule": [1] * 104,
        }
    )
    assert len(ruleset.schedule(4)) == 104
    assert ruleset.scoring.per_bid == 100_000
    assert ruleset.rainbow.failed == -100_000


def test_a_game_stored_before_the_limits_still_reads_and_scores_exactly():
    huge = {
        "base": "back-alley-seven",
        "scoring": {"type": "at-least", "per_bid": 10**400, "over": 1, "set_per_bid": 5},
    }
    with pytest.raises(RulesetError, match="at most 100,000"):
        Ruleset.from_document(huge)
    with stored_values():
        ruleset = Ruleset.from_document(huge)
    assert ruleset.scoring.per_bid == 10**400
    # The limits bind new input again once the stored document is read.
    with pytest.raises(RulesetError, match="at most 100,000"):
        Ruleset.from_document(huge)
