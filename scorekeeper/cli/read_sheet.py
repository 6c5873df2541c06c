"""`scorekeeper read-sheet`: a photo of a sheet filled in with a pencil, read back into a game."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .database import DB_HELP
from .files import CommandError, read_input
from .score import dump


def add_commands(commands: Any) -> None:
    """Add `read-sheet` to the command line."""
    p = commands.add_parser(
        "read-sheet",
        help="read a photo of a filled-in sheet: the game read, and the boxes to ask about",
    )
    p.add_argument("photo", help="the photo (JPEG or PNG)")
    p.add_argument(
        "--sheet",
        metavar="FILE.json",
        help="the sheet's boxes file, as `scorekeeper sheet --blank … --boxes` wrote it "
        "(default: the sheet the photo's QR code names, printed by this server)",
    )
    p.add_argument(
        "--paper",
        choices=("letter", "a4"),
        default="letter",
        help="the paper tried first for a sheet named by its QR code (then the other)",
    )
    p.add_argument("--db", default=None, help=DB_HELP + ": the server that printed the sheet")
    p.set_defaults(run=run_read_sheet)


def run_read_sheet(args: argparse.Namespace) -> int:
    """Print the game read from the photo and the questions about it, or say why it cannot."""
    from ..reading.settle import NotASheet, read_photo

    try:
        data = Path(args.photo).read_bytes()
    except FileNotFoundError:
        raise CommandError(f"no such file: {args.photo}") from None
    except OSError as error:
        raise CommandError(f"cannot read {args.photo}: {error.strerror or error}") from None
    try:
        read = read_photo(data, boxes_file(args.sheet)) if args.sheet else read_by_code(args, data)
    except NotASheet as refused:
        raise CommandError(f"{args.photo}: {refused}") from None
    print(dump(read.to_json()))
    return 0


def boxes_file(path: str) -> dict[str, Any]:
    """Return the boxes file given with --sheet, or say why it is none."""
    try:
        described = json.loads(read_input(path))
    except ValueError as error:
        raise CommandError(f"{path} is not a boxes file: {error}") from None
    if not isinstance(described, dict) or described.get("format") != "scorekeeper sheet boxes":
        raise CommandError(
            f"{path} is not a boxes file (`scorekeeper sheet --blank … --boxes` writes one)"
        )
    return described


def read_by_code(args: argparse.Namespace, data: bytes) -> Any:
    """Read the photo by the sheet its QR code names, verified with this server's key."""
    from ..machine.config import LANGUAGES, default_database_path, secret_key
    from ..presentation.sheet_links import SheetLinkRefused
    from ..reading.qr import read_named
    from ..sheets.photographed import boxes_files, sheet_named
    from ..storage import open_database

    database = Path(args.db) if args.db else default_database_path()
    try:
        key = secret_key()
    except OSError as error:
        raise CommandError(
            f"cannot read the secret key the sheet was signed with: {error}"
        ) from None
    db = open_database(database)
    papers = [args.paper, *(p for p in ("letter", "a4") if p != args.paper)]

    def named(links: list[str]) -> Any:
        return boxes_files(sheet_named(db, links, key), papers, list(LANGUAGES))

    try:
        return read_named(data, named)[1]
    except SheetLinkRefused as refused:
        raise CommandError(f"{args.photo}: {refused.message}") from None
    finally:
        db.close()
