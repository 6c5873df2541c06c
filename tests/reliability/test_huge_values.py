"""Games stored before any limit existed, with points no float can hold, still display."""

from __future__ import annotations

import json
import sqlite3

from scorekeeper.rules import builtin_document
from scorekeeper.web import create_app
from tests.reliability.conftest import PLAYERS, deal, page_token
from tests.web.conftest import hidden, move_to_archive

HUGE = 10**400
#: Ann bids one and takes every trick of deals 1 and 2: 1 bid made, scored at HUGE per bid.
DEALS = [{k: v for k, v in deal(n).items() if k != "deal"} for n in (1, 2)]


def store_old_game(db_path: str, game_id: str = "old-huge-game") -> str:
    """Write a game straight into the database, as a database from before the limits holds it."""
    ruleset = dict(builtin_document("back-alley-individual"))
    ruleset["name"] = "Millionaires"
    ruleset["scoring"] = {**ruleset["scoring"], "per_bid": HUGE, "set_per_bid": HUGE}
    stamp = "2025-01-01T00:00:00+00:00"
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "insert into games (id, created, updated, version, ruleset, players, first_dealer,"
            " edit_key, draft) values (?, ?, ?, 1, ?, ?, 0, 'old-key', null)",
            [game_id, stamp, stamp, json.dumps(ruleset), json.dumps(PLAYERS)],
        )
        for position, body in enumerate(DEALS, 1):
            conn.execute(
                "insert into deals (game_id, position, body, created) values (?, ?, ?, ?)",
                [game_id, position, json.dumps(body), stamp],
            )
    return game_id


def test_pages_of_an_old_game_with_huge_points_answer(app, client) -> None:
    page_token(client)  # the database and its tables exist once the app has answered
    game_id = store_old_game(app.config["DATABASE"])
    client = create_app(dict(app.config)).test_client()  # started again on the old database
    # Ann bid one and took all 13, then all 12 tricks: HUGE for the bid + 1 a trick over, twice.
    total = 2 * HUGE + 12 + 11
    api = client.get(f"/api/games/{game_id}")
    assert api.status_code == 200
    assert api.get_json()["result"]["totals"][0] == total
    for path in (f"/games/{game_id}", f"/games/{game_id}/live", f"/games/{game_id}/chart.svg"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert str(total) in response.get_data(as_text=True), path
    # The players' pages average Ann's points by hand size, exactly: 13 cards → HUGE + 12.
    for path in ("/players", "/players/Ann"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert f"{HUGE + 12}.0" in response.get_data(as_text=True), path


def test_the_old_game_prints_and_can_be_deleted_by_its_scorer(app, client) -> None:
    page_token(client)
    game_id = store_old_game(app.config["DATABASE"])
    device = "old-phone-of-the-scorer"
    client.set_cookie("scorekeeper_device", device)  # the phone that kept its score
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("insert into editors (game_id, device) values (?, ?)", [game_id, device])
        # As m008 does for a game stored before it: its first editor is its creator.
        conn.execute("update games set creator = ? where id = ?", [device, game_id])
    assert str(2 * HUGE + 23) in client.get(f"/games/{game_id}/scoresheet").get_data(as_text=True)
    for path in (f"/games/{game_id}/export.json", "/archive.json"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert str(HUGE) in response.get_data(as_text=True), path  # the points a bid, exactly
    sheet = client.get(f"/games/{game_id}/sheet.pdf")
    assert sheet.status_code == 200 and sheet.data.startswith(b"%PDF")
    move_to_archive(client, game_id)
    confirm = client.get(f"/games/{game_id}/delete").get_data(as_text=True)
    deleted = client.post(
        f"/games/{game_id}/delete",
        data={"csrf_token": hidden(confirm, "csrf_token"), "confirm": game_id},
    )
    assert deleted.status_code == 303
    assert client.get(f"/games/{game_id}").status_code == 404
