"""`scorekeeper night`: a club night from the host's terminal (docs/club-night.md).

`new` sets a night up from its plan (a JSON file, as the night's file holds it), `round`
seats and starts the next round and says who sits where, `cards` prints the round's table
cards, `end` ends the round as it stands, `player` welcomes a late player or lets one go
home, `board` says the leaderboard, `results` prints it with every round's tables, `export`
and `import` write and read the night's one file. The tables score on their phones.
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
    end = actions.add_parser("end", help="end the round being played, its tables as they stand")
    end.add_argument("night")
    end.set_defaults(run=run_end)
    player = actions.add_parser("player", help="welcome a late player, or let one go home")
    player.add_argument("night")
    player.add_argument("name")
    going = player.add_mutually_exclusive_group()
    going.add_argument("--leaves", action="store_true", help="goes home after this round")
    going.add_argument("--back", action="store_true", help="plays again after going home")
    player.set_defaults(run=run_player)
    board = actions.add_parser("board", help="say the leaderboard")
    board.add_argument("night")
    board.add_argument("--why", action="store_true", help="each total's words too")
    board.set_defaults(run=run_board)
    results = actions.add_parser("results", help="print the leaderboard and every round as a PDF")
    results.add_argument("night")
    results.add_argument("out", help="the PDF to write")
    results.add_argument("--paper", choices=("letter", "a4"), default="letter")
    results.set_defaults(run=run_results)
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


def run_end(args: argparse.Namespace) -> int:
    """End the round being played; say which."""
    from ..presentation.nights import night_page
    from ..service.nights import end_round

    def work(db: Any) -> Any:
        end_round(db, args.night)
        return night_page(db, args.night)

    page = _run(args, work)
    print(f"round {page.round} of {page.rounds_planned} ended")
    return 0


def run_player(args: argparse.Namespace) -> int:
    """Welcome a late player (or, --leaves / --back, let one go home or come back); say when."""
    from ..service.nights import add_player, player_leaves

    def work(db: Any) -> None:
        if args.leaves or args.back:
            player_leaves(db, args.night, args.name, back=args.back)
        else:
            add_player(db, args.night, args.name)

    _run(args, work)
    said = "goes home" if args.leaves else "plays"
    print(f"{args.name} {said} from the next round on")
    return 0


def run_board(args: argparse.Namespace) -> int:
    """Say the leaderboard, a line a player (and a partnership, a team game's): place, name,
    total; with --why, the words that make each total."""
    from ..presentation.nights import night_page

    page = _run(args, lambda db: night_page(db, args.night))
    if page.playing:
        print("tables still playing")
    for title, board in (("players", page.board), ("partnerships", page.partnerships)):
        if not board:
            continue
        if page.partnerships:
            print(f"{title}:")
        for line in board:
            gone = " (went home)" if line.gone else ""
            print(f"{line.place:>4}  {line.player}{gone}  {line.total}")
            for why in (*line.rounds, line.why) if args.why else ():
                print(f"      {why}")
    return 0


def run_results(args: argparse.Namespace) -> int:
    """Print the night's results: the leaderboard, then each round's tables and places."""
    from ..presentation.nights import night_page
    from ..sheets.nights import night_results_pdf

    page = _run(args, lambda db: night_page(db, args.night))
    Path(args.out).write_bytes(night_results_pdf(page, paper=args.paper))
    print(f"wrote the results of {page.name} to {args.out}", file=sys.stderr)
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
