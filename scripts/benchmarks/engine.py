"""The rules engine's figures: games scored per second, and `scorekeeper score`'s cold start."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from . import EXAMPLES, LONG_GAME, ROOT, example
from .figures import Budget, Figure


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
