"""The creator keeps the game (issue 31); a phone that lost scoring is told, and a replaced
edit link says so (issue 33).

The phone that started a game scores, fixes deals, takes scoring back, moves the game to
the archive and deletes it. A phone that opened the edit link scores and fixes deals, and
nothing more. The host's `scorekeeper edit-link GAME --creator` makes a one-use link that
hands a phone the creator's part.
"""

from __future__ import annotations

import html
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask import template_rendered
from sqlite_utils import Database

from scorekeeper.service.errors import SCORING_MOVED, creator_only
from scorekeeper.storage import open_database
from scorekeeper.storage.migrations import migrations
from tests.conftest import csrf_token
from tests.presentation.test_view_models import check_context
from tests.web.conftest import Table, hidden, join

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def words(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def edit_link(page: str) -> str:
    return urlsplit(re.search(r'class="edit-link" href="([^"]+)"', page).group(1)).path


def phone(app, game_id: str = "") -> Table:
    """Another phone at the table, with a token and, if given, the game open."""
    other = Table(app.test_client(), game_id)
    csrf_token(other.client)
    if game_id:
        other.open()
    return other


def joined(app, creator: Table) -> Table:
    """A phone that opened the creator's edit link, the game open on it."""
    helper = phone(app)
    assert join(helper.client, edit_link(creator.page)).status_code == 303
    helper.game_id = creator.game_id
    helper.open()
    return helper


def post(table: Table, action: str, **form: str):
    """Post one of the game's forms (hand-over, archive, restore, delete) from this phone."""
    data = {"csrf_token": csrf_token(table.client), "game": table.game_id, **form}
    return table.client.post(f"{table.url}/{action}", data=data)


def games_row(app, game_id: str) -> tuple:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute(
            "select edit_key, archived, creator from games where id = ?", [game_id]
        ).fetchone()


def command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args], capture_output=True, text=True
    )


# An edit link lets its holder score and fix deals, and nothing more ---------------------------


def test_an_edit_link_scores_and_fixes_deals(app, table) -> None:
    table.start("back-alley-individual", FOUR)
    helper = joined(app, table)
    helper.tap("bid:1", "bid:pass", "bid:pass", "bid:pass", "tricks:13")  # the rest: none
    edit = helper.client.get(f"{table.url}/deals/1/edit")
    assert edit.status_code == 200
    assert "Stop every other phone scoring" not in helper.page
    assert "Remove this game" not in helper.page
    assert "Only the phone that started this game can stop other phones scoring" in helper.page
    assert edit_link(helper.page) == edit_link(table.open())  # it can pass the link on


def editors(app, game_id: str) -> list[tuple]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute(
            "select device, revoked from editors where game_id = ? order by device", [game_id]
        ).fetchall()


def test_opening_the_edit_link_only_asks_and_its_button_lets_the_phone_score(app, table) -> None:
    table.start("back-alley-individual", FOUR)
    link, before = edit_link(table.page), editors(app, table.game_id)
    helper = phone(app)
    rendered: list = []

    def record(sender, template, context, **extra) -> None:
        rendered.append((template.name, dict(context)))

    with template_rendered.connected_to(record, app):
        preview = helper.client.get(link)  # a chat app's link preview, say: it only asks
    assert preview.status_code == 200
    said = words(preview)
    assert "<h1>Score this game on this phone too?</h1>" in said
    assert "The game of <bdi>Ann</bdi>, <bdi>Bob</bdi>, <bdi>Cy</bdi>, <bdi>Dee</bdi>" in said
    assert f'href="/games/{table.game_id}">Only watch</a>' in said
    check_context(*rendered[0])  # one plain view-model
    assert rendered[0][0] == "join_game.html"
    # Opened (twice, even), the link changed nothing: the phone still only watches.
    assert helper.client.get(link).status_code == 200
    assert editors(app, table.game_id) == before
    deal = {"deal": 1, "bids": [1, "pass", "pass", "pass"], "tricks": [13, 0, 0, 0]}
    headers = {"X-CSRFToken": csrf_token(helper.client)}
    api = f"/api/games/{table.game_id}/deals"
    assert helper.client.post(api, json=deal, headers=headers).status_code == 403
    # A post without the page's token joins nothing either: it is sent back to the ask.
    stale = helper.client.post(link)
    assert stale.status_code == 303 and stale.headers["Location"].endswith(link)
    assert editors(app, table.game_id) == before
    # The button joins: the phone scores.
    tapped = helper.client.post(link, data={"csrf_token": hidden(said, "csrf_token")})
    assert tapped.status_code == 303 and tapped.headers["Location"].endswith(table.url)
    assert len(editors(app, table.game_id)) == len(before) + 1
    assert helper.client.post(api, json=deal, headers=headers).status_code == 201


