"""Names that cannot spoof: a right-to-left override is refused in a new name, and stays
inside its name, everywhere, in a game stored before it was refused."""

from __future__ import annotations

import pytest

from scorekeeper.presentation.scoresheet import build_game_sheet
from scorekeeper.rules import read_game, score_game, stored_values
from scorekeeper.screen.bidi import FSI, PDI
from scorekeeper.service.games import start_game
from scorekeeper.storage import open_database
from tests.limits.conftest import count_rows

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: would turn "Ann deals" into "slaed nnA"
SPOOF = f"{RLO}Ann"
GAME = {"ruleset": "back-alley-individual", "players": [SPOOF, "Bob", "Cy", "Dee"], "deals": []}
DEAL = {"bids": [1, "pass", "pass", "pass"], "tricks": [13, 0, 0, 0]}


def stored_before(database: str) -> str:
    """Store the game as a release that let an override into a name did; return its id."""
    with stored_values():
        game = read_game({**GAME, "deals": [DEAL]})
    db = open_database(database)
    try:
        return start_game(db, game, device=None).id
    finally:
        db.close()


def test_a_name_with_a_bidi_override_is_isolated_on_every_page(app, client) -> None:
    game_id = stored_before(app.config["DATABASE"])
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    # The override ends with its <bdi>: the words after it keep their order.
    assert f'<span class="name"><bdi>{SPOOF}</bdi></span>' in page
    assert f"{RLO}Ann</bdi>" in page and f"{RLO}Ann " not in page
    board = client.get(f"/games/{game_id}/live").get_data(as_text=True)
    assert f'<span class="side"><bdi>{SPOOF}</bdi></span>' in board
    assert "<b><bdi>Bob</bdi></b> deals." in board  # the next dealer, in a sentence
    assert f"<bdi>{SPOOF}</bdi> bid 1, took 13" in board  # the last deal, explained
    home = client.get("/").get_data(as_text=True)
    assert f"<bdi>{SPOOF}</bdi> <b>" in home  # each side of the listed game, isolated
    players = client.get("/players").get_data(as_text=True)
    assert "<bdi>Ann</bdi></a>" in players and RLO not in players  # the stats show what is seen
    chart = client.get(f"/games/{game_id}/chart.svg").get_data(as_text=True)
    assert f"{FSI}{SPOOF}{PDI} <tspan" in chart  # the legend
    assert f"<title>{FSI}{SPOOF}{PDI}</title>" in chart


def test_the_printed_sheet_isolates_names() -> None:
    with stored_values():
        result = score_game(read_game({**GAME, "deals": [DEAL]}))
    sheet = build_game_sheet(result)
    assert sheet.grids[0].sides[0].title == f"{FSI}{SPOOF}{PDI}"
    assert sheet.grids[0].rows[0].dealer == f"{FSI}{SPOOF}{PDI}"  # seat 0 deals first


def test_an_override_in_a_new_name_is_refused_and_nothing_is_written(app, client, token) -> None:
    refused = client.post("/api/games", json=GAME, headers={"X-CSRFToken": token})
    assert refused.status_code == 422
    assert refused.get_json()["error"] == (
        "player 1: a name cannot hold an invisible character (U+202E RIGHT-TO-LEFT OVERRIDE)"
    )
    assert count_rows(app.config["DATABASE"], "games") == 0


@pytest.mark.parametrize("name", ["A\x07nn", "Ann\n", "\x1b[31mAnn"])
def test_control_characters_in_a_name_are_refused_and_nothing_is_written(
    app, client, token, name: str
) -> None:
    refused = client.post(
        "/api/games", json={**GAME, "players": [name, "Bob", "Cy", "Dee"]},
        headers={"X-CSRFToken": token},
    )  # fmt: skip
    assert refused.status_code == 422
    assert "control characters" in refused.get_json()["error"]
    assert count_rows(app.config["DATABASE"], "games") == 0
