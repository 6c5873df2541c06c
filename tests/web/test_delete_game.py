"""A game is deleted for good only from the archive, by the phones keeping its score, after a
confirm step that names it; by nobody else."""

from __future__ import annotations

import sqlite3

from tests.conftest import csrf_token
from tests.web.conftest import hidden, move_to_archive

GAME = {"ruleset": "joker", "players": ["Ann", "Bob", "Cy", "Dee"], "deals": []}


def rows(db_path: str, game_id: str) -> list[int]:
    """Return how many game, deal and editor rows the database holds for this game."""
    with sqlite3.connect(db_path) as conn:
        return [
            conn.execute("select count(*) from games where id = ?", [game_id]).fetchone()[0],
            conn.execute("select count(*) from deals where game_id = ?", [game_id]).fetchone()[0],
            conn.execute("select count(*) from editors where game_id = ?", [game_id]).fetchone()[0],
        ]


def test_the_scorer_deletes_a_game_from_the_archive_after_confirming(app, client, api_game):
    game_id = api_game(GAME)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/delete">Remove this game…' in page
    # A game still on the list is not deleted, even with the confirm button: archive it first.
    confirm = client.get(f"/games/{game_id}/delete").get_data(as_text=True)
    assert "Only a game in the archive can be deleted" in confirm
    assert f'action="/games/{game_id}/archive"' in confirm
    refused = client.post(
        f"/games/{game_id}/delete", data={"csrf_token": csrf_token(client), "confirm": game_id}
    )
    assert refused.status_code == 303
    assert "Move the game to the archive first." in client.get(f"/games/{game_id}").text
    assert rows(app.config["DATABASE"], game_id) == [1, 0, 1]
    move_to_archive(client, game_id)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/delete"' in page and "Bring back" in page
    confirm = client.get(f"/games/{game_id}/delete")
    assert confirm.status_code == 200
    text = confirm.get_data(as_text=True)
    assert "Delete this game?" in text and "is forgotten for good" in text
    assert rows(app.config["DATABASE"], game_id) == [1, 0, 1]  # asking deletes nothing
    token = hidden(text, "csrf_token")
    # Without the confirm button naming this game, nothing is deleted.
    unconfirmed = client.post(f"/games/{game_id}/delete", data={"csrf_token": token})
    assert unconfirmed.status_code == 200
    assert rows(app.config["DATABASE"], game_id) == [1, 0, 1]
    done = client.post(f"/games/{game_id}/delete", data={"csrf_token": token, "confirm": game_id})
    assert done.status_code == 303 and done.location.endswith("/?state=archived")
    assert rows(app.config["DATABASE"], game_id) == [0, 0, 0]
    assert client.get(f"/games/{game_id}").status_code == 404


def test_a_watching_phone_cannot_archive_or_delete_the_game(app, client, api_game) -> None:
    game_id = api_game(GAME)
    move_to_archive(client, game_id)
    watcher = app.test_client()
    token = csrf_token(watcher)
    page = watcher.get(f"/games/{game_id}").get_data(as_text=True)
    assert f"/games/{game_id}/delete" not in page and "/restore" not in page
    assert watcher.get(f"/games/{game_id}/delete").status_code == 403
    refused = watcher.post(
        f"/games/{game_id}/delete", data={"csrf_token": token, "confirm": game_id}
    )
    assert refused.status_code == 403
    form = {"csrf_token": token, "game": game_id}
    assert watcher.post(f"/games/{game_id}/restore", data=form).status_code == 403
    assert rows(app.config["DATABASE"], game_id) == [1, 0, 1]
