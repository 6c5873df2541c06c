"""Two phones, retries, crashes and backups against a real `scorekeeper serve` process."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from http.client import HTTPException
from pathlib import Path
from typing import Any

import pytest

from scripts.benchmarks.server import Client, Server

from .conftest import (
    deal,
    deal_rows,
    integrity,
    phone,
    second_editor,
    start_game,
    table_dump,
)

pytestmark = pytest.mark.server

DEALS = 12  # one individual game has room for 12 of our deals


def race(*calls: Any) -> list[Any]:
    """Run the calls at the same moment on their own threads and return their answers."""
    barrier = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait(5)
        answers[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answers


def test_two_phones_racing_record_each_deal_exactly_once(server: Server) -> None:
    scorer = phone(server)
    game_id, edit_path = start_game(scorer)
    grandpa = second_editor(server, edit_path)
    path = f"/api/games/{game_id}/deals"
    for number in range(1, 9):
        answers = race(
            lambda n=number: scorer.request("POST", path, json_body=deal(n)),
            lambda n=number: grandpa.request("POST", path, json_body=deal(n)),
        )
        statuses = sorted(status for status, _, _ in answers)
        assert statuses == [201, 409], (number, answers)
        loser = next(json.loads(body) for status, _, body in answers if status == 409)
        assert loser["error"] and len(loser["game"]["deals"]) == number  # the game as it is now
    assert [position for position, _ in deal_rows(server.db, game_id)] == list(range(1, 9))


def test_stale_version_from_the_other_phone_is_refused_not_merged(server: Server) -> None:
    scorer = phone(server)
    game_id, edit_path = start_game(scorer)
    grandpa = second_editor(server, edit_path)
    path = f"/api/games/{game_id}/deals"
    assert scorer.request("POST", path, json_body={**deal(1), "version": 1})[0] == 201
    # Grandpa's phone still shows version 1 and corrects deal 1 from it.
    status, _, body = grandpa.request(
        "PUT", f"{path}/1", json_body={**deal(1), "tricks": [0, 13, 0, 0], "version": 1}
    )
    assert status == 409
    assert json.loads(body)["version"] == 2
    assert deal_rows(server.db, game_id)[0][1]["tricks"] == [13, 0, 0, 0]


def test_replayed_requests_with_one_idempotency_key_record_one_deal(server: Server) -> None:
    scorer = phone(server)
    game_id, _ = start_game(scorer)
    path = f"/api/games/{game_id}/deals"
    key = {"Idempotency-Key": "double-tap-1"}
    first = scorer.request("POST", path, json_body=deal(1), headers=key)
    assert first[0] == 201
    # The retry after a dropped answer, and two more at once (a double tap on a bad line).
    replays = [scorer.request("POST", path, json_body=deal(1), headers=key)]
    replays += race(*[lambda: scorer.request("POST", path, json_body=deal(1), headers=key)] * 2)
    for status, headers, body in replays:
        assert status == 201
        assert json.loads(body) == json.loads(first[2])
        assert headers.get("Idempotent-Replay") == "true"
    assert len(deal_rows(server.db, game_id)) == 1

    joker = {"ruleset": "joker", "players": list("ABCD")}
    made = [
        scorer.request("POST", "/api/games", json_body=joker, headers={"Idempotency-Key": "g-1"})
        for _ in range(3)
    ]
    assert {(status, body) for status, _, body in made} == {made[0][::2]}
    games = [row for row in table_dump(server.db) if row[0] == "games"]
    assert len(games) == 2


class Writer(threading.Thread):
    """A phone recording deal after deal until told to stop (or its server dies)."""

    def __init__(self, server: Server) -> None:
        super().__init__(daemon=True)
        self.client = phone(server)
        self.acknowledged: list[tuple[str, int, dict[str, Any]]] = []
        self.stop = threading.Event()

    def run(self) -> None:
        deadline = time.monotonic() + 20
        while not self.stop.is_set() and time.monotonic() < deadline:
            try:
                game_id, _ = start_game(self.client)
                for number in range(1, DEALS + 1):
                    if self.stop.is_set():
                        return
                    body = deal(number)
                    status, _, _ = self.client.request(
                        "POST", f"/api/games/{game_id}/deals", json_body=body, timeout=5
                    )
                    assert status == 201, status
                    self.acknowledged.append((game_id, number, body))
            except (OSError, HTTPException, AssertionError):
                return  # the server is gone: what was acknowledged so far is what counts


def assert_acknowledged_deals_kept(db: Path, writers: list[Writer]) -> None:
    assert integrity(db) == "ok"
    for writer in writers:
        for game_id, number, body in writer.acknowledged:
            stored = dict(deal_rows(db, game_id))
            assert number in stored, (game_id, number)
            assert stored[number] == {k: v for k, v in body.items() if k != "deal"}


def test_kill_9_while_two_phones_write_keeps_every_acknowledged_deal(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite"
    everyone: list[Writer] = []
    for _round in range(3):
        server = Server(db=db).start()
        try:
            writers = [Writer(server), Writer(server)]
            for writer in writers:
                writer.start()
            deadline = time.monotonic() + 20
            while not any(w.acknowledged for w in writers) and time.monotonic() < deadline:
                time.sleep(0.05)  # the phones are writing (a new game waits on a worker's start)
            time.sleep(random.uniform(0.1, 0.5))
            server.kill()  # SIGKILL: no cleanup, no checkpoint, mid-write
        finally:
            server.stop()
        for writer in writers:
            writer.stop.set()
            writer.join(10)
        everyone += writers
        assert_acknowledged_deals_kept(db, everyone)
    assert sum(len(writer.acknowledged) for writer in everyone) > 0
    # And the server comes back on the crashed file and serves what was kept.
    server = Server(db=db).start()
    try:
        survivor = everyone[0].acknowledged[0][0] if everyone[0].acknowledged else None
        if survivor:
            status, _, _ = Client(server.url).request("GET", f"/api/games/{survivor}")
            assert status == 200
    finally:
        server.stop()


def test_backup_while_the_server_writes_holds_every_deal_acknowledged_before(
    server: Server, tmp_path: Path
) -> None:
    writers = [Writer(server), Writer(server)]
    for writer in writers:
        writer.start()
    deadline = time.monotonic() + 10
    while sum(len(w.acknowledged) for w in writers) < 5 and time.monotonic() < deadline:
        time.sleep(0.05)
    before = [list(writer.acknowledged) for writer in writers]
    out = tmp_path / "backup.sqlite"
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "backup", str(out), "--db", str(server.db)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    for writer in writers:
        writer.stop.set()
        writer.join(10)
    assert done.returncode == 0, done.stderr
    assert integrity(out) == "ok"
    assert sum(len(acks) for acks in before) >= 5
    for acks in before:
        for game_id, number, _ in acks:
            assert number in dict(deal_rows(out, game_id)), (game_id, number)
    # The backup is a database the app opens as it is.
    copy = Server(db=out).start()
    try:
        game_id = before[0][0][0]
        status, _, body = Client(copy.url).request("GET", f"/api/games/{game_id}")
        assert status == 200 and json.loads(body)["game"]["deals"]
    finally:
        copy.stop()


def test_a_repeated_deal_after_a_thrown_in_deal_is_not_recorded_twice(server: Server) -> None:
    # Same cards in every slot, so the repeat would be a legal deal in the next slot too.
    same_cards = {"base": "back-alley-individual", "schedule": [3, 3, 3, 3]}
    scorer = phone(server)
    status, _, body = scorer.request(
        "POST", "/api/games", json_body={"ruleset": same_cards, "players": list("ABCD")}
    )
    assert status == 201
    path = f"/api/games/{json.loads(body)['id']}/deals"
    played = {"bids": [1, "pass", "pass", "pass"], "tricks": [3, 0, 0, 0]}
    assert scorer.request("POST", path, json_body={"deal": 1, **played})[0] == 201
    assert scorer.request("POST", path, json_body={"deal": 2, "bids": ["pass"] * 4})[0] == 201
    # Deal 3 in the file (slot 2 replayed), tapped twice: the second is the same deal again.
    answers = [scorer.request("POST", path, json_body={"deal": 3, **played}) for _ in range(2)]
    assert [status for status, _, _ in answers] == [201, 409]
    # Named by its slot with the version seen, the next deal is still welcome.
    version = json.loads(answers[1][2])["version"]
    by_slot = {"deal": 3, "version": version, **played}
    assert scorer.request("POST", path, json_body=by_slot)[0] == 201
    assert len(deal_rows(server.db, json.loads(body)["id"])) == 4
