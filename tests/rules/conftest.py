"""Shared helpers for the rules tests: game documents, the reference schedules, the command."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import GameResult, score
from tests.conftest import EXAMPLES as EXAMPLES  # the rules tests import it from here
from tests.conftest import REPO

ANN, BOB, CY, DEE = "Ann", "Bob", "Cy", "Dee"
FOUR = [ANN, BOB, CY, DEE]

SLUGS = [
    "back-alley-pagat",
    "back-alley-gamerules",
    "back-alley-catsatcards",
    "back-alley-individual",
    "bluke",
    "bluke-new-jersey",
    "joker",
    "back-alley-bridge",
    "back-alley-seven",
]

#: Bluke's first (and last) deal by number of players, copied from docs/rules.md by hand.
BLUKE_TOP = {2: 13, 3: 13, 4: 13, 5: 10, 6: 8, 7: 7, 8: 6, 9: 5, 10: 5}
BLUKE_TOP |= {11: 4, 12: 4, 13: 4, 14: 3, 15: 3}

DOWN_13 = list(range(13, 0, -1))  # 13 … 1
UP_13 = list(range(1, 14))  # 1 … 13


def expected_schedule(slug: str, players: int = 4) -> list[int]:
    """Return the cards per deal of docs/rules.md's table, written out apart from the engine."""
    if slug in ("back-alley-pagat", "back-alley-catsatcards"):
        return DOWN_13 + UP_13
    if slug == "back-alley-gamerules":
        return DOWN_13 + UP_13[1:]
    if slug == "back-alley-individual":
        return [*DOWN_13, 1]
    if slug == "bluke":
        top = BLUKE_TOP[players]
        return list(range(top, 0, -1)) + list(range(2, top + 1))
    if slug == "bluke-new-jersey":
        top = BLUKE_TOP[players]
        return list(range(1, top + 1)) + list(range(top - 1, 0, -1))
    if slug == "joker":
        return [1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9, 8, 7, 6, 5, 4, 3, 2, 1, 9, 9, 9, 9]
    if slug == "back-alley-bridge":
        return [12, 10, 8, 6, 4, 2, 1, 3, 5, 7, 9, 11, 13]
    if slug == "back-alley-seven":
        return list(range(7, 0, -1)) + list(range(1, 8))
    raise KeyError(slug)


def game(
    ruleset: Any,
    deals: list[dict[str, Any]],
    players: list[str] | None = None,
    first_dealer: int = 0,
) -> dict[str, Any]:
    """Return a game document."""
    return {
        "ruleset": ruleset,
        "players": list(players or FOUR),
        "first_dealer": first_dealer,
        "deals": deals,
    }


def filler(slug: str, cards: int, players: int) -> dict[str, Any]:
    """Return a simple legal deal: seat 0 bids board (or 1, or 0) and takes every trick."""
    bids: list[Any]
    if slug in ("bluke", "bluke-new-jersey"):
        bids = [1] * players
    elif slug == "joker":
        bids = [0] * players  # adds up to 0, never to the cards dealt
    else:
        bids = ["board"] + ["pass"] * (players - 1)
    return {"bids": bids, "tricks": [cards] + [0] * (players - 1)}


def lead_in(slug: str, count: int, players: int = 4) -> list[dict[str, Any]]:
    """Return `count` filler deals, to reach a later slot of the schedule."""
    schedule = expected_schedule(slug, players)
    return [filler(slug, schedule[i], players) for i in range(count)]


def scored(
    ruleset: Any,
    deals: list[dict[str, Any]],
    players: list[str] | None = None,
    first_dealer: int = 0,
) -> dict[str, Any]:
    """Score a game document and return the output of `scorekeeper score` as a dict."""
    return score(game(ruleset, deals, players, first_dealer)).to_json()


def last_deal(ruleset: Any, deals: list[dict[str, Any]], **kwargs: Any) -> dict[str, Any]:
    """Score a game and return its last deal as printed."""
    return scored(ruleset, deals, **kwargs)["deals"][-1]


def result_of(ruleset: Any, deals: list[dict[str, Any]], **kwargs: Any) -> GameResult:
    """Score a game and return the GameResult."""
    return score(game(ruleset, deals, **kwargs))


def scorekeeper_command() -> list[str]:
    """Return the command line that runs `scorekeeper` from this environment."""
    script = Path(sys.executable).with_name("scorekeeper")
    if script.exists():
        return [str(script)]
    found = shutil.which("scorekeeper")
    if found:
        return [found]
    return [sys.executable, "-m", "scorekeeper.cli"]


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run `scorekeeper ARGS` in a subprocess and capture what it prints."""
    return subprocess.run(
        [*scorekeeper_command(), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )


@pytest.fixture
def write_json(tmp_path: Path):
    """Write a JSON document to a temporary file and return its path."""

    def write(document: Any, name: str = "game.json") -> str:
        path = tmp_path / name
        text = document if isinstance(document, str) else json.dumps(document)
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write
