"""A server with no copy of the rules for phones (installed from a wheel, or `pip install -e .`,
without `make`): the scorer's page says the offline table is not available from it, and a tap
made while the server is gone is said to wait for the server, not for rules that never come.

The real `scorekeeper serve`, its static folder a copy of the app's without static/pyodide/.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import scorekeeper
from tests.browser.conftest import LAN_ADDRESS, PHONE, InPage
from tests.serving import Server

pytestmark = pytest.mark.browser

#: `scorekeeper` with its static folder given first: the app as a wheel without the runtime.
WITHOUT_RUNTIME = (
    "import sys; from pathlib import Path; import scorekeeper; "
    "scorekeeper.STATIC = Path(sys.argv.pop(1)); from scorekeeper.cli import main; "
    "sys.exit(main(sys.argv[1:]))"
)
NO_TABLE = (
    "This server has no offline table: a phone keeps score here only while it reaches the "
    "server. Whoever runs Scorekeeper can add it: its start-up message says how."
)


@pytest.fixture
def bare_server(tmp_path: Path, tls_folder: Path) -> Iterator[Server]:
    static = tmp_path / "static"
    shutil.copytree(scorekeeper.STATIC, static, ignore=shutil.ignore_patterns("pyodide"))
    server = Server(
        db=tmp_path / "games.sqlite", address=LAN_ADDRESS,
        command=[sys.executable, "-c", WITHOUT_RUNTIME, str(static)],
        env={**os.environ, "SCOREKEEPER_TLS_FOLDER": str(tls_folder)},
        log=tmp_path / "serve.log",
    ).start()  # fmt: skip
    yield server
    server.stop()


def test_the_page_says_there_is_no_offline_table_and_a_tap_waits_for_the_server(
    browser, bare_server: Server
) -> None:
    assert bare_server.log is not None
    printed = bare_server.log.read_text()
    assert "Phones cannot keep score offline from this server" in printed  # the banner
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, base_url=bare_server.secure_url
    )
    try:
        page = context.new_page()
        page.goto("/")
        token = page.locator('meta[name="csrf-token"]').get_attribute("content")
        game = {"ruleset": "joker", "players": ["Ann", "Bob", "Cy", "Dee"]}
        made = InPage(page).post("/api/games", data=game, headers={"X-CSRFToken": token})
        assert made.status == 201, made.text()
        page.goto(made.json()["url"])
        assert page.locator("#no-offline").inner_text() == NO_TABLE
        bare_server.kill()
        page.locator('button[name="step"][value="bid:1"]').first.click()
        page.wait_for_function("() => document.getElementById('where').dataset.state === 'offline'")
        assert page.locator("#where").inner_text() == (
            "Offline — 1 tap waiting on this phone, sent when the server answers: this server "
            "has no offline table."
        )
    finally:
        context.close()
