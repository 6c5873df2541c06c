"""Names that cannot spoof: user-written text set apart from the words around it.

A player may be called anything, right-to-left override (U+202E) included. Shown
inside a sentence, such a name could reorder the text beside it ("Ann wins" read
backwards). Pages wrap names in <bdi>; plain text (the chart's SVG, the PDF sheet,
flash messages) puts them between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE,
which a Unicode renderer treats the same way.
"""

from __future__ import annotations

from collections.abc import Iterable

FSI = "\u2068"  #: FIRST STRONG ISOLATE: the name takes its own direction, apart
PDI = "\u2069"  #: POP DIRECTIONAL ISOLATE: back to the sentence's direction


def isolate(name: str) -> str:
    """Return a name set apart from its neighbours' direction (empty stays empty)."""
    return f"{FSI}{name}{PDI}" if name else name


def isolate_all(names: Iterable[str]) -> list[str]:
    """Return every name isolated."""
    return [isolate(name) for name in names]
