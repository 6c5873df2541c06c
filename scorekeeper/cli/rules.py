"""`scorekeeper rules list` and `scorekeeper rules remove`: the host clears rules nobody plays.

A house ruleset is the family's when a game was played under it, a phone that keeps score
here keeps it, or nobody keeps it (saved before rulesets had owners); any other may be
removed here, by its address (slug) or all at once (`--strays`). No game changes: a game
keeps its own copy of the rules it was played under.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .all_games import database_path
from .files import CommandError


def add_commands(commands: Any) -> None:
    """Add `rules list` and `rules remove` to the command line."""
    p = commands.add_parser("rules", help="list the house rules, or remove those nobody plays")
    actions = p.add_subparsers(dest="action", required=True)
    listing = actions.add_parser("list", help="every house ruleset: who keeps it, who plays it")
    listing.add_argument("--db", default=None, help="the database to read")
    listing.set_defaults(run=run_list)
    remove = actions.add_parser(
        "remove", help="remove house rulesets nobody plays (never the family's)"
    )
    remove.add_argument(
        "slugs", nargs="*", metavar="SLUG", help="a ruleset's address (/rules/SLUG)"
    )
    remove.add_argument("--strays", action="store_true", help="every ruleset nobody plays")
    remove.add_argument("--db", default=None, help="the database to change")
    remove.set_defaults(run=run_remove)


def _open(path: str | None) -> Any:
    from ..storage import open_database

    database = database_path(path)
    if not database.exists():
        raise CommandError(f"there is no database at {database}")
    return open_database(database)


def run_list(args: argparse.Namespace) -> int:
    """Print every house ruleset, a line each: slug, name, games, keepers, whose it is."""
    from ..service.rulebook import house_rulesets_kept, why_kept

    db = _open(args.db)
    try:
        kept = house_rulesets_kept(db)
    finally:
        db.close()
    for ruleset in kept:
        phones = ", ".join(ruleset.phones) or "nobody"
        reason = why_kept(ruleset)
        whose = f"the family's: {reason}" if reason else "nobody plays it: may be removed"
        print(f"{ruleset.slug}\t{ruleset.name}\t{ruleset.games} games\tkept by {phones}\t{whose}")
    strays = sum(not ruleset.familys for ruleset in kept)
    print(
        f"{len(kept)} house rulesets, {strays} nobody plays"
        + ("; `scorekeeper rules remove --strays` removes them" if strays else ""),
        file=sys.stderr,
    )
    return 0


def run_remove(args: argparse.Namespace) -> int:
    """Remove the rulesets named (or every one nobody plays); refuse the family's, saying why."""
    from ..service.rulebook import house_rulesets_kept, remove_strays

    if bool(args.slugs) == bool(args.strays):
        raise CommandError("name the rulesets to remove (their slugs), or say --strays")
    db = _open(args.db)
    try:
        slugs = args.slugs or [r.slug for r in house_rulesets_kept(db) if not r.familys]
        removed, kept = remove_strays(db, slugs)
    finally:
        db.close()
    for slug, reason in kept.items():
        print(f"{slug}: kept, {reason}", file=sys.stderr)
    print(f"removed {len(removed)} house rulesets", file=sys.stderr)
    return 1 if kept else 0
