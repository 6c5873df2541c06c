"""Scorekeeper: keeps score of Back Alley, Bluke, Joker and house rules at a real table.

`create_app` is the Flask application factory; it is imported lazily so that
`scorekeeper.rules` and the command line never pay for Flask.

The folders shipped beside the code (templates, static, docs, translations) are located
here, once, for every package: inside the package in a wheel and in the phone's bundle
(which holds this file, `rules` and `screen`, not `machine`), at the checkout's top when
it runs from one. This file needs only the standard library and does nothing on import
but find them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: The package's own folder.
PACKAGE = Path(__file__).resolve().parent
#: The checkout the package sits in, when it runs from one (`make run`, an editable install).
CHECKOUT = PACKAGE.parent


def shipped(name: str) -> Path:
    """Return a folder shipped with the app: inside the package, or at the checkout's top."""
    installed = PACKAGE / name  # the wheel maps templates/, static/, docs/, translations/ in here
    return installed if installed.is_dir() else CHECKOUT / name


TEMPLATES = shipped("templates")
STATIC = shipped("static")
DOCS = shipped("docs")
TRANSLATIONS = shipped("translations")


def create_app(test_config: dict[str, Any] | None = None) -> Any:
    """Build the web app (see scorekeeper.web)."""
    from .web import create_app as build

    return build(test_config)
