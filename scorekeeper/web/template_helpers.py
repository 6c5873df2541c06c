"""Everything the templates may call besides their page's model, registered in one place.

Names are set apart on the pages: every user-written name in its own <bdi> (see
`screen.bidi`). Links other phones open (watch, edit) name an address they reach.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from babel.dates import format_datetime
from flask import Flask, request

from ..screen.drawing import FILTERS as TABLE_FILTERS
from ..standings.stats import one_decimal
from .docs import as_html
from .language import language
from .runtime import runtime_url
from .sharing import edit_url, edit_urls, home_by_name, watch_url, watch_urls
from .sheets import reader_paper
from .trust import secure_origin
from .wrapping import unbroken_text


def pick(indices: Iterable[int], values: list) -> list:
    """Return the values at these indices: a game's sides by their numbers."""
    return [values[index] for index in indices]


def when(stamp: str) -> str:
    """Write a stored time for people, in the server's time zone: "Sat 21 Nov 2026, 20:14"."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except (TypeError, ValueError):
        return ""
    if language() == "en":
        return moment.strftime("%a %d %b %Y, %H:%M")
    return format_datetime(moment, "EEE d MMM y, HH:mm", locale=language())


def secure_page_origin() -> str:
    """Return the secure address a plain page may move to, or "" (a secure page, or none)."""
    return "" if request.is_secure else secure_origin()


#: The table's filters (which the phone draws with too, `screen.drawing`), and the pages' own.
FILTERS = {
    **TABLE_FILTERS,
    "pick": pick,
    "markdown": as_html,
    "one_decimal": one_decimal,
    "unbroken": unbroken_text,
    "when": when,
}
GLOBALS = {
    "runtime_url": runtime_url,
    "paper": reader_paper,
    "secure_origin": secure_page_origin,
    "watch_link": watch_url,
    "watch_links": watch_urls,
    "edit_link": edit_url,
    "edit_links": edit_urls,
    "home_by_name": home_by_name,
}


def init_app(app: Flask) -> None:
    """Give the templates their filters and globals."""
    app.jinja_env.filters.update(FILTERS)
    app.jinja_env.globals.update(GLOBALS)
