"""`scorekeeper serve` and `scorekeeper backup`: the app and its database."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .files import CommandError

DB_HELP = "the SQLite file (default instance/scorekeeper.sqlite)"


def add_commands(commands: Any) -> None:
    """Add `serve` and `backup` to the command line."""
    p = commands.add_parser("serve", help="run the web app under the production server")
    p.add_argument("--host", default="0.0.0.0")
    p.add_argument("--port", type=int, default=5000)
    p.add_argument("--db", default=None, help=DB_HELP)
    p.add_argument("--threads", type=int, default=8)
    p.set_defaults(run=run_serve)

    p = commands.add_parser("backup", help="copy the database consistently while the app runs")
    p.add_argument("out", help="the new SQLite file to write")
    p.add_argument("--db", default=None, help="the database to copy")
    p.set_defaults(run=run_backup)


def run_serve(args: argparse.Namespace) -> int:
    """Run the web app under the production server."""
    from ..server import serve

    serve(host=args.host, port=args.port, db=args.db, threads=args.threads)
    return 0


def run_backup(args: argparse.Namespace) -> int:
    """Copy the database consistently, even while the app runs."""
    from ..storage import StorageError, backup_database

    try:
        backup_database(args.db, args.out)
    except StorageError as error:
        raise CommandError(str(error)) from None
    print(f"backed up to {args.out}", file=sys.stderr)
    return 0
