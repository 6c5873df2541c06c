"""The project's documents (docs/*.md) as pages of the app: which there are, and what each shows.

A page carries its document's Markdown as written; the page renders it (the web's
`markdown` filter), so a phone sent the model gets the document itself.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from ..storage import NotFound

#: The documents the app serves, by the name in their address, with their file and title.
DOCUMENTS = {
    "rules": ("rules.md", "The rules Scorekeeper plays"),
    "game-format": ("game-format.md", "The game file"),
    "joker-variants": ("joker-variants.md", "Joker house variants"),
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
    others: list[OtherDocument]


def document_page(folder: Path, name: str) -> DocumentPage:
    """Build a document's page from `folder` (raise NotFound for one the app does not serve)."""
    if name not in DOCUMENTS:
        raise NotFound(name)
    filename, title = DOCUMENTS[name]
    others = [OtherDocument(other, heading) for other, (_, heading) in DOCUMENTS.items()]
    return DocumentPage(
        name=name,
        title=title,
        text=_text(folder / filename),
        others=[other for other in others if other.name != name],
    )


@functools.cache
def _text(path: Path) -> str:
    """Return a document's text (read once per process: the documents ship with the app)."""
    return path.read_text(encoding="utf-8")
