"""Scorekeeper: keeps score of Back Alley, Bluke, Joker and house rules at a real table.

`create_app` is the Flask application factory; it is imported lazily so that
`scorekeeper.rules` and the command line never pay for Flask.
"""

from __future__ import annotations

from typing import Any


def create_app(test_config: dict[str, Any] | None = None) -> Any:
    """Build the web app (see scorekeeper.web)."""
    from .web import create_app as build

    return build(test_config)
