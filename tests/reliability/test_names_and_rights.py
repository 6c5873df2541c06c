"""Hostile names stay text, only editors change a game, ids cannot be guessed, sizes are bounded."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from typing import Any

import pytest
from markupsafe import escape

from scorekeeper.rules import MAX_NAME_LENGTH
from scorekeeper.web import create_app
from tests.web.conftest import join

from .conftest import api_create, deal, page_token, table_dump

HOSTILE = [
    '<script>alert("owned")</script>',
    'O\'Brien "Bo" & <b>Sons</b>',
    "שלום Ann عليرضا",  # right-to-left text (an override is refused: tests/limits)
    "🃏👨‍👩‍👧‍👦 Nana ❤️",  # emoji joined into one, and one shown as an emoji
    # A combining mark with no composed form, and as long as a name may be.
    "Zoq\u0307 " + "L" * (MAX_NAME_LENGTH - 5),
    "{{ 7*7 }} ${7*7} %s",
]


@pytest.fixture
def hostile(tmp_path: Path) -> dict[str, Any]:
    app = create_app({"DATABASE": str(tmp_path / "names.sqlite"), "SECRET_KEY": "n"})
    client = app.test_client()
    token = page_token(client)
    game = api_create(client, token, {"ruleset": "bluke", "players": HOSTILE})
    return {"app": app, "client": client, "token": token, "game": game}


def test_hostile_names_are_shown_escaped_and_intact_in_the_pages(hostile) -> None:
    client, game_id = hostile["client"], hostile["game"]["id"]
    for path in (f"/games/{game_id}", f"/games/{game_id}/watch", "/"):
        page = client.get(path).get_data(as_text=True)
        assert "<script>alert" not in page and "<b>Sons" not in page, path
        if path != "/":
            for name in HOSTILE:
                assert str(escape(name)) in page, (path, name)


def test_hostile_names_come_back_byte_exact_from_the_api_and_the_export(hostile) -> None:
    client, game_id = hostile["client"], hostile["game"]["id"]
    assert hostile["game"]["game"]["players"] == HOSTILE
    exported = client.get(f"/games/{game_id}/export.json")
    assert exported.mimetype == "application/json"
    assert json.loads(exported.data.decode("utf-8"))["players"] == HOSTILE
    for name in HOSTILE:
        assert json.dumps(name, ensure_ascii=False).encode() in exported.data
    imported = client.post(
        "/import",
        data={"csrf_token": hostile["token"], "file": (io.BytesIO(exported.data), "g.json")},
    )
    assert imported.status_code == 303
    again = client.get("/api/games/" + imported.headers["Location"].rsplit("/", 1)[1])
    assert again.get_json()["game"]["players"] == HOSTILE


def test_hostile_names_print_on_the_scoresheet(hostile) -> None:
    sheet = hostile["client"].get(f"/games/{hostile['game']['id']}/sheet.pdf")
    assert sheet.status_code == 200 and sheet.data.startswith(b"%PDF")


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("x" * (MAX_NAME_LENGTH + 1), f"at most {MAX_NAME_LENGTH} characters"),
        ("Ann\x00", "control characters"),
        ("Bob\nBob", "control characters"),
        ("   ", "every player needs a name"),
        ("Ann\u200b", "a name cannot hold an invisible character (U+200B ZERO WIDTH SPACE)"),
        ("\u2800", "an invisible character (U+2800 BRAILLE PATTERN BLANK)"),
        ("ANN2", "player 4: ANN2 is the same name as Ann2 (player 1); names must differ"),
    ],
)
def test_names_a_page_cannot_hold_are_refused_with_a_reason(hostile, name, said) -> None:
    before = table_dump(hostile["app"].config["DATABASE"])
    answer = hostile["client"].post(
        "/api/games",
        json={"ruleset": "back-alley-individual", "players": ["Ann2", "Bob2", "Cy2", name]},
        headers={"X-CSRFToken": hostile["token"]},
    )
    assert answer.status_code == 422 and said in answer.get_json()["error"]
    assert table_dump(hostile["app"].config["DATABASE"]) == before


# Edit rights ----------------------------------------------------------------------------------


@pytest.fixture
def shared(tmp_path: Path) -> dict[str, Any]:
    """A game made on the scorer's phone, and a second phone that only has the game's link."""
    app = create_app({"DATABASE": str(tmp_path / "rights.sqlite"), "SECRET_KEY": "r"})
    scorer = app.test_client()
    token = page_token(scorer)
    game = api_create(scorer, token)
    for number in (1, 2):
        recorded = scorer.post(
            f"/api/games/{game['id']}/deals", json=deal(number), headers={"X-CSRFToken": token}
        )
        assert recorded.status_code == 201
    watcher = app.test_client()
    return {"app": app, "game": game, "watcher": watcher, "token": page_token(watcher)}


def test_a_phone_with_only_the_link_can_read_but_not_write(shared) -> None:
    game_id, watcher = shared["game"]["id"], shared["watcher"]
    db = shared["app"].config["DATABASE"]
    before = table_dump(db)
    shown = watcher.get(f"/api/games/{game_id}").get_json()
    assert "edit_url" not in shown and shown["watch_url"] and shown["game"]["deals"]
    headers = {"X-CSRFToken": shared["token"]}
    for method, path, body in [
        ("POST", f"/api/games/{game_id}/deals", deal(3)),
        ("PUT", f"/api/games/{game_id}/deals/1", deal(1)),
        ("DELETE", f"/api/games/{game_id}/deals/2", None),
    ]:
        answer = watcher.open(path, method=method, json=body, headers=headers)
        assert answer.status_code == 403, (method, path)
        assert "edit link" in answer.get_json()["error"]
    for rule in shared["app"].url_map.iter_rules():
        if "POST" in rule.methods and "game_id" in rule.arguments:
            values = {arg: 1 for arg in rule.arguments} | {"game_id": game_id}
            with shared["app"].test_request_context():
                from flask import url_for

                path = url_for(rule.endpoint, **values)
            answer = watcher.post(path, data={"csrf_token": shared["token"]})
            assert answer.status_code < 500, path
    assert table_dump(db) == before


def test_the_edit_links_button_makes_a_phone_an_editor(shared) -> None:
    game_id, watcher = shared["game"]["id"], shared["watcher"]
    wrong = watcher.get(f"/games/{game_id}/join/not-the-key")
    assert wrong.status_code == 404
    headers = {"X-CSRFToken": shared["token"]}
    assert (
        watcher.post(f"/api/games/{game_id}/deals", json=deal(3), headers=headers).status_code
        == 403
    )
    edit_path = "/" + shared["game"]["edit_url"].split("/", 3)[3]
    joined = join(watcher, edit_path)
    assert joined.status_code == 303 and joined.headers["Location"].endswith(f"/games/{game_id}")
    assert "edit_url" in watcher.get(f"/api/games/{game_id}").get_json()
    assert (
        watcher.post(f"/api/games/{game_id}/deals", json=deal(3), headers=headers).status_code
        == 201
    )


def test_game_ids_and_edit_keys_cannot_be_guessed(tmp_path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "ids.sqlite"), "SECRET_KEY": "i"})
    client = app.test_client()
    token = page_token(client)
    games = [api_create(client, token) for _ in range(30)]
    ids = [game["id"] for game in games]
    keys = [game["edit_url"].rsplit("/", 1)[1] for game in games]
    assert len(set(ids)) == len(ids) and len(set(keys)) == len(keys)
    for game_id in ids:
        assert len(base64.urlsafe_b64decode(game_id + "=" * (-len(game_id) % 4))) * 8 >= 96
    for key in keys:
        assert len(base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))) * 8 >= 128
    assert client.get(f"/games/{ids[0][:-1]}").status_code == 404


# Size limits ----------------------------------------------------------------------------------


def test_a_two_megabyte_body_is_refused_with_413_and_a_message(tmp_path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "big.sqlite"), "SECRET_KEY": "b"})
    client = app.test_client()
    token = page_token(client)
    huge = b'{"players": ["' + b"x" * (2 * 1024 * 1024) + b'"]}'
    answer = client.post(
        "/api/games", data=huge, headers={"X-CSRFToken": token, "Content-Type": "application/json"}
    )
    assert answer.status_code == 413 and "too big" in answer.get_json()["error"]
    form = client.post("/import", data={"csrf_token": token, "file": (io.BytesIO(huge), "g.json")})
    assert form.status_code == 413 and "too big" in form.get_data(as_text=True)
    assert table_dump(tmp_path / "big.sqlite") == []


@pytest.mark.server
def test_the_real_server_refuses_a_two_megabyte_body_and_keeps_serving(server) -> None:
    from .conftest import phone

    client = phone(server)
    status, _, body = client.request("POST", "/api/games", json_body={"x": "y" * 2_000_000})
    assert status == 413 and "too big" in json.loads(body)["error"]
    assert client.request("GET", "/")[0] == 200
