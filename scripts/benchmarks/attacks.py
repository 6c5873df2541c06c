"""Strangers on the WiFi, each in their own way, while a family taps: the hostile-network suite.

Each attack runs in a process of its own (so the measuring side is never starved), from
addresses of its own (127.0.0.2 and on), against a real `scorekeeper serve`, while one
family phone taps a game (stall.py's family). `tests/limits/test_hostile_network.py`
holds each to the budgets; `make bench` prints the figures.

- downloads: four phones download every game (2,000 games stored) over and over;
- never_reads: four connections each send eight requests for every game and never read;
- idle: 1,010 connections opened and left idle (half with a request head never finished);
- trickle: 30 uploads of 8 MB held just short of their end;
- bad_files: four phones post a 1 MB game file with a mistake at its end, over and over.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .stall import ROOT, Phone, family_game, family_taps, percentile

#: The games stored for the downloads (each a 24-deal Joker game).
ARCHIVE_GAMES = 2000
#: Connections the idle attack holds open.
IDLE = 1010
#: Uploads the trickle attack holds just short of their end, and each one's size.
UPLOADS = 30
UPLOAD_BYTES = 8 * 1000 * 1000


@dataclass
class AttackResult:
    """What one attack did and what the family saw meanwhile."""

    name: str
    tap_ms: list[float]
    family: Counter[int]
    answers: Counter[int]  #: the strangers' answers' statuses (0: the connection was cut)
    acknowledged: int
    recorded: int

    @property
    def server_errors(self) -> int:
        return sum(n for status, n in (self.family + self.answers).items() if status >= 500)

    def figures(self) -> dict[str, Any]:
        return {
            "attack": self.name,
            "taps": len(self.tap_ms),
            "p95_ms": round(percentile(self.tap_ms, 95), 1),
            "max_ms": round(max(self.tap_ms, default=float("nan")), 1),
            "family": dict(self.family),
            "answers": dict(self.answers),
            "acknowledged": self.acknowledged,
            "recorded": self.recorded,
        }


def store_archive(database: Path, games: int = ARCHIVE_GAMES) -> None:
    """Store `games` finished games in the database before the server starts."""
    from scorekeeper.rules import read_game
    from scorekeeper.service.imports import import_games
    from scorekeeper.storage import open_database

    from . import example

    game = read_game(example("joker"))
    db = open_database(database)
    try:
        import_games(db, [game] * games, device=None, pause=0)  # nobody else uses it yet
    finally:
        db.close()


def _raw(port: int, source: str) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))


def downloads(port: int, until: float, log: list, context: dict) -> None:
    """Four phones download every game, again and again."""

    def one(source: str) -> None:
        phone = Phone(port, source)
        phone.open()
        while time.monotonic() < until:
            try:
                status, _, _ = phone.request("GET", "/archive.json")
            except OSError:
                status = 0
            log.append(status)

    _threads([lambda s=f"127.0.0.{2 + n}": one(s) for n in range(4)])


def never_reads(port: int, until: float, log: list, context: dict) -> None:
    """Four connections each send eight requests for every game and read nothing."""
    held = []
    for n in range(4):
        connection = _raw(port, f"127.0.0.{2 + n}")
        request = b"GET /archive.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 8
        connection.sendall(request)
        held.append(connection)
        log.append(1)  # sent
    time.sleep(max(0.0, until - time.monotonic()))
    for connection in held:
        connection.close()


def idle(port: int, until: float, log: list, context: dict) -> None:
    """Open 1,010 connections and leave them idle, half with a request head never finished."""
    _more_files()
    held = []
    for n in range(IDLE):
        try:
            connection = _raw(port, f"127.0.0.{2 + n % 4}")
            if n % 2:
                connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            held.append(connection)
        except OSError:
            log.append(0)  # refused: not a status
    log.extend([1] * len(held))  # held open (1: not a status either)
    time.sleep(max(0.0, until - time.monotonic()))
    for connection in held:
        connection.close()


def trickle(port: int, until: float, log: list, context: dict) -> None:
    """Thirty uploads of 8 MB, each held 100 bytes short of its end."""
    held = []

    def upload(n: int) -> None:
        try:
            connection = _raw(port, f"127.0.0.{2 + n % 4}")
            connection.sendall(
                b"POST /archive/import HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/octet-stream\r\n"
                + f"Content-Length: {UPLOAD_BYTES}\r\n\r\n".encode()
            )
            piece = b"x" * 65536
            sent = 0
            while sent < UPLOAD_BYTES - 100 - len(piece):
                connection.sendall(piece)
                sent += len(piece)
            held.append(connection)
            connection.settimeout(max(0.1, until - time.monotonic()))
            try:
                head = connection.recv(64)  # answered before the end: refused, as it should be
                log.append(int(head.split()[1]) if head.startswith(b"HTTP/") else 0)
            except OSError:
                log.append(-1)  # still held when the time was up
        except OSError:
            log.append(0)

    _threads([lambda n=n: upload(n) for n in range(UPLOADS)])
    for connection in held:
        connection.close()


def bad_files(port: int, until: float, log: list, context: dict) -> None:
    """Four phones post a 1 MB game file with a mistake in its last deal, again and again."""
    game: dict[str, Any] = {"ruleset": "back-alley-pagat", "players": ["Ann", "Bob", "Cy", "Dee"]}
    deal = {"bids": [3, 2, 1, 4], "tricks": [4, 2, 1, 6]}
    game["deals"] = [deal] * 26 + [{"bids": [3, 2, 1, 4], "tricks": [9, 9, 9, 9]}]
    game["note"] = "x" * (1000 * 1000 - len(json.dumps(game)) - 20)
    body = json.dumps(game).encode()

    def one(source: str) -> None:
        phone = Phone(port, source)
        phone.open()
        while time.monotonic() < until:
            try:
                status, _, _ = phone.request(
                    "POST", "/api/games", body, content_type="application/json"
                )
            except OSError:
                status = 0
            log.append(status)

    _threads([lambda s=f"127.0.0.{2 + n}": one(s) for n in range(4)])


ATTACKS = {
    "downloads": downloads,
    "never_reads": never_reads,
    "idle": idle,
    "trickle": trickle,
    "bad_files": bad_files,
}


def _threads(work: list) -> None:
    threads = [threading.Thread(target=item, daemon=True) for item in work]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)


def _more_files() -> None:
    try:
        import resource
    except ImportError:
        return
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))


def run_attack(name: str, port: int, *, seconds: float = 6.0) -> AttackResult:
    """Run one attack (in a process of its own) while the family taps; report both."""
    command = [sys.executable, "-m", "scripts.benchmarks.attacks", name, str(port), str(seconds)]
    phone, game = family_game(port)
    strangers = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    time.sleep(1.5)  # the attack is under way before the first tap
    until = time.monotonic() + seconds - 1.5
    timings, statuses, acknowledged, first_version = family_taps(phone, game, until)
    out, _ = strangers.communicate(timeout=600)
    answers: Counter[int] = Counter(int(status) for status in json.loads(out))
    checker = Phone(port)
    checker.open()
    status, _, body = checker.request("GET", f"/games/{game}/table.json")
    recorded = json.loads(body)["version"] - first_version if status == 200 else 0
    return AttackResult(name, timings, statuses, answers, acknowledged, recorded)


if __name__ == "__main__":
    # One attack, apart from the family: NAME PORT SECONDS.
    chosen, at, length = sys.argv[1:4]
    done: list[int] = []
    ATTACKS[chosen](int(at), time.monotonic() + float(length), done, dict(os.environ))
    print(json.dumps(done))
