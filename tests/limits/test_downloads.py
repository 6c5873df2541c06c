"""Downloading every game: the stream reads through a connection of its own, in one snapshot,
at most two at once; a third is told to wait in words."""

from __future__ import annotations

import json

from tests.conftest import csrf_token, example


def make_games(client, count: int) -> list[str]:
    token = csrf_token(client)
    return [
        client.post("/api/games", json=example("joker"), headers={"X-CSRFToken": token}).get_json()[
            "id"
        ]
        for _ in range(count)
    ]


def test_a_download_reads_one_snapshot_and_writes_go_on_meanwhile(client) -> None:
    make_games(client, 3)
    streaming = client.get("/archive.json", buffered=False)
    parts = iter(streaming.response)
    head = next(parts)  # the download has begun: its snapshot is taken
    # Writes go on while it streams (it holds no lock, and no connection of theirs) ...
    token = csrf_token(client)
    empty = {"ruleset": "back-alley-pagat", "players": ["Ann", "Bob", "Cy", "Dee"]}
    later = client.post("/api/games", json=empty, headers={"X-CSRFToken": token}).get_json()["id"]
    deal = {"deal": 1, "bids": [3, 2, 1, 4], "tricks": [4, 2, 1, 6]}
    recorded = client.post(f"/api/games/{later}/deals", json=deal, headers={"X-CSRFToken": token})
    assert recorded.status_code == 201, recorded.get_data(as_text=True)
    # ... and the file is the archive as it was when it began: the game made since is not in it.
    text = head.decode() + b"".join(parts).decode()
    streaming.close()
    games = json.loads(text)["games"]
    assert len(games) == 3 and later not in text


def test_a_third_download_at_once_is_told_to_wait(client) -> None:
    make_games(client, 2)
    first = client.get("/archive.json", buffered=False)
    second = client.get("/archive.json", buffered=False)
    third = client.get("/archive.json")
    assert third.status_code == 429 and third.headers["Retry-After"] == "10"
    assert "Other downloads of every game are under way" in third.get_data(as_text=True)
    first.close()  # a download finished (or its phone went away): a place frees up
    fourth = client.get("/archive.json")
    assert fourth.status_code == 200 and len(json.loads(fourth.data)["games"]) == 2
    second.close()
