"""The rules pages, the compare view and the one-deal calculator, against hand-checked numbers."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import pytest

from scorekeeper.rules import BUILTIN_DOCUMENTS

# Pagat with Back Alley Bridge's scoring: 10 a bid trick, boards ×2, ×4, ×8, ×16.
BRIDGE_SCORING = {
    "base": "back-alley-pagat",
    "name": "Pagat with bridge scoring",
    "scoring": {"type": "at-least", "per_bid": 10, "over": 1, "set_per_bid": 10},
    "board": {"per_trick": 10, "multipliers": [2, 4, 8, 16]},
}

# Two deals of pagat, dealer Ann then Bob; Ann & Cy against Bob & Dee.
TWO_DEALS = {
    "ruleset": "back-alley-pagat",
    "players": ["Ann", "Bob", "Cy", "Dee"],
    "first_dealer": 0,
    "deals": [
        # 13 cards. Ann & Cy bid 3 + 1 = 4, took 4 + 1 = 5: pagat 4×5 + 1 = 21,
        # bridge 4×10 + 1 = 41.
        # Bob & Dee bid 2 + 4 = 6, took 2 + 6 = 8: pagat 6×5 + 2 = 32, bridge 6×10 + 2 = 62.
        {"bids": [3, 2, 1, 4], "tricks": [4, 2, 1, 6]},
        # 12 cards, Cy bids the only board and the team takes all 12:
        # pagat 10×12×1 = 120, bridge 10×12×2 = 240. Bob & Dee bid 3, took 0: -15 / -30.
        {"bids": ["pass", 3, "board", "pass"], "tricks": [5, 0, 7, 0]},
    ],
}
# Totals: pagat 21 + 120 = 141 and 32 - 15 = 17; bridge scoring 41 + 240 = 281 and 62 - 30 = 32.


def text(response) -> str:
    """Return a page's words: tags become spaces, but a name's <bdi> is part of its sentence."""
    page = re.sub(r"</?bdi>", "", response.get_data(as_text=True))
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def import_rules(client, token: str, document: dict[str, Any]) -> str:
    response = client.post(
        "/rules/import",
        data={"file": (io.BytesIO(json.dumps(document).encode()), "r.json"), "csrf_token": token},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    return response.headers["Location"].removeprefix("/rules/")


def new_game(client, token: str, game: dict[str, Any]) -> str:
    response = client.post("/api/games", json=game, headers={"X-CSRFToken": token})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["id"]


def test_the_index_lists_every_builtin_with_new_house_rules_from_it(client) -> None:
    page = client.get("/rules").get_data(as_text=True)
    for slug in BUILTIN_DOCUMENTS:
        assert f'href="/rules/{slug}"' in page
        assert f'href="/rules/new?from={slug}"' in page
    assert "New house rules from <bdi>Bluke</bdi>" in page


@pytest.mark.parametrize("slug", list(BUILTIN_DOCUMENTS))
def test_every_builtin_has_a_page_with_its_rules_and_examples(client, slug: str) -> None:
    response = client.get(f"/rules/{slug}")
    assert response.status_code == 200
    words = text(response)
    for heading in ("Players", "Deck", "Deals", "Who bids first", "Bids allowed", "Boards"):
        assert heading in words
    assert "Worked examples" in words
    assert 'rel="stylesheet" href="/static/rules.css?v=' in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("slug", "shown"),
    [
        # Made bid and set, computed by the engine: 2 × 5 + 1 over = 11, set -5 × 2 = -10.
        ("back-alley-pagat", ["2 × 5 + 1 over = 11", "set, -5 × 2 = -10"]),
        # Each board level on 3 cards: 10 × 3 × 1, × 2, × 3, × 4.
        (
            "back-alley-pagat",
            ["10 × 3 = 30", "10 × 3 × 2 = 60", "10 × 3 × 3 = 90", "10 × 3 × 4 = 120"],
        ),
        # Bridge boards double: 10 × 3 × 2 = 60 ... × 16 = 480; a rainbow pays +10 even when set.
        ("back-alley-bridge", ["10 × 3 × 2 = 60", "10 × 3 × 16 = 480", "held a rainbow: +10."]),
        # Individual: boards never escalate (6 × 3 = 18); the 1-card board is +13.
        ("back-alley-individual", ["6 × 3 = 18", "took all 1: +13", "every board is a single"]),
        # Seven: rainbow bid +40 made, -40 failed.
        ("back-alley-seven", ["bid rainbow and took 1 trick: +40", "took no trick: -40"]),
        # Joker: exact 50 + 50 × 2 = 150, all 100 + 100 × 3 = 400, dealer's hook, set bonus.
        (
            "joker",
            [
                "took exactly 2: 50 + 50 × 2 = 150",
                "took all 3: 100 + 100 × 3 = 400",
                "but not 1: the bids would add up to 3",
                "the set bonus is the best deal of the set, +200.",
            ],
        ),
        # Bluke: no pass, 10 a bid trick.
        ("bluke", ["2 × 10 + 1 over = 21", "nobody may pass"]),
    ],
)
def test_worked_examples_are_scored_by_the_engine(client, slug: str, shown: list[str]) -> None:
    words = text(client.get(f"/rules/{slug}"))
    for sentence in shown:
        assert sentence in words


@pytest.mark.parametrize(
    ("slug", "decision"),
    [
        ("bluke", "10 … 1 … 10 is 19 deals"),
        ("bluke-new-jersey", "1 … 10 … 1, 19 deals"),
        ("back-alley-individual", "so the dealer bids second"),
        ("back-alley-seven", "charges -40"),
    ],
)
def test_each_decision_is_on_its_rules_page(client, slug: str, decision: str) -> None:
    words = text(client.get(f"/rules/{slug}"))
    assert "Decision:" in words
    assert decision in words


def test_pages_without_a_decision_show_none(client) -> None:
    assert "Decision:" not in text(client.get("/rules/back-alley-pagat"))


def test_bluke_page_gives_the_deals_by_player_count(client) -> None:
    words = text(client.get("/rules/bluke"))
    assert "5 players 19 deals: 10 down to 1, 2 up to 10" in words
    assert "2–4 players 25 deals: 13 down to 1, 2 up to 13" in words


def test_a_house_copy_keeps_the_decisions_that_still_apply(client, token) -> None:
    same = import_rules(client, token, {"base": "bluke", "name": "Our Bluke", "deck": 54})
    words = text(client.get(f"/rules/{same}"))
    assert "10 … 1 … 10 is 19 deals" in words
    assert "House rules, starting from Bluke" in words

    changed = import_rules(
        client,
        token,
        {"base": "bluke", "name": "Short Bluke", "players": [5, 5], "schedule": [5, 4, 3, 2, 1]},
    )
    words = text(client.get(f"/rules/{changed}"))
    assert "Decision:" not in words
    assert "Changed from Bluke: Players, Deals." in words
    assert "5 deals, with this many cards to each player: 5 down to 1." in words


def test_a_house_ruleset_page_shows_its_own_numbers(client, token) -> None:
    slug = import_rules(client, token, BRIDGE_SCORING)
    words = text(client.get(f"/rules/{slug}"))
    assert "scores 10 for every trick bid" in words
    assert "10 × 3 × 4 = 120" in words  # a double board on 3 cards, ×4 under these rules
    assert "Changed from Back Alley (pagat.com): Boards, Scoring." in words


def test_compare_a_game_under_house_rules_deal_by_deal(client, token) -> None:
    slug = import_rules(client, token, BRIDGE_SCORING)
    game_id = new_game(client, token, TWO_DEALS)
    response = client.get(f"/games/{game_id}/compare?ruleset={slug}")
    assert response.status_code == 200
    words = text(response)
    # Final totals: side, ours, theirs and the difference.
    assert "Ann & Cy 141 281 (difference +140)" in words
    assert "Bob & Dee 17 32 (difference +15)" in words
    # Both explanations of every deal.
    assert "Ann 3 + Cy 1 = 4 bid, took 5: 4 × 5 + 1 over = 21" in words
    assert "Ann 3 + Cy 1 = 4 bid, took 5: 4 × 10 + 1 over = 41" in words
    assert "Cy bid board (single) and the team took all 12: 10 × 12 = 120" in words
    assert "Cy bid board (single) and the team took all 12: 10 × 12 × 2 = 240" in words
    assert "set, -5 × 3 = -15" in words and "set, -10 × 3 = -30" in words
    page = response.get_data(as_text=True)
    assert page.count('<tr class="differs">') == 2 + 2 + 2  # totals and both deals, both sides
    assert page.count("compare-deal differs") == 2


def test_compare_under_a_builtin_that_scores_the_same(client, token) -> None:
    game_id = new_game(client, token, TWO_DEALS)
    words = text(client.get(f"/games/{game_id}/compare?ruleset=back-alley-catsatcards"))
    assert "Ann & Cy 141 141 (difference 0)" in words
    assert "Bob & Dee 17 17 (difference 0)" in words


def test_compare_says_which_deal_is_illegal_and_why(client, token) -> None:
    game_id = new_game(client, token, TWO_DEALS)
    response = client.get(f"/games/{game_id}/compare?ruleset=back-alley-seven")
    assert response.status_code == 200
    words = text(response)
    assert (
        "Deal 1 is not allowed under Seven-card Back Alley (family rules): the tricks add up "
        "to 13, but with 7 cards each there are 7 tricks." in words
    )
    assert "compare-table" not in response.get_data(as_text=True)


def test_compare_a_team_game_under_individual_rules_names_the_deal(client, token) -> None:
    from tests.conftest import example

    game_id = new_game(client, token, example("back-alley-pagat"))
    words = text(client.get(f"/games/{game_id}/compare?ruleset=back-alley-individual"))
    assert "Deal 1 is not allowed under Individual Back Alley: only each team's tricks" in words


def test_compare_with_no_ruleset_shows_the_choice_and_an_unknown_one_is_404(client, token) -> None:
    game_id = new_game(client, token, TWO_DEALS)
    page = client.get(f"/games/{game_id}/compare").get_data(as_text=True)
    assert 'name="ruleset"' in page
    assert client.get(f"/games/{game_id}/compare?ruleset=canasta").status_code == 404
    assert client.get("/games/nope/compare?ruleset=joker").status_code == 404


def test_compare_offers_only_the_rules_that_can_score_the_game(client, token) -> None:
    slug = import_rules(client, token, BRIDGE_SCORING)
    game_id = new_game(client, token, TWO_DEALS)
    page = client.get(f"/games/{game_id}/compare?ruleset={slug}").get_data(as_text=True)
    assert f'action="/games/{game_id}/compare"' in page
    # The chosen ruleset stays chosen.
    assert f'<option value="{slug}" selected>Pagat with bridge scoring</option>' in page
    assert '<option value="back-alley-catsatcards">' in page
    assert '<option value="back-alley-pagat"' not in page  # the game's own rules
    # Seven-card Back Alley deals at most 7 cards: offered, but not to be picked, and why.
    assert '<option value="back-alley-seven" disabled>' in page
    assert "Deal 1 is not allowed under Seven-card Back Alley (family rules)" in page


def test_a_partnership_game_is_not_offered_per_player_rules(client, token) -> None:
    from tests.conftest import example

    game_id = new_game(client, token, example("back-alley-pagat"))
    page = client.get(f"/games/{game_id}/compare").get_data(as_text=True)
    offered = re.findall(r'<option value="([^"]+)">', page)
    refused = re.findall(r'<option value="([^"]+)" disabled>', page)
    assert "back-alley-individual" in refused and "back-alley-individual" not in offered
    for slug in offered:  # every ruleset offered scores the game
        answer = client.get(f"/games/{game_id}/compare?ruleset={slug}").get_data(as_text=True)
        assert "compare-problem" not in answer and "compare-totals" in answer, slug


CALCULATOR = {
    "cards": "5",
    "dealer": "3",
    "name_0": "Ann",
    "name_1": "Bob",
    "name_2": "Cy",
    "name_3": "Dee",
    "bid_0": "2",
    "bid_1": "1",
    "bid_2": "pass",
    "bid_3": "1",
    "tricks_0": "3",
    "tricks_1": "1",
    "tricks_2": "0",
    "tricks_3": "1",
}


def test_the_calculator_scores_one_deal_under_every_ruleset(client) -> None:
    # 5 cards, Dee deals, Ann bids first. Ann 2 took 3, Bob 1 took 1, Cy pass took 0, Dee 1 took 1.
    words = text(client.get("/rules/calculator", query_string=CALCULATOR))
    rows = words[words.index("Under every ruleset") : words.index("Why")]
    # Teams (5/1/5): Ann & Cy bid 2 took 3 = 2×5 + 1 = 11; Bob & Dee bid 2 took 2 = 10.
    assert "Back Alley (pagat.com) (teams) 11 10 11 10" in rows
    # Teams (10/1/10): 2×10 + 1 = 21; 2×10 = 20.
    assert "Back Alley Bridge (family rules) (teams) 21 20 21 20" in rows
    # Individual (3/1/3): Ann 2×3 + 1 = 7, Bob 3, Cy 0, Dee 3.
    assert "Individual Back Alley 7 3 0 3" in rows
    # Seven (5/1/5): Ann 11, Bob 5, Cy 0, Dee 5.
    assert "Seven-card Back Alley (family rules) 11 5 0 5" in rows
    # Joker (exact): Ann missed 10×3 = 30, Bob 50 + 50 = 100, Cy 50 + 0 = 50, Dee 100.
    assert "Joker (Georgia) 30 100 50 100" in rows
    # Bluke has no pass.
    assert "not allowed under Bluke: Cy must bid at least 1: this ruleset has no pass" in rows
    assert "Ann 2 + Cy pass = 2 bid, took 3: 2 × 5 + 1 over = 11" in words


def test_the_calculator_says_where_a_deal_cannot_happen(client) -> None:
    deal = {**CALCULATOR, "cards": "13", "tricks_0": "11"}
    words = text(client.get("/rules/calculator", query_string=deal))
    assert "not allowed under Joker (Georgia): no deal has 13 cards each" in words
    assert "not allowed under Seven-card Back Alley (family rules): no deal has 13 cards" in words
    # 13 cards: Ann 2 took 11 under pagat: team 2 bid, took 11: 2×5 + 9 over = 19.
    assert "Ann 2 + Cy pass = 2 bid, took 11: 2 × 5 + 9 over = 19" in words


def test_the_calculator_boards_rainbows_and_thrown_in(client) -> None:
    # 4 cards, Dee deals: Ann board, Bob board (double), Cy pass, Dee pass; Bob takes all 4.
    # Pagat: Bob & Dee 10×4×2 = 80, Ann & Cy -10×4 = -40. Bridge: 10×4×4 = 160, -10×4×2 = -80,
    # and Cy's rainbow +10 for Ann & Cy: -70.
    deal = {
        **CALCULATOR,
        "cards": "4",
        "bid_0": "board",
        "bid_1": "board",
        "bid_2": "pass",
        "bid_3": "pass",
        "tricks_0": "0",
        "tricks_1": "4",
        "tricks_2": "0",
        "tricks_3": "0",
        "rainbow_2": "y",
    }
    words = text(client.get("/rules/calculator", query_string=deal))
    assert "Back Alley (pagat.com) (teams) -40 80 -40 80" in words
    assert "Back Alley Bridge (family rules) (teams) -70 160 -70 160" in words
    everyone_passes = {
        **CALCULATOR,
        **{f"bid_{seat}": "pass" for seat in range(4)},
        "tricks_0": "5",
        "tricks_1": "0",
        "tricks_3": "0",
    }
    words = text(client.get("/rules/calculator", query_string=everyone_passes))
    assert "Back Alley (pagat.com) (teams) thrown in: everyone passed" in words
    # Seven plays it: Ann passed, took 5 = 5 points.
    assert "Seven-card Back Alley (family rules) 5 0 0 0" in words


def test_the_calculator_refuses_tricks_that_do_not_add_up(client) -> None:
    words = text(client.get("/rules/calculator", query_string={**CALCULATOR, "tricks_0": "4"}))
    assert "The tricks add up to 6, but with 5 cards each there are 5." in words
    assert "Under every ruleset" not in words


def test_the_calculator_includes_house_rules(client, token) -> None:
    import_rules(client, token, BRIDGE_SCORING)
    words = text(client.get("/rules/calculator", query_string=CALCULATOR))
    assert "Pagat with bridge scoring (teams) 21 20 21 20" in words


def test_the_empty_calculator_offers_four_players(client) -> None:
    page = client.get("/rules/calculator").get_data(as_text=True)
    for seat in range(4):
        assert f'name="bid_{seat}"' in page and f'name="tricks_{seat}"' in page


def test_compare_lists_what_changed_and_the_rule_behind_each_deal(client, token) -> None:
    slug = import_rules(client, token, BRIDGE_SCORING)
    game_id = new_game(client, token, TWO_DEALS)
    words = text(client.get(f"/games/{game_id}/compare?ruleset={slug}"))
    changed = words.index("What Pagat with bridge scoring changes from Back Alley (pagat.com)")
    # Two deals of twenty-six: the game is still being played, so its totals are not final.
    assert changed < words.index("Totals so far") < words.index("Deal by deal")
    assert "Final totals" not in words
    assert "Boards: 10 a trick × 1, 2, 3, 4 → 10 a trick × 2, 4, 8, 16" in words
    assert "Points per bid: 5 → 10 Points lost per bid when set: 5 → 10" in words
    # Deal 1 has no board: only the scoring changes it. Deal 2's board is worth double too.
    assert "Deal 1 · 13 cards Because of: Scoring." in words
    assert "Deal 2 · 12 cards Because of: Boards, Scoring." in words


def test_the_calculator_says_what_house_rules_change_and_why_the_deal_differs(
    client, token
) -> None:
    import_rules(client, token, BRIDGE_SCORING)
    words = text(client.get("/rules/calculator", query_string=CALCULATOR))
    assert "What Pagat with bridge scoring changes from Back Alley (pagat.com)" in words
    assert "Points per bid: 5 → 10" in words
    # No board was bid: 11 and 10 become 21 and 20 because of the scoring alone.
    assert "This deal scores differently because of: Scoring." in words


@pytest.mark.parametrize("name", ["Pagat with bridge scoring", "pagat WITH bridge scoring ",
                                  "Joker (Georgia)"])  # fmt: skip
def test_two_rulesets_cannot_share_a_name(client, token, name) -> None:
    import_rules(client, token, BRIDGE_SCORING)
    response = client.post(
        "/rules/import",
        data={"file": (io.BytesIO(json.dumps({**BRIDGE_SCORING, "name": name}).encode()),
                       "r.json"), "csrf_token": token},
        content_type="multipart/form-data",
    )  # fmt: skip
    assert response.status_code == 422
    assert "There are already rules called" in text(response)
    assert "give these another name" in text(response)
    names = [c.ruleset.name for c in _house_rules(client)]
    assert names == ["Pagat with bridge scoring"]


def _house_rules(client) -> list:
    from scorekeeper.storage import ruleset_choices
    from scorekeeper.web.db import get_db

    with client.application.app_context():
        return [choice for choice in ruleset_choices(get_db()) if choice.house]


@pytest.mark.parametrize(
    ("slug", "shown"),
    [
        ("joker-short-100", ["bids 2 but takes 1: a trick short", "1 short: -100 × 1 = -100"]),
        ("joker-off-50", ["passes and takes none: a made pass", "took none: a made pass, 50"]),
        (
            "joker-strike-only",
            ["the set bonus adds nothing here, it strikes the others' best deal of the set."],
        ),
        (
            "joker-pairs",
            ["Bob & Dee make every bid of deals 1–8", "is each one's best deal of the set"],
        ),
    ],
)
def test_the_keepers_rules_have_worked_examples(client, slug: str, shown: list[str]) -> None:
    from tests.web.test_joker_house_game import text_of

    page = text_of(client.get(f"/rules/{slug}").get_data(as_text=True))
    for words in shown:
        assert words in page
