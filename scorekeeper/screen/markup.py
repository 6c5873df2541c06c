"""Names set apart on a page: every user-written name in its own <bdi> (see `bidi.py`).

The templates' filters for names. The server's pages and the phone's drawing of the
table page register these same functions, so a name is shown alike everywhere.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from markupsafe import Markup, escape

from .bidi import isolate


def bdi_join(names: Iterable[str], separator: str) -> Markup:
    """Join names for a page, each in its own <bdi> so none can reorder its neighbours."""
    return Markup(escape(separator)).join(Markup("<bdi>%s</bdi>") % name for name in names)


def bdi_names(sentence: str, names: Iterable[str]) -> Markup:
    """Put every name said in a sentence (a score's explanation) in its own <bdi>."""
    text = str(escape(sentence))
    pattern = _names_pattern(tuple(names), escaped=True)
    if pattern is None:
        return Markup(text)
    return Markup(pattern.sub(lambda found: f"<bdi>{found.group(0)}</bdi>", text))


def isolated_names(sentence: str, names: Iterable[str]) -> str:
    """Set every name said in a sentence apart, for plain text (a script's `textContent`)."""
    pattern = _names_pattern(tuple(names), escaped=False)
    if pattern is None:
        return str(sentence)
    return pattern.sub(lambda found: isolate(found.group(0)), str(sentence))


@functools.lru_cache(maxsize=64)
def _names_pattern(names: tuple[str, ...], *, escaped: bool) -> re.Pattern[str] | None:
    """Return the pattern that finds a table's names (as a page writes them, or as they are),
    longest first (kept: a page of twenty long names says them in hundreds of sentences)."""
    found = {str(escape(name)) if escaped else name for name in names if name.strip()}
    shown = sorted(found, key=len, reverse=True)
    return re.compile("|".join(re.escape(name) for name in shown)) if shown else None
