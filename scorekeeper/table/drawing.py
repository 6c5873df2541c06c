"""The table page's changing part, drawn from `templates/table/` as the server draws it.

The server draws `table/screen.html` inside `game.html` with Flask's templates; the phone
has no Flask, so it draws the same template with a Jinja environment of its own, given
the same filters (`isolate`, `bdi_names`) and a `csrf_token()` that says the token the
page already holds. One template, one drawing: the screen a phone draws offline is the
screen the server would have sent.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import jinja2

from ..rules import trump_label
from .bidi import isolate
from .markup import bdi_join, bdi_names

_PACKAGE = Path(__file__).resolve().parent.parent
#: The templates inside the package, where the phone's bundle and the wheel put them; in a
#: checkout, at its top (as `machine.config` finds them).
TEMPLATES = (
    _PACKAGE / "templates" if (_PACKAGE / "templates").is_dir() else _PACKAGE.parent / "templates"
)
#: The filters the table's templates may use: the server's pages register the same ones.
FILTERS = {"bdi_join": bdi_join, "bdi_names": bdi_names, "isolate": isolate, "trump": trump_label}


@functools.cache
def environment(templates: Path = TEMPLATES) -> jinja2.Environment:
    """Return the Jinja environment the phone draws with (one per templates folder)."""
    drawing = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates), autoescape=True, extensions=["jinja2.ext.i18n"]
    )
    # The templates mark their words for translation, `_("...")`, as the server's pages do;
    # the phone says them in English until the table page is translated.
    drawing.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    drawing.filters.update(FILTERS)
    return drawing


def draw(name: str, templates: Path = TEMPLATES, /, **context: Any) -> str:
    """Draw one of the table's templates ("table/screen.html") with what it is given."""
    return environment(templates).get_template(name).render(**context)


def draw_screen(
    page: Any, *, token: str, nonce: str, problem: str | None = None, templates: Path = TEMPLATES
) -> str:
    """Draw the table page's changing part, as `game.html` includes it."""
    return draw(
        "table/screen.html",
        templates,
        page=page,
        nonce=nonce,
        problem=problem,
        csrf_token=lambda: token,
    )
