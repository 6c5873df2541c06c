"""The largest game Scorekeeper accepts, page by page, and strangers trying to stall the table.

Every kind of page and answer of the largest game (largest.py) is asked for on a real
`scorekeeper serve`, each first (nothing worked out yet) and again: the server's time is
the client's, over loopback on an idle server, and its weight raw and on the wire.
Then the stall: three strangers loop the longest requests there are while a family taps
(stall.py), the quotas off as for every benchmark, the worst case.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from .figures import Budget, Figure
from .largest import largest_game
from .server import Client, Server, get_on_the_wire
from .stall import TAP_MAX_MS, TAP_P95_MS, percentile, prepare, run_stall

#: The budget of every page and answer of the largest game (README, "Limits").
PAGE_MS = 200.0
PAGE_KB = 500.0
#: Seconds a part of the largest game's sheet may take to print, apart from the table.
SHEET_SECONDS = 30.0


def largest_figures(rounds: int = 3) -> list[Figure]:
    """Ask for every kind of page of the largest game; return its time and weight figures."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-largest-") as scratch:
        database = Path(scratch) / "largest.sqlite"
        _, slug = prepare(database)
        server = Server(db=database).start()
        try:
            phone = Client(server.url)
            phone.fetch_token()
            # The phone that starts it keeps it: its table page and the correction page are
            # the scorer's.
            status, _, body = phone.request("POST", "/api/games", json_body=largest_game())
            if status != 201:
                raise RuntimeError(f"the largest game answered {status}: {body[:200]!r}")
            game_id = json.loads(body)["id"]
            pages = {
                "table page": f"/games/{game_id}",
                "table page as JSON": f"/games/{game_id}/table.json",
                "scoresheet (one part)": f"/games/{game_id}/scoresheet",
                "watch page": f"/games/{game_id}/live",
                "scoreboard": f"/games/{game_id}/live/board",
                "chart": f"/games/{game_id}/chart.svg",
                "API: the whole game": f"/api/games/{game_id}",
                "API: one deal": f"/api/games/{game_id}/deals/208",
                "export": f"/games/{game_id}/export.json",
                "compare (one part)": f"/games/{game_id}/compare?ruleset={slug}",
                "compare, the choices only": f"/games/{game_id}/compare",
                "correct a deal": f"/games/{game_id}/deals/3/edit",
                "home": "/",
                "players": "/players",
            }
            figures = [_page(phone, name, path, rounds) for name, path in pages.items()]
            figures.append(_sheet(phone, game_id))
        finally:
            server.stop()
        figures.append(_import(Path(scratch) / "import.sqlite"))
    return figures


def _import(database: Path) -> Figure:
    """Import as many largest games as an import on the web may hold, each with new names;
    time the transactions it writes them in (the pauses between them left out)."""
    from scorekeeper.rules import read_game
    from scorekeeper.storage import open_database
    from scorekeeper.web.all_games import MAX_ARCHIVE_GAMES

    from .archive import transactions_held

    games = []
    for number in range(MAX_ARCHIVE_GAMES):
        game = largest_game()
        game["players"] = [f"{number:03d}{name[3:]}" for name in game["players"]]
        games.append(read_game(game))
    db = open_database(database)
    try:
        held = [seconds * 1000 for seconds in transactions_held(db, games)]
    finally:
        db.close()
    return Figure(
        f"Largest game: an import of {MAX_ARCHIVE_GAMES} of it, its longest transaction",
        "ms",
        [max(held)],
        Budget(TAP_MAX_MS),
        note=f"{len(held)} transactions, median {statistics.median(held):.0f} ms; a tap waits "
        "for one at most",
    )


def _page(phone: Client, name: str, path: str, rounds: int) -> Figure:
    """Time one page, first and then again, and weigh it raw and on the wire."""
    times = []
    body, wire = b"", 0
    for _ in range(1 + rounds):
        started = time.perf_counter()
        body, wire = get_on_the_wire(phone.base + path, phone.opener)
        times.append((time.perf_counter() - started) * 1000)
    first, later = times[0], times[1:]
    size = Figure(
        f"Largest game: {name}, weight", "KB", [len(body) / 1024], Budget(PAGE_KB),
        note=f"{wire / 1024:.1f} KB on the wire",
    )  # fmt: skip
    figure = Figure(
        f"Largest game: {name}, server time", "ms", later, Budget(PAGE_MS),
        note=f"first, nothing worked out yet: {first:.0f} ms",
    )  # fmt: skip
    if first > PAGE_MS:
        figure.miss = True
    return _pair(figure, size)


