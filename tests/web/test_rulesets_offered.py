"""Every ruleset the docs offer by slug is offered wherever a ruleset is chosen.

The built-ins of docs/rules.md and the ready-made Joker house rules of
docs/joker-variants.md: New game lists each and starts a game with it, the blank
sheet lists each, and a game's compare view offers each that seats its table.
"""

from __future__ import annotations

import pytest

from tests.conftest import documented_slugs
from tests.web.test_joker_house_game import text_of
from tests.web.test_table import deals

DOCUMENTED = documented_slugs()
FOUR = ["Ann", "Bob", "Cy", "Dee"]


def test_new_game_offers_every_documented_ruleset(client) -> None:
    page = client.get("/games/new").get_data(as_text=True)
    for slug in DOCUMENTED:
        assert f'value="{slug}"' in page, slug
    assert "Joker in pairs (seats 1 + 3 against 2 + 4) (ready-made house rules)" in page
    assert "· 4 players, 2 pairs" in page


@pytest.mark.parametrize("slug", DOCUMENTED)
def test_new_game_starts_a_game_with_every_documented_ruleset(table, slug: str) -> None:
    table.start(slug, FOUR)
    assert "<b>1</b> card" in table.page or "cards each" in table.page


def test_the_blank_sheet_offers_every_documented_ruleset(client) -> None:
    page = client.get("/sheets").get_data(as_text=True)
    for slug in DOCUMENTED:
        assert f'<option value="{slug}">' in page, slug


def test_compare_offers_every_documented_ruleset_but_its_own(client, table) -> None:
    table.start("joker", FOUR)
    page = client.get(f"/games/{table.game_id}/compare").get_data(as_text=True)
    for slug in DOCUMENTED:
        assert (f'value="{slug}"' in page) == (slug != "joker"), slug


def test_a_ready_made_game_keeps_its_rules_in_the_game(client, table) -> None:
    """A game started from a ready-made variant carries its complete rules, like a house one."""
    table.start("joker-flat-200", FOUR, dealer="3")  # Dee deals; 1 card; Ann bids first
    table.tap("bid:1", "bid:0", "bid:0")  # Dee's only bid, 1, is filled in
    table.tap("tricks:0", "tricks:1")  # Ann takes none, Bob the trick: the rest is filled in
    assert deals(client, table.game_id) == [{"bids": [1, 0, 0, 1], "tricks": [0, 1, 0, 0]}]
    page = text_of(client.get(f"/games/{table.game_id}").get_data(as_text=True))
    assert "Ann bid 1, took 0, not the bid: -200" in page


def test_pairs_are_played_at_the_table_player_by_player(client, table) -> None:
    """Pairs tap each player's tricks, as in Joker; the pair's score is the two added."""
    table.start("joker-pairs", FOUR, dealer="3")  # Dee deals; 1 card; Ann bids first
    table.tap("bid:1", "bid:0", "bid:0")  # Dee may not pass: 1 is filled in
    table.tap("tricks:1")  # Ann takes the trick: no tricks are left for the others
    assert deals(client, table.game_id) == [{"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}]
    page = text_of(client.get(f"/games/{table.game_id}").get_data(as_text=True))
    # Ann 200 (1 of 1) + Cy 50; Bob 50 + Dee 0 (bid 1, took none): the pair's line adds them.
    assert "Ann & Cy 250 +250 Bob & Dee 50 +50" in page  # the scoreboard: one line a pair
    assert "Ann bid 1, took all 1: 100 + 100 × 1 = 200" in page
    assert "Ann & Cy : 200 + 50 = 250" in page and "Bob & Dee : 50 + 0 = 50" in page
