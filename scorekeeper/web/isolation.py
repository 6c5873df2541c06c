"""Names set apart on the pages: every user-written name in its own <bdi> (see scorekeeper.bidi)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from flask import Flask
from markupsafe import Markup, escape

from ..bidi import isolate


def bdi_join(names: Iterable[str], separator: str) -> Markup:
    """Join names for a page, each in its own <bdi> so none can reorder its neighbours."""
    return Markup(escape(separator)).join(Markup("<bdi>%s</bdi>") % name for name in names)


def bdi_names(sentence: str, names: Iterable[str]) -> Markup:
    """Put every name said in a sentence (a score's explanation) in its own <bdi>."""
    shown = sorted({str(escape(name)) for name in names if name.strip()}, key=len, reverse=True)
    text = str(escape(sentence))
    if not shown:
        return Markup(text)
    pattern = re.compile("|".join(re.escape(name) for name in shown))
    return Markup(pattern.sub(lambda found: f"<bdi>{found.group(0)}</bdi>", text))


def init_app(app: Flask) -> None:
    """Give the templates the filters: bdi_join, bdi_names, and isolate for plain text."""
    app.add_template_filter(bdi_join, "bdi_join")
    app.add_template_filter(bdi_names, "bdi_names")
    app.add_template_filter(isolate, "isolate")
