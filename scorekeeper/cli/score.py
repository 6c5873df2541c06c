"""`scorekeeper score` and `scorekeeper rulesets`: the rules engine on the command line."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..rules import load_game_text, score_game
from ..rules.variants import VARIANTS, variant_changes
from .files import find_slug, known_slugs, load_ruleset_option, read_input


def add_commands(commands: Any) -> None:
    """Add `score` and `rulesets` to the command line."""
    p = commands.add_parser("score", help="score a game file and print the result as JSON")
    p.add_argument("game", help="the game file, or - for standard input")
    p.add_argument("--ruleset", help="rescore under another ruleset: a slug or a ruleset file")
    p.set_defaults(run=run_score)

    p = commands.add_parser(
        "rulesets", help="list the built-in and ready-made rulesets, or print one as JSON"
    )
    p.add_argument("slug", nargs="?", help="print this ruleset's document")
    p.set_defaults(run=run_rulesets)


def dump(document: Any) -> str:
    """Write JSON the way the command prints it."""
    return json.dumps(document, indent=2, ensure_ascii=False)


def run_score(args: argparse.Namespace) -> int:
    """Print the scored game."""
    game = load_game_text(read_input(args.game))
    if args.ruleset:
        from ..house_rules import rescore

        ruleset, ref = load_ruleset_option(args.ruleset)
        result = rescore(game, ruleset, ref)
    else:
        result = score_game(game)
    print(dump(result.to_json()))
    return 0


def run_rulesets(args: argparse.Namespace) -> int:
    """List the built-in and ready-made rulesets, or print one ruleset's document.

    A ready-made variant prints as its house file (Joker and the rules it changes),
    which `--ruleset` takes back as a file.
    """
    if args.slug:
        ruleset, _ = find_slug(args.slug)
        print(dump(variant_changes(args.slug) if args.slug in VARIANTS else ruleset.document))
        return 0
    rows = [("slug", "name", "players", "deals")]
    for slug in known_slugs():
        ruleset, _ = find_slug(slug)
        low, high = ruleset.min_players, ruleset.max_players
        players = str(low) if low == high else f"{low}-{high}"
        rows.append((slug, ruleset.name, players, ruleset.deals_description()))
    widths = [max(len(row[col]) for row in rows) for col in range(3)]
    for row in rows:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False))
            + "  "
            + row[3]
        )
    return 0
