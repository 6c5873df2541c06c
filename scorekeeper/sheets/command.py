"""`scorekeeper sheet`: write a blank or a completed scoresheet as a PDF."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .. import cli
from ..rules import Ruleset, ScoreError, load_game_text, score_game


class SheetError(ScoreError):
    """A sheet the command cannot write: a bad option, unreadable input, an unwritable file.

    A ScoreError rather than cli.CommandError, because under `python -m scorekeeper.cli`
    the running module is __main__ and its CommandError is another class than the one
    this module would import; ScoreError is the same class for both.
    """


def _from_cli(function: Any, *args: Any) -> Any:
    """Call a helper of the cli module, turning its CommandError into a SheetError."""
    try:
        return function(*args)
    except cli.CommandError as error:
        raise SheetError(str(error)) from None


def usual_players(ruleset: Ruleset) -> int:
    """Return how many players a blank sheet is for when nobody said: up to 4."""
    return ruleset.usual_players


def parse_players(value: str | None, ruleset: Ruleset) -> list[str] | int:
    """Read --players: names separated by commas, or just how many players."""
    if value is None:
        return usual_players(ruleset)
    text = value.strip()
    if text.isdigit() and text.isascii():
        return int(text)
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise SheetError('--players must be names separated by commas, e.g. "Ann,Bob,Cy,Dee"')
    return names


def run_sheet_command(args: argparse.Namespace) -> int:
    """Render the sheet the arguments ask for and write it, or fail before writing anything."""
    from .render import render_blank_sheet, render_game_sheet

    if args.blank:
        if args.game:
            raise SheetError("a blank sheet needs no game file: give --blank or a game, not both")
        if not args.ruleset:
            raise SheetError("a blank sheet needs --ruleset (a built-in's slug or a ruleset file)")
        ruleset, _ = _from_cli(cli.load_ruleset_option, args.ruleset)
        pdf = render_blank_sheet(
            ruleset,
            players=parse_players(args.players, ruleset),
            first_dealer=args.first_dealer,
            paper=args.paper,
        )
    else:
        if not args.game:
            raise SheetError("give a game file (or - for standard input), or --blank")
        for option, given in (("--ruleset", args.ruleset), ("--players", args.players)):
            if given:
                raise SheetError(f"{option} is for blank sheets; the game file says its own")
        result = score_game(load_game_text(_from_cli(cli.read_input, args.game)))
        pdf = render_game_sheet(result, paper=args.paper)
    write_output(args.output, pdf)
    return 0


def write_output(path: str, pdf: bytes) -> None:
    """Write the PDF to a file, or to standard output for "-"."""
    if path == "-":
        sys.stdout.buffer.write(pdf)
        sys.stdout.buffer.flush()
        return
    try:
        Path(path).write_bytes(pdf)
    except OSError as error:
        raise SheetError(f"cannot write {path}: {error.strerror or error}") from None
