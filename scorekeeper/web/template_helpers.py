"""Everything the templates may call besides their page's model, registered in one place.

Names are set apart on the pages: every user-written name in its own <bdi> (see
`table.bidi`). Links other phones open (watch, edit) name an address they reach.
"""

from __future__ import annotations

from datetime import datetime

from flask import Flask

from ..rules import trump_label
from ..standings.stats import one_decimal
from ..table.bidi import isolate
from ..table.markup import bdi_join, bdi_names
from .docs import as_html
from .runtime import runtime_url
from .sharing import edit_url, watch_url


def when(stamp: str) -> str:
    """Write a stored time for people, in the server's time zone: "Sat 21 Nov 2026, 20:14"."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except (TypeError, ValueError):
        return ""
    return moment.strftime("%a %d %b %Y, %H:%M")


FILTERS = {
    "bdi_join": bdi_join,
    "bdi_names": bdi_names,
    "isolate": isolate,
    "markdown": as_html,
    "one_decimal": one_decimal,
    "trump": trump_label,
    "when": when,
}
GLOBALS = {
    "runtime_url": runtime_url,
    "watch_link": watch_url,
    "edit_link": edit_url,
}


def init_app(app: Flask) -> None:
    """Give the templates their filters and globals."""
    app.jinja_env.filters.update(FILTERS)
    app.jinja_env.globals.update(GLOBALS)
