"""Reading photographed sheets: how many of their boxes come back right, asked, or wrong.

Each sheet is a blank sheet printed from the project's own PDF (`scorekeeper sheet --blank
--boxes`), filled in by program from its boxes file with MNIST digits held out from the model's
training, and "photographed" (scripts/sheet_photos.py: on a table, turned up to 30°, at a
slant, a shadow, blur, grain, JPEG). The games written are the golden games whose bids are
all numbers and seeded random legal games, of every built-in ruleset the reader reads, 2 to 8
players, on Letter and A4. Each photographing round writes and photographs every sheet anew,
with its own seed. Every box the sheet prints is written, as a family fills it in; the
figures are each round's share of the boxes of bids, tricks and totals (a deal's score box is
read as a check, as a total is, but not counted: the figures stay comparable with those
before it was read), their median and spread over the rounds, beside the issue's budgets and
the chess score-sheet readers' figures.

A box is *right* when the reader takes it, unasked, as what was written; *asked* when it is a
question (the person's answer makes it right); *wrong* when taken unasked as something else;
*not read* when the reading stopped before its row. Right after the questions is right plus
asked.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from . import ROOT, example
from .figures import Budget, Figure

sys.path.insert(0, str(ROOT / "scripts"))  # sheet_photos and handwriting, beside bench.py

#: The boxes counted: those whose numbers the game is made of (a score or a total written is
#: the rules' own, read only to check them).
STORED = ("bid", "tricks")
#: The sheets: ruleset, players, paper, and the game written (a golden game, or a seed).
SHEETS: tuple[tuple[str, int, str, str | int], ...] = (
    ("joker", 4, "letter", "joker"),
    ("bluke", 2, "letter", "bluke"),
    ("bluke-new-jersey", 2, "a4", "bluke-new-jersey"),
    ("joker", 4, "a4", 1),
    ("back-alley-pagat", 4, "letter", 2),
    ("back-alley-catsatcards", 4, "letter", 3),
    ("back-alley-catsatcards", 4, "a4", 4),
    ("back-alley-gamerules", 4, "a4", 5),
    ("back-alley-bridge", 4, "letter", 6),
    ("back-alley-seven", 4, "letter", 7),
    ("back-alley-individual", 3, "letter", 8),
    ("back-alley-individual", 4, "a4", 9),
    ("bluke", 5, "letter", 10),
    ("bluke", 8, "a4", 11),
    ("bluke-new-jersey", 6, "letter", 12),
)
#: The sheet the time budget is for: 26 deals, four players (pagat's 13th deal, of one card,
#: may be bid only with a pass or a board, words the reader does not read: its sheets are
#: games still being played, written up to that deal).
TIMED = "back-alley-catsatcards"
#: The tilt of a photo, either way, at most (the issue's 30°).
MOST_TURN = 30.0
#: Each figure's budget (issue 43) and the chess score-sheet readers' figure beside it.
RIGHT, ASKED, WRONG, SECONDS = 99.5, 5.0, 0.1, 5.0
CHESS = {
    "right": "chess: 97–99 % after asking (HCS)",
    "asked": "chess asks about 4–7 % (HCS)",
    "wrong": "chess: 1–3 % wrong after asking (HCS)",
    "alone": "chess: ~90 % of moves (HCS)",
    "time": "chess: a game in under 10 s (Reine)",
}


@dataclass
class Tally:
    """The boxes of the sheets read in one round, by what became of them."""

    right: int = 0
    asked: int = 0
    wrong: int = 0
    unread: int = 0
    sheets: int = 0
    refused: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def cells(self) -> int:
        return self.right + self.asked + self.wrong + self.unread

    def share(self, count: int) -> float:
        """Return a count as a percentage of the boxes, to two places."""
        return round(100 * count / max(1, self.cells), 2)


def _blank(folder: Path, ruleset: str, players: list[str], dealer: int, paper: str) -> tuple:
    """Print a blank sheet and its boxes file with the command; return the PDF and boxes."""
    from scorekeeper.cli import main

    pdf, boxes = folder / "blank.pdf", folder / "blank.json"
    command = ["sheet", "--blank", "--ruleset", ruleset, "--players", ",".join(players),
               "--first-dealer", str(dealer), "--paper", paper, "--no-qr",
               "-o", str(pdf), "--boxes", str(boxes)]  # fmt: skip
    if main(command) != 0:
        raise RuntimeError(f"`scorekeeper {' '.join(command)}` failed")
    return pdf.read_bytes(), json.loads(boxes.read_text(encoding="utf-8"))


def _sheets() -> list[dict[str, Any]]:
    """Return each sheet: its game, its boxes file, what is written in it, and its page drawn."""
    from sheet_photos import drawn_page, numeric_game, written_values

    from scorekeeper.rules import read_game, score_game

    made = []
    with tempfile.TemporaryDirectory() as scratch:
        for index, (ruleset, count, paper, source) in enumerate(SHEETS):
            if isinstance(source, str):
                game = example(source)
                players, dealer = game["players"], game.get("first_dealer", 0)
            else:
                players, dealer = [f"Player {n + 1}" for n in range(count)], 0
            folder = Path(scratch) / str(index)
            folder.mkdir()
            pdf, described = _blank(folder, ruleset, players, dealer, paper)
            rows = len({box["deal"] for box in described["boxes"] if box["page"] == 1})
            if not isinstance(source, str):
                game = numeric_game(
                    ruleset, players, rows, np.random.default_rng(source), whole=False
                )
            result = score_game(read_game(game))
            written = {
                key: value
                for key, value in written_values(result, described).items()
                if key[0] <= rows
            }
            truth = {key: value for key, value in written.items() if key[3] in STORED}
            label = source if isinstance(source, str) else f"seed {source}"
            made.append({"name": f"{ruleset}, {count} players, {paper}, {label}",
                         "ruleset": ruleset, "described": described, "truth": truth,
                         "written": written, "page": drawn_page(pdf)})  # fmt: skip
    return made


def read_round(
    sheets: list[dict[str, Any]], seed: int, times: list[tuple[float, float]], scores: bool = True
) -> Tally:
    """Write, photograph and read every sheet once with this round's seed (without each
    deal's score, as a family that keeps only running totals, unless `scores`); tally its
    boxes and add each 26-deal sheet's reading time (wall, CPU) to `times`."""
    from sheet_photos import fill, photograph

    from scorekeeper.reading.settle import NotASheet, read_photo

    tally = Tally()
    for index, sheet in enumerate(sheets):
        rng = np.random.default_rng([seed, index])
        truth = sheet["truth"]
        written = {k: v for k, v in sheet["written"].items() if scores or k[3] != "score"}
        page, _ = fill(sheet["page"], sheet["described"], written, rng)
        photo = photograph(page, rng, turn=float(rng.uniform(-MOST_TURN, MOST_TURN)))
        tally.sheets += 1
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            read = read_photo(photo, sheet["described"])
        except NotASheet as refused:
            tally.refused += 1
            tally.unread += len(truth)
            tally.misses.append(f"{sheet['name']}, round {seed}: refused ({refused})")
            continue
        if sheet["ruleset"] == TIMED:
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
        asked = read.asked()
        for key, written in truth.items():
            if key in asked:
                tally.asked += 1
            elif key not in read.values:
                tally.unread += 1
            elif read.values[key] == written:
                tally.right += 1
            else:
                tally.wrong += 1
                tally.misses.append(
                    f"{sheet['name']}, round {seed}: deal {key[0]} side {key[1]} {key[3]} "
                    f"read {read.values[key]!r}, written {written!r}"
                )
    return tally


