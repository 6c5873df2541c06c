"""Measure Scorekeeper against its speed budgets (issue 7) and keep BENCHMARKS.md current.

Run it as `make bench` (or `.venv/bin/python scripts/bench.py`). It scores games
in-process, times a bidding page's bid worths, times the real `scorekeeper score`
command against a bare Python, drives a real `scorekeeper serve` process over loopback
HTTP (one client, then eight at once, each on its own game; then a club night's tables
and watchers), with the server's CPU for each kind of request beside its 2 ms budget,
weighs the live game page with everything it loads, renders the PDF sheets, and counts
the taps per deal in a real Chromium. Every figure is a median with its spread over
repeated runs, checked against its budget. Nothing here asserts on time: a miss is
reported, not raised. The benchmarks themselves are in scripts/benchmarks/, one module
per kind.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

from benchmarks import EXAMPLES, LONG_GAME, ROOT, example
from benchmarks.archive import archive_figures, format_archive
from benchmarks.engine import cold_start, scoring_throughput
from benchmarks.figures import (
    BENCHMARKS,
    Figure,
    load_average,
    machine,
    report,
    write_benchmarks,
)
from benchmarks.forms import form_figures
from benchmarks.limits import attack_figures, largest_figures, stall_figures
from benchmarks.nights import night_figures
from benchmarks.pages import page_figures
from benchmarks.pdf import sheet_figures
from benchmarks.phone import phone_figures
from benchmarks.profiles import PROFILES, profile
from benchmarks.reading import reading_figures
from benchmarks.server import (
    CPU_BUDGET,
    api_recording,
    latency_figures,
    new_table,
    record_via_api,
    running_server,
)
from benchmarks.taps import taps_figures
from benchmarks.worths import worth_figures

#: The parts of the benchmark, in the order they run.
STEPS = (
    "scoring", "worths", "command", "server", "nights", "largest", "stall", "attacks", "sheets",
    "taps", "phone", "archive", "reading",
)  # fmt: skip
NOTES = (
    "Medians are over the runs counted in *Runs*; latency lines give, per run, the p50 or "
    "p95 of every request of that run, and their median and spread over the runs.",
    "Latencies are measured by the client over loopback: urllib, one connection per request, "
    "the server being `scorekeeper serve` (Hypercorn: one thread for quick requests, 2 for "
    "slow ones) on a scratch database.",
    "The machine is shared: a load average above the core count means other work ran "
    "during the benchmark, and the figures are pessimistic.",
)


def server_figures(args: argparse.Namespace) -> list[Figure]:
    """Start a real `scorekeeper serve` on a scratch database and measure it over HTTP."""
    figures: list[Figure] = []
    with running_server() as server:
        assert server.process is not None
        pid = server.process.pid
        warm = new_table(server.url, example(LONG_GAME))
        for deal in example(LONG_GAME)["deals"][:3]:
            record_via_api(warm, deal)
        recording = {
            clients: api_recording(server.url, pid, clients, args.rounds, games)
            for clients, games in ((1, args.games), (8, 1))
        }
        budgets = {(8, "p95"): 30, (1, "cpu"): CPU_BUDGET}
        figures += latency_figures("Recording a deal via the API", recording, budgets)
        figures += form_figures(server.url, pid, args)
        figures += page_figures(server.url, pid, args)
    return figures


def commit() -> str:
    """Return the short hash of the commit measured, or "" outside git."""
    if not shutil.which("git"):
        return ""
    with contextlib.suppress(subprocess.CalledProcessError, OSError):
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
            check=True,
        ).stdout.strip()  # fmt: skip
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    """Run every benchmark, print the table, and rewrite BENCHMARKS.md's results."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few runs; leaves BENCHMARKS.md")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--no-browser", action="store_true", help="skip the taps (Chromium)")
    parser.add_argument("--no-archive", action="store_true", help="skip the archive sizes")
    parser.add_argument(
        "--only", action="append", choices=STEPS, help="run only this part (may be repeated)"
    )
    parser.add_argument(
        "--profile", choices=PROFILES, help="profile one figure's work with pyinstrument instead"
    )
    args = parser.parse_args(argv)
    if args.profile:
        print(profile(args.profile))
        return 0
    args.rounds = 1 if args.quick else 5
    args.games = 1 if args.quick else 2
    args.gets = 5 if args.quick else 40
    args.form_deals = 2 if args.quick else 14
    if not EXAMPLES.exists():
        print(f"bench: the example games are missing ({EXAMPLES})", file=sys.stderr)
        return 2
    facts = machine()
    load_before = load_average()
    started = time.monotonic()
    figures: list[Figure] = []
    steps: list[tuple[str, Callable[[], list[Figure]]]] = [
        ("scoring", lambda: [scoring_throughput(args.rounds, 0.2 if args.quick else 1.0)]),
        ("worths", lambda: worth_figures(args.rounds)),
        ("command", lambda: cold_start(3 if args.quick else 25)),
        ("server", lambda: server_figures(args)),
        # A club night beside the table's own requests: each request's CPU against 2 ms.
        ("nights", lambda: night_figures(1 if args.quick else 5, 2 if args.quick else 4)),
        ("largest", lambda: largest_figures(1 if args.quick else 3)),
        ("stall", lambda: stall_figures(5.0 if args.quick else 10.0)),
        ("attacks", lambda: attack_figures(4.0 if args.quick else 6.0)),
        ("sheets", lambda: sheet_figures(1 if args.quick else 5)),
        ("reading", lambda: reading_figures(1 if args.quick else 3)),
    ]
    if not args.no_browser:
        steps.append(("taps", lambda: taps_figures(4 if args.quick else None)))
        steps.append(("phone", phone_figures))
    steps = [(name, step) for name, step in steps if not args.only or name in args.only]
    for name, step in steps:
        print(f"bench: {name} …", file=sys.stderr, flush=True)
        figures += step()
    facts["Load average (1, 5, 15 min)"] = f"{load_before} before; {load_average()} after"
    facts["Took"] = f"{time.monotonic() - started:.0f} s"
    section = report(facts, figures, NOTES)
    if not args.no_archive and (not args.only or "archive" in args.only):
        # The archive's sizes (10 to 3,000 games): a table of their own, one column a size.
        print("bench: archive …", file=sys.stderr, flush=True)
        section += "\n\n" + format_archive(archive_figures(args.quick))
    print(section)
    if head := commit():
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
