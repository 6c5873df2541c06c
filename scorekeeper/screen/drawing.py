"""The table page's changing part, drawn from `templates/screen/` as the server draws it.

The server draws `screen/screen.html` inside `game.html` with Flask's templates; the phone
has no Flask, so it draws the same template with a Jinja environment of its own, given
the same filters (`isolate`, `bdi_names`, `say`) and a `csrf_token()` that says the token
the page already holds. One template, one drawing: the screen a phone draws offline is the
screen the server would have sent, in the page's language too. The phone's bundle carries
the compiled catalogs (`translations/<language>/LC_MESSAGES/messages.mo`, where the server's
are), read with the standard library's `gettext` (the phone has no Babel); `say` renders a
`Sentence` with that catalog, as the server's `say` does with Flask-Babel's.
"""

from __future__ import annotations

import functools
import gettext
from pathlib import Path
from typing import Any

import jinja2

from .. import TEMPLATES, TRANSLATIONS
from ..rules import trump_label
from ..rules.sentences import say
from .bidi import isolate
from .markup import bdi_join, bdi_names

#: The filters the table's templates may use: the server's pages register these (and their
#: own beside them, `web.template_helpers`).
FILTERS = {"bdi_join": bdi_join, "bdi_names": bdi_names, "isolate": isolate, "trump": trump_label}


@functools.cache
def catalog(language: str = "en", translations: Path = TRANSLATIONS) -> gettext.NullTranslations:
    """Return a language's catalog, as the server's pages say it (English: the words as they
    are written, and for a language with no catalog too)."""
    try:
        with open(translations / language / "LC_MESSAGES" / "messages.mo", "rb") as mo:
            return gettext.GNUTranslations(mo)
    except (OSError, ValueError):
        return gettext.NullTranslations()


@functools.cache
def environment(templates: Path = TEMPLATES, language: str = "en") -> jinja2.Environment:
    """Return the Jinja environment the phone draws with (one per templates folder and
    language)."""
    drawing = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates), autoescape=True, extensions=["jinja2.ext.i18n"]
    )
    # The templates mark their words for translation, `_("...")`, as the server's pages do.
    words = catalog(language)
    drawing.install_gettext_translations(words, newstyle=True)  # type: ignore[attr-defined]
    drawing.filters.update(FILTERS)
    drawing.filters["say"] = functools.partial(say, catalog=words)
    return drawing


def draw(name: str, templates: Path = TEMPLATES, /, language: str = "en", **context: Any) -> str:
    """Draw one of the table's templates ("screen/screen.html") with what it is given, in a
    language ("en", "ka")."""
    return environment(templates, language).get_template(name).render(**context)


def draw_screen(
    page: Any,
    *,
    token: str,
    nonce: str,
    problem: str | None = None,
    note_typed: str | None = None,
    note_problem: str | None = None,
    templates: Path = TEMPLATES,
    language: str = "en",
) -> str:
    """Draw the table page's changing part, as `game.html` includes it (with a note refused:
    the words typed, and why, beside its field)."""
    return draw(
        "screen/screen.html",
        templates,
        language=language,
        page=page,
        nonce=nonce,
        problem=problem,
        note_typed=note_typed,
        note_problem=note_problem,
        csrf_token=lambda: token,
    )
