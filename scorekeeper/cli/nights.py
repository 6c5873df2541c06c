"""`scorekeeper night`: a club night from the host's terminal (docs/club-night.md).

`new` sets a night up from its plan (a JSON file, as the night's file holds it), `round`
seats and starts the next round and says who sits where, `cards` prints the round's table
cards, `export` and `import` write and read the night's one file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .all_games import database_path
from .files import CommandError, read_input

#: The address phones open the server at, for the cards' links, unless told another.
ADDRESS = "http://scorekeeper.local:5000"


def add_commands(commands: Any) -> None:
    """Add `night` and its actions to the command line."""
    p = commands.add_parser("night", help="set up and run a club night, print its cards")
    p.add_argument("--db", default=None, help="the database the night is kept in")
    actions = p.add_subparsers(dest="action", required=True)
    new = actions.add_parser("new", help="set a night up from its plan (a JSON file, or -)")
    new.add_argument("plan")
    new.set_defaults(run=run_new)
    start = actions.add_parser("round", help="seat and start the night's next round")
    start.add_argument("night")
    start.set_defaults(run=run_round)
    cards = actions.add_parser("cards", help="print the round's table cards as a PDF")
    cards.add_argument("night")
    cards.add_argument("out", help="the PDF to write")
    cards.add_argument("--address", default=ADDRESS, help=f"where phones open it ({ADDRESS})")
    cards.add_argument("--paper", choices=("letter", "a4"), default="letter")
    cards.set_defaults(run=run_cards)
    export = actions.add_parser("export", help="write the night as one file (or - for stdout)")
    export.add_argument("night")
    export.add_argument("out")
    export.set_defaults(run=run_export)
    bring = actions.add_parser("import", help="bring a night in from its file, as a new night")
    bring.add_argument("file")
    bring.set_defaults(run=run_import)


def _run(args: argparse.Namespace, work: Any) -> Any:
    """Open the database, run the work on it, and say a refusal as the command's error."""
    from ..night import NightRefused
    from ..storage import NotFound, open_database

    db = open_database(database_path(args.db))
    try:
        return work(db)
    except NightRefused as refused:
        raise CommandError(str(refused.said)) from None
    except NotFound as missing:
        raise CommandError(f"there is no night {missing}") from None
    finally:
        db.close()


def _document(path: str) -> Any:
    try:
        return json.loads(read_input(path))
    except ValueError:
        raise CommandError(f"{path} is not a JSON file") from None


def run_new(args: argparse.Namespace) -> int:
    """Set a night up from its plan; print its id."""
    from ..service.nights import create_night

    plan = _document(args.plan)
    print(_run(args, lambda db: create_night(db, plan)))
    return 0


def run_round(args: argparse.Namespace) -> int:
    """Start the next round; print each table: its number and who sits there."""
    from ..presentation.nights import night_page
    from ..service.nights import start_round

    def work(db: Any) -> Any:
        start_round(db, args.night)
        return night_page(db, args.night)

    page = _run(args, work)
    for table in page.tables:
        partners = f" (partners: {'; '.join(table.partners)})" if table.partners else ""
        print(f"round {table.round}, table {table.number}: {', '.join(table.players)}{partners}")
    if page.sitting_out:
        print(f"sitting out: {', '.join(page.sitting_out)}")
    return 0


def run_cards(args: argparse.Namespace) -> int:
    """Print the round's table cards, their QR codes opening the cards at the address."""
    from ..presentation.nights import night_page
    from ..sheets.nights import night_cards_pdf

    page = _run(args, lambda db: night_page(db, args.night))
    if not page.tables:
        raise CommandError("no round has begun yet: start one with `scorekeeper night round`")
    base = args.address.rstrip("/")
    links = {t.card: f"{base}/nights/{page.id}/cards/{t.card}" for t in page.tables}
    Path(args.out).write_bytes(night_cards_pdf(page, links, paper=args.paper))
    print(f"wrote {len(links)} table cards of round {page.round} to {args.out}", file=sys.stderr)
    return 0


def run_export(args: argparse.Namespace) -> int:
    """Write the night as one file."""
    from ..service.night_files import export_night

    document = _run(args, lambda db: export_night(db, args.night))
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
    return 0


def run_import(args: argparse.Namespace) -> int:
    """Bring a night in from its file; print the new night's id."""
    from ..service.night_files import import_night

    document = _document(args.file)
    print(_run(args, lambda db: import_night(db, document)))
    return 0
