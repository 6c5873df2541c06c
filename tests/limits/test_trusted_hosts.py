"""Trusted hosts: a name the server does not answer to (DNS rebinding) gets 400, nothing written."""

from __future__ import annotations

import json

import pytest

from tests.limits.conftest import count_rows
from tests.serving import Client, Server

GAME = {"ruleset": "joker", "players": ["Ann", "Bob", "Cy", "Dee"], "deals": []}


@pytest.mark.server
def test_a_rebinding_name_is_refused_by_the_real_server(server: Server) -> None:
    phone = Client(server.url)
    phone.fetch_token()
    made, _, _ = phone.request("POST", "/api/games", json_body=GAME)
    assert made == 201
    evil = {"Host": f"evil.example:{server.port}"}
    status, _, body = phone.request("GET", "/archive.json", headers=evil)
    assert status == 400
    assert "does not answer to that name" in body.decode()
    assert "Ann" not in body.decode()
    status, _, body = phone.request("POST", "/api/games", json_body=GAME, headers=evil)
    assert status == 400
    assert "does not answer to that name" in json.loads(body)["error"]
    assert count_rows(str(server.db), "games") == 1
    # The machine's own names and addresses are answered.
    for host in (f"localhost:{server.port}", f"127.0.0.1:{server.port}", "scorekeeper.local"):
        status, _, _ = phone.request("GET", "/archive.json", headers={"Host": host})
        assert status == 200, host


def test_scorekeeper_hosts_adds_names(tmp_path, monkeypatch) -> None:
    from scorekeeper.web import create_app

    monkeypatch.setenv("SCOREKEEPER_HOSTS", "cards.example.org, .club.example")
    client = create_app({"DATABASE": str(tmp_path / "h.sqlite"), "SECRET_KEY": "h"}).test_client()
    for host, status in [
        ("cards.example.org", 200),
        ("table.club.example", 200),
        ("evil.example", 400),
        ("192.168.1.20:5000", 200),
        ("[fe80::1]:5000", 200),
    ]:
        assert client.get("/", headers={"Host": host}).status_code == status, host
