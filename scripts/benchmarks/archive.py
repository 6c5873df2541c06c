"""Measure what a club's archive costs the pages: 10 to 30,000 games (issues 16 and 31).

For each size it imports an archive through the project's own import
(`scorekeeper.transfer.all_games.import_games`, without its pauses between transactions)
into a scratch database, timing each of the import's transactions by SQLite's own
BEGIN and the commit's return; then starts a real `scorekeeper serve` on it, and
measures over loopback HTTP: the home page's weight and time, `/players`' weight and
time, and the p95 of a deal written to a 250-deal game. A club's forty members play
most games; every tenth is a table of strangers, names no game had before, so the
players and their pairs grow with the archive too (about 15,000 players at 30,000
games). Each figure is printed beside its budget, with how it grows from the smallest
archive to the largest (it must not grow with the archive). Nothing here asserts on
time: a miss is reported, not raised.

Run alone: `.venv/bin/python -m scripts.benchmarks.archive [--quick]`; `scripts/bench.py`
calls `archive_figures()` and prints `format_archive()` with its own figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import EXAMPLES, example
from .figures import percentile
from .server import Client, Server

SIZES = (10, 1_000, 3_000, 30_000)
#: A club: this many members, four to seven at a table.
MEMBERS = [f"Member {number:02d}" for number in range(1, 41)]
#: Deals already in the long game before each timed write (the write makes it 250).
LONG_GAME_DEALS = 249
#: A figure "grows" when its value at the largest archive is more than this times the smallest.
FLAT = 1.5


@dataclass
class ArchiveFigure:
    """One measured figure at every archive size, and its budget (checked at the largest)."""

    name: str
    unit: str
    budget: float | None = None
    by_size: dict[int, float] = field(default_factory=dict)

    @property
    def largest(self) -> float:
        return self.by_size[max(self.by_size)]

    def growth(self, since: int) -> float:
        """Return the value at the largest archive over the value at this size."""
        before = self.by_size[since]
        return self.largest / before if before else float("inf")

    @property
    def growth_words(self) -> str:
        """Say how the figure grows: from the smallest archive, and from the first full page.

        Ten games do not fill the home page's 20, so whether a figure is flat is judged
        from 1,000 games on, where every page is full; both ratios are printed.
        """
        full = sorted(self.by_size)[1]
        flat = self.growth(full) <= FLAT
        first = min(self.by_size)
        return (
            f"{'flat' if flat else 'GROWS'}: ×{self.growth(first):.2f} from {first:,},"
            f" ×{self.growth(full):.2f} from {full:,}"
        )

    @property
    def verdict(self) -> str:
        if len(self.by_size) < len(SIZES):
            return "not measured at every size"
        if self.budget is None:
            return self.growth_words
        return f"{'PASS' if self.largest <= self.budget else 'MISS'}; {self.growth_words}"


# The archive ------------------------------------------------------------------------------


def club_games(count: int) -> list[dict[str, Any]]:
    """Return `count` game files: the examples over and over, with the club's names at the
    table (every tenth a table of strangers), every fifth game stopped halfway (still being
    played)."""
    names = sorted(path.name.removesuffix(".game.json") for path in EXAMPLES.glob("*.game.json"))
    templates = [example(name) for name in names]
    games = []
    for number in range(count):
        game = json.loads(json.dumps(templates[number % len(templates)]))
        seats = len(game["players"])
        game["players"] = [MEMBERS[(number * 3 + seat) % len(MEMBERS)] for seat in range(seats)]
        if number % 10 == 9:
            game["players"] = [f"Stranger {number}-{seat}" for seat in range(seats)]
        if number % 5 == 4:
            game["deals"] = game["deals"][: len(game["deals"]) // 2]
        games.append(game)
    return games


def long_game() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Return a 249-deal game (pagat with its schedule played ten times over) and its next deals.

    The pagat example's 28 deals (two thrown in) fill its 26 slots and bring the deal
    round to the first dealer again, so they can follow each other ten times.
    """
    pagat = example("back-alley-pagat")
    from scorekeeper.rules import find_ruleset

    schedule = list(find_ruleset("back-alley-pagat").schedule(len(pagat["players"])))
    ruleset = {"base": "back-alley-pagat", "name": "Pagat, ten rounds", "schedule": schedule * 10}
    deals = pagat["deals"] * 10
    game = {**pagat, "ruleset": ruleset, "deals": deals[:LONG_GAME_DEALS]}
    return game, deals[LONG_GAME_DEALS:]