def reading_figures(rounds: int) -> list[Figure]:
    """Read every sheet in `rounds` photographing rounds; return the shares and the times."""
    sheets = _sheets()
    times: list[tuple[float, float]] = []
    tallies = [read_round(sheets, seed, times) for seed in range(1, rounds + 1)]
    cells = sum(tally.cells for tally in tallies)
    right = sum(tally.right + tally.asked for tally in tallies)
    wrong = sum(tally.wrong for tally in tallies)
    asked = sum(tally.asked for tally in tallies)
    unread = sum(tally.unread for tally in tallies)
    pooled = (
        f"{len(sheets)} sheets × {rounds} rounds, {cells:,} boxes: "
        f"{right:,} right after asking, {asked:,} asked, {wrong} wrong, {unread} not read"
    )
    refused = sum(tally.refused for tally in tallies)
    if refused:
        pooled += f", {refused} photo(s) refused"
    for tally in tallies:
        for miss in tally.misses:
            print(f"bench: reading: {miss}", file=sys.stderr)
    # A family that writes no score per deal: the totals alone check each row.
    bare = [read_round(sheets, seed, [], scores=False) for seed in range(1, rounds + 1)]
    bare_note = (
        f"{sum(t.asked for t in bare):,} asked, {sum(t.wrong for t in bare)} wrong in "
        f"{sum(t.cells for t in bare):,} boxes"
    )
    name = "Reading photographed sheets"
    timed = f"A 26-deal 4-player sheet ({TIMED}) read from its photo"
    return [
        Figure(f"{name}: boxes right after the questions", "%",
               [t.share(t.right + t.asked) for t in tallies], Budget(RIGHT, at_most=False),
               f"{CHESS['right']}; {pooled}"),
        Figure(f"{name}: boxes asked", "%", [t.share(t.asked) for t in tallies], Budget(ASKED),
               CHESS["asked"]),
        Figure(f"{name}: boxes wrong and not asked", "%", [t.share(t.wrong) for t in tallies],
               Budget(WRONG), f"{CHESS['wrong']}; {wrong} in {cells:,} boxes"),
        Figure(f"{name}: boxes read right with no question", "%",
               [t.share(t.right) for t in tallies], note=CHESS["alone"]),
        Figure(f"{name}, only running totals written: boxes asked", "%",
               [t.share(t.asked) for t in bare], Budget(ASKED), bare_note),
        Figure(f"{name}, only running totals written: boxes wrong and not asked", "%",
               [t.share(t.wrong) for t in bare], Budget(WRONG)),
        Figure(f"{timed}: wall", "s", [wall for wall, _ in times], Budget(SECONDS),
               CHESS["time"]),
        Figure(f"{timed}: CPU (every thread)", "s", [cpu for _, cpu in times], Budget(SECONDS)),
    ]  # fmt: skip
