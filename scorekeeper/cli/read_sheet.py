"""`scorekeeper read-sheet`: a photo of a sheet filled in with a pencil, read back into a game."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

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
        required=True,
        metavar="FILE.json",
        help="the sheet's boxes file, as `scorekeeper sheet --blank … --boxes` wrote it",
    )
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
        described = json.loads(read_input(args.sheet))
    except ValueError as error:
        raise CommandError(f"{args.sheet} is not a boxes file: {error}") from None
    if not isinstance(described, dict) or described.get("format") != "scorekeeper sheet boxes":
        raise CommandError(
            f"{args.sheet} is not a boxes file (`scorekeeper sheet --blank … --boxes` writes one)"
        )
    try:
        read = read_photo(data, described)
    except NotASheet as refused:
        raise CommandError(f"{args.photo}: {refused}") from None
    print(dump(read.to_json()))
    return 0
