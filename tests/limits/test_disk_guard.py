"""A nearly full disk: every write that would grow the database is refused, in words, before
it starts (507, never a 500), and nothing is written; deleting, which frees room, still works.

The disk is made "nearly full" by a fake threshold: the store keeps more room free than any
disk has.
"""

from __future__ import annotations

import io
import json
import sqlite3

import pytest

from scorekeeper.storage import DiskNearlyFull, Store
from scorekeeper.web.db import STORE
from tests.conftest import csrf_token, example
from tests.web.conftest import Table, hidden, move_to_archive

FOUR = ["Ann", "Bob", "Cy", "Dee"]
#: More room than any disk has: every growing write finds the disk "nearly full".
ALL_OF_IT = 10**18


def rows(app) -> dict[str, int]:
    """Return how many rows each table holds, read straight from the file."""
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        tables = [t for (t,) in conn.execute("select name from sqlite_master where type='table'")]
        return {t: conn.execute(f"select count(*) from [{t}]").fetchone()[0] for t in tables}


def nearly_full(app) -> None:
    app.extensions[STORE].min_free = ALL_OF_IT


def says_the_disk_is_full(text: str) -> None:
    assert "nearly full" in text and "Nothing was saved" in text, text
    assert "Ask whoever runs Scorekeeper to free some space" in text


def test_every_write_is_refused_in_words_and_nothing_is_written(app, client) -> None:
    table = Table(client)
    table.start("back-alley-pagat", FOUR)
    token = csrf_token(client)
    before = rows(app)
    nearly_full(app)
    # A tap: the table page's script shows the words of the page it gets back (#problem).
    tapped = table.post("bid:2")
    assert tapped.status_code == 507
    assert 'id="problem"' in tapped.get_data(as_text=True)
    says_the_disk_is_full(tapped.get_data(as_text=True))
    # The API: JSON with the same words.
    made = client.post("/api/games", json=example("joker"), headers={"X-CSRFToken": token})
    assert made.status_code == 507
    says_the_disk_is_full(made.get_json()["error"])
    deal = {"deal": 1, "bids": [1, 1, 1, 1], "team_tricks": [2, 1]}
    sent = client.post(f"/api/games/{table.game_id}/deals", json=deal,
                       headers={"X-CSRFToken": token})  # fmt: skip
    assert sent.status_code == 507
    # New game, an import, house rules: pages with the words.
    form = table.new_game_form("joker", FOUR)
    assert client.post("/games/new", data=form).status_code == 507
    page = client.get("/import").get_data(as_text=True)
    upload = (io.BytesIO(json.dumps(example("joker")).encode()), "game.json")
    imported = client.post("/import", data={"csrf_token": hidden(page, "csrf_token"),
                                            "file": upload})  # fmt: skip
    assert imported.status_code == 507
    says_the_disk_is_full(imported.get_data(as_text=True))
    assert rows(app) == before
    # Reading goes on.
    assert client.get(table.url).status_code == 200
    assert client.get("/").status_code == 200


def test_deleting_a_game_still_works_on_a_nearly_full_disk(app, client) -> None:
    table = Table(client)
    table.start("back-alley-pagat", FOUR)
    nearly_full(app)
    move_to_archive(client, table.game_id)
    confirm = {"csrf_token": csrf_token(client), "confirm": table.game_id}
    deleted = client.post(f"/games/{table.game_id}/delete", data=confirm)
    assert deleted.status_code == 303
    assert rows(app)["games"] == 0


def test_the_room_kept_free_comes_from_the_setting(monkeypatch, tmp_path) -> None:
    from scorekeeper.machine import config

    monkeypatch.setenv("SCOREKEEPER_MIN_FREE_MB", "250")
    assert config.min_free_bytes() == 250_000_000
    monkeypatch.setenv("SCOREKEEPER_MIN_FREE_MB", "lots")
    assert config.min_free_bytes() == config.MIN_FREE_MB * 1_000_000
    monkeypatch.delenv("SCOREKEEPER_MIN_FREE_MB")
    store = Store(tmp_path / "games.sqlite")
    assert store.min_free == 100_000_000
    db = store.open()
    store.min_free = ALL_OF_IT
    with pytest.raises(DiskNearlyFull) as refused, db.write():
        db.execute("create table nothing (x)")
    assert "stops saving below" in refused.value.message
    assert not db.execute("select 1 from sqlite_master where name = 'nothing'").fetchall()
    db.close()
