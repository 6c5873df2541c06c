"""The table's pages through the test client: the deal flow, and every refusal."""

from __future__ import annotations

import io
import json
import re
from urllib.parse import urlsplit

import pytest

from scorekeeper.rules import score
from scorekeeper.web.db import STORE
from tests.conftest import csrf_token
from tests.web.conftest import Table, buttons, hidden, join, new_game_form

#: What a browser says it accepts over HTTPS: the answer as it travels.
BROTLI = {"Accept-Encoding": "br, gzip"}

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def game_file(client, game_id: str) -> dict:
    return json.loads(client.get(f"/games/{game_id}/export.json").get_data(as_text=True))


def deals(client, game_id: str) -> list[dict]:
    return game_file(client, game_id)["deals"]


# Home and new games ---------------------------------------------------------------------------


def test_home_offers_new_game_import_rules_sheets_and_players(client):
    page = client.get("/").get_data(as_text=True)
    for link in ('href="/games/new"', 'href="/import"', 'href="/rules"', 'href="/sheets"'):
        assert link in page
    assert 'href="/players"' in page


def test_home_lists_games_in_progress_before_finished_ones(client, table, api_game):
    finished = json.loads(
        (
            __import__("tests.conftest", fromlist=["EXAMPLES"]).EXAMPLES / "joker.game.json"
        ).read_text()
    )
    finished_id = api_game(finished)
    table.start("back-alley-pagat", FOUR)
    page = client.get("/").get_data(as_text=True)
    assert page.index(table.url) < page.index(f"/games/{finished_id}")
    assert "deal 1 of 26" in page


def test_new_game_creates_the_game_and_redirects_to_it(table, client):
    table.start("joker", ["Nino", "Levan", "Tamar", "Gio"], dealer="2")
    document = game_file(client, table.game_id)
    assert document == {
        "ruleset": "joker",
        "players": ["Nino", "Levan", "Tamar", "Gio"],
        "first_dealer": 2,
        "deals": [],
    }
    assert "<bdi>Tamar</bdi> deals" in table.page and "<bdi>Gio</bdi> bids first" in table.page


def test_new_game_with_a_repeated_nonce_creates_one_game(client):
    page = client.get("/games/new").get_data(as_text=True)
    data = {
        "csrf_token": hidden(page, "csrf_token"),
        "nonce": hidden(page, "nonce"),
        "ruleset": "bluke",
        "dealer": "0",
        **{f"players-{i}": name for i, name in enumerate(["A1", "B2", "C3"])},
    }
    first = client.post("/games/new", data=data)
    again = client.post("/games/new", data=data)
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    home = client.get("/").get_data(as_text=True)
    assert (
        home.count('class="game-link"') == 1
        and "<bdi>A1</bdi> <b>0</b> · <bdi>B2</bdi> <b>0</b>" in home
    )


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ann", "Bob", "Cy"], "played by exactly 4 players"),
        (["Ann", "ann", "Cy", "Dee"], "same name as Ann (player 1)"),
    ],
)
def test_new_game_refuses_a_table_the_rules_cannot_seat(client, players, message):
    page = client.get("/games/new").get_data(as_text=True)
    response = client.post("/games/new", data=new_game_form(page, "back-alley-pagat", players))
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert "/games/" not in client.get("/").get_data(as_text=True).replace("/games/new", "")


def test_new_game_adds_and_removes_seats_and_offers_remembered_names(client, table):
    table.start("bluke", ["Grandpa", "Mia", "Leo"])
    page = client.get("/games/new").get_data(as_text=True)
    assert 'name="add_name" value="Grandpa"' in page
    base = {
        "csrf_token": hidden(page, "csrf_token"),
        "nonce": hidden(page, "nonce"),
        "ruleset": "bluke",
        "dealer": "0",
        "players-0": "Mia",
        "players-1": "",
    }
    added = client.post("/games/new", data={**base, "add_name": "Grandpa"})
    assert added.status_code == 200
    assert 'name="players-1" value="Grandpa"' in added.get_data(as_text=True)
    more = client.post("/games/new", data={**base, "seats": "add"}).get_data(as_text=True)
    assert 'name="players-2"' in more
    fewer = client.post(
        "/games/new", data={**base, "players-2": "Zed", "seats": "remove-0"}
    ).get_data(as_text=True)
    assert 'name="players-0" value=""' in fewer and 'name="players-2"' not in fewer


