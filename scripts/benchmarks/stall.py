"""Strangers on the WiFi loop the longest requests they can make while a family taps a game.

Each attacker is a phone of its own on an address of its own (127.0.0.2, .3, …: every
127.x address reaches this machine): it asks, over and over, for the largest game's
comparison, its sheet's PDF, its whole API answer, its export and its chart, and posts the
largest game file. Meanwhile one family phone taps a game of its own on a kept-alive
connection, as a browser does: each tap a POST, its 303, and the page again. The family's
taps are timed; every answer's status is counted. `tests/limits/test_stall.py` holds the
figures to their budgets, and `make bench` prints them.
"""

from __future__ import annotations

import html
import http.client
import json
import os
import re
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from .largest import largest_game, largest_ruleset

ROOT = Path(__file__).resolve().parents[2]

#: What the family plays: four players, taps all evening.
FAMILY_GAME = {"ruleset": "back-alley-individual", "players": ["Ann", "Bob", "Cy", "Dee"]}
#: Requests each stranger keeps going at once (a browser opens six connections to a host).
AT_ONCE = 4
#: The budgets of the family's taps while the attack runs, in milliseconds.
TAP_P95_MS = 50.0
TAP_MAX_MS = 250.0
#: What `make test` holds a tap to under attack: a stall is seconds (one stranger once held
#: every tap for 16.7 s, another for 74 s), while a shared, loaded machine may slow any tap
#: several times over. Tests never fail on timing budgets; `make bench` holds the two above.
STALLED_MS = 2000.0


