"""Scoring rights that cannot be lost: the edit link on the server's command line, handed over
as a QR code, and revoked."""

from __future__ import annotations

import re
import subprocess
import sys
from urllib.parse import urlsplit

from tests.conftest import csrf_token
from tests.web.conftest import Table, join

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def edit_link(page: str) -> str:
    return re.search(r'class="edit-link" href="([^"]+)"', page).group(1)


def second_phone(app) -> Table:
    phone = Table(app.test_client())
    csrf_token(phone.client)
    return phone


def test_the_scorer_sees_the_edit_link_as_a_qr_code_a_watcher_does_not(table, app):
    table.start("back-alley-pagat", FOUR)
    assert "Hand over scoring" in table.page
    qr = table.client.get(f"{table.url}/edit-qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    watcher = app.test_client()
    assert watcher.get(f"{table.url}/edit-qr.svg").status_code == 403
    page = watcher.get(table.url).get_data(as_text=True)
    assert "<summary>Hand over scoring" not in page and 'class="edit-link"' not in page
    assert f"scorekeeper edit-link {table.game_id}" in page
    assert "follow.js" in page  # the watcher's page follows the game


def test_stopping_other_phones_revokes_every_edit_link_given_out(table, app):
    table.start("back-alley-pagat", FOUR)
    old_link = urlsplit(edit_link(table.page)).path
    helper = second_phone(app)
    assert join(helper.client, old_link).status_code == 303
    helper.game_id = table.game_id
    helper.open()
    helper.tap("bid:2")
    table.open()
    token = re.search(r'name="csrf_token" value="([^"]+)"', table.page).group(1)
    answer = table.client.post(
        f"{table.url}/hand-over", data={"csrf_token": token, "game": table.game_id}
    )
    assert answer.status_code == 303
    table.open()
    assert "other phones can no longer score" in table.page
    new_link = urlsplit(edit_link(table.page)).path
    assert new_link != old_link
    # The helper's phone may only watch now (its page still shows the buttons: a tap on it
    # is refused); the old link opens nothing; the scorer goes on.
    assert helper.post("bid:pass").status_code == 403
    assert 'name="step"' not in helper.open()
    assert helper.client.get(old_link).status_code == 410  # replaced (test_rights.py)
    table.tap("bid:pass")
    assert "<b><bdi>Dee</bdi></b> bids" in table.page
    # The new link works for whoever gets it.
    assert join(helper.client, new_link).status_code == 303
    helper.open()
    helper.tap("bid:1")


def test_a_watcher_cannot_revoke_the_scorer(table, app):
    table.start("back-alley-pagat", FOUR)
    watcher = app.test_client()
    token = csrf_token(watcher)
    assert (
        watcher.post(
            f"{table.url}/hand-over", data={"csrf_token": token, "game": table.game_id}
        ).status_code
        == 403
    )
    table.tap("bid:2")


def command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args], capture_output=True, text=True
    )


def test_the_edit_link_command_gives_scoring_to_a_phone_that_lost_it(table, app):
    table.start("back-alley-pagat", FOUR)
    database = app.config["DATABASE"]
    run = command(
        "edit-link", table.game_id, "--db", database, "--base", "http://192.168.1.20:5000"
    )
    assert run.returncode == 0, run.stderr
    link = run.stdout.splitlines()[0]
    assert link == "http://192.168.1.20:5000" + urlsplit(edit_link(table.page)).path
    assert "█" in run.stdout  # the QR code, for the phone's camera
    fresh = second_phone(app)
    assert join(fresh.client, urlsplit(link).path).status_code == 303
    fresh.game_id = table.game_id
    fresh.open()
    fresh.tap("bid:3")


def test_the_edit_link_command_says_plainly_what_is_missing(tmp_path, table, app):
    table.start("back-alley-pagat", FOUR)
    run = command("edit-link", "nosuchgame", "--db", app.config["DATABASE"])
    assert run.returncode == 1
    assert run.stderr.strip() == (
        f"scorekeeper: there is no game nosuchgame in {app.config['DATABASE']}"
    )
    run = command("edit-link", table.game_id, "--db", str(tmp_path / "none.sqlite"))
    assert run.returncode == 1 and "there is no database at" in run.stderr


def test_links_opened_on_the_server_itself_name_its_lan_address(tmp_path):
    from scorekeeper.machine.addresses import lan_address
    from scorekeeper.web import create_app

    app = create_app(
        {"DATABASE": str(tmp_path / "lan.sqlite"), "SECRET_KEY": "k", "LISTENS_ON": "0.0.0.0"}
    )
    client = app.test_client()
    token = csrf_token(client)
    document = {"ruleset": "joker", "players": FOUR, "first_dealer": 0, "deals": []}
    made = client.post("/api/games", json=document, headers={"X-CSRFToken": token})
    game = client.get(made.headers["Location"].replace("/games/", "/api/games/")).get_json()
    lan = lan_address()
    host = urlsplit(game["watch_url"]).hostname
    assert host == (lan or "localhost")
    assert urlsplit(game["edit_url"]).hostname == host
    # A phone that reached the server by its LAN name keeps that name.
    seen = client.get(made.headers["Location"].replace("/games/", "/api/games/"),
                      base_url="http://192.168.1.5:5000").get_json()  # fmt: skip
    assert seen["watch_url"].startswith("http://192.168.1.5:5000/games/")
