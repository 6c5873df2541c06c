"""A club night on a real server: what a table's deal and a watcher's refresh cost.

Twelve Joker tables of a night (48 players, round 1), each on its own phone that claimed its
card, record deals through the API as the table page's sync sends them, while 40 watching
phones ask whether the leaderboard changed (`board.json`, 304 when not) and fetch it when
it did (`board`). Each figure's server CPU per request stands beside the issue's budget of
2 ms a request (a Raspberry Pi is about 5× slower).
"""

from __future__ import annotations

import re
import time
from typing import Any

from . import example
from .figures import Budget, Figure
from .server import CPU_BUDGET, Client, Latency, latency_figures, running_server

TABLES = 12
WATCHERS = 40
#: Requests one address may have in progress at once (README, "What one device can do"):
#: every watcher here shares the loopback address, where on the WiFi each has its own, so
#: the 40 watchers ask 16 at a time.
AT_ONCE = 16


def _night(base: str) -> tuple[Client, str, list[str]]:
    """Set up a night of TABLES Joker tables as the host and start round 1; return the host,
    the night's id and its cards."""
    host = Client(base)
    host.fetch_token()
    players = "\n".join(f"Player {n:02}" for n in range(TABLES * 4))
    form = {"name": "Bench night", "ruleset": "joker", "players": players,
            "tables": str(TABLES), "rounds": "3", "movement": "redraw", "counting": "places",
            "scale": "4-2-1-0"}  # fmt: skip
    status, _, page = host.request("POST", "/host", form=form)
    found = re.search(rb'action="/host/nights/([^/"]+)/rounds"', page)
    if status != 200 or not found:
        raise RuntimeError(f"setting up the night answered {status}")
    night = found.group(1).decode()
    _, _, page = host.request("POST", f"/host/nights/{night}/rounds", form={"seats": ""})
    cards = re.findall(rf'href="/nights/{night}/cards/([^"]+)" class="card-link"'.encode(), page)
    if len(cards) != TABLES:
        raise RuntimeError(f"round 1 seated {len(cards)} tables, not {TABLES}")
    return host, night, [card.decode() for card in cards]


def _claim(base: str, night: str, card: str) -> tuple[Client, str]:
    """Claim a table's card on a new phone; return the phone and the table's game id."""
    phone = Client(base)
    phone.fetch_token()
    status, _, page = phone.request("POST", f"/nights/{night}/cards/{card}", form={})
    found = re.search(rb"/games/([A-Za-z0-9_-]+)/", page)
    if status != 200 or not found:
        raise RuntimeError(f"claiming a card answered {status}")
    return phone, found.group(1).decode()


def night_figures(rounds: int, deals: int) -> list[Figure]:
    """Measure a night's requests on a scratch server: a table's deal, a watcher's refresh."""
    with running_server() as server:
        assert server.process is not None
        pid, base = server.process.pid, server.url
        _, night, cards = _night(base)
        tables = [_claim(base, night, card) for card in cards]
        document: list[dict[str, Any]] = example("joker")["deals"]
        watchers = [Client(base) for _ in range(WATCHERS)]
        tag = ""
        for watcher in watchers:
            _, headers, _ = watcher.request("GET", f"/nights/{night}/board.json")
            tag = headers["ETag"]
        sent = [0] * TABLES

        def deal(index: int) -> list[float]:
            phone, game = tables[index]
            times = []
            for _ in range(deals):
                number = sent[index] + 1
                body = {"deal": number, **document[number - 1]}
                times.append(_timed(phone, "POST", f"/api/games/{game}/deals", 201, json_body=body))
                sent[index] = number
            return times

        def unchanged(index: int) -> list[float]:
            return [
                _timed(
                    watcher,
                    "GET",
                    f"/nights/{night}/board.json",
                    304,
                    headers={"If-None-Match": tag},
                )
                for watcher in watchers[index::AT_ONCE]
                for _ in range(10)
            ]

        def board(index: int) -> list[float]:
            return [
                _timed(watcher, "GET", f"/nights/{night}/board", 200)
                for watcher in watchers[index::AT_ONCE]
                for _ in range(5)
            ]

        measured = {"deal": Latency(), "unchanged": Latency(), "board": Latency()}
        for _ in range(rounds):
            measured["deal"].measure(pid, TABLES, deal)
            _, headers, _ = watchers[0].request("GET", f"/nights/{night}/board.json")
            tag = headers["ETag"]
            measured["unchanged"].measure(pid, AT_ONCE, unchanged)
            measured["board"].measure(pid, AT_ONCE, board)
    names = {
        "deal": ("A night's table records a deal through the API", TABLES),
        "unchanged": ("40 watchers ask whether the night's leaderboard changed (304)", AT_ONCE),
        "board": ("40 watchers fetch the night's leaderboard (12 tables)", AT_ONCE),
    }
    figures = []
    for key, (what, clients) in names.items():
        latency = measured[key]
        cpu, latency.cpu = latency.cpu, []
        figures += latency_figures(what, {clients: latency}, {(clients, "p95"): 50})
        figures.append(Figure(f"{what}: server CPU per request", "ms", cpu, Budget(CPU_BUDGET)))
    return figures


def _timed(client: Client, method: str, path: str, expected: int, **options: Any) -> float:
    """Send a request; return the seconds it took (RuntimeError unless it answered `expected`)."""
    started = time.perf_counter()
    status, _, body = client.request(method, path, **options)
    elapsed = time.perf_counter() - started
    if status != expected:
        raise RuntimeError(f"{method} {path} answered {status}: {body[:200]!r}")
    return elapsed
