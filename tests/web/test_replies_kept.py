"""Replies kept for retries are let go after a day, so a phone tapping all night cannot grow
the database for ever, while a retry within the day still gets its first answer. The old ones
are looked for at most once a minute (PRUNE_EVERY), not on every tap."""

from __future__ import annotations

import sqlite3

from scorekeeper.storage.replies import PRUNE_EVERY
from scorekeeper.web.db import STORE
from tests.web.conftest import Table

FOUR = ["Ann", "Bob", "Cy", "Dee"]
OLD = (
    "insert into replies (key, status, body, location, created)"
    " values (?, 303, '', '/', '2020-01-01T00:00:00+00:00')"
)


def kept_keys(app) -> list[str]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return [key for (key,) in conn.execute("select key from replies")]


def test_a_day_old_reply_is_let_go_and_a_fresh_one_kept(app, client) -> None:
    table = Table(client)
    table.start("back-alley-pagat", FOUR)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute(OLD, ["old-one"])
    store = app.extensions[STORE]
    store.replies_pruned -= PRUNE_EVERY  # the last look for old replies was a minute ago
    form = table.form("bid:2")
    first = client.post(f"{table.url}/tap", data=form)
    assert first.status_code == 303
    keys = kept_keys(app)
    assert "old-one" not in keys and len(keys) >= 1
    # The same tap sent again (a retry after a WiFi drop) is answered, not recorded twice.
    again = client.post(f"{table.url}/tap", data=form)
    assert again.status_code == 303
    assert table.open().count('<span class="bid">2</span>') == 1


def test_old_replies_are_looked_for_once_a_minute_not_on_every_tap(app, client) -> None:
    table = Table(client)
    table.start("back-alley-pagat", FOUR)  # a write: old replies were just looked for
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute(OLD, ["old-one"])
    table.tap("bid:2")
    assert "old-one" in kept_keys(app)  # within the minute: left for the next look
    app.extensions[STORE].replies_pruned -= PRUNE_EVERY
    table.tap("bid:3")
    assert "old-one" not in kept_keys(app)
