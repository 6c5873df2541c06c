"""`scorekeeper serve`, `backup` and `edit-link`: the app and its database."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .files import CommandError

DB_HELP = "the SQLite file (default instance/scorekeeper.sqlite)"


def add_commands(commands: Any) -> None:
    """Add `serve` and `backup` to the command line."""
    p = commands.add_parser("serve", help="run the web app under the production server")
    p.add_argument("--host", default="0.0.0.0")
    p.add_argument("--port", type=int, default=5000)
    p.add_argument("--db", default=None, help=DB_HELP)
    p.add_argument(
        "--workers",
        "--threads",
        type=int,
        default=2,
        help="worker processes for long work (sheets, exports, imports); the table has its own",
    )
    p.add_argument(
        "--secure-port",
        type=int,
        default=None,
        help="the port of the secure address (HTTPS; default: the port after --port; 0: none)",
    )
    p.add_argument("--certfile", help="a certificate of yours for the secure address (PEM)")
    p.add_argument("--keyfile", help="its private key (PEM)")
    p.add_argument(
        "--address", help="the address phones open, when the one found is not it (e.g. 10.0.0.5)"
    )
    p.set_defaults(run=run_serve)

    p = commands.add_parser(
        "edit-link", help="print a game's edit link and QR code (to score again)"
    )
    p.add_argument("game", help="the game's id (the end of its address)")
    p.add_argument(
        "--creator",
        action="store_true",
        help="print a one-use creator link instead: the phone that opens it keeps the game "
        "(takes scoring back, archives, deletes), when the phone that started it is lost",
    )
    p.add_argument("--db", default=None, help=DB_HELP)
    p.add_argument("--base", help="the address phones open, e.g. http://192.168.1.20:5000")
    p.add_argument("--port", type=int, default=5000, help="the port `serve` listens on")
    p.set_defaults(run=run_edit_link)

    p = commands.add_parser("backup", help="copy the database consistently while the app runs")
    p.add_argument("out", help="the new SQLite file to write")
    p.add_argument("--db", default=None, help="the database to copy")
    p.set_defaults(run=run_backup)


def run_serve(args: argparse.Namespace) -> int:
    """Run the web app under the production server."""
    from ..server.secure import SecureError
    from ..server.serve import serve

    try:
        serve(
            host=args.host,
            port=args.port,
            db=args.db,
            workers=args.workers,
            secure_port=args.secure_port,
            certfile=args.certfile,
            keyfile=args.keyfile,
            address=args.address,
        )
    except SecureError as error:
        raise CommandError(f"the secure address cannot be served: {error}") from None
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


def run_edit_link(args: argparse.Namespace) -> int:
    """Print a game's edit link (and its QR code), for a phone that lost its right to score;
    or, with --creator, a one-use link that makes a phone the game's creator."""
    from ..machine.addresses import lan_address
    from ..machine.config import default_database_path
    from ..server.banner import terminal_qr
    from ..storage import NotFound
    from ..web import edit_link_for_command

    database = Path(args.db) if args.db else default_database_path()
    if not database.exists():
        raise CommandError(f"there is no database at {database}")
    base = args.base or f"http://{lan_address() or 'localhost'}:{args.port}"
    try:
        link = edit_link_for_command(str(database), args.game, base, creator=args.creator)
    except NotFound:
        raise CommandError(f"there is no game {args.game} in {database}") from None
    print(link)
    print(terminal_qr(link) or "(install segno to see the link as a QR code)")
    return 0
