"""The reader's language: chosen on each page (a cookie remembers it per device), else the
browser's Accept-Language, else English; Flask-Babel's catalogs say the words.

Every page, watch page, sheet and PDF a device asks for is in that device's language:
the cookie goes with each of its requests. The scoring explanations the rules package
writes are `Sentence`s (a message id and its values): `say` renders them in the language.
"""

from __future__ import annotations

import functools
import hashlib
from typing import Any
from urllib.parse import urlsplit

from babel import support
from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    g,
    has_request_context,
    redirect,
    render_template,
    request,
)
from flask_babel import Babel, force_locale, get_locale, get_translations
from flask_wtf import FlaskForm
from wtforms.i18n import messages_path

from .. import TEMPLATES, TRANSLATIONS
from ..machine import config
from ..rules.sentences import render
from ..rules.sentences import say as say_in
from .assets import KEPT_FOR

bp = Blueprint("language", __name__)
COOKIE = "scorekeeper_language"
LIFETIME = 400 * 24 * 3600
DEFAULT = "en"


def chosen_language() -> str:
    """Return the language of this request: the device's choice, the browser's, or English."""
    asked = request.cookies.get(COOKIE, "")
    if asked in config.LANGUAGES:
        return asked
    return request.accept_languages.best_match(list(config.LANGUAGES), default=DEFAULT)


def language() -> str:
    """Return the language code of the page being drawn ("en", "ka")."""
    return str(get_locale() or DEFAULT)


def say(sentence: str) -> str:
    """Return a sentence (a `Sentence`, or a message of the catalog) in the reader's language.

    Words the catalog does not hold (a name, an error's own text) are shown as they are.
    """
    return say_in(sentence, _catalog())


def named(name: str) -> str:
    """Return a name as the reader's page writes it: Scorekeeper's own (a `Sentence`, such as
    a built-in ruleset's name) in the reader's language, anyone else's as they typed it."""
    return render(name, _catalog())


#: The table's words for its scripts (templates/screen/words.js), by language, drawn once
#: per process (the catalogs do not change while it runs).
_TABLE_WORDS: dict[str, bytes] = {}
WORDS_TEMPLATE = "screen/words.js"


def _table_words(code: str) -> bytes:
    found = _TABLE_WORDS.get(code)
    if found is None:
        g.pop("catalog", None)
        with force_locale(code):
            found = _TABLE_WORDS[code] = render_template(WORDS_TEMPLATE).encode("utf-8")
        g.pop("catalog", None)
    return found


@functools.cache
def _words_fingerprint(code: str) -> str:
    """Fingerprint a language's words by what they are made of (their template and the
    language's catalog), so a page names them without drawing them."""
    made = hashlib.sha256((TEMPLATES / WORDS_TEMPLATE).read_bytes())
    catalog = TRANSLATIONS / code / "LC_MESSAGES" / "messages.mo"
    if catalog.is_file():
        made.update(catalog.read_bytes())
    return made.hexdigest()[:12]


def words_url(code: str | None = None) -> str:
    """Return the address of the table's words in a language (the page's by default),
    under their fingerprint: a phone keeps them, and a tap's page does not carry them."""
    code = code or language()
    return f"/words/{code}.js?v={_words_fingerprint(code)}"


@bp.get("/words/<code>.js")
def words(code: str) -> Response:
    """The words the table's scripts say, in a language (`window.scorekeeperWords`)."""
    if code not in config.LANGUAGES:
        abort(404)
    response = Response(_table_words(code), mimetype="text/javascript")
    fingerprint = _words_fingerprint(code)
    if request.args.get("v") == fingerprint:
        response.cache_control.public = True
        response.cache_control.max_age = KEPT_FOR
        response.cache_control.immutable = True
    else:
        response.cache_control.no_cache = True
    response.set_etag(fingerprint)
    return response.make_conditional(request)


def _back_to(asked: str | None) -> str:
    """Return the page to go back to: a path of this app only, never another site."""
    if not asked:
        return "/"
    parts = urlsplit(asked)
    if parts.scheme or parts.netloc or not asked.startswith("/") or asked.startswith("//"):
        return "/"
    return asked


def _came_from() -> str | None:
    """Return the page of this app the switch was tapped on (Referrer-Policy: same-origin)."""
    if not request.referrer:
        return None
    parts = urlsplit(request.referrer)
    if parts.netloc != request.host:
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


@bp.get("/language/<code>")
def choose(code: str) -> Response:
    """Remember this device's language (for 400 days) and go back to the page it came from:
    `next`, else the page the link was on (the switch's links carry no `next`, to stay light),
    else home."""
    response = redirect(_back_to(request.args.get("next") or _came_from()), 303)
    if code in config.LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=LIFETIME, samesite="Lax", httponly=True)
    return response


def _vary(response: Response) -> Response:
    if response.mimetype in ("text/html", "application/pdf"):
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    return response


def _catalog() -> Any:
    """Return this request's catalog, looked up once a request: Flask-Babel's own template
    callables look it up again, through a dozen context lookups, for every message."""
    if not has_request_context():
        return get_translations()
    found = g.get("catalog")
    if found is None:
        found = g.catalog = get_translations()
    return found


def init_app(app: Flask) -> None:
    """Set Flask-Babel up on the app's catalogs, with the chosen language."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    Babel(app, locale_selector=chosen_language)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: _catalog().ugettext(s),
        ngettext=lambda s, p, n: _catalog().ungettext(s, p, n),
        newstyle=True,
    )
    app.after_request(_vary)
    app.jinja_env.globals.update(
        languages=config.LANGUAGES, language=language, say=say, words_url=words_url
    )
    app.jinja_env.filters["say"] = say
    app.jinja_env.filters["named"] = named


@functools.cache
def _wtforms_catalog(code: str) -> support.Translations:
    return support.Translations.load(messages_path(), [code], domain="wtforms")


class _WTFormsMessages:
    """WTForms' own messages ("This field is required.") in the reader's language.

    Flask-WTF finds and reads WTForms' catalog from disk again on every request (a third of
    a tap's form); each language's is read once per process here instead.
    """

    def gettext(self, string: str) -> str:
        return _wtforms_catalog(language()).ugettext(string)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return _wtforms_catalog(language()).ungettext(singular, plural, n)


WTFORMS_MESSAGES = _WTFormsMessages()


class Form(FlaskForm):
    """A form whose WTForms messages are in the reader's language: every form's base."""

    class Meta:
        def get_translations(self, form: Any) -> _WTFormsMessages:
            return WTFORMS_MESSAGES
