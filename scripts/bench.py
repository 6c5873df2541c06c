"""Measure Scorekeeper against its speed budgets (issue 7) and keep BENCHMARKS.md current.

Run it as `make bench` (or `.venv/bin/python scripts/bench.py`). It scores games
in-process, times the real `scorekeeper score` command against a bare Python,
drives a real `scorekeeper serve` process over loopback HTTP (one client, then
eight at once, each on its own game), weighs the live game page with everything
it loads, renders the PDF sheets, and reads the taps per deal printed by the
browser test. Every figure is a median with its spread over repeated runs,
checked against its budget. Nothing here asserts on time: a miss is reported,
not raised.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import urllib.response
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urljoin, urlsplit

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run as a script: make `tests.serving` importable

#: The shared folder sits beside the repository (as for the tests).
EXAMPLES = ROOT.parent / "shared" / "examples"
#: A complete game: 26 scored deals (and two thrown in) of pagat.com's Back Alley.
LONG_GAME = "back-alley-pagat"
BENCHMARKS = ROOT / "BENCHMARKS.md"
START, END = "<!-- bench:start -->", "<!-- bench:end -->"
PLAY_TEST = ROOT / "tests" / "browser" / "test_play.py"


# Pure helpers: statistics, the page's assets, the table ------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """Return the q-th percentile (0–100) of values, interpolating between neighbours."""
    if not values:
        raise ValueError("no values")
    if not 0 <= q <= 100:
        raise ValueError(f"percentile must be from 0 to 100, not {q}")
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    below = int(rank)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (rank - below)


@dataclass(frozen=True)
class Budget:
    """A speed budget: the limit, and whether a figure must stay at or under it, or reach it."""

    limit: float
    at_most: bool = True

    def met(self, value: float) -> bool:
        """Say whether a figure keeps the budget."""
        return value <= self.limit if self.at_most else value >= self.limit


@dataclass
class Figure:
    """One line of the table: a median over repeated runs, their spread, and the budget."""

    name: str
    unit: str
    runs: list[float] = field(default_factory=list)
    budget: Budget | None = None
    note: str = ""
    miss: bool = False  #: missed whatever the median (e.g. the page loads from elsewhere)

    @property
    def measured(self) -> bool:
        return bool(self.runs)

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    @property
    def verdict(self) -> str:
        if not self.measured:
            return "not measured"
        if self.miss:
            return "MISS"
        if self.budget is None:
            return ""
        return "PASS" if self.budget.met(self.median) else "MISS"


def format_value(value: float, unit: str) -> str:
    """Write a figure in its unit: "12.3 ms", "0.41 s", "5,210 /s", "28.1 KB", "7 taps"."""
    if unit == "ms":
        return f"{value:.1f} ms" if value < 100 else f"{value:,.0f} ms"
    if unit == "s":
        return f"{value:.3f} s" if value < 1 else f"{value:.2f} s"
    if unit == "/s":
        return f"{value:,.0f} /s"
    if unit == "KB":
        return f"{value:.1f} KB"
    if unit == "taps":
        return f"{value:g} taps"
    return f"{value:g} {unit}".strip()


def format_budget(budget: Budget | None, unit: str) -> str:
    """Write a budget: "≤ 30.0 ms", "≥ 5,000 /s"."""
    if budget is None:
        return ""
    return f"{'≤' if budget.at_most else '≥'} {format_value(budget.limit, unit)}"


def format_table(figures: Iterable[Figure]) -> str:
    """Return the figures as a Markdown table: median, spread (min–max), budget, verdict."""
    lines = [
        "| Figure | Median | Spread (min–max) | Runs | Budget | Verdict |",
        "|---|---:|---:|---:|---|---|",
    ]
    for figure in figures:
        if figure.measured:
            median = format_value(figure.median, figure.unit)
            low, high = min(figure.runs), max(figure.runs)
            spread = f"{format_value(low, figure.unit)} – {format_value(high, figure.unit)}"
            runs = str(len(figure.runs))
        else:
            median = spread = runs = "–"
        verdict = figure.verdict
        if figure.note and figure.measured:
            verdict = f"{verdict} ({figure.note})" if verdict else figure.note
        elif figure.note:
            verdict = (
                figure.note
                if figure.note.startswith("not measured")
                else f"not measured: {figure.note}"
            )
        budget = format_budget(figure.budget, figure.unit)
        lines.append(f"| {figure.name} | {median} | {spread} | {runs} | {budget} | {verdict} |")
    return "\n".join(lines)


class AssetParser(HTMLParser):
    """Collect what a page makes the browser load: stylesheets, icons, scripts, images."""

    LOADED_RELS = frozenset(
        {"stylesheet", "icon", "shortcut", "apple-touch-icon", "manifest", "preload",
         "modulepreload", "prefetch"}
    )  # fmt: skip
    SOURCED = frozenset({"script", "img", "iframe", "audio", "video", "source", "embed", "input"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []
        self.workers: list[str] = []  #: service workers the page's scripts register

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        loads_source = tag != "input" or found.get("type") == "image"  # an image button loads
        if tag == "script" and found.get("data-sw"):
            self.workers.append(found["data-sw"])
        if tag == "link":
            rels = set(found.get("rel", "").lower().split())
            if rels & self.LOADED_RELS and found.get("href"):
                self.urls.append(found["href"])
        elif tag in self.SOURCED and found.get("src") and loads_source:
            self.urls.append(found["src"])
        if found.get("srcset"):
            self.urls.extend(part.split()[0] for part in found["srcset"].split(",") if part.strip())
        if tag == "object" and found.get("data"):
            self.urls.append(found["data"])


CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3""")


