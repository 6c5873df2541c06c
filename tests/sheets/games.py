"""Games for the sheet tests: the golden examples, and a few built here by rule."""

from __future__ import annotations

import json
import re
from io import BytesIO
from typing import Any

from pypdf import PdfReader

from scorekeeper.rules import GameResult, find_ruleset, read_game, score_game
from tests.conftest import EXAMPLES as EXAMPLES  # the sheet tests import it from here

TRUMPS = ["clubs", "hearts", "none", "spades", "diamonds"]


def example(slug: str) -> dict[str, Any]:
    """Return a golden example game file, parsed."""
    return json.loads((EXAMPLES / f"{slug}.game.json").read_text(encoding="utf-8"))


def scored(document: dict[str, Any]) -> GameResult:
    """Score a game file."""
    return score_game(read_game(document))


def bluke_game(players: int, names: list[str] | None = None) -> dict[str, Any]:
    """Return a complete Bluke game for this many players; bids and tricks vary by deal."""
    names = names or [f"Player{seat + 1}" for seat in range(players)]
    deals = []
    for number, cards in enumerate(find_ruleset("bluke").schedule(players)):
        tricks = [0] * players
        for trick in range(cards):
            tricks[(trick * 3 + number) % players] += 1
        deals.append(
            {
                "bids": [1 + (seat + number) % cards for seat in range(players)],
                "tricks": tricks,
                "trump": TRUMPS[number % len(TRUMPS)],
            }
        )
    return {"ruleset": "bluke", "players": names, "first_dealer": 2, "deals": deals}


def joker_passing_game() -> dict[str, Any]:
    """Return a Joker game where all but Bob pass and take nothing: three set bonuses a set."""
    deals = [
        {"bids": [0, 0, 0, 0], "tricks": [0, cards, 0, 0]}
        for cards in find_ruleset("joker").schedule(4)
    ]
    return {"ruleset": "joker", "players": ["Ann", "Bob", "Cy", "Dee"], "deals": deals}


def pdf_text(pdf: bytes) -> str:
    """Return the PDF's text layer with every run of whitespace made one space."""
    pages = PdfReader(BytesIO(pdf)).pages
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pages))


def pdf_pages(pdf: bytes) -> list[tuple[float, float]]:
    """Return each page's size in points, from its media box."""
    pages = PdfReader(BytesIO(pdf)).pages
    return [(float(page.mediabox.width), float(page.mediabox.height)) for page in pages]