def test_the_button_behind_a_wrong_edit_link_joins_nothing(app, table) -> None:
    table.start("back-alley-individual", FOUR)
    before = editors(app, table.game_id)
    stranger = phone(app)
    posted = stranger.client.post(
        f"{table.url}/join/not-the-key", data={"csrf_token": csrf_token(stranger.client)}
    )
    assert posted.status_code == 404 and "This edit link is not right" in words(posted)
    assert editors(app, table.game_id) == before


@pytest.mark.parametrize(
    ("action", "form"),
    [
        ("hand-over", {}),
        ("archive", {}),
        ("restore", {}),
        ("delete", {"confirm": "{game}"}),
    ],
)
def test_an_edit_link_cannot_take_the_game_from_its_creator(app, table, action, form) -> None:
    table.start("back-alley-individual", FOUR)
    helper = joined(app, table)
    before = games_row(app, table.game_id)
    refused = post(helper, action, **{k: v.format(game=table.game_id) for k, v in form.items()})
    assert refused.status_code == 403
    assert creator_only(table.game_id) in words(refused)
    assert games_row(app, table.game_id) == before
    table.tap("bid:1")  # the creator goes on scoring
    helper.open()
    helper.tap("bid:pass")  # and so does the helper


def test_the_delete_page_is_the_creators(app, table) -> None:
    table.start("back-alley-individual", FOUR)
    helper = joined(app, table)
    assert post(table, "archive").status_code == 303
    asked = helper.client.get(f"{table.url}/delete")
    assert asked.status_code == 403 and "Only the phone that started this game" in words(asked)
    assert "Delete for good" not in helper.open()
    confirm = table.client.get(f"{table.url}/delete").get_data(as_text=True)
    deleted = table.client.post(
        f"{table.url}/delete",
        data={"csrf_token": hidden(confirm, "csrf_token"), "confirm": table.game_id},
    )
    assert deleted.status_code == 303


def test_the_list_offers_removing_a_game_only_to_its_creator(app, table) -> None:
    table.start("back-alley-individual", FOUR)
    helper = joined(app, table)
    remove = f'action="/games/{table.game_id}/archive"'
    assert remove in table.client.get("/").get_data(as_text=True)
    listed = helper.client.get("/").get_data(as_text=True)
    assert f'href="/games/{table.game_id}"' in listed and remove not in listed


# A phone that lost scoring is told, and its tap is not recorded --------------------------------


def test_a_tap_from_a_phone_that_lost_scoring_says_so_and_records_nothing(app, table) -> None:
    table.start("back-alley-individual", FOUR)
    helper = joined(app, table)
    helper.tap("bid:1")
    assert post(table, "hand-over").status_code == 303
    before = games_row(app, table.game_id), table.client.get(f"/api/games/{table.game_id}").data
    answer = helper.post("bid:pass")  # the page left open on the helper's phone
    assert answer.status_code == 403
    page = words(answer)
    assert re.search(r'id="problem">Your tap “[^”]+” was not saved\.<', page)
    assert "Scoring moved to another phone" in page
    assert "ask the scorer for the new edit link" in page
    assert 'name="step"' not in page, "the phone is shown the game as it may now see it"
    after = games_row(app, table.game_id), table.client.get(f"/api/games/{table.game_id}").data
    assert after[1] == before[1] and after[0][1:] == before[0][1:]
    # It keeps saying so on the game's page, until the phone has the new edit link.
    assert "Scoring moved to another phone" in helper.open()
    deal = {"deal": 1, "bids": [1, "pass", "pass", "pass"], "tricks": [13, 0, 0, 0]}
    api = helper.client.post(
        f"/api/games/{table.game_id}/deals",
        json=deal,
        headers={"X-CSRFToken": csrf_token(helper.client)},
    )
    assert api.status_code == 403 and api.get_json()["error"] == SCORING_MOVED
    assert join(helper.client, edit_link(table.open())).status_code == 303
    assert "Scoring moved" not in helper.open()
    helper.tap("bid:pass")


def test_a_watcher_that_never_scored_is_not_told_scoring_moved(app, table) -> None:
    table.start("back-alley-individual", FOUR)
    watcher = phone(app, table.game_id)
    assert "Scoring moved" not in watcher.page
    assert "This phone watches the game" in watcher.page


