"""The `scorekeeper` command: score, rulesets, sheet, serve, backup, export-all, import-all.

Only the subcommand that runs imports what it needs, so `scorekeeper score`
never loads Flask or WeasyPrint and starts fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .rules import (
    BUILTIN_DOCUMENTS,
    Ruleset,
    ScoreError,
    builtin_rulesets,
    find_ruleset,
    load_game_text,
    score_game,
)


class CommandError(Exception):
    """A failure to report on one line of standard error, with a non-zero exit."""


def read_input(path: str) -> str:
    """Read a file, or standard input for "-"."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CommandError(f"no such file: {path}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"cannot read {path}: {error}") from None


def load_ruleset_option(value: str) -> tuple[Ruleset, Any]:
    """Find a ruleset named on the command line: a built-in slug or a ruleset JSON file."""
    if value in BUILTIN_DOCUMENTS:
        return find_ruleset(value), value
    path = Path(value)
    if not path.exists():
        known = ", ".join(BUILTIN_DOCUMENTS)
        raise CommandError(f"{value} is neither a built-in ruleset ({known}) nor a file")
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CommandError(f"cannot read the ruleset file {value}: {error}") from None
    return Ruleset.from_document(document), document


def dump(document: Any) -> str:
    """Write JSON the way the command prints it."""
    return json.dumps(document, indent=2, ensure_ascii=False)


def cmd_score(args: argparse.Namespace) -> int:
    """Print the scored game."""
    game = load_game_text(read_input(args.game))
    if args.ruleset:
        from .house_rules import rescore

        ruleset, ref = load_ruleset_option(args.ruleset)
        result = rescore(game, ruleset, ref)
    else:
        result = score_game(game)
    print(dump(result.to_json()))
    return 0


def cmd_rulesets(args: argparse.Namespace) -> int:
    """List the built-in rulesets, or print one ruleset's document."""
    if args.slug:
        print(dump(find_ruleset(args.slug).document))
        return 0
    rows = [("slug", "name", "players", "deals")]
    for ruleset in builtin_rulesets():
        low, high = ruleset.min_players, ruleset.max_players
        players = str(low) if low == high else f"{low}-{high}"
        rows.append((ruleset.slug or "", ruleset.name, players, ruleset.deals_description()))
    widths = [max(len(row[col]) for row in rows) for col in range(3)]
    for row in rows:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False))
            + "  "
            + row[3]
        )
    return 0


def cmd_sheet(args: argparse.Namespace) -> int:
    """Write a blank or completed scoresheet as a PDF."""
    from .sheets.command import run_sheet_command

    return run_sheet_command(args)


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the web app under the production server."""
    from .server import serve

    serve(host=args.host, port=args.port, db=args.db, threads=args.threads)
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    """Copy the database consistently, even while the app runs."""
    from .storage import StorageError, backup_database

    try:
        backup_database(args.db, args.out)
    except StorageError as error:
        raise CommandError(str(error)) from None
    print(f"backed up to {args.out}", file=sys.stderr)
    return 0


def _open_existing_database(path: str | None) -> Any:
    from .config import default_database_path
    from .storage import open_database

    source = Path(path) if path else default_database_path()
    if not source.exists():
        raise CommandError(f"there is no database at {source}")
    return open_database(source)


def cmd_export_all(args: argparse.Namespace) -> int:
    """Write every game into one archive file."""
    from .archive import export_all

    target = Path(args.out)
    if args.out != "-" and target.exists():
        raise CommandError(f"{target} already exists; choose a new file for the archive")
    db = _open_existing_database(args.db)
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


def cmd_import_all(args: argparse.Namespace) -> int:
    """Add every game of an archive file to the database, all or none."""
    from .archive import import_games, read_archive_text
    from .config import default_database_path
    from .storage import open_database

    games = read_archive_text(read_input(args.archive))
    db = open_database(args.db or default_database_path())
    try:
        count = import_games(db, games)
    finally:
        db.close()
    print(f"imported {count} games", file=sys.stderr)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """Describe the command line."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Keep score of Back Alley, Bluke, Joker and house rules.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("score", help="score a game file and print the result as JSON")
    p.add_argument("game", help="the game file, or - for standard input")
    p.add_argument("--ruleset", help="rescore under another ruleset: a slug or a ruleset file")
    p.set_defaults(run=cmd_score)

    p = sub.add_parser("rulesets", help="list the built-in rulesets, or print one as JSON")
    p.add_argument("slug", nargs="?", help="print this ruleset's document")
    p.set_defaults(run=cmd_rulesets)

    p = sub.add_parser("sheet", help="write a scoresheet PDF (blank or of a game)")
    p.add_argument("game", nargs="?", help="the game file (or - for standard input)")
    p.add_argument("--blank", action="store_true", help="a blank sheet to score on with a pencil")
    p.add_argument("--ruleset", help="the ruleset of a blank sheet: a slug or a ruleset file")
    p.add_argument("--players", help='names in seating order, e.g. "Ann,Bob,Cy,Dee"')
    p.add_argument("--first-dealer", type=int, default=0, help="seat of the first dealer")
    p.add_argument("--paper", choices=("letter", "a4"), default="letter")
    p.add_argument("-o", "--output", required=True, help="where to write the PDF")
    p.set_defaults(run=cmd_sheet)

    p = sub.add_parser("serve", help="run the web app under the production server")
    p.add_argument("--host", default="0.0.0.0")
    p.add_argument("--port", type=int, default=5000)
    p.add_argument(
        "--db", default=None, help="the SQLite file (default instance/scorekeeper.sqlite)"
    )
    p.add_argument("--threads", type=int, default=8)
    p.set_defaults(run=cmd_serve)

    p = sub.add_parser("backup", help="copy the database consistently while the app runs")
    p.add_argument("out", help="the new SQLite file to write")
    p.add_argument("--db", default=None, help="the database to copy")
    p.set_defaults(run=cmd_backup)

    p = sub.add_parser("export-all", help="write every game into one JSON archive file")
    p.add_argument("out", help="the new archive file to write, or - for standard output")
    p.add_argument("--db", default=None, help="the database to read")
    p.set_defaults(run=cmd_export_all)

    p = sub.add_parser("import-all", help="add every game of an archive file (all or none)")
    p.add_argument("archive", help="the archive file, or - for standard input")
    p.add_argument("--db", default=None, help="the database to add the games to")
    p.set_defaults(run=cmd_import_all)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; errors become one line on standard error and exit status 1."""
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (ScoreError, CommandError) as error:
        print(
            f"scorekeeper: {error}" if isinstance(error, CommandError) else str(error),
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    # Run the imported module's main, so errors raised by other modules (which import
    # scorekeeper.cli) are the same classes main() catches.
    from scorekeeper.cli import main as imported_main

    sys.exit(imported_main())
