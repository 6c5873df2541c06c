"""`scorekeeper serve`, `backup` and `edit-link`: the app and its database."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..machine.config import PORT
from .files import CommandError

DB_HELP = "the SQLite file (default instance/scorekeeper.sqlite)"


def add_commands(commands: Any) -> None:
    """Add `serve`, `edit-link` and `backup` to the command line."""
    p = commands.add_parser("serve", help="run the web app under the production server")
    p.add_argument("--host", default="0.0.0.0")
    p.add_argument("--port", type=int, default=PORT)
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
    p.add_argument(
        "--name",
        default=None,
        help="the name phones find it by: NAME.local (default scorekeeper, or $SCOREKEEPER_NAME)",
    )
    p.add_argument(
        "--no-name", action="store_true", help="do not announce a name on the network (mDNS)"
    )
    p.add_argument(
        "--awake-minutes",
        type=int,
        default=None,
        help="keep the computer awake this long after a game's last tap (default 30; 0: never)",
    )
    p.add_argument(
        "--backups",
        type=int,
        default=None,
        help="daily backups kept beside the database (default 7; 0: take none)",
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
    p.add_argument(
        "--port",
        type=int,
        default=None,
        help="the port `serve` listens on, when it is not running now (a running one says)",
    )
    p.set_defaults(run=run_edit_link)

    p = commands.add_parser(
        "backup",
        help="copy the database consistently while the app runs; list or restore daily backups",
    )
    p.add_argument("out", nargs="?", help="the new SQLite file to write")
    p.add_argument("--db", default=None, help="the database to copy, list or restore")
    p.add_argument("--list", action="store_true", help="list the backups kept beside the database")
    p.add_argument(
        "--restore", metavar="FILE", help="bring a backup back (a name from --list, or a path)"
    )
    p.add_argument("--yes", action="store_true", help="restore without asking first")
    p.set_defaults(run=run_backup)


def run_serve(args: argparse.Namespace) -> int:
    """Run the web app under the production server."""
    from ..machine import config
    from ..server.appliance import Settings
    from ..server.serve import serve

    try:
        where = config.announce_on()
        settings = Settings(
            name=None if args.no_name or where is None else (args.name or config.announced_name()),
            announce_on=where or "",
            awake_minutes=_given(args.awake_minutes, config.awake_minutes),
            backups=_given(args.backups, config.backups_kept),
        )
    except ValueError as error:
        raise CommandError(str(error)) from None
    from ..server.secure import SecureError
    from ..server.serve import CannotListen

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
            appliance=settings,
        )
    except SecureError as error:
        raise CommandError(f"the secure address cannot be served: {error}") from None
    except CannotListen as error:
        raise CommandError(str(error)) from None
    except OSError as error:  # the system refused the server something once it had started
        raise CommandError(f"the server stopped: {error.strerror or error}") from None
    return 0


def _given(value: int | None, default: Any) -> int:
    if value is None:
        return int(default())
    if value < 0:
        raise ValueError(f"{value} is not a number of minutes or backups")
    return value


def run_backup(args: argparse.Namespace) -> int:
    """Copy the database consistently, even while the app runs; or list or restore backups."""
    from ..storage import StorageError, backup_database

    if sum(bool(given) for given in (args.out, args.list, args.restore)) != 1:
        raise CommandError("say one of: a file to write, --list, or --restore FILE")
    try:
        if args.list:
            return _list_backups(_database(args))
        if args.restore:
            return _restore(_database(args), args.restore, ask=not args.yes)
        backup_database(args.db, args.out)
    except StorageError as error:
        raise CommandError(str(error)) from None
    print(f"backed up to {args.out}", file=sys.stderr)
    return 0


def _database(args: argparse.Namespace) -> Path:
    from ..machine.config import default_database_path

    return Path(args.db) if args.db else default_database_path()


def _list_backups(database: Path) -> int:
    """Print the backups beside the database, oldest first: name, when, games, size."""
    from ..storage.backups import folder, listing

    found = listing(database)
    if not found:
        print(f"No backups yet in {folder(database)}", file=sys.stderr)
        return 0
    print(f"Backups in {folder(database)}:")
    for backup in found:
        games = "not a Scorekeeper database" if backup.games is None else _games(backup.games)
        size = f"{backup.size / 1_000_000:.1f} MB"
        print(f"  {backup.path.name}  {backup.taken:%a %d %b %Y %H:%M}  {games}  {size}")
    return 0


def _games(count: int) -> str:
    return "1 game" if count == 1 else f"{count} games"


def _restore(database: Path, name: str, *, ask: bool) -> int:
    """Bring a backup back after a confirmation, never under a running server."""
    from ..machine import running
    from ..storage.backups import describe, find, restore

    server = running.find(database)
    if server is not None:
        raise CommandError(
            f"a server is serving {database} (process {server.pid}, port {server.port}): "
            "stop it first (Ctrl-C where it runs, or `scorekeeper service stop`), then restore"
        )
    backup = describe(find(database, name))
    if backup.games is None:
        raise CommandError(f"{backup.path} is not a Scorekeeper database, or it is damaged")
    now = describe(database).games if database.exists() else 0
    question = (
        f"Replace the {_games(now or 0)} in {database} with the {_games(backup.games)} of "
        f"{backup.path.name} (taken {backup.taken:%a %d %b %Y %H:%M})? The games there now "
        "are kept in a backup of their own. Type yes to go on: "
    )
    if ask:
        print(question, end="", flush=True, file=sys.stderr)
        answer = sys.stdin.readline().strip().lower()
        if answer not in ("y", "yes"):
            raise CommandError("nothing was changed: the restore was not confirmed")
    before = restore(database, backup.path)
    print(f"Restored {backup.path.name}; the games there before are in {before}", file=sys.stderr)
    return 0


def server_base(
    database: Path, base: str | None, port: int | None
) -> tuple[str | None, str | None]:
    """Return the address phones open for the server of this database, and what that server
    listens on: `base` when given, else the running server's (its record beside the
    database), else this machine's LAN address on `port`; None with no port either."""
    from ..machine import running
    from ..machine.addresses import lan_address

    if base:
        return base, None
    server = running.find(database)
    if server is not None:
        return server.base(), server.host
    if port:
        return f"http://{lan_address() or 'localhost'}:{port}", None
    return None, None


def run_edit_link(args: argparse.Namespace) -> int:
    """Print a game's edit link (and its QR code), for a phone that lost its right to score;
    or, with --creator, a one-use link that makes a phone the game's creator.

    The link names the server running on the database (its record beside it), by name
    first; with no server running, it says so and prints the link's path.
    """
    from ..machine.config import default_database_path
    from ..server.banner import side_by_side
    from ..storage import NotFound
    from ..web import edit_link_for_command

    database = Path(args.db) if args.db else default_database_path()
    if not database.exists():
        raise CommandError(f"there is no database at {database}")
    base, listens_on = server_base(database, args.base, args.port)
    try:
        links = edit_link_for_command(
            str(database), args.game, base, creator=args.creator, listens_on=listens_on
        )
    except NotFound:
        raise CommandError(f"there is no game {args.game} in {database}") from None
    print(links[0])
    if base is None:
        print(
            f"scorekeeper: no server is running on {database}, so there is no address to "
            "give yet: start it (scorekeeper serve), then run this again, or open the "
            "server's address followed by the path above.",
            file=sys.stderr,
        )
        return 0
    for link in links[1:]:
        print(f"(or {link})")
    print(side_by_side(links), end="")
    return 0