def css_urls(css: str) -> list[str]:
    """Return what a stylesheet loads: its url(…) and @import targets (data: URLs left out)."""
    found = [match.group(2) or match.group(4) for match in CSS_URL.finditer(css)]
    return [url.strip() for url in found if not url.strip().startswith("data:")]


QUOTED_PATHS = re.compile(r"""\[\s*((?:(['"])/[^'"]*\2\s*,?\s*)+)\]""")


def precached(script: str) -> list[str]:
    """Return the paths a service worker lists to keep ("/static/app.css", …), in order."""
    found: list[str] = []
    for array in QUOTED_PATHS.finditer(script):
        found += [path for _, path in re.findall(r"""(['"])(/[^'"]*)\1""", array.group(1))]
    return found


def manifest_icons(manifest: str) -> list[str]:
    """Return the icons a web app manifest names (the browser fetches them to install the app)."""
    try:
        icons = json.loads(manifest).get("icons", [])
    except (ValueError, AttributeError):
        return []
    return [icon["src"] for icon in icons if isinstance(icon, dict) and icon.get("src")]


def page_assets(html: str, page_url: str) -> tuple[list[str], list[str]]:
    """Return the page's loaded assets as absolute URLs: (same origin, elsewhere)."""
    parser = AssetParser()
    parser.feed(html)
    parser.close()
    return split_by_origin(parser.urls, page_url)


def split_by_origin(urls: Iterable[str], base_url: str) -> tuple[list[str], list[str]]:
    """Resolve URLs against base_url and split them into same-origin and off-origin ones."""
    base = urlsplit(base_url)
    same: list[str] = []
    elsewhere: list[str] = []
    for url in urls:
        if url.startswith("data:"):
            continue
        absolute = urljoin(base_url, url)
        parts = urlsplit(absolute)
        target = same if (parts.scheme, parts.netloc) == (base.scheme, base.netloc) else elsewhere
        if absolute not in target:
            target.append(absolute)
    return same, elsewhere


TAPS_LINE = re.compile(r"taps\b.*?\b(partnership|individual)\b\D*?(\d+)", re.IGNORECASE)
TAPS_LINE_REVERSED = re.compile(r"\b(partnership|individual)\b.*?\btaps\b\D*?(\d+)", re.I)


def parse_taps(output: str) -> dict[str, list[int]]:
    """Read the taps per deal the browser test prints ("taps per deal, partnership: 7")."""
    found: dict[str, list[int]] = {}
    for line in output.splitlines():
        match = TAPS_LINE.search(line) or TAPS_LINE_REVERSED.search(line)
        if match:
            found.setdefault(match.group(1).lower(), []).append(int(match.group(2)))
    return found


def replace_section(document: str, section: str) -> str:
    """Put section between the bench markers of document (adding the markers if missing)."""
    block = f"{START}\n{section.strip()}\n{END}"
    if START in document and END in document:
        before, rest = document.split(START, 1)
        _, after = rest.split(END, 1)
        return before + block + after
    return document.rstrip() + "\n\n" + block + "\n"


# The machine ------------------------------------------------------------------------------


def machine() -> dict[str, str]:
    """Describe the machine: CPU model, cores, memory, Python, the load, the date."""
    cpu = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith(("model name", "hardware")):
                cpu = line.split(":", 1)[1].strip()
                break
    memory = "unknown"
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    return {
        "CPU": cpu,
        "Cores": str(os.cpu_count()),
        "RAM": memory,
        "Python": f"{platform.python_implementation()} {platform.python_version()}",
        "OS": platform.platform(terse=True),
        "Date": datetime.datetime.now().astimezone().isoformat(timespec="minutes"),
    }


def load_average() -> str:
    """Return the 1, 5 and 15 minute load averages."""
    try:
        return ", ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


