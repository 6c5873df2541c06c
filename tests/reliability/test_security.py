"""CSRF, headers, cookies and the secret key: nothing leaks, and long games still submit."""

from __future__ import annotations

import io
import json
import os
import re
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.machine import config
from scorekeeper.web import create_app
from scorekeeper.web.errors import STALE_FORM

from .conftest import NEW_GAME, api_create, deal, page_token, table_dump


def make_app(tmp_path: Path, **settings: Any):
    return create_app({"DATABASE": str(tmp_path / "sec.sqlite"), "SECRET_KEY": "s3", **settings})


# CSRF -----------------------------------------------------------------------------------------


def other_token(tmp_path: Path, secret: str = "s3") -> str:
    """A token minted for another phone's session (or under another key)."""
    app = create_app({"DATABASE": str(tmp_path / "other.sqlite"), "SECRET_KEY": secret})
    return page_token(app.test_client())


@pytest.mark.parametrize("which", ["missing", "wrong", "other session", "other key"])
def test_api_writes_without_a_good_csrf_token_get_400_with_a_message(tmp_path, which) -> None:
    app = make_app(tmp_path)
    client = app.test_client()
    game = api_create(client, page_token(client))
    tokens = {
        "missing": None,
        "wrong": "not-a-token",
        "other session": other_token(tmp_path),
        "other key": other_token(tmp_path, secret="another-key"),
    }
    headers = {} if tokens[which] is None else {"X-CSRFToken": tokens[which]}
    before = table_dump(tmp_path / "sec.sqlite")
    for method, path, body in [
        ("POST", "/api/games", NEW_GAME),
        ("POST", f"/api/games/{game['id']}/deals", deal(1)),
        ("PUT", f"/api/games/{game['id']}/deals/1", deal(1)),
        ("DELETE", f"/api/games/{game['id']}/deals/1", None),
    ]:
        answer = client.open(path, method=method, json=body, headers=headers)
        assert answer.status_code == 400
        assert "security token was refused" in answer.get_json()["error"]
    assert table_dump(tmp_path / "sec.sqlite") == before


@pytest.mark.parametrize("referer", [True, False])
def test_a_refused_form_comes_back_with_what_was_entered(tmp_path, referer) -> None:
    client = make_app(tmp_path).test_client()
    page_token(client, "/import")
    headers = {"Referer": "http://localhost/import"} if referer else {}
    answer = client.post(
        "/import",
        data={"csrf_token": "stale", "note": "Ann & Bob <3", "file": (io.BytesIO(b"{}"), "g.json")},
        headers=headers,
    )
    assert answer.status_code == 303
    assert answer.headers["Location"].endswith("/import")
    with client.session_transaction() as session:
        assert session["rescued_form"] == {"note": "Ann & Bob <3"}
    shown = client.get("/import").get_data(as_text=True)
    assert "went stale" in shown and STALE_FORM.split(".")[0] in shown


def test_a_form_left_open_two_hours_still_submits(tmp_path, monkeypatch) -> None:
    client = make_app(tmp_path).test_client()
    token = page_token(client, "/import")
    game_file = json.dumps(
        {**NEW_GAME, "deals": [{k: v for k, v in deal(1).items() if k != "deal"}]}
    )
    real_time = time.time
    monkeypatch.setattr(time, "time", lambda: real_time() + 2 * 3600)  # the evening goes on
    answer = client.post(
        "/import",
        data={"csrf_token": token, "file": (io.BytesIO(game_file.encode()), "g.json")},
    )
    assert answer.status_code == 303 and "/games/" in answer.headers["Location"]
    game_id = answer.headers["Location"].rsplit("/", 1)[1]
    recorded = client.post(
        f"/api/games/{game_id}/deals", json=deal(2), headers={"X-CSRFToken": token}
    )
    assert recorded.status_code == 201


def test_the_time_travel_above_would_expire_a_one_hour_token(tmp_path, monkeypatch) -> None:
    # The control: under the old one-hour limit, the same two hours refuse the form.
    client = make_app(tmp_path, WTF_CSRF_TIME_LIMIT=3600).test_client()
    token = page_token(client, "/import")
    real_time = time.time
    monkeypatch.setattr(time, "time", lambda: real_time() + 2 * 3600)
    answer = client.post("/api/games", json=NEW_GAME, headers={"X-CSRFToken": token})
    assert answer.status_code == 400 and "expired" in answer.get_json()["error"]


# Headers --------------------------------------------------------------------------------------


def sample_paths(app: Any, game: dict[str, Any]) -> list[str]:
    """Every GET route of the app with real sample values, plus some that go wrong."""
    edit_key = game["edit_url"].rsplit("/", 1)[1]
    samples = {"game_id": game["id"], "edit_key": edit_key, "filename": "app.css"}
    paths = []
    from flask import url_for

    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods:
            continue
        values = {arg: samples.get(arg, 1) for arg in rule.arguments}
        with app.test_request_context():
            paths.append(url_for(rule.endpoint, **values))
    return [*sorted(set(paths)), "/no/such/page", "/games/nope", "/api/games/nope", "/api/games"]


