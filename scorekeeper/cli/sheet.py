"""`scorekeeper sheet`: write a blank or a completed scoresheet as a PDF."""

from __future__ import annotations

import argparse
from typing import Any

from ..rules import Ruleset, load_game_text, score_game
from .files import CommandError, load_ruleset_option, read_input, write_output


def add_commands(commands: Any) -> None:
    """Add `sheet` to the command line."""
    p = commands.add_parser("sheet", help="write a scoresheet PDF (blank or of a game)")
    p.add_argument("game", nargs="?", help="the game file (or - for standard input)")
    p.add_argument("--blank", action="store_true", help="a blank sheet to score on with a pencil")
    p.add_argument("--ruleset", help="the ruleset of a blank sheet: a slug or a ruleset file")
    p.add_argument("--players", help='names in seating order, e.g. "Ann,Bob,Cy,Dee"')
    p.add_argument("--first-dealer", type=int, default=0, help="seat of the first dealer")
    p.add_argument("--paper", choices=("letter", "a4"), default="letter")
    p.add_argument("-o", "--output", required=True, help="where to write the PDF")
    p.set_defaults(run=run_sheet)


def parse_players(value: str | None, ruleset: Ruleset) -> list[str] | int:
    """Read --players: names separated by commas, or just how many players."""
    if value is None:
        return ruleset.usual_players
    text = value.strip()
    if text.isdigit() and text.isascii():
        return int(text)
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise CommandError('--players must be names separated by commas, e.g. "Ann,Bob,Cy,Dee"')
    return names


def run_sheet(args: argparse.Namespace) -> int:
    """Render the sheet the arguments ask for and write it, or fail before writing anything."""
    from ..sheets.render import render_blank_sheet, render_game_sheet

    if args.blank:
        if args.game:
            raise CommandError("a blank sheet needs no game file: give --blank or a game, not both")
        if not args.ruleset:
            raise CommandError(
                "a blank sheet needs --ruleset (a built-in's slug or a ruleset file)"
            )
        ruleset, _ = load_ruleset_option(args.ruleset)
        pdf = render_blank_sheet(
            ruleset,
            players=parse_players(args.players, ruleset),
            first_dealer=args.first_dealer,
            paper=args.paper,
        )
    else:
        if not args.game:
            raise CommandError("give a game file (or - for standard input), or --blank")
        for option, given in (("--ruleset", args.ruleset), ("--players", args.players)):
            if given:
                raise CommandError(f"{option} is for blank sheets; the game file says its own")
        result = score_game(load_game_text(read_input(args.game)))
        pdf = render_game_sheet(result, paper=args.paper)
    write_output(args.output, pdf)
    return 0
