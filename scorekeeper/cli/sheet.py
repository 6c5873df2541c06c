"""`scorekeeper sheet`: write a blank or a completed scoresheet as a PDF."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..machine.config import PORT
from ..rules import BUILTIN_DOCUMENTS, Ruleset, load_game_text, score_game
from ..rules.variants import VARIANTS
from .database import DB_HELP, server_base
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
    p.add_argument(
        "--boxes",
        metavar="FILE.json",
        help="with --blank: also write where each box and corner mark prints, in points, and "
        "what each box holds (docs/sheet-reading.md)",
    )
    p.add_argument(
        "--base",
        help="the server a blank sheet's QR code opens, e.g. http://192.168.1.20:5000 "
        "(default: the one running on --db, else this machine's address on port 5000)",
    )
    p.add_argument("--db", default=None, help=DB_HELP + ": the server the QR code opens")
    p.add_argument("--no-qr", action="store_true", help="print no QR code and no code")
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
    from ..presentation.scoresheet import build_blank_sheet
    from ..sheets.render import render_game_sheet, sheet_pdf

    notes: list[str] = []
    if args.blank:
        if args.game:
            raise CommandError("a blank sheet needs no game file: give --blank or a game, not both")
        if not args.ruleset:
            raise CommandError(
                "a blank sheet needs --ruleset (a built-in's slug or a ruleset file)"
            )
        ruleset, said = load_ruleset_option(args.ruleset)
        players = parse_players(args.players, ruleset)
        # Laid out first: a table the rules refuse is said before any word about the code.
        sheet = build_blank_sheet(ruleset, players=players, first_dealer=args.first_dealer)
        if not args.no_qr:
            sheet = replace(sheet, link=blank_link(args, players, notes))
        if args.boxes:
            pdf = write_boxes(args, sheet, ruleset, said)
        else:
            pdf = sheet_pdf(sheet, paper=args.paper)
    else:
        if args.boxes:
            raise CommandError("--boxes is for blank sheets: give --blank with it")
        if not args.game:
            raise CommandError("give a game file (or - for standard input), or --blank")
        for option, given in (("--ruleset", args.ruleset), ("--players", args.players)):
            if given:
                raise CommandError(f"{option} is for blank sheets; the game file says its own")
        result = score_game(load_game_text(read_input(args.game)))
        pdf = render_game_sheet(result, paper=args.paper)
        if not args.no_qr:
            notes.append(
                "a game from a file is on no server, so its sheet carries no QR code: import "
                "it, and print its sheet from its page for one"
            )
    write_output(args.output, pdf)
    for note in notes:  # said once the sheet is written: an error alone is one line
        print(f"scorekeeper: {note}", file=sys.stderr)
    return 0


def write_boxes(args: argparse.Namespace, sheet: Any, ruleset: Ruleset, said: Any) -> bytes:
    """Lay the blank sheet out, write its boxes file, and return its PDF (the same layout)."""
    from ..sheets.boxes import printed_with_boxes

    players = [name for _, name in sheet.seating]
    table = {
        "ruleset": said,
        "players": players,
        "first_dealer": args.first_dealer if all(players) else None,
    }
    seats = ruleset.seats_by_side(len(players))
    pdf, boxes = printed_with_boxes(sheet, seats, table, paper=args.paper)
    text = json.dumps(boxes, ensure_ascii=False, indent=1) + "\n"
    write_output(args.boxes, text.encode())
    return pdf


def blank_link(args: argparse.Namespace, players: list[str] | int, notes: list[str]) -> Any:
    """Return the link a blank sheet's QR code holds (a `SheetLink`), noting which server it
    opens when none runs; None, noting why, when the sheet can carry none."""
    from ..machine.config import default_database_path

    slug = args.ruleset
    if slug not in BUILTIN_DOCUMENTS and slug not in VARIANTS:
        notes.append(
            "a ruleset from a file is not one the server knows, so the sheet carries no QR "
            "code: save it as house rules in the app, and print the sheet from /sheets"
        )
        return None
    database = Path(args.db) if args.db else default_database_path()
    base, listens_on = server_base(database, args.base, PORT)
    assert base is not None  # a port was given
    if not args.base and listens_on is None:
        notes.append(
            f"no server is running on {database}; the sheet's QR code opens {base}/, where "
            "`scorekeeper serve` answers by default (--base URL for another, --no-qr for none)"
        )
    from ..web import blank_link_for_command

    try:
        return blank_link_for_command(
            str(database), base, slug, players, args.first_dealer, listens_on=listens_on
        )
    except OSError as error:
        notes.append(f"cannot read the secret key ({error}), so the sheet carries no QR code")
        return None
