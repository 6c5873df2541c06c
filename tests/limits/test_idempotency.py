"""Idempotency-Key is bound to the phone, the method, the path and the body (a real server)."""

from __future__ import annotations

import json

import pytest

from tests.reliability.conftest import NEW_GAME, deal, deal_rows, phone, start_game, table_dump
from tests.serving import Server


@pytest.mark.server
def test_one_key_with_a_different_deal_gets_422_and_records_nothing(server: Server) -> None:
    scorer = phone(server)
    game_id, _ = start_game(scorer)
    path = f"/api/games/{game_id}/deals"
    key = {"Idempotency-Key": "deal-key-1"}
    assert scorer.request("POST", path, json_body=deal(1), headers=key)[0] == 201
    other = {**deal(1), "deal": 2, "tricks": [12, 0, 0, 0]}
    status, _, body = scorer.request("POST", path, json_body=other, headers=key)
    assert status == 422
    assert "already used for a different request" in json.loads(body)["error"]
    assert [position for position, _ in deal_rows(server.db, game_id)] == [1]


@pytest.mark.server
def test_a_second_phone_reusing_a_key_gets_its_own_game(server: Server) -> None:
    key = {"Idempotency-Key": "new-game-1"}
    first, second = phone(server), phone(server)
    made_first = first.request("POST", "/api/games", json_body=NEW_GAME, headers=key)
    made_second = second.request("POST", "/api/games", json_body=NEW_GAME, headers=key)
    assert made_first[0] == made_second[0] == 201
    first_id, second_id = (json.loads(made[2])["id"] for made in (made_first, made_second))
    assert first_id != second_id
    assert "Idempotent-Replay" not in made_second[1]
    # Each phone keeps score of its own game only.
    assert "edit_url" in json.loads(second.request("GET", f"/api/games/{second_id}")[2])
    assert "edit_url" not in json.loads(second.request("GET", f"/api/games/{first_id}")[2])
    assert len([row for row in table_dump(server.db) if row[0] == "games"]) == 2