def test_new_game_same_players_is_prefilled_from_the_finished_game(client, api_game):
    from tests.conftest import example

    game_id = api_game(example("joker"))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Game over" in page and "New game, same players" in page
    fresh = client.get(f"/games/new?from={game_id}").get_data(as_text=True)
    for seat, name in enumerate(example("joker")["players"]):
        assert f'name="players-{seat}" value="{name}"' in fresh
    assert '<option selected value="joker">' in fresh


def test_random_dealer_picks_a_seat(table, client):
    table.start("back-alley-seven", FOUR, dealer="random")
    assert 0 <= game_file(client, table.game_id)["first_dealer"] < 4


def test_draw_for_seats_seats_partners_opposite_and_the_highest_deals(client):
    page = client.get("/games/new").get_data(as_text=True)
    data = {
        "csrf_token": hidden(page, "csrf_token"),
        "nonce": hidden(page, "nonce"),
        "ruleset": "back-alley-pagat",
        "dealer": "draw",
        **{f"players-{i}": name for i, name in enumerate(FOUR)},
    }
    response = client.post("/games/new", data=data)
    assert response.status_code == 303 and "/games/new/draw" in response.headers["Location"]
    draw_page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'name="rank-3"' in draw_page and 'name="suit-3"' in draw_page
    cards = {"rank-0": "A", "suit-0": "spades", "rank-1": "K", "suit-1": "hearts",
             "rank-2": "2", "suit-2": "clubs", "rank-3": "3", "suit-3": "clubs"}  # fmt: skip
    form = {
        "csrf_token": hidden(draw_page, "csrf_token"),
        "nonce": hidden(draw_page, "nonce"),
        "ruleset": "back-alley-pagat",
        "player": FOUR,
    }
    missing = client.post("/games/new/draw", data={**form, **cards, "suit-3": ""})
    assert missing.status_code == 422
    assert "Tap the card Dee drew" in missing.get_data(as_text=True)
    same = client.post("/games/new/draw", data={**form, **cards, "rank-1": "A", "suit-1": "spades"})
    assert same.status_code == 422 and "cannot both have drawn" in same.get_data(as_text=True)
    done = client.post("/games/new/draw", data={**form, **cards})
    assert done.status_code == 303
    document = game_file(client, done.headers["Location"].rsplit("/", 1)[-1])
    assert document["players"] == ["Ann", "Cy", "Bob", "Dee"]
    assert document["first_dealer"] == 0


def test_draw_for_an_unknown_ruleset_is_not_found(client):
    assert client.get("/games/new/draw?ruleset=nope&player=A&player=B").status_code == 404


# The deal flow --------------------------------------------------------------------------------


def test_a_partnership_deal_takes_six_taps_and_is_scored(table, client):
    table.start("back-alley-pagat", FOUR)
    assert "Deal <b>1</b>" in table.page and "of 26" in table.page
    assert "<bdi>Ann</bdi> deals" in table.page and "<bdi>Bob</bdi> bids first" in table.page
    page = table.tap("trump:spades", "bid:2", "bid:pass", "bid:1")
    assert '<b id="tally">3 bid of 13 tricks</b>' in page
    board = [label for value, _ in buttons(page) for label in [value] if value == "bid:board"]
    assert board and ">double board<" not in page and ">board<" in page
    page = table.tap("bid:board")
    assert "<b><bdi>Ann</bdi></b> leads" in page
    assert "Tricks taken by <b><bdi>Ann &amp; Cy</bdi></b>" in page
    page = table.tap("tricks:8")
    assert deals(client, table.game_id) == [
        {"bids": ["board", 2, "pass", 1], "team_tricks": [8, 5], "trump": "spades"}
    ]
    assert "Deal 1 scored" in page and "-130" in page
    assert "Deal <b>2</b>" in page and "<bdi>Bob</bdi> deals" in page


def test_boards_escalate_and_are_named_by_level(table):
    table.start("back-alley-pagat", FOUR)
    page = table.tap("bid:board")
    assert 'value="bid:board">double board<' in page
    page = table.tap("bid:board")
    assert 'value="bid:board">triple board<' in page


