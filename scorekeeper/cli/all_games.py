"""`scorekeeper export-all` and `scorekeeper import-all`: every game in one archive file."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from .files import CommandError, read_input

#: Seconds between two lines of a long import's progress.
PROGRESS_EVERY = 2.0


def add_commands(commands: Any) -> None:
    """Add `export-all` and `import-all` to the command line."""
    p = commands.add_parser("export-all", help="write every game into one JSON archive file")
    p.add_argument("out", help="the new archive file to write, or - for standard output")
    p.add_argument("--db", default=None, help="the database to read")
    p.set_defaults(run=run_export_all)

    p = commands.add_parser(
        "import-all", help="add every game of an archive file (none if any is bad), any number"
    )
    p.add_argument("archive", help="the archive file, or - for standard input")
    p.add_argument("--db", default=None, help="the database to add the games to")
    p.set_defaults(run=run_import_all)


def database_path(path: str | None) -> Path:
    """Return the database the command names, or the app's own."""
    from ..machine.config import default_database_path

    return Path(path) if path else default_database_path()


def run_export_all(args: argparse.Namespace) -> int:
    """Write every game into one archive file."""
    from ..storage import open_database
    from ..transfer.all_games import export_all

    target = Path(args.out)
    if args.out != "-" and target.exists():
        raise CommandError(f"{target} already exists; choose a new file for the archive")
    source = database_path(args.db)
    if not source.exists():
        raise CommandError(f"there is no database at {source}")
    db = open_database(source)
    try:
        archive = export_all(db)
    finally:
        db.close()
    text = json.dumps(archive, indent=1, ensure_ascii=False) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        target.write_text(text, encoding="utf-8")
    print(f"exported {len(archive['games'])} games to {args.out}", file=sys.stderr)
    return 0


def run_import_all(args: argparse.Namespace) -> int:
    """Add every game of an archive file to the database (none if any is bad), a few at a
    time, so phones scoring meanwhile are not held up; say how far it is as it goes."""
    from ..storage import StorageError, open_database, ruleset_lookup
    from ..transfer.all_games import import_games, read_all_games_text

    text = read_input(args.archive)
    told = [time.monotonic()]

    def progress(done: int, total: int) -> None:
        # A long import (thousands of games) says how far it is, every few seconds.
        if done < total and time.monotonic() - told[0] >= PROGRESS_EVERY:
            print(f"imported {done:,} of {total:,} games…", file=sys.stderr, flush=True)
            told[0] = time.monotonic()

    db = open_database(database_path(args.db))
    try:
        # A game may name any ruleset this database offers by slug, its house rules too.
        games = read_all_games_text(text, lookup=ruleset_lookup(db))
        count = import_games(db, games, progress=progress)
    except StorageError as error:
        raise CommandError(str(error)) from None
    finally:
        db.close()
    print(f"imported {count} games", file=sys.stderr)
    return 0