@dataclass
class Phone:
    """One phone: its address, its cookies, and the server it talks to."""

    port: int
    source: str = "127.0.0.1"
    cookies: dict[str, str] = field(default_factory=dict)
    token: str = ""
    connection: http.client.HTTPConnection | None = None

    def _connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=60, source_address=(self.source, 0)
        )

    def request(
        self, method: str, path: str, body: bytes | None = None, *, kept: bool = False,
        content_type: str = "application/x-www-form-urlencoded",
    ) -> tuple[int, dict[str, str], bytes]:  # fmt: skip
        """Send a request with the phone's cookies; keep the connection open if `kept`."""
        headers = {"Accept-Encoding": "identity"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = content_type
        if self.token:
            headers["X-CSRFToken"] = self.token
        for attempt in (1, 2):
            connection = self.connection if kept and self.connection else self._connect()
            try:
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                data = response.read()
                break
            except (ConnectionError, http.client.HTTPException, OSError):
                connection.close()
                self.connection = None
                if attempt == 2 or not kept:
                    raise
        found = {name.lower(): value for name, value in response.getheaders()}
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                for morsel in SimpleCookie(value).values():
                    self.cookies[morsel.key] = morsel.value
        if kept and found.get("connection", "").lower() != "close":
            self.connection = connection
        else:
            connection.close()
            self.connection = None
        return response.status, found, data

    def open(self) -> str:
        """Open the home page: the phone's cookies and its security token."""
        status, _, page = self.request("GET", "/")
        match = re.search(r'<meta name="csrf-token" content="([^"]+)"', page.decode())
        if status != 200 or match is None:
            raise RuntimeError(f"the home page answered {status}")
        self.token = match.group(1)
        return self.token


def hidden(page: str, name: str) -> str:
    """Return a hidden field's value on a page."""
    for tag in re.findall(r"<input[^>]*>", page):
        if f'name="{name}"' in tag:
            found = re.search(r'value="([^"]*)"', tag)
            if found:
                return html.unescape(found.group(1))
    raise RuntimeError(f"no field {name} on the page")


def next_tap(page: str) -> str | None:
    """Return the tap a quick scorer makes next: the first choice offered that is not a pass
    (nor undo, a trump, a rainbow, or saving a deal's note: none of them moves the deal on, and
    the note's button stays once the game is over)."""
    offered = [
        html.unescape(value)
        for tag in re.findall(r"<button[^>]*>", page)
        if " disabled" not in tag
        for value in re.findall(r'name="step" value="([^"]*)"', tag)
        if value not in ("undo", "note") and not value.startswith(("trump:", "rainbow:"))
    ]
    return next(
        (value for value in offered if value != "bid:pass"), offered[0] if offered else None
    )


@dataclass
class StallResult:
    """What happened while the strangers attacked: the family's taps and every status."""

    tap_ms: list[float]
    family: Counter[int]
    attackers: Counter[int]
    by_kind: dict[str, Counter[int]]
    taps_acknowledged: int
    taps_recorded: int  #: changes the family's game shows after the attack (one a tap)

    @property
    def server_errors(self) -> int:
        return sum(n for status, n in (self.family + self.attackers).items() if status >= 500)


def prepare(database: Path) -> tuple[str, str]:
    """Store the largest game and a second ruleset seating twenty before the server starts.

    Return the game's id and the other ruleset's slug.
    """
    from scorekeeper.rules import read_game
    from scorekeeper.service.games import start_game
    from scorekeeper.service.rulebook import save_house_rules
    from scorekeeper.storage import open_database

    db = open_database(database)
    try:
        stored = start_game(db, read_game(largest_game()), device=None)
        other = largest_ruleset()
        other["name"] = "Twenty, bridge scoring"
        other["scoring"] = {"type": "at-least", "per_bid": 10, "over": 1, "set_per_bid": 10}
        slug = save_house_rules(db, other, device="stranger")
        return stored.id, slug
    finally:
        db.close()


def attack(port: int, source: str, game_id: str, slug: str, until: float, log: list) -> None:
    """Loop the longest requests there are, as one stranger's phone, until the time is up:
    AT_ONCE of them going at any moment."""
    phone = Phone(port, source)
    phone.open()
    loops = [
        threading.Thread(target=_loop, args=(phone, start, game_id, slug, until, log), daemon=True)
        for start in range(AT_ONCE)
    ]
    for loop in loops:
        loop.start()
    for loop in loops:
        loop.join(180)


def _loop(phone: Phone, turn: int, game_id: str, slug: str, until: float, log: list) -> None:
    """One of a stranger's connections: the long requests in turn, starting at `turn`."""
    phone = Phone(phone.port, phone.source, dict(phone.cookies), phone.token)
    file = json.dumps(largest_game()).encode()
    asks = [
        ("compare", "GET", f"/games/{game_id}/compare?ruleset={slug}", None),
        ("sheet", "GET", f"/games/{game_id}/sheet.pdf", None),
        ("api", "GET", f"/api/games/{game_id}", None),
        ("export", "GET", f"/games/{game_id}/export.json", None),
        ("chart", "GET", f"/games/{game_id}/chart.svg", None),
        ("scoresheet", "GET", f"/games/{game_id}/scoresheet", None),
        ("file", "POST", "/api/games", file),
    ]
    only = os.environ.get("STALL_ONLY")  # to find which request holds the table up
    if only:
        asks = [ask for ask in asks if ask[0] in only.split(",")]
    while time.monotonic() < until:
        kind, method, path, body = asks[turn % len(asks)]
        turn += 1
        try:
            status, _, _ = phone.request(method, path, body, content_type="application/json")
        except OSError:
            status = 0  # the server cut the connection: not an answer
        log.append((kind, status))


def family_game(port: int) -> tuple[Phone, str]:
    """Start the family's game (before the strangers come); return its phone and its id."""
    phone = Phone(port)
    phone.open()
    status, _, body = phone.request(
        "POST", "/api/games", json.dumps({**FAMILY_GAME, "deals": []}).encode(),
        content_type="application/json",
    )  # fmt: skip
    if status != 201:
        raise RuntimeError(f"the family's game answered {status}")
    return phone, json.loads(body)["id"]


def family_taps(
    phone: Phone, game_id: str, until: float
) -> tuple[list[float], Counter[int], int, int]:
    """Tap the family's game until the time is up; return each tap's milliseconds, the
    statuses, the taps acknowledged and the game's version before the first."""
    path = f"/games/{game_id}"
    statuses: Counter[int] = Counter()
    status, _, page_bytes = phone.request("GET", path, kept=True)
    page = page_bytes.decode()
    first_version = int(hidden(page, "version"))
    timings: list[float] = []
    acknowledged = 0
    while time.monotonic() < until:
        step = next_tap(page)
        if step is None:
            break  # the game is over
        form = urlencode({"csrf_token": hidden(page, "csrf_token"), "nonce": hidden(page, "nonce"),
                          "version": hidden(page, "version"), "step": step}).encode()  # fmt: skip
        started = time.perf_counter()
        status, headers, _ = phone.request("POST", f"{path}/tap", form, kept=True)
        statuses[status] += 1
        if status == 303:
            acknowledged += 1
            status, _, page_bytes = phone.request("GET", urlsplit(headers["location"]).path,
                                                  kept=True)  # fmt: skip
            statuses[status] += 1
            page = page_bytes.decode()
        timings.append((time.perf_counter() - started) * 1000)
        time.sleep(0.05)  # a thumb, not a script: a tap every 50 ms and its page
    return timings, statuses, acknowledged, first_version


def attack_all(port: int, game_id: str, slug: str, seconds: float, attackers: int) -> list:
    """Run every stranger until the time is up; return what each request got."""
    log: list[tuple[str, int]] = []
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(
            target=attack, args=(port, f"127.0.0.{2 + n}", game_id, slug, until, log), daemon=True
        )
        for n in range(attackers)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(180)
    return log


def run_stall(port: int, game_id: str, slug: str, *, seconds: float = 10.0,
              attackers: int = 3) -> StallResult:  # fmt: skip
    """Let `attackers` strangers loop the longest requests while the family taps; report.

    The strangers run in a process of their own: in this one, their dozen threads would
    hold Python's interpreter away from the family's and so slow its taps on the client.
    """
    import subprocess
    import sys

    command = [sys.executable, "-m", "scripts.benchmarks.stall", str(port), game_id, slug,
               str(seconds + 0.5), str(attackers)]  # fmt: skip
    phone, family = family_game(port)
    strangers = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    time.sleep(1.0)  # the attack is under way before the first tap
    until = time.monotonic() + seconds - 0.5
    timings, statuses, acknowledged, first_version = family_taps(phone, family, until)
    out, _ = strangers.communicate(timeout=240)
    log: list[tuple[str, int]] = [tuple(entry) for entry in json.loads(out)]  # type: ignore[misc]
    by_kind: dict[str, Counter[int]] = {}
    for kind, status in log:
        by_kind.setdefault(kind, Counter())[status] += 1
    checker = Phone(port)
    checker.open()
    status, _, body = checker.request("GET", f"/games/{family}/table.json")
    recorded = json.loads(body)["version"] - first_version if status == 200 else 0
    return StallResult(
        timings, statuses, Counter(status for _, status in log), by_kind, acknowledged, recorded
    )


def percentile(values: list[float], q: float) -> float:
    """Return the q-th percentile (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def loopback_addresses(count: int) -> bool:
    """Say whether this machine lets a socket use 127.0.0.2 and on (Linux does; macOS not)."""
    import socket

    for n in range(count):
        with socket.socket() as probe:
            try:
                probe.bind((f"127.0.0.{2 + n}", 0))
            except OSError:
                return False
    return True


def describe(result: StallResult) -> dict[str, Any]:
    """Return the figures a person reads: the family's p95 and worst tap, and what was answered."""
    return {
        "taps": len(result.tap_ms),
        "p95_ms": round(percentile(result.tap_ms, 95), 1),
        "max_ms": round(max(result.tap_ms, default=float("nan")), 1),
        "family": dict(result.family),
        "attackers": dict(result.attackers),
        "by_kind": {kind: dict(counts) for kind, counts in result.by_kind.items()},
        "acknowledged": result.taps_acknowledged,
        "recorded": result.taps_recorded,
    }


if __name__ == "__main__":
    # The strangers, run apart from the family: PORT GAME SLUG SECONDS ATTACKERS.
    import sys

    port, game, ruleset, length, count = sys.argv[1:6]
    print(json.dumps(attack_all(int(port), game, ruleset, float(length), int(count))))