def test_an_individual_deal_takes_tricks_per_player_and_implies_the_last(table, client):
    table.start("back-alley-seven", FOUR)
    table.tap("trump:hearts", "bid:2", "bid:1", "bid:pass", "bid:3")
    page = table.open()
    assert "Tricks taken by <b><bdi>Bob</bdi></b>" in page
    assert [v for v, _ in buttons(page) if v.startswith("tricks:")][-1] == "tricks:7"
    page = table.tap("tricks:2", "tricks:1")
    assert [v for v, _ in buttons(page) if v.startswith("tricks:")][-1] == "tricks:4"
    table.tap("tricks:0")
    assert deals(client, table.game_id) == [
        {"bids": [3, 2, 1, "pass"], "tricks": [4, 2, 1, 0], "trump": "hearts"}
    ]


def test_everyone_passing_throws_the_deal_in_and_the_next_dealer_redeals(table, client):
    table.start("back-alley-pagat", FOUR)
    page = table.tap("bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert deals(client, table.game_id) == [{"bids": ["pass", "pass", "pass", "pass"]}]
    assert "thrown in" in page
    assert "Deal <b>1</b>" in page and "<bdi>Bob</bdi> deals" in page and "13</b> cards" in page
    assert "<bdi>Ann</bdi>’s deal passes to <bdi>Bob</bdi>, who deals 13 cards each." in page


def test_where_the_same_dealer_redeals_the_message_names_the_same_dealer(table, client):
    table.start("back-alley-catsatcards", FOUR)  # thrown in: redealt by the same dealer
    page = table.tap("bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert "everyone passed.\n    <bdi>Ann</bdi> deals again, 13 cards each." in page


def test_joker_fills_in_the_dealers_only_bid_on_one_card(table, client):
    table.start("joker", FOUR, dealer="3")  # Dee deals; Ann bids first; 1 card
    page = table.tap("bid:1", "bid:0", "bid:0")
    # Bids of 1 + 0 + 0: the hook forbids Dee's pass, so 1 is all Dee may bid: no tap.
    assert "Filled in for you, as nothing else was possible: Dee bids 1." in page
    assert "Tricks taken by <b><bdi>Ann</bdi></b>" in page
    page = table.tap("undo")  # takes back Cy's pass and the bid filled in after it
    assert "<b><bdi>Cy</bdi></b> bids" in page and page.count("·</span>") == 2


def test_joker_shows_the_dealers_forbidden_bid_struck_out(table, client):
    table.start("joker", FOUR, dealer="3")  # deal 1: 1 card; deal 2: 2 cards, Ann deals
    table.tap("bid:1", "bid:0", "bid:0", "tricks:1")  # the rest is filled in: no tricks left
    assert deals(client, table.game_id) == [{"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}]
    page = table.tap("bid:1", "bid:0", "bid:0")  # Bob, Cy, Dee; Ann bids last
    choices = dict(buttons(page))
    assert choices["bid:1"] is False and choices["bid:pass"] is True and choices["bid:2"] is True
    assert 'class="struck"' in page and "the bids would add up to 2" in page
    forged = table.post("bid:1")
    assert forged.status_code == 422
    assert "dealer" in Table.problem(forged) and "hook" in Table.problem(forged)
    assert len(deals(client, table.game_id)) == 1
    assert table.open().count("·</span>") == 1  # the three bids are still there


def test_rainbow_holders_are_one_tap_each_on_the_four_card_deal(client, api_game, table):
    from tests.conftest import example

    bridge = example("back-alley-bridge")
    slots = [d for d in bridge["deals"] if "tricks" in d or "team_tricks" in d]
    before_four = bridge["deals"][
        : next(i for i, d in enumerate(bridge["deals"]) if "rainbows" in d)
    ]
    game_id = api_game({**bridge, "deals": before_four})
    assert slots
    table.game_id = game_id
    page = table.open()
    assert "4</b> cards each" in page
    page = table.tap("bid:1", "bid:1", "bid:1", "bid:0")
    assert "Rainbows" in page
    page = table.tap("rainbow:1", "rainbow:2", "rainbow:2")
    assert 'value="rainbow:1" aria-pressed="true"' in page
    assert 'value="rainbow:2" aria-pressed="false"' in page
    table.tap("tricks:2")
    assert deals(client, game_id)[-1]["rainbows"] == [1]


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ("bid:13", "can bid at most 12"),
        ("bid:rainbow", "no rainbow bid"),
        ("bid:lots", "is not a bid"),
        ("tricks:3", "bids are not all in"),
        ("trump:stars", "not a trump"),
        ("fly:away", "not something to tap"),
        ("rainbow:0", "no rainbows"),
    ],
)
def test_a_forged_tap_is_refused_with_a_message_and_nothing_saved(table, client, step, message):
    table.start("back-alley-pagat", FOUR)
    version = hidden(table.page, "version")
    response = table.post(step)
    assert response.status_code == 422
    assert message in Table.problem(response)
    assert deals(client, table.game_id) == []
    assert hidden(table.open(), "version") == version


def test_tricks_that_do_not_add_up_are_refused(table, client):
    table.start("back-alley-seven", FOUR)  # 7 cards
    table.tap("bid:1", "bid:1", "bid:1", "bid:1", "tricks:5")
    response = table.post("tricks:3")
    assert response.status_code == 422
    assert "only 2 of 7 tricks are left" in Table.problem(response)
    assert deals(client, table.game_id) == []


def test_no_trump_is_offered_only_where_a_joker_can_be_turned_up(table):
    table.start("back-alley-pagat", FOUR)
    assert 'value="trump:none"' in table.page
    table.start("back-alley-individual", FOUR)
    assert 'value="trump:none"' not in table.page
    assert table.post("trump:none").status_code == 422


def test_the_draft_survives_a_reload_and_shows_on_a_second_phone(table, app):
    table.start("back-alley-pagat", FOUR)
    table.tap("trump:clubs", "bid:3")
    second = app.test_client()
    link = re.search(r'class="edit-link" href="([^"]+)"', table.page).group(1)
    assert join(second, urlsplit(link).path).status_code == 303
    page = second.get(table.url).get_data(as_text=True)
    assert 'value="trump:clubs" class="suit clubs" aria-pressed="true"' in page
    assert "<b><bdi>Cy</bdi></b> bids" in page


# Two phones, retries, stale pages --------------------------------------------------------------


def test_a_repeated_nonce_records_nothing_new(table, client):
    table.start("back-alley-pagat", FOUR)
    first = table.post("bid:2")
    again = table.post("bid:2")
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    page = table.open()
    assert "<b><bdi>Cy</bdi></b> bids" in page  # one bid, not two


def test_a_stale_version_gets_409_with_the_newer_state_and_keeps_the_tap(table, app):
    table.start("back-alley-pagat", FOUR)
    stale = Table(table.client, table.game_id, table.page)
    table.tap("bid:2")
    response = stale.post("bid:5", nonce="another-nonce-1")
    assert response.status_code == 409
    text = response.get_data(as_text=True)
    assert "Someone else changed this game" in Table.problem(response)
    assert "bid 5" in Table.problem(response)  # what this phone tapped is kept in the message
    assert "<b><bdi>Cy</bdi></b> bids" in text  # the newer state
    assert hidden(text, "version") == hidden(table.open(), "version")


def test_a_watcher_sees_no_controls_and_cannot_write(table, app):
    table.start("back-alley-pagat", FOUR)
    form = table.form("bid:2")
    watcher = app.test_client()
    page = watcher.get(table.url).get_data(as_text=True)
    assert "Deal <b>1</b>" in page
    # Watchers may still compare the game under other rules (a GET form), but nothing writes.
    assert 'method="post"' not in page and 'name="nonce"' not in page and "join/" not in page
    form["csrf_token"] = csrf_token(watcher)
    assert watcher.post(f"{table.url}/tap", data=form).status_code == 403
    assert watcher.get(f"{table.url}/deals/1/edit").status_code == 403
    sheet = watcher.get(f"{table.url}/scoresheet").get_data(as_text=True)
    assert "/edit" not in sheet


def test_a_missing_csrf_token_sends_the_form_back_with_a_message(table, client):
    table.start("back-alley-pagat", FOUR)
    data = table.form("bid:2")
    del data["csrf_token"]
    response = client.post(f"{table.url}/tap", data=data, headers={"Referer": table.url})
    assert response.status_code == 303
    page = client.get(table.url).get_data(as_text=True)
    assert "went stale" in page and "bid 2" in page
    assert deals(client, table.game_id) == [] and "<b><bdi>Bob</bdi></b> bids" in page


def test_a_missing_csrf_token_on_the_new_game_form_keeps_the_names(client):
    client.get("/games/new")
    data = {"nonce": "abcdefgh12", "ruleset": "bluke", "players-0": "Ada", "players-1": "Bo"}
    response = client.post("/games/new", data=data, headers={"Referer": "/games/new"})
    assert response.status_code == 303
    page = client.get("/games/new").get_data(as_text=True)
    assert "went stale" in page and 'value="Ada"' in page and 'value="Bo"' in page


def test_the_watch_page_has_no_controls_even_for_the_scorer(table, client):
    table.start("back-alley-pagat", FOUR)
    page = client.get(f"{table.url}/watch").get_data(as_text=True)
    assert "<form" not in page and 'http-equiv="refresh"' in page


# Undo and edit --------------------------------------------------------------------------------


def test_undo_drops_the_last_tap_then_the_last_deal_back_into_the_draft(table, client):
    table.start("back-alley-pagat", FOUR)
    table.tap("trump:spades", "bid:2", "bid:pass", "bid:1", "bid:3", "tricks:4")
    assert len(deals(client, table.game_id)) == 1
    page = table.tap("undo")
    assert deals(client, table.game_id) == []
    assert "Tricks taken by" in page and 'aria-pressed="true"' in page  # bids and trump kept
    page = table.tap("undo")
    assert "<b><bdi>Ann</bdi></b> bids" in page
    table.tap("undo", "undo", "undo", "undo")
    assert 'value="undo" class="quiet" disabled' in table.page
    assert table.post("undo").status_code == 422


def test_undo_of_a_thrown_in_deal_puts_back_all_but_the_last_pass(table, client):
    table.start("back-alley-pagat", FOUR)
    table.tap("bid:pass", "bid:pass", "bid:pass", "bid:pass")
    page = table.tap("undo")
    assert deals(client, table.game_id) == [] and "<b><bdi>Ann</bdi></b> bids" in page
    assert "<bdi>Ann</bdi> deals" in page


def test_undo_after_the_game_is_over_reopens_the_last_deal(client, api_game, table):
    from tests.conftest import example

    table.game_id = api_game(example("joker"))
    table.open()
    page = table.tap("undo")
    assert "Deal <b>24</b>" in page and "Tricks taken by" in page


def test_editing_an_earlier_deal_rescores_the_game(table, client):
    table.start("back-alley-pagat", FOUR)
    table.tap("bid:2", "bid:pass", "bid:1", "bid:3", "tricks:4")
    table.tap("bid:1", "bid:1", "bid:1", "bid:1", "tricks:6")
    edit = client.get(f"{table.url}/deals/1/edit")
    assert edit.status_code == 200
    page = edit.get_data(as_text=True)
    data = {
        "csrf_token": hidden(page, "csrf_token"),
        "nonce": hidden(page, "nonce"),
        "version": hidden(page, "version"),
        "bid-0": "3", "bid-1": "2", "bid-2": "pass", "bid-3": "1",
        "team-0": "9", "team-1": "4", "trump": "hearts",
    }  # fmt: skip
    response = client.post(f"{table.url}/deals/1/edit", data=data)
    assert response.status_code == 303 and "/scoresheet" in response.headers["Location"]
    assert deals(client, table.game_id)[0] == {
        "bids": [3, 2, "pass", 1], "team_tricks": [9, 4], "trump": "hearts"
    }  # fmt: skip
    again = client.post(f"{table.url}/deals/1/edit", data=data)
    assert again.status_code == 303  # the same nonce: nothing new, same place


def test_an_edit_that_breaks_a_bid_is_shown_next_to_the_bid(table, client):
    table.start("back-alley-pagat", FOUR)
    table.tap("bid:2", "bid:pass", "bid:1", "bid:3", "tricks:4")
    page = client.get(f"{table.url}/deals/1/edit").get_data(as_text=True)
    data = {
        "csrf_token": hidden(page, "csrf_token"), "nonce": hidden(page, "nonce"),
        "version": hidden(page, "version"), "bid-0": "13", "bid-1": "2", "bid-2": "pass",
        "bid-3": "1", "team-0": "9", "team-1": "4", "trump": "",
    }  # fmt: skip
    response = client.post(f"{table.url}/deals/1/edit", data=data)
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    # Beside Ann's bid: the select says what describes it, and that is the first message
    # after it (under her row).
    assert re.search(r"Ann's bid. aria-invalid=.true. aria-describedby=.bid-0-error.>", text)
    assert re.search(
        r"Ann's bid.*?</select>.*?<p class=.error-text. role=.alert. id=.bid-0-error.>"
        r"Ann can bid at most",
        text,
        re.S,
    )
    uneven = {**data, "bid-0": "3", "team-0": "9", "team-1": "9"}
    text = client.post(f"{table.url}/deals/1/edit", data=uneven).get_data(as_text=True)
    assert "the tricks add up to 18" in text
    assert deals(client, table.game_id)[0]["bids"] == [3, 2, "pass", 1]


def test_an_edit_that_makes_a_later_deal_illegal_changes_nothing(table, client):
    table.start("back-alley-pagat", FOUR)
    table.tap("bid:pass", "bid:pass", "bid:pass", "bid:pass")  # thrown in; Bob redeals 13
    table.tap("bid:2", "bid:pass", "bid:1", "bid:3", "tricks:4")
    before = deals(client, table.game_id)
    page = client.get(f"{table.url}/deals/2/edit").get_data(as_text=True)
    # Making deal 1 a played deal would move deal 2 to 12 cards, where nobody may bid 12.
    page = client.get(f"{table.url}/deals/1/edit").get_data(as_text=True)
    data = {
        "csrf_token": hidden(page, "csrf_token"), "nonce": hidden(page, "nonce"),
        "version": hidden(page, "version"), "bid-0": "pass", "bid-1": "1", "bid-2": "pass",
        "bid-3": "pass", "team-0": "6", "team-1": "7", "trump": "",
    }  # fmt: skip
    response = client.post(f"{table.url}/deals/1/edit", data=data)
    assert response.status_code == 422, response.get_data(as_text=True)
    assert "would make deal 2 illegal" in response.get_data(as_text=True)
    assert deals(client, table.game_id) == before


def test_a_stale_edit_gets_409_and_keeps_what_was_chosen(table, client):
    table.start("back-alley-pagat", FOUR)
    table.tap("bid:2", "bid:pass", "bid:1", "bid:3", "tricks:4")
    page = client.get(f"{table.url}/deals/1/edit").get_data(as_text=True)
    table.open()
    table.tap("bid:1")
    data = {
        "csrf_token": hidden(page, "csrf_token"), "nonce": hidden(page, "nonce"),
        "version": hidden(page, "version"), "bid-0": "5", "bid-1": "2", "bid-2": "pass",
        "bid-3": "1", "team-0": "9", "team-1": "4", "trump": "",
    }  # fmt: skip
    response = client.post(f"{table.url}/deals/1/edit", data=data)
    assert response.status_code == 409
    text = response.get_data(as_text=True)
    assert "Someone else changed this game" in text and '<option value="5" selected>' in text


@pytest.mark.parametrize(
    ("ruleset", "tricks", "message", "beside"),
    [
        ("back-alley-pagat", {"team-0": "9", "team-1": ""}, "Enter the tricks each team took.",
         "team-1"),
        ("back-alley-individual", {"tricks-0": "4", "tricks-1": "3", "tricks-2": "",
                                   "tricks-3": "6"}, "Enter the tricks Cy took.", "tricks-2"),
    ],
)  # fmt: skip
def test_an_edit_missing_some_tricks_says_so_in_words(table, client, ruleset, tricks, message,
                                                      beside):  # fmt: skip
    table.start(ruleset, FOUR)
    steps = ("bid:2", "bid:pass", "bid:1", "bid:3", "tricks:4")
    if ruleset == "back-alley-individual":
        steps = ("bid:2", "bid:pass", "bid:1", "bid:3", "tricks:4", "tricks:3", "tricks:0")
    table.tap(*steps)
    before = client.get(f"{table.url}/export.json").get_json()
    page = client.get(f"{table.url}/deals/1/edit").get_data(as_text=True)
    data = {
        "csrf_token": hidden(page, "csrf_token"), "nonce": hidden(page, "nonce"),
        "version": hidden(page, "version"), "bid-0": "3", "bid-1": "2", "bid-2": "pass",
        "bid-3": "1", "trump": "", **tricks,
    }  # fmt: skip
    response = client.post(f"{table.url}/deals/1/edit", data=data)
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert re.search(
        f'<p class="error-text" role="alert"( id="{beside}-error")?>{message}</p>', text
    )
    assert "team_tricks" not in text and "&#39;&#39;" not in text and "''" not in text
    assert client.get(f"{table.url}/export.json").get_json() == before  # nothing changed
    # Beside the field: the first message after that field's select.
    assert text.index(message) > text.index(f'name="{beside}"')
    assert "error-text" not in text[: text.index(f'name="{beside}"')]


def test_editing_a_deal_that_does_not_exist_is_not_found(table, client):
    table.start("back-alley-pagat", FOUR)
    assert client.get(f"{table.url}/deals/1/edit").status_code == 404


# The scoresheet, export, import ---------------------------------------------------------------


def test_the_scoresheet_shows_every_deal_and_highlights_the_current_row(table, client):
    table.start("back-alley-pagat", FOUR)
    table.tap("trump:diamonds", "bid:2", "bid:pass", "bid:1", "bid:3", "tricks:4")
    page = client.get(f"{table.url}/scoresheet").get_data(as_text=True)
    assert page.count("<tr") >= 26 + 2  # every deal, the names above, the totals below
    assert re.search(
        r'class="current">\s*<th scope="row" class="deal"><div class="deal-head">'
        r'<b class="number">2</b> <span class="cards"><span aria-hidden="true">12<'
        r'.*?<span class="dealer"><bdi>Bob</bdi>',
        page,
        re.S,
    )
    assert "♦" in page and f"{table.url}/deals/1/edit" in page


def test_export_and_import_round_trip(client, table):
    from tests.conftest import example

    document = example("back-alley-pagat")
    form = client.get("/import").get_data(as_text=True)
    response = client.post(
        "/import",
        data={
            "csrf_token": hidden(form, "csrf_token"),
            "file": (io.BytesIO(json.dumps(document).encode()), "game.json"),
        },
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    exported = client.get(f"/games/{game_id}/export.json")
    assert exported.mimetype == "application/json"
    assert score(exported.get_json()).totals == score(document).totals
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    for total in score(document).totals:
        assert f"<b>{total}</b>" in page


def test_import_of_a_bad_file_says_what_is_wrong(client):
    form = client.get("/import").get_data(as_text=True)
    response = client.post(
        "/import",
        data={"csrf_token": hidden(form, "csrf_token"), "file": (io.BytesIO(b"{"), "x.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422 and "cannot be imported" in response.get_data(as_text=True)


def test_an_unknown_game_is_not_found(client):
    for path in (
        "/games/nope",
        "/games/nope/scoresheet",
        "/games/nope/watch",
        "/games/nope/export.json",
    ):
        assert client.get(path).status_code == 404


def test_a_wrong_edit_key_is_not_found_and_grants_nothing(table, app):
    table.start("back-alley-pagat", FOUR)
    other = app.test_client()
    assert other.get(f"{table.url}/join/wrong").status_code == 404
    assert 'method="post"' not in other.get(table.url).get_data(as_text=True)


def test_the_game_page_is_light(table, client):
    table.start("back-alley-pagat", FOUR)
    table.tap("trump:spades", "bid:2", "bid:pass", "bid:1", "bid:3", "tricks:4")
    page = table.open()
    # Each tap loads the page again; the static files come from the phone's cache.
    assert len(page.encode()) <= 16 * 1024, len(page.encode())
    assets = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert len(assets) == len(set(assets)), assets  # no style or script fetched twice
    # The first visit, on the wire (as a browser asks for it): the page, what it names, and
    # the modules its scripts import at once. The phone's rules and the sending come later,
    # once the page is idle (`import(…)`), with the rules' runtime.
    wire = len(client.get(table.url, headers=BROTLI).data)
    loaded, raw = set(), 0
    while assets:
        asset = assets.pop()
        if asset in loaded:
            continue
        loaded.add(asset)
        wire += len(client.get(asset, headers=BROTLI).data)
        content = client.get(asset).data
        raw += len(content)
        if asset.split("?")[0].endswith(".js"):
            assets += re.findall(r'from ?"(/static/[^"]+)"', content.decode())
            later = re.findall(r'import\("(/static/[^"]+)"\)', content.decode())
            assert all(module not in loaded for module in later)
    assert any("/static/phone/store.js" in asset for asset in loaded)  # a tap is kept at once
    # The budget (#25): 20 KB on the wire, as before the phone kept the game.
    assert wire <= 20 * 1024, (wire, raw, sorted(loaded))
    assert 'style="' not in page and "<script>" not in page


def test_one_tap_is_one_load_one_version_check_one_transaction(table, app):
    table.start("back-alley-pagat", ["Ann", "Bob", "Cy", "Dee"])
    table.tap("bid:2")
    store = app.extensions[STORE]
    said: list[str] = []
    handed_out = store.connect

    def traced():
        db = handed_out()
        db.conn.set_trace_callback(said.append)
        return db

    store.connect = traced
    response = table.post("bid:1")  # a tap that only adds to the draft
    assert response.status_code == 303
    recording = [*said]
    said.clear()
    table.open()
    table.tap("bid:pass", "bid:3")
    said.clear()
    response = table.post("tricks:7")  # the last tap: the deal is scored and recorded
    assert response.status_code == 303
    for statements in (recording, said):
        normalised = [" ".join(statement.split()).lower() for statement in statements]
        loads = [s for s in normalised if s.startswith("select") and "from games" in s]
        deal_reads = [s for s in normalised if s.startswith("select body from deals")]
        assert len(loads) == 1 and len(deal_reads) == 1, normalised
        assert normalised.count("begin immediate") == 1 and normalised.count("commit") == 1
        assert len([s for s in normalised if s.startswith("update games")]) == 1
    assert any(s.lower().startswith("insert") and "deals" in s for s in said)


@pytest.mark.parametrize(
    ("taps", "tally"),
    [
        # Back Alley (pagat), 13 cards: Bob, Cy, Dee, Ann bid in turn.
        ((), "nothing bid of 13 tricks"),  # not "0 bid of 13 tricks"
        (("bid:pass",), "nothing bid of 13 tricks"),
        (("bid:2", "bid:pass"), "2 bid of 13 tricks"),
        (("bid:board", "bid:pass"), "board bid of 13 tricks"),  # not "board + 0"
        (("bid:board", "bid:3"), "board + 3 bid of 13 tricks"),  # not "26 vs 13"
        (("bid:board", "bid:board", "bid:1"), "board + double board + 1 bid of 13 tricks"),
    ],
)
def test_the_tally_says_boards_as_boards(table, taps, tally):
    table.start("back-alley-pagat", FOUR)
    page = table.tap(*taps)
    assert f'<b id="tally">{tally}</b>' in page


def test_a_value_that_leaves_no_choice_is_filled_in_and_undone_with_the_last_tap(table, client):
    # Individual Back Alley, 13 cards: the trick takers are tapped in bidding order (read from
    # the page), and the last bidder gets the tricks left over.
    table.start("back-alley-individual", FOUR)
    table.tap("bid:2", "bid:pass", "bid:1", "bid:3")
    order = re.findall(r'<li data-seat="(\d)"', table.page)
    names = [FOUR[int(seat)] for seat in order]
    # The first two takers share all 13 tricks: the third has 0 left, so it is filled in,
    # and the last gets the rest (0) as always: the deal is recorded after two taps.
    page = table.tap("tricks:6", "tricks:7")
    assert "Deal <b>2</b>" in page
    assert f"Filled in for you, as nothing else was possible: {names[2]} took 0." in page
    tricks = dict(zip(names, [6, 7, 0, 0], strict=True))
    assert deals(client, table.game_id)[0]["tricks"] == [tricks[name] for name in FOUR]
    # Undo takes back the filled-in 0 with the tap before it: the second taker's screen.
    page = table.tap("undo")
    assert f"Tricks taken by <b><bdi>{names[1]}</bdi></b>" in page
    assert deals(client, table.game_id) == []


def test_the_table_page_model_is_sent_as_json_as_the_page_shows_it(client) -> None:
    table = Table(client)
    table.start("back-alley-pagat", FOUR)
    table.tap("trump:clubs", "bid:3")
    model = client.get(f"/games/{table.game_id}/table.json").get_json()
    assert model["editor"] is True and model["version"] > 1
    assert [side["name"] for side in model["sides"]] == ["Ann & Cy", "Bob & Dee"]
    deal = model["deal"]
    assert deal["number"] == 1 and deal["trump"] == "clubs" and deal["ask"]["kind"] == "bid"
    assert deal["seats"][0]["bid"] == "3"  # Bob bids first after Ann deals
    assert deal["ask"]["who"] == deal["seats"][1]["name"]
    assert model["taps"] == ["trump:clubs", "bid:3"]
    assert f'value="{deal["ask"]["choices"][0]["step"]}"' in table.page
    watcher = client.application.test_client()
    seen = watcher.get(f"/games/{table.game_id}/table.json").get_json()
    assert seen["editor"] is False and seen["edit_key"] == ""