# Scoring and the command ------------------------------------------------------------------


def example(name: str) -> dict[str, Any]:
    """Return a shared example game file."""
    return json.loads((EXAMPLES / f"{name}.game.json").read_text(encoding="utf-8"))


def scoring_throughput(rounds: int, seconds: float) -> Figure:
    """Read and score the complete pagat game over and over: games per second, per round."""
    from scorekeeper.rules import read_game, score_game

    document = example(LONG_GAME)
    result = score_game(read_game(document))
    assert result.complete, "the benchmark game must be complete"
    scored = sum(1 for deal in result.deals if not deal.thrown_in)
    figure = Figure(
        f"Scoring: complete {scored}-deal games per second (read_game + score_game)",
        "/s",
        budget=Budget(5000, at_most=False),
    )
    for _ in range(rounds):
        games = 0
        started = time.perf_counter()
        while (elapsed := time.perf_counter() - started) < seconds:
            for _ in range(20):
                score_game(read_game(document))
            games += 20
        figure.runs.append(games / elapsed)
    return figure


def timed_run(command: Sequence[str]) -> float:
    """Run a command to its end, output discarded; return its wall time in seconds."""
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def cold_start(runs: int) -> list[Figure]:
    """Time `scorekeeper score` against `python -c pass` of the same venv, interleaved."""
    python = sys.executable
    command = Path(python).with_name("scorekeeper")
    game = EXAMPLES / f"{LONG_GAME}.game.json"
    score = [str(command), "score", str(game)] if command.exists() else None
    score = score or [python, "-m", "scorekeeper.cli", "score", str(game)]
    bare_runs: list[float] = []
    score_runs: list[float] = []
    timed_run([python, "-c", "pass"])  # warm the file cache before timing
    timed_run(score)
    for _ in range(runs):
        bare_runs.append(timed_run([python, "-c", "pass"]))
        score_runs.append(timed_run(score))
    over = [after - before for before, after in zip(bare_runs, score_runs, strict=True)]
    unwanted = heavy_imports(game)
    return [
        Figure("Bare `python -c pass` (same venv)", "s", bare_runs),
        Figure(f"`scorekeeper score {LONG_GAME}.game.json`", "s", score_runs),
        Figure(
            "`scorekeeper score` cold start over bare Python",
            "s",
            over,
            Budget(0.2),
            note=("imports " + ", ".join(unwanted)) if unwanted else "no Flask, no WeasyPrint",
        ),
    ]


