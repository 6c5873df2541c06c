"""The PDF sheets: a complete game's and a blank one, rendered in-process."""

from __future__ import annotations

import time

from . import LONG_GAME, example
from .figures import Budget, Figure


def sheet_figures(runs: int) -> list[Figure]:
    """Time the PDF of the complete pagat game and of a blank pagat sheet, in-process."""
    game_figure = Figure("PDF sheet of a complete 26-deal game", "s", budget=Budget(1.0))
    blank_figure = Figure("PDF blank sheet (4 players)", "s", budget=Budget(0.5))
    first = Figure("First sheet in a fresh process (imports WeasyPrint, loads fonts)", "s")
    from scorekeeper.rules import find_ruleset, read_game, score_game
    from scorekeeper.sheets import render as sheets

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
