"""Helpers for the reliability and security tests: games to play, and what the database holds."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.benchmarks.server import Client, Server

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
NEW_GAME = {"ruleset": "back-alley-individual", "players": PLAYERS, "deals": []}


def deal(number: int) -> dict[str, Any]:
    """Return a legal deal for slot `number` (1 to 12) of an individual game (13, 12, … cards)."""
    cards = 14 - number if number <= 13 else number - 12
    return {"deal": number, "bids": [1, "pass", "pass", "pass"], "tricks": [cards, 0, 0, 0]}


def table_dump(db_path: Path | str) -> list[tuple[Any, ...]]:
    """Return every row of the games and deals tables, read straight from the SQLite file."""
    with sqlite3.connect(str(db_path)) as conn:
        games = conn.execute(
            "select id, version, ruleset, players, first_dealer, draft from games order by id"
        ).fetchall()
        deals = conn.execute(
            "select game_id, position, body from deals order by game_id, position"
        ).fetchall()
    return [("games", *row) for row in games] + [("deals", *row) for row in deals]


def deal_rows(db_path: Path | str, game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """Return a game's deals as stored: (position, body)."""
    with sqlite3.connect(str(db_path)) as conn:
        rows = conn.execute(
            "select position, body from deals where game_id = ? order by position", [game_id]
        ).fetchall()
    return [(position, json.loads(body)) for position, body in rows]


def integrity(db_path: Path | str) -> str:
    """Return SQLite's own verdict on the file."""
    with sqlite3.connect(str(db_path)) as conn:
        return conn.execute("pragma integrity_check").fetchone()[0]


def page_token(client: Any, path: str = "/") -> str:
    """Return the CSRF token of a page fetched with a Flask test client."""
    page = client.get(path).get_data(as_text=True)
    match = re.search(r'<meta name="csrf-token" content="([^"]+)"', page)
    assert match, path
    return match.group(1)


def api_create(client: Any, token: str, game: dict[str, Any] | None = None) -> dict[str, Any]:
    """Create a game through the API with a Flask test client and return its GET body."""
    made = client.post("/api/games", json=game or NEW_GAME, headers={"X-CSRFToken": token})
    assert made.status_code == 201, made.get_data(as_text=True)
    return client.get(f"/api/games/{made.get_json()['id']}").get_json()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A real `scorekeeper serve` on a fresh database."""
    running = Server(db=tmp_path / "live.sqlite").start()
    yield running
    running.stop()


def phone(server: Server) -> Client:
    """Return a new phone (its own cookies) with a CSRF token."""
    client = Client(server.url)
    client.fetch_token()
    return client


def start_game(scorer: Client) -> tuple[str, str]:
    """Create a game on the scorer's phone; return its id and its edit link (a path)."""
    status, _, body = scorer.request("POST", "/api/games", json_body=NEW_GAME)
    assert status == 201, body
    game_id = json.loads(body)["id"]
    _, _, shown = scorer.request("GET", f"/api/games/{game_id}")
    edit_url = json.loads(shown)["edit_url"]
    return game_id, re.sub(r"^https?://[^/]+", "", edit_url)


def second_editor(server: Server, edit_path: str) -> Client:
    """Return a second phone made an editor by opening the shared edit link and joining."""
    other = phone(server)
    status, _, _ = other.request("GET", edit_path)
    assert status == 200  # opening the link only asks
    status, _, _ = other.request("POST", edit_path)  # the button joins: its token in the header
    assert status == 200  # the 303 to the game page was followed
    return other
