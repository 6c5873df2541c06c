"""The project's documents (docs/*.md) as pages of the app: which there are, and what each shows.

A page carries its document's Markdown as written; the page renders it (the web's
`markdown` filter), so a phone sent the model gets the document itself. A document may be
translated: docs/<language>/<file>.md (docs/ka/joker-variants.md) is shown to a reader of
that language, and the English to everyone else.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from ..rules.sentences import Sentence
from ..storage import NotFound

#: The language the documents are written in (docs/*.md); translations are in docs/<code>/.
ORIGINAL = "en"

#: The documents the app serves, by the name in their address, with their file and title.
DOCUMENTS = {
    "rules": ("rules.md", Sentence("The rules Scorekeeper plays")),
    "game-format": ("game-format.md", Sentence("The game file")),
    "joker-variants": ("joker-variants.md", Sentence("Joker house variants")),
}


@dataclass(frozen=True)
class OtherDocument:
    """Another document, for the links at the top of a document's page."""

    name: str
    title: str


@dataclass(frozen=True)
class DocumentPage:
    """One document's page: its title, its text, and the other documents to go to."""

    name: str
    title: str
    text: str  #: the document as written, in Markdown
    language: str  #: the language `text` is in: the reader's, or English when not translated
    others: list[OtherDocument]


def document_page(folder: Path, name: str, language: str = ORIGINAL) -> DocumentPage:
    """Build a document's page from `folder` in the reader's `language` (a code the app
    speaks) when the document is translated into it, else in English (raise NotFound for a
    document the app does not serve)."""
    if name not in DOCUMENTS:
        raise NotFound(name)
    filename, title = DOCUMENTS[name]
    others = [OtherDocument(other, heading) for other, (_, heading) in DOCUMENTS.items()]
    translated = _text(folder / language / filename) if language != ORIGINAL else None
    return DocumentPage(
        name=name,
        title=title,
        text=translated if translated is not None else _text(folder / filename) or "",
        language=language if translated is not None else ORIGINAL,
        others=[other for other in others if other.name != name],
    )


@functools.cache
def _text(path: Path) -> str | None:
    """Return a document's text, or None when there is no such file (read once per process:
    the documents ship with the app)."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
