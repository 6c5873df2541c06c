"""Addresses for the pages, built once: `url_for` for templates, remembered.

The game page alone asks for some 25 addresses on every tap, and Werkzeug builds each
from the URL map again (a third of the page's time). The map never changes while the
app runs and the one URL default (a static file's fingerprint, `assets.py`) is fixed
while it runs, so a relative address depends only on the endpoint, its values and
where the app is mounted (`request.script_root`, set by a proxy). External addresses
name the host, so they are built every time.
"""

from __future__ import annotations

import functools
from typing import Any

from flask import request, url_for

#: Enough for every page's own addresses and those of a few hundred games.
CACHE_SIZE = 4096


@functools.lru_cache(maxsize=CACHE_SIZE)
def _built(script_root: str, endpoint: str, values: tuple[tuple[str, Any], ...]) -> str:
    return url_for(endpoint, **dict(values))


def page_url_for(endpoint: str, **values: Any) -> str:
    """Return `url_for(endpoint, **values)`, from memory for a relative address."""
    if any(name.startswith("_") for name in values):
        return url_for(endpoint, **values)  # _external, _anchor, _scheme …: build it
    try:
        return _built(request.script_root, endpoint, tuple(values.items()))
    except TypeError:  # a value that cannot be a key (a list): build it
        return url_for(endpoint, **values)