def build_database(path: Path, size: int) -> list[float]:
    """Import `size` club games and the long game into a new database, as `import-all` does
    (without its pauses); return how long each of its transactions held the write lock."""
    from scorekeeper.rules import stored_values
    from scorekeeper.storage import open_database
    from scorekeeper.transfer.all_games import read_all_games

    db = open_database(path)
    try:
        games = [*club_games(size - 1), long_game()[0]]
        # New rulesets have at most 104 deals; the 250-deal game stands for one kept from
        # before that limit, which must still open, score and take deals as fast.
        with stored_values():
            document = {"format": "scorekeeper-archive", "version": 1, "games": games}
            return transactions_held(db, read_all_games(document))
    finally:
        db.close()


def transactions_held(db: Any, games: list[Any]) -> list[float]:
    """Import checked games (without the pauses between transactions); return the seconds
    each transaction held the write lock, from SQLite's BEGIN to the COMMIT's return."""
    from scorekeeper.transfer.all_games import import_games

    begun: list[float] = []
    held: list[float] = []

    def trace(statement: str) -> None:
        if statement.startswith("BEGIN"):
            begun.append(time.perf_counter())

    def progress(done: int, total: int) -> None:
        held.append(time.perf_counter() - begun[-1])  # told once the COMMIT has returned

    db.conn.set_trace_callback(trace)
    try:
        import_games(db, games, progress=progress, pause=0)
    finally:
        db.conn.set_trace_callback(None)
    return held


# Measuring over HTTP ----------------------------------------------------------------------


def timed_get(client: Any, path: str) -> tuple[float, int]:
    """GET a page; return the seconds it took and its size in bytes."""
    started = time.perf_counter()
    status, _, body = client.request("GET", path)
    elapsed = time.perf_counter() - started
    if status != 200:
        raise RuntimeError(f"{path} answered {status}")
    return elapsed, len(body)


def long_game_writes(client: Any, game_id: str, writes: int) -> list[float]:
    """Write the long game's 250th deal, then take it back, `writes` times; return the writes."""
    deal = long_game()[1][0]
    times = []
    for _ in range(writes):
        started = time.perf_counter()
        status, _, body = client.request(
            "POST", f"/api/games/{game_id}/deals", json_body={**deal, "deal": LONG_GAME_DEALS + 1}
        )
        times.append(time.perf_counter() - started)
        if status != 201:
            raise RuntimeError(f"the 250th deal answered {status}: {body[:200]!r}")
        status, _, body = client.request("DELETE", f"/api/games/{game_id}/deals/250")
        if status != 200:
            raise RuntimeError(f"taking the 250th deal back answered {status}: {body[:200]!r}")
    return times


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user + system) a process has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def on_server(pid: int, work: Any) -> tuple[Any, float]:
    """Run work; return what it returns and the server's CPU seconds it took."""
    before = cpu_seconds(pid)
    done = work()
    return done, cpu_seconds(pid) - before


