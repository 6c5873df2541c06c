"""A note written on the phone with the server gone: kept on the phone, shown under the deal's
explanation, refused beside its field when too long (the words kept), and sent once when the
server answers again; the watch page then shows it, and undo takes it back the same way."""

from __future__ import annotations

import time

import pytest

from tests.browser.test_phone_keeps_the_game import (
    OFFLINE,
    phone_context,
    play,
    rules_kept,
    server_game,
    where,
)
from tests.browser.test_play import Phone, deal_taps, start_game
from tests.conftest import example

pytestmark = pytest.mark.browser

NOTE = "Bob dealt out of turn; דוד ruled a redeal"


def write_note(table: Phone, text: str) -> None:
    page = table.page
    page.locator("details.note-edit > summary").click()  # one tap opens it
    page.fill("#note", text)
    table.tap('button[name="step"][value="note"]')


def test_a_note_written_offline_reaches_the_server_once_and_the_watch_page(browser, live_server):
    document = example("back-alley-pagat")
    scorer, watcher = phone_context(browser, live_server), phone_context(browser, live_server)
    try:
        table = Phone(scorer.new_page())
        page = table.page
        game_url = start_game(
            table, document["ruleset"], document["players"], document["first_dealer"]
        )
        game_id = game_url.rsplit("/", 1)[-1]
        table.ready()
        rules_kept(page)
        play(table, deal_taps(document)[:2])  # two deals scored, online
        table.settled()
        version = server_game(live_server, game_id)["version"]

        live_server.kill()
        try:
            write_note(table, "x" * 201)  # refused beside the field, the words kept
            assert (
                page.locator("#note-error")
                .inner_text()
                .endswith("a note has at most 200 characters; this one has 201")
            )
            assert page.locator("#note").input_value() == "x" * 201
            assert page.locator("#note").get_attribute("aria-describedby") == "note-error"
            page.fill("#note", NOTE)
            table.tap('button[name="step"][value="note"]')
            note = page.locator("#last-note")
            assert note.inner_text() == f"Note: {NOTE}"
            assert note.locator("bdi").inner_text() == NOTE  # set apart, as names are
            page.wait_for_function(OFFLINE)
            assert where(page) == (
                "Offline — 1 deal kept on this phone, sent when the server answers."
            )
        finally:
            live_server.start()
        _waited(live_server, game_id, NOTE)
        table.settled()
        assert where(page) == "Online"
        # Sent once: one correction of deal 2, one version on.
        assert server_game(live_server, game_id)["version"] == version + 1
        board = watcher.new_page()
        board.goto(f"{game_url}/watch")
        assert f"Note: {NOTE}" in board.locator(".last-deal").inner_text()

        # Undo on the phone takes the note change back, and that reaches the server too.
        table.tap('button[name="step"][value="undo"]')
        assert page.locator("#last-note").count() == 0
        assert len(server_game(live_server, game_id)["game"]["deals"]) == 2
        _waited(live_server, game_id, None)
        table.settled()
        assert len(server_game(live_server, game_id)["game"]["deals"]) == 2
    finally:
        scorer.close()
        watcher.close()


def _waited(live_server, game_id: str, note: str | None, wait: float = 60) -> bool:
    """Wait until the server's deal 2 has this note (None: none); the server may be starting."""
    deadline = time.monotonic() + wait
    while ((server_game(live_server, game_id) or {}).get("game") or {"deals": [{}, {}]})["deals"][
        1
    ].get("note") != note:
        assert time.monotonic() < deadline, "the note did not reach the server"
        time.sleep(0.1)
    return True
