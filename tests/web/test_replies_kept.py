"""Replies kept for retries are let go after a day, so a phone tapping all night cannot grow
the database for ever, while a retry within the day still gets its first answer."""

from __future__ import annotations

import sqlite3

from tests.web.conftest import Table

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def test_a_day_old_reply_is_let_go_and_a_fresh_one_kept(app, client) -> None:
    table = Table(client)
    table.start("back-alley-pagat", FOUR)
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute(
            "insert into replies (key, status, body, location, created)"
            " values ('old-one', 303, '', '/', '2020-01-01T00:00:00+00:00')"
        )
    form = table.form("bid:2")
    first = client.post(f"{table.url}/tap", data=form)
    assert first.status_code == 303
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        keys = [key for (key,) in conn.execute("select key from replies")]
    assert "old-one" not in keys and len(keys) >= 1
    # The same tap sent again (a retry after a WiFi drop) is answered, not recorded twice.
    again = client.post(f"{table.url}/tap", data=form)
    assert again.status_code == 303
    assert table.open().count('<span class="bid">2</span>') == 1