def heavy_imports(game: Path) -> list[str]:
    """Return which heavy packages `scorekeeper score` imports (it must import none)."""
    probe = (
        "import contextlib, io, sys\n"
        "from scorekeeper.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['score', {str(game)!r}])\n"
        "print(' '.join(m for m in ('flask', 'weasyprint', 'sqlite_utils', 'waitress')"
        " if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return done.stdout.split()


# The server -------------------------------------------------------------------------------


@dataclass
class Table:
    """One client ("phone") at its own game: its HTTP client, the game, the deals to record."""

    client: Any
    game_id: str = ""
    recorded: int = 0


def new_table(base: str, document: dict[str, Any]) -> Table:
    """Make a client with its own cookies and token, and have it create an empty game."""
    from tests.serving import Client

    client = Client(base)
    client.fetch_token()
    empty = {**document, "deals": []}
    status, _, body = client.request("POST", "/api/games", json_body=empty)
    if status != 201:
        raise RuntimeError(f"creating a game answered {status}: {body[:200]!r}")
    return Table(client, json.loads(body)["id"])


def record_via_api(table: Table, deal: dict[str, Any]) -> float:
    """Record the table's next deal through the JSON API; return the seconds it took."""
    table.recorded += 1
    started = time.perf_counter()
    status, _, body = table.client.request(
        "POST", f"/api/games/{table.game_id}/deals", json_body={"deal": table.recorded, **deal}
    )
    elapsed = time.perf_counter() - started
    if status != 201:
        raise RuntimeError(f"recording deal {table.recorded} answered {status}: {body[:200]!r}")
    return elapsed


def fetch_page(table: Table) -> float:
    """GET the table's live game page; return the seconds it took."""
    started = time.perf_counter()
    status, _, _ = table.client.request("GET", f"/games/{table.game_id}")
    elapsed = time.perf_counter() - started
    if status != 200:
        raise RuntimeError(f"the live game page answered {status}")
    return elapsed


def at_once(clients: int, work: Callable[[int], list[float]]) -> list[float]:
    """Run work(i) on `clients` threads released together; return every latency measured."""
    gate = threading.Barrier(clients)
    results: list[list[float]] = [[] for _ in range(clients)]
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            gate.wait()
            results[index] = work(index)
        except BaseException as error:  # reported after the threads are joined
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return [latency for latencies in results for latency in latencies]


def process_cpu_seconds(pid: int) -> float | None:
    """Return the CPU time (user + system) a process has used so far, where Linux says it."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Latency:
    """p50 and p95 of one scenario, and the server's CPU time per request: one value per round."""

    p50: list[float] = field(default_factory=list)
    p95: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    samples: int = 0

    def measure(self, server_pid: int, clients: int, work: Callable[[int], list[float]]) -> None:
        """Run one round on `clients` threads; keep its percentiles (ms) and server CPU (ms)."""
        cpu_before = process_cpu_seconds(server_pid)
        latencies = at_once(clients, work)
        cpu_after = process_cpu_seconds(server_pid)
        self.add(latencies)
        if cpu_before is not None and cpu_after is not None:
            self.cpu.append((cpu_after - cpu_before) * 1000 / len(latencies))

    def add(self, latencies: Sequence[float]) -> None:
        """Keep one round's p50 and p95 (latencies in seconds, kept in milliseconds)."""
        self.p50.append(percentile(latencies, 50) * 1000)
        self.p95.append(percentile(latencies, 95) * 1000)
        self.samples += len(latencies)


def api_recording(base: str, pid: int, clients: int, rounds: int, games: int) -> Latency:
    """Record whole games deal by deal through the API, every client on its own games."""
    document = example(LONG_GAME)
    latency = Latency()
    for _ in range(rounds):
        tables = [[new_table(base, document) for _ in range(games)] for _ in range(clients)]

        def play(index: int, tables: list[list[Table]] = tables) -> list[float]:
            return [
                record_via_api(table, deal) for table in tables[index] for deal in document["deals"]
            ]

        latency.measure(pid, clients, play)
    return latency


def live_page(base: str, pid: int, clients: int, rounds: int, gets: int) -> Latency:
    """GET the live page of a half-played game, every client on its own game."""
    document = example(LONG_GAME)
    tables = []
    for _ in range(clients):
        table = new_table(base, document)
        for deal in document["deals"][: len(document["deals"]) // 2]:
            record_via_api(table, deal)
        fetch_page(table)  # warm: the template is compiled on the first request
        tables.append(table)
    latency = Latency()
    for _ in range(rounds):
        latency.measure(pid, clients, lambda i: [fetch_page(tables[i]) for _ in range(gets)])
    return latency


def latency_figures(
    what: str,
    by_clients: dict[int, Latency],
    budgets: dict[tuple[int, str], float],
    counted: str = "requests",
) -> list[Figure]:
    """Turn latencies by number of clients into p50 and p95 lines, budgets by (clients, p)."""
    figures = []
    for clients, latency in by_clients.items():
        who = "1 client" if clients == 1 else f"{clients} concurrent clients"
        for label, runs in (("p50", latency.p50), ("p95", latency.p95)):
            limit = budgets.get((clients, label))
            figures.append(
                Figure(
                    f"{what}, {who}: {label} ({latency.samples} {counted})",
                    "ms",
                    runs,
                    None if limit is None else Budget(limit),
                )
            )
        if latency.cpu:
            cpu = f"{what}, {who}: server CPU per {counted[:-1]}"
            figures.append(Figure(cpu, "ms", latency.cpu))
    return figures


def get(url: str, opener: Any) -> bytes:
    """Fetch a URL with a client's cookies; refuse anything but 200."""
    with opener.open(url, timeout=15) as response:
        if response.status != 200:
            raise RuntimeError(f"{url} answered {response.status}")
        return response.read()


def page_weight(base: str) -> list[Figure]:
    """Weigh the live game page with everything it loads, then what its service worker adds."""
    document = example(LONG_GAME)
    table = new_table(base, document)
    for deal in document["deals"][:13]:
        record_via_api(table, deal)
    page_url = f"{base}/games/{table.game_id}"
    opener = table.client.opener
    html = get(page_url, opener)
    parser = AssetParser()
    parser.feed(html.decode("utf-8", "replace"))
    same, elsewhere = split_by_origin(parser.urls, page_url)
    fetched: dict[str, int] = {page_url: len(html)}
    elsewhere += fetch_all(same, opener, fetched)
    page_total = sum(fetched.values())
    page_parts = [
        f"{urlsplit(url).path.replace(table.game_id, '<id>')} {size:,} B"
        for url, size in fetched.items()
    ]
    # Beyond the page: what installing the app and its service worker fetch once.
    before = set(fetched)
    for url in [url for url in before if urlsplit(url).path.endswith(".webmanifest")]:
        icons, icons_elsewhere = split_by_origin(manifest_icons(get(url, opener).decode()), url)
        elsewhere += icons_elsewhere + fetch_all(icons, opener, fetched)
    workers, _ = split_by_origin(parser.workers, page_url)
    for worker in workers:
        script = get(worker, opener)
        fetched[worker] = len(script)
        kept, kept_elsewhere = split_by_origin(precached(script.decode("utf-8", "replace")), worker)
        elsewhere += kept_elsewhere + fetch_all(kept, opener, fetched)
    added = [f"{urlsplit(url).path} {fetched[url]:,} B" for url in fetched if url not in before]
    page = Figure(
        "Live game page with everything it loads (editor's view, deal 14)",
        "KB",
        [page_total / 1024],
        Budget(30),
        note="; ".join(page_parts),
    )
    first_visit = Figure(
        "… once, to install: the manifest's icons, the service worker and what it keeps",
        "KB",
        [sum(fetched.values()) / 1024],
        note=("adds " + "; ".join(added)) if added else "no service worker",
    )
    if elsewhere:
        page.miss = True  # anything loaded from elsewhere misses, whatever the weight
        page.note = "loads from elsewhere: " + ", ".join(sorted(set(elsewhere)))
    return [page, first_visit]


def fetch_all(urls: Iterable[str], opener: Any, fetched: dict[str, int]) -> list[str]:
    """Fetch same-origin URLs and what stylesheets load in turn (url(…), @import).

    Sizes go into `fetched`; returns the off-origin URLs met on the way.
    """
    elsewhere: list[str] = []
    queue = list(urls)
    while queue:
        url = queue.pop(0)
        if url in fetched:
            continue
        body = get(url, opener)
        fetched[url] = len(body)
        text = body.decode("utf-8", "replace")
        path = urlsplit(url).path
        nested = css_urls(text) if path.endswith(".css") else []
        more_same, more_elsewhere = split_by_origin(nested, url)
        queue.extend(more_same)
        elsewhere.extend(more_elsewhere)
    return elsewhere


# The sheets -------------------------------------------------------------------------------


def sheet_figures(runs: int) -> list[Figure]:
    """Time the PDF of the complete pagat game and of a blank pagat sheet, in-process."""
    game_figure = Figure("PDF sheet of a complete 26-deal game", "s", budget=Budget(1.0))
    blank_figure = Figure("PDF blank sheet (4 players)", "s", budget=Budget(0.5))
    first = Figure("First sheet in a fresh process (imports WeasyPrint, loads fonts)", "s")
    try:
        from scorekeeper import sheets
    except ImportError:
        for figure in (game_figure, blank_figure):
            figure.note = "not measured: scorekeeper.sheets is not there yet"
        return [game_figure, blank_figure]
    from scorekeeper.rules import find_ruleset, read_game, score_game

    document = example(LONG_GAME)
    result = score_game(read_game(document))
    ruleset = find_ruleset(LONG_GAME)
    started = time.perf_counter()
    sheets.render_game_sheet(result, paper="letter")
    first.runs.append(time.perf_counter() - started)
    for _ in range(runs):
        started = time.perf_counter()
        pdf = sheets.render_game_sheet(result, paper="letter")
        game_figure.runs.append(time.perf_counter() - started)
        started = time.perf_counter()
        blank = sheets.render_blank_sheet(ruleset, players=document["players"])
        blank_figure.runs.append(time.perf_counter() - started)
    game_figure.note = f"{len(pdf) // 1024} KB PDF"
    blank_figure.note = f"{len(blank) // 1024} KB PDF"
    return [game_figure, blank_figure, first]


# Taps -------------------------------------------------------------------------------------


def taps_figures() -> list[Figure]:
    """Run the browser test that plays deals tap by tap and read the taps it prints."""
    partnership = Figure("Taps per deal: 4-player partnership deal, with trump", "taps")
    individual = Figure("Taps per deal: 4-player individual deal, with trump", "taps")
    partnership.budget, individual.budget = Budget(7), Budget(9)
    if not PLAY_TEST.exists():
        for figure in (partnership, individual):
            figure.note = "not measured: tests/browser/test_play.py is not there yet"
        return [partnership, individual]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", str(PLAY_TEST.relative_to(ROOT)), "-q", "-s",
         "-p", "no:randomly", "-p", "no:xdist"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip
    taps = parse_taps(done.stdout + done.stderr)
    for kind, figure in (("partnership", partnership), ("individual", individual)):
        figure.runs = [float(count) for count in taps.get(kind, [])]
        if not figure.runs:
            figure.note = f"the browser test printed no {kind} tap count (exit {done.returncode})"
        elif done.returncode != 0:
            figure.note = f"the browser test failed (exit {done.returncode})"
    return [partnership, individual]


# The report -------------------------------------------------------------------------------


def report(facts: dict[str, str], figures: Sequence[Figure], notes: Sequence[str]) -> str:
    """Return the results section: the machine, the table, and what to know when reading it."""
    lines = [f"- **{name}**: {value}" for name, value in facts.items()]
    lines += ["", format_table(figures), ""]
    lines += [f"- {note}" for note in notes]
    return "\n".join(lines)


SKELETON = """# Benchmarks

Scorekeeper's speed budgets (issue 7) and the latest figures measured against them.
The section between the markers is rewritten by `make bench`; the rest is written by hand.

## Latest results

{START}
{END}

## How to reproduce

```
make bench
```

(or `.venv/bin/python scripts/bench.py`; `--quick` for a short smoke run that leaves
this file alone, `--no-write` to print without writing.)
"""


def write_benchmarks(section: str) -> None:
    """Rewrite the results section of BENCHMARKS.md, creating the file if needed."""
    if BENCHMARKS.exists():
        document = BENCHMARKS.read_text(encoding="utf-8")
    else:
        document = SKELETON.replace("{START}", START).replace("{END}", END)
    BENCHMARKS.write_text(replace_section(document, section), encoding="utf-8")


def server_figures(args: argparse.Namespace) -> list[Figure]:
    """Start a real `scorekeeper serve` on a scratch database and measure it over HTTP."""
    from tests.serving import Server

    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as scratch:
        server = Server(db=Path(scratch) / "bench.sqlite").start()
        assert server.process is not None
        pid = server.process.pid
        try:
            warm = new_table(server.url, example(LONG_GAME))
            for deal in example(LONG_GAME)["deals"][:3]:
                record_via_api(warm, deal)
            recording = {
                clients: api_recording(server.url, pid, clients, args.rounds, games)
                for clients, games in ((1, args.games), (8, 1))
            }
            figures += latency_figures("Recording a deal via the API", recording, {(8, "p95"): 30})
            figures += form_figures(server.url, pid, args)
            figures += page_figures(server.url, pid, args)
        finally:
            server.stop()
    return figures


def page_figures(base: str, pid: int, args: argparse.Namespace) -> list[Figure]:
    """Measure the live game page: its latency, and its weight with everything it loads."""
    try:
        pages = {
            clients: live_page(base, pid, clients, args.rounds, args.gets) for clients in (1, 8)
        }
    except RuntimeError as error:
        figures = [Figure("Live game page GET", "ms", note=f"not measured: {error}")]
    else:
        figures = latency_figures("Live game page GET", pages, {(1, "p50"): 15, (8, "p50"): 15})
    try:
        weights = page_weight(base)
    except (RuntimeError, OSError) as error:
        weights = [Figure("Live game page with what it loads", "KB", note=f"not measured: {error}")]
    return [*figures, *weights]


def form_figures(base: str, pid: int, args: argparse.Namespace) -> list[Figure]:
    """Record deals tap by tap through the table page's forms, found on the page itself."""
    what = "Recording via the table page's forms, one tap (POST, 303, the page again)"
    try:
        from scorekeeper.table_state import taps_of
    except ImportError:
        return [Figure(what, "ms", note="not measured: the table page has no deal forms yet")]
    document = example(LONG_GAME)
    deals = document["deals"][: args.form_deals]
    steps = form_steps(document, taps_of)[: len(deals)]
    try:
        by_clients: dict[int, Latency] = {}
        posts: dict[int, Latency] = {}
        for clients in (1, 8):
            latency = by_clients[clients] = Latency()
            posts[clients] = Latency()
            for _ in range(args.rounds):
                tables = [new_table(base, document) for _ in range(clients)]
                forms = [TapPage.load(table) for table in tables]

                def play(index: int, forms: list[TapPage] = forms) -> list[float]:
                    return [forms[index].tap(step) for deal in steps for step in deal]

                latency.measure(pid, clients, play)
                posts[clients].add([post for form in forms for post in form.posts])
    except RuntimeError as error:
        return [Figure(what, "ms", note=f"not measured: {error}")]
    taps = sum(len(deal) for deal in steps)
    figures = latency_figures(what, by_clients, {(8, "p95"): 30}, counted="taps")
    figures[0].note = f"{taps} taps enter {len(steps)} deals"
    alone = "… of which the POST alone (it saves the tap, records the deal on its last)"
    return figures + latency_figures(alone, posts, {}, counted="taps")


def form_steps(document: dict[str, Any], taps_of: Callable[..., Any]) -> list[list[str]]:
    """Return, deal by deal, the values of the buttons a scorer taps (as the browser test does)."""
    from scorekeeper.rules import read_game, score_game

    result = score_game(read_game(document))
    return [
        [
            f"{kind}:{'pass' if kind == 'bid' and value == '0' else value}"
            for kind, value in taps_of(result.game, deal.setup, deal.record)
        ]
        for deal in result.deals
    ]


FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S | re.I)
TAG = re.compile(r"<(input|button)\b([^>]*)>", re.I)
ATTRIBUTE = re.compile(r"""([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def attributes(text: str) -> dict[str, str]:
    """Return a tag's quoted attributes (entities decoded)."""
    return {
        name.lower(): unescape(double or single) for name, double, single in ATTRIBUTE.findall(text)
    }


def tap_form(page: str) -> tuple[str, dict[str, str], set[str]]:
    """Return the tap form of a table page: its action, hidden fields, and the taps offered.

    Regular expressions rather than HTMLParser: the 8 client threads parse every page
    they are sent, and the parser's own time would be counted in the server's latency.
    """
    for form in FORM.finditer(page):
        opening = attributes(form.group(1))
        if opening.get("method", "get").lower() != "post":
            continue
        hidden: dict[str, str] = {}
        steps: set[str] = set()
        for tag, text in TAG.findall(form.group(2)):
            found = attributes(text)
            if tag.lower() == "input" and found.get("type") == "hidden":
                hidden[found.get("name", "")] = found.get("value", "")
            elif tag.lower() == "button" and found.get("name") == "step":
                steps.add(found.get("value", ""))
        if steps:
            return opening.get("action", ""), hidden, steps
    raise RuntimeError("the table page has no form of taps (buttons named step)")


@dataclass
class TapPage:
    """The table page as a phone holds it: the form to post the next tap with."""

    table: Table
    url: str
    action: str = ""
    hidden: dict[str, str] = field(default_factory=dict)
    steps: set[str] = field(default_factory=set)
    posts: list[float] = field(default_factory=list)  #: seconds to each POST's 303
    poster: Any = None  #: the phone's cookies, without following redirects

    @classmethod
    def load(cls, table: Table) -> TapPage:
        """GET the game's page and read its form."""
        url = f"{table.client.base}/games/{table.game_id}"
        page = cls(table, url)
        page.poster = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(table.client.jar), KeepRedirects
        )
        page.read(get(url, table.client.opener))
        return page

    def read(self, body: bytes) -> None:
        """Take the form from a page just received."""
        self.action, self.hidden, self.steps = tap_form(body.decode("utf-8", "replace"))

    def tap(self, step: str) -> float:
        """Tap one button: POST the form, follow the 303 to the page; return the seconds."""
        if step not in self.steps:
            raise RuntimeError(f"the table page offers no {step!r} button")
        body = urlencode({**self.hidden, "step": step}).encode()
        request = urllib.request.Request(urljoin(self.url, self.action), data=body, method="POST")
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
        started = time.perf_counter()
        with self.poster.open(request, timeout=15) as answer:
            answer.read()
            status, location = answer.status, answer.headers.get("Location", "")
        posted = time.perf_counter()
        if status != 303 or not location:
            raise RuntimeError(f"the tap {step!r} answered {status}, not 303 to the page")
        page = get(urljoin(self.url, location), self.table.client.opener)
        elapsed = time.perf_counter() - started
        self.posts.append(posted - started)
        self.read(page)
        return elapsed


class KeepRedirects(urllib.request.HTTPRedirectHandler):
    """Hand a redirect back as the answer, so the POST and the GET after it are timed apart."""

    def http_error_303(self, req: Any, fp: Any, code: int, msg: str, headers: Any) -> Any:
        return urllib.response.addinfourl(fp, headers, req.full_url, code)

    http_error_301 = http_error_302 = http_error_307 = http_error_308 = http_error_303


# Profiles ---------------------------------------------------------------------------------

PROFILES = ("scoring", "record", "page", "tap", "sheet")


def profile(what: str) -> str:
    """Run one figure's work in-process under pyinstrument; return its call tree as text.

    The web figures go through Flask's test client (everything but waitress and the
    socket), on a scratch database, with the same game as the benchmark.
    """
    from pyinstrument import Profiler

    document = example(LONG_GAME)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-profile-") as scratch:
        work = profiled_work(what, document, Path(scratch) / "profile.sqlite")
        profiler = Profiler(interval=0.0002)
        profiler.start()
        work()
        profiler.stop()
    return profiler.output_text(color=False, unicode=True)


def profiled_work(what: str, document: dict[str, Any], database: Path) -> Callable[[], None]:
    """Return the work a profile times, set up (a game half played where it needs one)."""
    from scorekeeper.rules import read_game, score_game

    if what == "scoring":
        return lambda: [score_game(read_game(document)) for _ in range(1000)] and None
    if what == "sheet":
        from scorekeeper.sheets import render_game_sheet

        result = score_game(read_game(document))
        render_game_sheet(result)  # WeasyPrint's import and fonts are not what is profiled
        return lambda: [render_game_sheet(result) for _ in range(3)] and None
    from scorekeeper.web import create_app

    client = create_app({"DATABASE": str(database), "SECRET_KEY": "bench"}).test_client()
    page = client.get("/").get_data(as_text=True)
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', page)
    headers = {"X-CSRFToken": token.group(1) if token else ""}

    def new_game(deals: Sequence[dict[str, Any]]) -> str:
        created = client.post(
            "/api/games", json={**document, "deals": list(deals)}, headers=headers
        )
        return str(created.get_json()["url"])

    half = document["deals"][: len(document["deals"]) // 2]
    if what == "page":
        url = new_game(half)
        return lambda: [client.get(url) for _ in range(300)] and None
    if what == "record":

        def record() -> None:
            for _ in range(10):
                game_id = new_game([]).rsplit("/", 1)[-1]
                for number, deal in enumerate(document["deals"], 1):
                    client.post(
                        f"/api/games/{game_id}/deals",
                        json={"deal": number, **deal},
                        headers=headers,
                    )

        return record
    if what == "tap":
        from scorekeeper.table_state import taps_of

        url = new_game([])
        steps = [step for deal in form_steps(document, taps_of)[:14] for step in deal]

        def tap() -> None:
            html = client.get(url).get_data(as_text=True)
            for step in steps:
                action, hidden, _ = tap_form(html)
                answer = client.post(action, data={**hidden, "step": step}, follow_redirects=True)
                html = answer.get_data(as_text=True)

        return tap
    raise ValueError(f"nothing to profile called {what!r}; choose one of {', '.join(PROFILES)}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run every benchmark, print the table, and rewrite BENCHMARKS.md's results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few runs; leaves BENCHMARKS.md")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--no-browser", action="store_true", help="skip the taps (Chromium)")
    parser.add_argument("--no-archive", action="store_true", help="skip the archive sizes")
    parser.add_argument(
        "--profile", choices=PROFILES, help="profile one figure's work with pyinstrument instead"
    )
    args = parser.parse_args(argv)
    if args.profile:
        print(profile(args.profile))
        return 0
    args.rounds = 2 if args.quick else 5
    args.games = 1 if args.quick else 2
    args.gets = 10 if args.quick else 40
    args.form_deals = 4 if args.quick else 14
    if not EXAMPLES.exists():
        print(f"bench: the example games are missing ({EXAMPLES})", file=sys.stderr)
        return 2
    facts = machine()
    load_before = load_average()
    started = time.monotonic()
    figures: list[Figure] = []
    steps: list[tuple[str, Callable[[], list[Figure]]]] = [
        ("scoring", lambda: [scoring_throughput(args.rounds, 0.3 if args.quick else 1.0)]),
        ("cold start", lambda: cold_start(5 if args.quick else 25)),
        ("server", lambda: server_figures(args)),
        ("sheets", lambda: sheet_figures(2 if args.quick else 5)),
    ]
    if not args.no_browser:
        steps.append(("taps", taps_figures))
    for name, step in steps:
        print(f"bench: {name} …", file=sys.stderr, flush=True)
        figures += step()
    facts["Load average (1, 5, 15 min)"] = f"{load_before} before; {load_average()} after"
    facts["Took"] = f"{time.monotonic() - started:.0f} s"
    notes = [
        "Medians are over the runs counted in *Runs*; latency lines give, per run, the p50 or "
        "p95 of every request of that run, and their median and spread over the runs.",
        "Latencies are measured by the client over loopback: urllib, one connection per request, "
        "the server being `scorekeeper serve` (waitress, 8 threads) on a scratch database.",
        "The machine is shared: a load average above the core count means other work ran "
        "during the benchmark, and the figures are pessimistic.",
    ]
    section = report(facts, figures, notes)
    if not args.no_archive:  # the archive's sizes (issue 16): scripts/bench_archive.py
        from bench_archive import archive_figures, format_archive

        section += "\n\n" + format_archive(archive_figures(args.quick))
    print(section)
    if shutil.which("git"):
        with contextlib.suppress(subprocess.CalledProcessError, OSError):
            head = subprocess.run(
                ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                text=True, check=True,
            ).stdout.strip()  # fmt: skip
            section = section.replace("- **Date**", f"- **Commit**: {head}\n- **Date**", 1)
    if not (args.quick or args.no_write):
        write_benchmarks(section)
        print(f"bench: wrote {BENCHMARKS.relative_to(ROOT)}", file=sys.stderr)
    misses = [figure.name for figure in figures if figure.verdict == "MISS"]
    if misses:
        print(f"bench: {len(misses)} budget(s) missed", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
