"""The `scorekeeper` command and every subcommand it has.

One module per family of subcommands (score.py, sheet.py, read_sheet.py, database.py,
all_games.py, nights.py, rules.py, service.py, trust.py); each adds its own subcommands to
the parser. Only the subcommand that runs imports what it needs, so `scorekeeper score`
never loads Flask or WeasyPrint and starts fast. File and usage problems are a
`CommandError` (files.py); problems with the rules stay a `ScoreError`. Both end as one
line on standard error, `scorekeeper: ` and what is wrong, and exit status 1.

May import: machine, rules, night, house_rules, storage, standings, service, presentation,
transfer, sheets, screen, web, server, reading (each subcommand imports only what it runs).
Libraries: none.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from ..rules import ScoreError
from . import all_games, database, nights, read_sheet, rules, score, service, sheet, trust
from .files import CommandError

__all__ = ["CommandError", "build_parser", "main"]


class Parser(argparse.ArgumentParser):
    """argparse, saying a command line used wrongly in the command's one form of error."""

    def error(self, message: str) -> NoReturn:
        raise CommandError(f"{message}; see `{self.prog} --help`")


def build_parser() -> argparse.ArgumentParser:
    """Describe the command line."""
    parser = Parser(
        prog="scorekeeper",
        description="Keep score of Back Alley, Bluke, Joker and house rules.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    for family in (score, sheet, read_sheet, database, all_games, nights, rules, service, trust):
        family.add_commands(commands)
    return parser


#: The exit status of every error, whatever went wrong (README "The command").
ERROR = 1
#: The exit status when Ctrl-C stops the command, as shells count it (128 + SIGINT).
INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command. Every error, whatever its kind, is one line on standard error, the
    program's name first as conventional tools say it (`scorekeeper: deal 3: …`, with a hint
    where one helps), nothing on standard output, and exit status 1."""
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except (CommandError, ScoreError) as error:
        print(f"scorekeeper: {error}", file=sys.stderr)
        return ERROR
    except KeyboardInterrupt:
        return INTERRUPTED