def measure(size: int, requests: int, writes: int) -> dict[str, float]:
    """Build an archive of `size` games, serve it, and measure the pages and the write."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-archive-") as scratch:
        database = Path(scratch) / "archive.sqlite"
        started = time.perf_counter()
        held = build_database(database, size)
        imported = time.perf_counter() - started
        server = Server(db=database).start()
        try:
            client = Client(server.url)
            client.fetch_token()
            pid = server.process.pid  # type: ignore[union-attr]
            for path in ("/", "/players", "/players?sort=games"):
                timed_get(client, path)  # warm: templates compiled, connections opened
            home, home_cpu = on_server(
                pid, lambda: [timed_get(client, "/") for _ in range(requests)]
            )
            players, players_cpu = on_server(
                pid, lambda: [timed_get(client, "/players") for _ in range(requests)]
            )
            editor, game_id = editor_client(server.url, database)
            write, write_cpu = on_server(pid, lambda: long_game_writes(editor, game_id, writes))
        finally:
            server.stop()
    return {
        "import": imported,
        "longest_ms": max(held) * 1000,
        "home_ms": statistics.median(t for t, _ in home) * 1000,
        "home_kb": max(size for _, size in home) / 1000,
        "players_ms": statistics.median(t for t, _ in players) * 1000,
        "players_kb": max(size for _, size in players) / 1000,
        "write_p95_ms": percentile(write, 95) * 1000,
        "home_cpu_ms": home_cpu * 1000 / requests,
        "players_cpu_ms": players_cpu * 1000 / requests,
        "write_cpu_ms": write_cpu * 1000 / writes,
    }


def editor_client(base: str, database: Path) -> tuple[Any, str]:
    """Return a client that may change the long game (it follows its edit link), and its id."""
    from scorekeeper.storage import open_database

    db = open_database(database)
    try:
        game_id, edit_key = db.execute(
            "select games.id, games.edit_key from games join game_results"
            " on game_results.game_id = games.id where game_results.ruleset = ?",
            ["Pagat, ten rounds"],
        ).fetchone()
    finally:
        db.close()
    client = Client(base)
    client.fetch_token()
    # The edit link asks on opening; its button (a post) joins.
    status, _, _ = client.request("POST", f"/games/{game_id}/join/{edit_key}")
    if status != 200:
        raise RuntimeError(f"joining the long game answered {status}")
    return client, game_id


# The figures -------------------------------------------------------------------------------


def archive_figures(quick: bool = False) -> list[ArchiveFigure]:
    """Measure every archive size; return the figures, each with its budget."""
    figures = [
        ArchiveFigure("Home page `/`: weight", "KB", 40),
        ArchiveFigure("Home page `/`: time (median)", "ms", 50),
        ArchiveFigure("`/players`: weight", "KB", 40),
        ArchiveFigure("`/players`: time (median)", "ms", 100),
        ArchiveFigure("A deal written to a 250-deal game: p95", "ms", 60),
        ArchiveFigure("Home page `/`: server CPU per request", "ms"),
        ArchiveFigure("`/players`: server CPU per request", "ms"),
        ArchiveFigure("The 250th deal written and taken back: server CPU per pair", "ms"),
        ArchiveFigure("Importing the archive: its longest transaction", "ms", 250),
        ArchiveFigure("Importing the archive (`import_games`, without its pauses)", "s"),
    ]
    keys = ("home_kb", "home_ms", "players_kb", "players_ms", "write_p95_ms", "home_cpu_ms")
    keys += ("players_cpu_ms", "write_cpu_ms", "longest_ms", "import")
    for size in SIZES:
        print(f"bench: archive of {size:,} games …", file=sys.stderr, flush=True)
        measured = measure(size, requests=5 if quick else 20, writes=10 if quick else 40)
        for figure, key in zip(figures, keys, strict=True):
            figure.by_size[size] = measured[key]
    return figures


def format_value(value: float, unit: str) -> str:
    if unit == "KB":
        return f"{value:.1f} KB"
    if unit == "s":
        return f"{value:.1f} s"
    return f"{value:.1f} ms"


def format_archive(figures: list[ArchiveFigure]) -> str:
    """Return the figures as a Markdown table: one column per archive size, budget, verdict."""
    sizes = sorted({size for figure in figures for size in figure.by_size})
    head = " | ".join(f"{size:,} games" for size in sizes)
    lines = [
        f"| Archive figure | {head} | Budget (at {max(sizes):,}) | Verdict, growth |",
        "|---|" + "---:|" * len(sizes) + "---|---|",
    ]
    for figure in figures:
        values = " | ".join(
            format_value(figure.by_size[size], figure.unit) if size in figure.by_size else "–"
            for size in sizes
        )
        budget = "" if figure.budget is None else f"≤ {format_value(figure.budget, figure.unit)}"
        lines.append(f"| {figure.name} | {values} | {budget} | {figure.verdict} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer requests per figure")
    args = parser.parse_args(argv)
    print(format_archive(archive_figures(args.quick)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
