"""English left on a Georgian page, PDF or phone-drawn screen: every word in Latin letters a
Georgian reader would meet, but for the few that are the same in every language.

Used by tests/web/test_language.py (every page, the PDF sheets, the manifest) and the
phone's and the chart's own tests."""

from __future__ import annotations

import html
import re

#: What a Georgian page may write in Latin letters, and why: the players' names of the tests'
#: games; the sources' own names (sites, and the Joker keepers named after them); the games'
#: names as those sources write them, which have no Georgian name; and the app's own name,
#: the formats and the language switch's "English", which read the same in any language.
ALLOWED = (
    # players' names (and a name's key, "ann", in the players' page)
    "Ann", "Bob", "Cy", "Dee", "ann",
    # the sources
    "pagat.com", "gamerules.com", "CatsAtCards.com", "CatsAtCards",
    "Joker Score", "JokerApp", "jokerscore", "void-mafia",
    # the games' own names, as the sources write them
    "New Jersey Bluke", "Back Alley Bridge", "Back Alley", "Bluke",
    # the same in every language
    "Scorekeeper", "PDF", "QR", "json", "Letter", "English",
)  # fmt: skip

#: An allowed name where it stands as a word, a Georgian ending hyphened on or not
#: ("pagat.com-ზე").
_ALLOWED = re.compile(
    r"(?<![\w-])(?:" + "|".join(re.escape(name) for name in ALLOWED) + r")(?![A-Za-z])"
)
#: A word in Latin letters: two letters or more (a lone "n" of "n cards" is a number).
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
#: What is read aloud though not written: a screen reader says these attributes.
_HEARD = re.compile(r'\b(?:aria-label|title|alt|placeholder)="([^"]*)"')


def heard(page: str) -> str:
    """The words a person reads or hears on a page (or in an SVG): its text and the
    attributes a screen reader says, without scripts, styles, code, the keyboard's keys
    (<kbd>: as they are written on the keys), or tags."""
    page = re.sub(r"<(script|style|code|kbd)\b.*?</\1>", " ", page, flags=re.S)
    said = _HEARD.findall(page)
    text = re.sub(r"<[^>]+>", " ", page)
    return " ".join(html.unescape(" ".join([text, *said])).split())


def english_words(text: str) -> list[str]:
    """Return every word in Latin letters the text holds that is not `ALLOWED` (addresses
    left out: a link is a link in every language; so are a printed sheet's codes, "K7Q-4MZ",
    letters chosen at random)."""
    text = re.sub(r"\S+://\S+", " ", text)
    text = re.sub(r"\b[0-9A-Z]{3}-[0-9A-Z]{3}\b", " ", text)
    return _WORD.findall(_ALLOWED.sub(" ", text))
