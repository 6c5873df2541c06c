"""Games for the sheet tests: the golden examples, and a few built here by rule."""

from __future__ import annotations

import json
import re
from io import BytesIO
from typing import Any

from pypdf import PdfReader

from scorekeeper.rules import GameResult, find_ruleset, read_game, score_game
from scorekeeper.rules.builtins import down_and_up
from tests.conftest import EXAMPLES as EXAMPLES  # the sheet tests import it from here

TRUMPS = ["clubs", "hearts", "none", "spades", "diamonds"]

#: A family's Bluke for a big table: two decks, up to 20 players (the built-ins seat 15 at
#: most), each deal top … 1 … top with as many cards as two decks give everyone (13 at most).
CROWD: dict[str, Any] = {
    "base": "bluke",
    "name": "Bluke for a crowd (two decks)",
    "players": [2, 20],
    "deck": 108,
    "schedule": {str(count): down_and_up(min(13, 107 // count), ones=1) for count in range(2, 21)},
}


def example(slug: str) -> dict[str, Any]:
    """Return a golden example game file, parsed."""
    return json.loads((EXAMPLES / f"{slug}.game.json").read_text(encoding="utf-8"))


def scored(document: dict[str, Any]) -> GameResult:
    """Score a game file."""
    return score_game(read_game(document))


#: A family's Back Alley for six, each alone, with two decks: 26 deals of 13 … 1 … 13, as many
#: as partnership Back Alley, for six sides (bids 0 … n, so no deal is thrown in).
SIX_ALONE: dict[str, Any] = {
    "base": "back-alley-individual",
    "name": "Back Alley for six (two decks)",
    "players": [2, 6],
    "deck": 108,
    "schedule": down_and_up(13),
    "bids": {"min": 0, "max": "n"},
    "one_card": None,
}


def bluke_game(
    players: int, names: list[str] | None = None, ruleset: str | dict[str, Any] = "bluke"
) -> dict[str, Any]:
    """Return a complete game of Bluke (or of a house Bluke) for this many players.

    Bids and tricks vary by deal, so the totals differ from player to player.
    """
    names = names or [f"Player{seat + 1}" for seat in range(players)]
    if isinstance(ruleset, str):
        rules = find_ruleset(ruleset)
    else:
        rules = read_game({"ruleset": ruleset, "players": names, "deals": []}).ruleset
    deals = []
    for number, cards in enumerate(rules.schedule(players)):
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
    return {"ruleset": ruleset, "players": names, "first_dealer": 2 % players, "deals": deals}


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


def page_texts(pdf: bytes) -> list[str]:
    """Return each page's text layer."""
    return [page.extract_text() for page in PdfReader(BytesIO(pdf)).pages]


def pdf_pages(pdf: bytes) -> list[tuple[float, float]]:
    """Return each page's size in points, from its media box."""
    pages = PdfReader(BytesIO(pdf)).pages
    return [(float(page.mediabox.width), float(page.mediabox.height)) for page in pages]


def printed_characters(pdf: bytes) -> set[str]:
    """Return every character the PDF draws with a real glyph of a font it embeds.

    WeasyPrint embeds a subset of each font it used, and maps each glyph drawn back to its
    characters (ToUnicode). A character no installed font has is drawn as an empty box
    whose glyph number is not in the font; a real one's is, and is not glyph 0 (.notdef).
    """
    from fontTools.ttLib import TTFont

    found: set[str] = set()
    for page in PdfReader(BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            if "/ToUnicode" not in font:
                continue
            glyphs = 0
            for descendant in font.get("/DescendantFonts", []):
                descriptor = descendant.get_object()["/FontDescriptor"].get_object()
                for key in ("/FontFile2", "/FontFile3", "/FontFile"):
                    if key in descriptor:
                        data = descriptor[key].get_object().get_data()
                        glyphs = TTFont(BytesIO(data))["maxp"].numGlyphs
            cmap = font["/ToUnicode"].get_object().get_data().decode("latin-1")
            for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
                for glyph, text in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block):
                    if 0 < int(glyph, 16) < glyphs:
                        found |= set(bytes.fromhex(text).decode("utf-16-be", "replace"))
    return found
