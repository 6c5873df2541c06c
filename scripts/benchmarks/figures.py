"""The figures: medians, spreads and budgets, the Markdown table, and the machine."""

from __future__ import annotations

import contextlib
import datetime
import os
import platform
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from . import ROOT

BENCHMARKS = ROOT / "BENCHMARKS.md"


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
    """Write a figure in its unit: "12.3 ms", "523 µs", "0.41 s", "5,210 /s", "28.1 KB",
    "7 taps"."""
    if unit == "µs":
        return f"{value:,.0f} µs"
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


def report(facts: dict[str, str], figures: Sequence[Figure], notes: Sequence[str]) -> str:
    """Return the results section: the machine, the table, and what to know when reading it."""
    lines = [f"- **{name}**: {value}" for name, value in facts.items()]
    lines += ["", format_table(figures), ""]
    lines += [f"- {note}" for note in notes]
    return "\n".join(lines)


START, END = "<!-- bench:start -->", "<!-- bench:end -->"


def replace_section(document: str, section: str) -> str:
    """Put section between the bench markers of document (adding the markers if missing)."""
    block = f"{START}\n{section.strip()}\n{END}"
    if START in document and END in document:
        before, rest = document.split(START, 1)
        _, after = rest.split(END, 1)
        return before + block + after
    return document.rstrip() + "\n\n" + block + "\n"


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