# A replaced edit link says so ---------------------------------------------------------------


def test_a_replaced_edit_link_says_it_was_replaced_and_how_to_get_the_new_one(app, table) -> None:
    table.start("back-alley-individual", FOUR)
    old = edit_link(table.page)
    assert post(table, "hand-over").status_code == 303
    stranger = phone(app)
    answer = stranger.client.get(old)
    assert answer.status_code == 410
    said = words(answer)
    assert "<h1>Link replaced</h1>" in said
    assert "This edit link was replaced" in said and "Ask the scorer for the new one" in said
    assert f'href="/games/{table.game_id}">Watch the game</a>' in said
    # Only a hash of the old key is kept.
    old_key = old.rsplit("/", 1)[1]
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        kept = conn.execute("select key_hash from replaced_keys").fetchall()
        dumped = "\n".join(conn.iterdump())
    assert len(kept) == 1 and old_key not in dumped


def test_a_wrong_edit_link_says_little_and_an_unknown_game_less(app, table) -> None:
    table.start("back-alley-individual", FOUR)
    stranger = phone(app)
    wrong = stranger.client.get(f"{table.url}/join/not-the-key")
    assert wrong.status_code == 404
    assert "This edit link is not right for this game" in words(wrong)
    unknown = stranger.client.get("/games/no-such-game/join/not-the-key")
    assert unknown.status_code == 404
    assert "There is nothing here" in words(unknown) and "edit link" not in words(unknown)


# The host's creator link ----------------------------------------------------------------------


def test_the_hosts_creator_link_hands_a_phone_the_game_once(app, table) -> None:
    table.start("back-alley-individual", FOUR)
    run = command(
        "edit-link", table.game_id, "--creator", "--db", app.config["DATABASE"],
        "--base", "http://192.168.1.20:5000",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    link = run.stdout.splitlines()[0]
    assert link.startswith(f"http://192.168.1.20:5000/games/{table.game_id}/creator/")
    path = urlsplit(link).path
    rendered: list = []

    def record(sender, template, context, **extra) -> None:
        rendered.append(context)

    with template_rendered.connected_to(record, app):
        preview = phone(app).client.get(path)  # a chat app's link preview, say: it only asks
    assert preview.status_code == 200 and "Keep this game on this phone?" in words(preview)
    check_context("keep_game.html", dict(rendered[0]))  # one plain view-model
    fresh = phone(app)
    asked = fresh.client.get(path).get_data(as_text=True)
    taken = fresh.client.post(path, data={"csrf_token": hidden(asked, "csrf_token")})
    assert taken.status_code == 303
    fresh.game_id = table.game_id
    assert "Stop every other phone scoring" in fresh.open()
    late = phone(app)
    again = late.client.get(path)
    assert again.status_code == 404 and "works once" in words(again)
    posted = late.client.post(path, data={"csrf_token": csrf_token(late.client)})
    assert posted.status_code == 404 and "works once" in words(posted)
    # The phone that was the creator still scores, until the new creator takes scoring back.
    table.tap("bid:1")
    assert post(table, "hand-over").status_code == 403
    assert post(fresh, "hand-over").status_code == 303
    assert "Scoring moved to another phone" in table.open()
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        (kept,) = conn.execute("select creator_key from games").fetchone()
    assert kept is None, "a used creator link is forgotten"


# Games stored before creators were kept ------------------------------------------------------


def test_a_game_stored_before_belongs_to_its_first_editor(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    old = Database(path)
    migrations.apply(old, stop_before="m008_game_creators")
    stamp = "2026-01-01T00:00:00+00:00"
    for game_id in ("kept", "imported"):
        old["games"].insert(
            {"id": game_id, "created": stamp, "updated": stamp, "version": 1,
             "ruleset": '"back-alley-individual"', "players": '["Ann", "Bob", "Cy", "Dee"]',
             "first_dealer": 0, "edit_key": f"key-of-{game_id}", "draft": None}
        )  # fmt: skip
    for device in ("the-scorers-phone-0001", "a-helpers-phone-00002"):
        old["editors"].insert({"game_id": "kept", "device": device, "created": stamp})
    old.close()
    db = open_database(path)
    creators = dict(db.execute("select id, creator from games").fetchall())
    revoked = db.execute("select count(*) from editors where revoked is not null").fetchone()
    db.close()
    assert creators == {"kept": "the-scorers-phone-0001", "imported": None}
    assert revoked == (0,)