def assert_safe_headers(answer: Any, path: str) -> None:
    policy = answer.headers.get("Content-Security-Policy", "")
    directives = {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}
    assert "'unsafe-inline'" not in directives.get("script-src", ["'unsafe-inline'"]), path
    assert directives.get("frame-ancestors") == ["'none'"], path
    assert answer.headers.get("X-Content-Type-Options") == "nosniff", path
    assert answer.headers.get("Referrer-Policy") == "same-origin", path
    mimetype = answer.mimetype or ""
    if mimetype.startswith(("text/", "application/json")):
        assert "charset=utf-8" in answer.headers["Content-Type"].lower(), path


def test_every_response_carries_the_security_headers(tmp_path) -> None:
    app = make_app(tmp_path)
    client = app.test_client()
    game = api_create(client, page_token(client))
    paths = sample_paths(app, game)
    assert {f"/games/{game['id']}", "/", "/import", "/archive.json"} <= set(paths)
    for path in paths:
        answer = client.get(path)
        assert answer.status_code < 500, path
        assert_safe_headers(answer, path)
    for answer in (client.post("/api/games", data=b"x" * 10), client.delete("/")):
        assert_safe_headers(answer, answer.request.path)


def cookies(answer: Any) -> dict[str, str]:
    return {line.split("=", 1)[0]: line for line in answer.headers.getlist("Set-Cookie")}


@pytest.mark.parametrize("scheme", ["http", "https"])
def test_cookies_are_httponly_lax_and_secure_over_https(tmp_path, scheme) -> None:
    client = make_app(tmp_path).test_client()
    base = f"{scheme}://localhost"
    home = client.get("/", base_url=base)
    sent = cookies(home)
    token = re.search(r'csrf-token" content="([^"]+)"', home.get_data(as_text=True)).group(1)
    headers = {"X-CSRFToken": token, "Referer": f"{base}/"}  # over HTTPS the referrer is checked
    made = client.post("/api/games", json=NEW_GAME, headers=headers, base_url=base)
    assert made.status_code == 201
    sent.update(cookies(made))  # the phone gets its device cookie with its first game
    assert {"scorekeeper_session", "scorekeeper_device"} <= set(sent)
    for line in sent.values():
        assert "HttpOnly" in line and "SameSite=Lax" in line
        assert ("Secure" in line.split("; ")) == (scheme == "https")


# The secret key -------------------------------------------------------------------------------


def test_the_secret_key_is_made_once_private_and_shared(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setattr(config, "INSTANCE", tmp_path / "instance")
    first = create_app({"DATABASE": str(tmp_path / "a.sqlite")}).config["SECRET_KEY"]
    second = create_app({"DATABASE": str(tmp_path / "b.sqlite")}).config["SECRET_KEY"]
    key_file = tmp_path / "instance" / "secret_key"
    assert first == second == key_file.read_text().strip()
    assert len(first) >= 64
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert create_app({"DATABASE": str(tmp_path / "c.sqlite")}).config["SECRET_KEY"] == (
        "from-the-environment"
    )


def test_workers_starting_at_once_agree_on_one_key(tmp_path) -> None:
    instance = tmp_path / "instance"
    program = (
        "import sys, time; from pathlib import Path\n"
        "from scorekeeper.machine.config import secret_key\n"
        "time.sleep(max(0, float(sys.argv[1]) - time.time()))\n"
        "print(secret_key(Path(sys.argv[2])))"
    )
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    start = str(time.time() + 1.5)
    workers = [
        subprocess.Popen([sys.executable, "-c", program, start, str(instance)],
                         stdout=subprocess.PIPE, text=True, env=env)
        for _ in range(6)
    ]  # fmt: skip
    keys = {worker.communicate(timeout=30)[0].strip() for worker in workers}
    assert len(keys) == 1 and len(keys.pop()) >= 64
    assert [p.name for p in instance.iterdir()] == ["secret_key"]  # no half-made files left
    assert stat.S_IMODE((instance / "secret_key").stat().st_mode) == 0o600


def test_serve_never_runs_in_debug_mode(tmp_path, monkeypatch) -> None:
    import hypercorn.asyncio

    from scorekeeper.server import banner
    from scorekeeper.server import serve as server

    served = {}

    async def serve(app, config, **options) -> None:
        served.update(app=app.app, config=config)

    monkeypatch.setenv("FLASK_DEBUG", "1")
    monkeypatch.setenv("SECRET_KEY", "k")
    monkeypatch.setenv("SCOREKEEPER_TLS_FOLDER", str(tmp_path / "tls"))
    monkeypatch.setattr(hypercorn.asyncio, "serve", serve)
    monkeypatch.setattr(banner, "lan_address", lambda: None)
    server.serve(host="127.0.0.1", port=1, db=str(tmp_path / "d.sqlite"))
    assert served["app"].debug is False
    assert not re.search(r"debug", str(served["app"].config.get("ENV", "")))
    config = served["config"]
    assert config.insecure_bind == ["127.0.0.1:1"] and config.bind == ["127.0.0.1:2"]
    assert config.certfile == str(tmp_path / "tls" / "server.pem") and not config.debug
