"""One person, one name, wherever a name comes in; and New game says what is wrong beside
the seat it is wrong in, dropping nothing typed (issues 31 and 33)."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.rules import MAX_NAME_LENGTH, read_game, stored_values
from scorekeeper.service.games import start_game
from scorekeeper.storage import open_database
from tests.conftest import REPO, csrf_token
from tests.limits.conftest import count_rows

INDIVIDUAL = "back-alley-individual"


def seat_error(page: str, seat: int) -> str:
    """Return the words shown beside a seat of New game (seat 1 is the first), or ""."""
    found = re.search(rf'<p class="error-text" id="players-{seat - 1}-error">([^<]*)</p>', page)
    return html.unescape(found.group(1)) if found else ""


def store_before(app, players: list[str]) -> str:
    """Store a game as a release before names were checked would have; return its id."""
    with stored_values():
        game = read_game({"ruleset": INDIVIDUAL, "players": players})
    db = open_database(app.config["DATABASE"])
    try:
        return start_game(db, game, device=None).id
    finally:
        db.close()


# Where a name comes in ---------------------------------------------------------------------


def test_the_api_refuses_a_second_seat_that_only_looks_different(app, client) -> None:
    token = csrf_token(client)
    players = ["\u00c1na", "Bob", "A\u0301na", "Dee"]  # composed, and a decomposed accent
    answer = client.post(
        "/api/games",
        json={"ruleset": INDIVIDUAL, "players": players},
        headers={"X-CSRFToken": token},
    )
    assert answer.status_code == 422
    assert answer.get_json()["error"] == (
        "player 3: \u00c1na is the same name as \u00c1na (player 1); names must differ"
    )
    assert count_rows(app.config["DATABASE"], "games") == 0


def test_a_name_is_kept_composed(client) -> None:
    token = csrf_token(client)
    made = client.post(
        "/api/games",
        json={"ruleset": INDIVIDUAL, "players": ["A\u0301na", "Bob", "Cy", "Dee"]},
        headers={"X-CSRFToken": token},
    )
    assert made.status_code == 201
    shown = client.get(f"/api/games/{made.get_json()['id']}").get_json()
    assert shown["game"]["players"][0] == "\u00c1na"


def test_new_game_refuses_an_invisible_character_beside_its_seat(app, table) -> None:
    data = table.new_game_form(INDIVIDUAL, ["Ana", "Ana\u200b", "Cy", "Dee"])
    answer = table.client.post("/games/new", data=data)
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert seat_error(page, 2) == (
        "A name cannot hold an invisible character (U+200B ZERO WIDTH SPACE)."
    )
    assert 'aria-describedby="players-1-error"' in page
    assert count_rows(app.config["DATABASE"], "games") == 0


def test_the_draw_refuses_names_it_cannot_seat_with_words(client) -> None:
    answer = client.get(
        "/games/new/draw",
        query_string=[("ruleset", INDIVIDUAL)]
        + [("player", n) for n in ["Ann", "Bob\u200b", "Cy"]],
    )
    assert answer.status_code == 400
    words = html.unescape(answer.get_data(as_text=True))
    assert "These players cannot draw for seats: start again from New game." in words
    assert "Player 2: a name cannot hold an invisible character (U+200B ZERO WIDTH SPACE)." in words
    blank = client.get(
        "/games/new/draw",
        query_string=[("ruleset", INDIVIDUAL)] + [("player", n) for n in ["Ann", " ", "Cy", "Dee"]],
    )
    assert blank.status_code == 400  # a blank seat is refused, not dropped


def test_a_blank_sheet_refuses_an_invisible_name(client) -> None:
    answer = client.get(
        "/sheets/blank.pdf",
        query_string={"ruleset": "bluke", "players": "Ann,Bob\u2060,Cy,Dee,Eve"},
    )
    assert answer.status_code == 422
    assert "U+2060 WORD JOINER" in html.unescape(answer.get_data(as_text=True))


def test_the_calculator_refuses_an_invisible_name(client) -> None:
    asked = {"cards": "13", "dealer": "0", "name_0": "Ann\u200b"}
    for seat in range(4):
        asked |= {f"bid_{seat}": "pass", f"tricks_{seat}": "0"}
    page = html.unescape(client.get("/rules/calculator", query_string=asked).get_data(as_text=True))
    assert "Player 1: a name cannot hold an invisible character (U+200B ZERO WIDTH SPACE)." in page


# The stats know one person by one name ------------------------------------------------------


def test_a_name_stored_with_an_invisible_character_is_the_same_player(app, client) -> None:
    before = store_before(app, ["Ana\u200b", "Bob", "Cy", "Dee"])
    token = csrf_token(client)
    made = client.post(
        "/api/games",
        json={"ruleset": INDIVIDUAL, "players": ["Ana", "Bob", "Cy", "Dee"]},
        headers={"X-CSRFToken": token},
    )
    assert made.status_code == 201
    players = client.get("/players").get_data(as_text=True)
    assert "\u200b" not in players, "shown as anyone sees it"
    assert players.count('href="/players/Ana"') == 1, "one row for Ana"
    listed = client.get("/", query_string={"player": "ANA"}).get_data(as_text=True)
    assert before in listed and made.get_json()["id"] in listed
    page = client.get("/players/ana").get_data(as_text=True)
    assert f"/games/{before}" in page and f"/games/{made.get_json()['id']}" in page


def test_new_game_offers_a_stored_name_as_it_is_seen(app, client) -> None:
    before = store_before(app, ["Ana\u200b", "Bob", "Cy", "Dee"])
    again = client.get("/games/new", query_string={"from": before}).get_data(as_text=True)
    assert 'name="players-0" value="Ana"' in again and "\u200b" not in again
    assert 'name="add_name" value="Ana"' not in again  # seated already
    fresh = client.get("/games/new").get_data(as_text=True)
    assert 'name="add_name" value="Ana"' in fresh and "\u200b" not in fresh


# New game: errors in words beside the seat, nothing typed dropped ---------------------------


def test_a_name_one_character_too_long_is_refused_beside_its_seat(app, table) -> None:
    long = "L" * (MAX_NAME_LENGTH + 1)
    answer = table.client.post(
        "/games/new", data=table.new_game_form(INDIVIDUAL, ["Ann", "Bob", long, "Dee"])
    )
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert seat_error(page, 3) == (
        f"A name has at most {MAX_NAME_LENGTH} characters; this one has {MAX_NAME_LENGTH + 1}."
    )
    assert f'value="{long}"' in page, "what was typed stays typed"
    assert "Seat 3 needs another name: see beside it." in page
    assert count_rows(app.config["DATABASE"], "games") == 0


def test_a_seat_of_spaces_is_refused_not_dropped(app, table) -> None:
    answer = table.client.post(
        "/games/new", data=table.new_game_form("bluke", ["Ann", "Bob", "   ", "Dee", "Eve"])
    )
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert seat_error(page, 3) == "Every player needs a name: type one, or remove this seat with ✕."
    assert page.count('name="players-') == 5, "the table keeps its five seats"
    assert count_rows(app.config["DATABASE"], "games") == 0


def test_a_form_of_blank_seats_says_so_beside_each_in_plain_words(table) -> None:
    answer = table.client.post("/games/new", data=table.new_game_form(INDIVIDUAL, ["", "", "", ""]))
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert all(
        seat_error(page, seat).startswith("Every player needs a name") for seat in (1, 2, 3, 4)
    )
    assert "Seats 1, 2, 3 and 4 need other names: see beside each." in page
    assert "must be a list" not in page


def test_a_post_of_more_seats_than_a_table_has_is_refused_not_cut(app, table) -> None:
    names = [f"P{seat}" for seat in range(16)]
    answer = table.client.post("/games/new", data=table.new_game_form("bluke", names))
    assert answer.status_code == 422
    assert "A table has at most 15 seats." in answer.get_data(as_text=True)
    assert count_rows(app.config["DATABASE"], "games") == 0


# One limit, stated once -------------------------------------------------------------------------


def test_every_name_field_takes_the_one_limit(client) -> None:
    limit = f'maxlength="{MAX_NAME_LENGTH}"'
    new_game = client.get("/games/new").get_data(as_text=True)
    assert new_game.count(limit) == new_game.count('name="players-') == 4
    assert client.get("/rules/calculator").get_data(as_text=True).count(limit) == 4
    filtered = client.get("/", query_string={"player": "x" * (MAX_NAME_LENGTH + 1)})
    assert f"A name has at most {MAX_NAME_LENGTH} characters." in filtered.get_data(as_text=True)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"| A player's name | {MAX_NAME_LENGTH} characters," in readme
    assert not re.search(r"\bmaxlength=\"?\d", (REPO / "templates/new_game.html").read_text())


@pytest.mark.parametrize("name", ["Ann", "\u00c1na"])
def test_a_good_name_starts_the_game(table, name) -> None:
    table.start(INDIVIDUAL, [name, "Bob", "Cy", "Dee"])
    assert f"<bdi>{name}</bdi>" in table.page