def _pair(time_figure: Figure, size: Figure) -> Figure:
    """Fold a page's weight into its time's line, so the table keeps one line a page."""
    time_figure.note += f"; {size.runs[0]:.1f} KB raw ({size.note})"
    if size.budget is not None and not size.budget.met(size.runs[0]):
        time_figure.miss = True
        time_figure.note += f", over {PAGE_KB:.0f} KB"
    return time_figure


def _sheet(phone: Client, game_id: str) -> Figure:
    """Print the part of the largest game's sheet being played (in a worker process)."""
    started = time.perf_counter()
    status, _, pdf = phone.request("GET", f"/games/{game_id}/sheet.pdf", timeout=300)
    seconds = time.perf_counter() - started
    if status != 200:
        return Figure("Largest game: sheet PDF (one part)", "s", note=f"answered {status}")
    return Figure(
        "Largest game: sheet PDF (one part), printed apart from the table",
        "s",
        [seconds],
        Budget(SHEET_SECONDS),
        note=f"{len(pdf) / 1024:.0f} KB (budget {PAGE_KB:.0f} KB); laid out by a worker process",
        miss=len(pdf) / 1024 > PAGE_KB,
    )


def stall_figures(seconds: float = 10.0) -> list[Figure]:
    """Three strangers loop the longest requests while a family taps; its taps' figures."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-stall-") as scratch:
        database = Path(scratch) / "stall.sqlite"
        game_id, slug = prepare(database)
        server = Server(db=database).start()
        try:
            result = run_stall(server.port, game_id, slug, seconds=seconds)
        finally:
            server.stop()
    answered: dict[str, Any] = {
        kind: dict(sorted(counts.items())) for kind, counts in result.by_kind.items()
    }
    note = (
        f"{len(result.tap_ms)} taps, {result.taps_acknowledged} acknowledged, "
        f"{result.taps_recorded} recorded; 5xx answers: {result.server_errors}; "
        f"the strangers' answers: {json.dumps(answered)}"
    )
    p95 = Figure(
        "Stall: the family's tap p95 while three strangers loop the longest requests",
        "ms", [percentile(result.tap_ms, 95)], Budget(TAP_P95_MS), note=note,
    )  # fmt: skip
    worst = Figure(
        "Stall: the family's slowest tap", "ms", [max(result.tap_ms)], Budget(TAP_MAX_MS)
    )
    if result.server_errors or result.taps_recorded != result.taps_acknowledged:
        p95.miss = True
    return [p95, worst]


def attack_figures(seconds: float = 6.0) -> list[Figure]:
    """Each attack of the hostile-network suite while a family taps: its taps' figures."""
    import os

    from .attacks import ATTACKS, run_attack, store_archive

    figures = []
    with tempfile.TemporaryDirectory(prefix="scorekeeper-attacks-") as scratch:
        database = Path(scratch) / "attacks.sqlite"
        store_archive(database)
        # The quotas on, as a family's server runs: they are part of the defence here.
        server = Server(db=database, env={**os.environ, "SCOREKEEPER_QUOTAS": "on"}).start()
        try:
            for name in sorted(ATTACKS):
                result = run_attack(name, server.port, seconds=seconds)
                figure = Figure(
                    f"Attack {name}: the family's tap p95 (worst in the note)",
                    "ms",
                    [percentile(result.tap_ms, 95)],
                    Budget(TAP_P95_MS),
                    note=f"worst {max(result.tap_ms):.0f} ms (budget {TAP_MAX_MS:.0f}); "
                    f"5xx: {result.server_errors}; {result.acknowledged} taps acknowledged, "
                    f"{result.recorded} recorded; the strangers got {dict(result.answers)}",
                )
                if (
                    result.server_errors
                    or result.recorded != result.acknowledged
                    or max(result.tap_ms) > TAP_MAX_MS
                ):
                    figure.miss = True
                figures.append(figure)
        finally:
            server.stop()
    return figures
