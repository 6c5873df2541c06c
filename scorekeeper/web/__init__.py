"""The web app: the application factory, and one blueprint per area of the app.

Views parse the request, make one call (into `presentation` to read a page, into
`service` to change something), and render or redirect. `db.py` gives each request
its connection; `template_helpers.py` registers everything the templates may call;
`security.py`, `quotas.py` and `devices.py` guard the requests; `language.py` says
the pages in the reader's language.

May import: machine, rules, night, house_rules, storage, standings, service, presentation,
transfer, sheets, screen.
Libraries: flask, flask_wtf, flask_limiter, limits, flask_compress, werkzeug, wtforms,
jinja2, markupsafe, markdown_it, segno, flask_babel, babel, rjsmin, rcssmin.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import IO, Any

from flask import Flask, Request, Response, has_request_context
from werkzeug.datastructures import MultiDict
from werkzeug.formparser import FormDataParser

from .. import STATIC, TEMPLATES
from ..machine import config
from .assets import KEPT_FOR, MINIFIERS, is_fingerprinted, served_content
from .security import csrf


class ScorekeeperApp(Flask):
    """Flask, keeping static files under their fingerprints for a year (`assets.py`)."""

    def get_send_file_max_age(self, filename: str | None) -> int | None:
        # A static file asked for under its current fingerprint never changes (assets.py).
        if filename and has_request_context() and is_fingerprinted(filename):
            return KEPT_FOR
        return super().get_send_file_max_age(filename)

    def send_static_file(self, filename: str) -> Response:
        response = super().send_static_file(filename)
        if filename.endswith(tuple(MINIFIERS)) and response.status_code == 200:
            # A script or a style sheet is sent as its fingerprint was taken: no comments,
            # a script's imports fingerprinted.
            content = served_content(str(self.static_folder), filename)
            if content is not None:
                response.direct_passthrough = False
                response.set_data(content)
                response.set_etag(hashlib.sha256(content).hexdigest())
        if is_fingerprinted(filename) and response.status_code == 200:
            response.cache_control.immutable = True  # not even checked on a reload
            # Read whole (the files are small), so it is compressed once and kept
            # (compression.py), not compressed again as a stream on every request.
            response.direct_passthrough = False
            response.set_data(response.get_data())
        return response


class NamedPartsParser(FormDataParser):
    """Werkzeug's form parser, dropping every part that has no name.

    A crafted multipart post can carry a part with no name; Werkzeug files it under the
    key None, and Flask-WTF and WTForms crash on that key (a 500) instead of refusing.
    The form is still parsed only when a view first reads it, after the view has set its
    own size limit (an archive's import).
    """

    def parse(
        self,
        stream: IO[bytes],
        mimetype: str,
        content_length: int | None,
        options: dict[str, str] | None = None,
    ) -> tuple[IO[bytes], MultiDict[str, Any], MultiDict[str, Any]]:
        stream, form, files = super().parse(stream, mimetype, content_length, options)
        return stream, _named(form), _named(files)


def _named(fields: MultiDict[Any, Any]) -> MultiDict[Any, Any]:
    if None not in fields:
        return fields
    return type(fields)((key, value) for key, value in fields.items(multi=True) if key is not None)


class FormRequest(Request):
    """A request whose form never holds a field without a name, checked for its Host.

    Its form is read by NamedPartsParser. The Host must be one of TRUSTED_HOSTS (Flask
    refuses any other with 400), or an IP address: a rebinding attack needs a name, and a
    phone on the WiFi types the address.
    """

    form_data_parser_class = NamedPartsParser
    _trusted_names: list[str] | None = None

    @property  # type: ignore[override]
    def trusted_hosts(self) -> list[str] | None:
        if config.is_ip_address(self.environ.get("HTTP_HOST", "")):
            return None
        return self._trusted_names

    @trusted_hosts.setter
    def trusted_hosts(self, names: list[str] | None) -> None:
        self._trusted_names = names


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app; `test_config` overrides settings (e.g. DATABASE) for tests."""
    app = ScorekeeperApp(
        __name__,
        instance_path=str(config.INSTANCE),
        instance_relative_config=True,
        template_folder=str(TEMPLATES),
        static_folder=str(STATIC),
    )
    app.config.from_mapping(
        DATABASE=str(config.default_database_path()),
        # A game lasts hours and a page may stay open all evening: tokens never expire
        # on their own; they are tied to the (long-lived) session instead.
        WTF_CSRF_TIME_LIMIT=None,
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        # The session only carries the CSRF token: signing a fresh cookie on every answer
        # costs each tap time and buys nothing (400 days from the first visit is enough).
        SESSION_REFRESH_EACH_REQUEST=False,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_NAME="scorekeeper_session",
        MAX_CONTENT_LENGTH=1024 * 1024,
        MAX_FORM_MEMORY_SIZE=256 * 1024,
        MAX_FORM_PARTS=200,
        JSON_SORT_KEYS=False,
        QUOTAS=config.quotas_on(),
        MIN_FREE_BYTES=config.min_free_bytes(),
        TRUSTED_HOSTS=config.trusted_hosts(),
    )
    if test_config:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config.secret_key(config.INSTANCE)
    app.request_class = FormRequest
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]

    csrf.init_app(app)
    from . import (
        assets,
        compression,
        db,
        devices,
        errors,
        language,
        quotas,
        security,
        template_helpers,
    )

    assets.init_app(app)
    compression.init_app(app)
    db.init_app(app)
    quotas.init_app(app)
    devices.init_app(app)
    security.init_app(app)
    errors.init_app(app)
    language.init_app(app)

    from . import (
        all_games,
        api,
        docs,
        games,
        host,
        live,
        nights,
        paper,
        photos,
        players,
        rules_pages,
        runtime,
        sharing,
        sheet_links,
        sheets,
        table,
        trust,
    )

    areas = (
        language,
        games,
        table,
        paper,
        photos,
        api,
        sheets,
        sheet_links,
        rules_pages,
        docs,
        live,
        nights,
        players,
        all_games,
        sharing,
        host,
        trust,
        runtime,
    )
    for area in areas:
        app.register_blueprint(area.bp)
    sheets.init_app(app)
    template_helpers.init_app(app)
    return app


def edit_link_for_command(
    database: str,
    game_id: str,
    base: str | None,
    *,
    creator: bool = False,
    listens_on: str | None = None,
) -> list[str]:
    """Return a game's edit link for `scorekeeper edit-link` on the server's address `base`,
    by name first when the server announced one (it listens on `listens_on`); with
    `creator`, a new one-use creator link instead (the phone that opens it keeps the game).
    With no `base` (no server running), the link's path alone.

    It lives beside the factory (not in sharing.py) because it builds an app: sharing.py
    importing the factory would import the package that imports sharing.py.
    """
    from urllib.parse import urlsplit

    from ..service import games
    from ..storage import get_game
    from .db import get_db
    from .sharing import creator_urls, edit_urls

    app = create_app({"DATABASE": database, "SERVER_NAME": None, "LISTENS_ON": listens_on})
    with app.test_request_context("/", base_url=base or "http://localhost"):
        if creator:
            links = creator_urls(game_id, games.creator_link_key(get_db(), game_id))
        else:
            stored = get_game(get_db(), game_id)
            links = edit_urls(stored.id, stored.edit_key)
    return links if base else [urlsplit(links[-1]).path]


def blank_link_for_command(
    database: str,
    base: str,
    ruleset: str,
    players: list[str] | int,
    first_dealer: int | None,
    *,
    listens_on: str | None = None,
) -> Any:
    """Return a new blank sheet's link (a `SheetLink`) for `scorekeeper sheet`, on the
    server's address `base` (by number, as the pages print it), signed with the app's key.

    Only the sheet's routes are set up, with no store: printing a sheet opens no database.
    Raise OSError when the secret key cannot be read (or made). It lives beside the factory
    for the reason `edit_link_for_command` does.
    """
    from . import sheet_links

    app = Flask(__name__)
    app.config.update(
        SECRET_KEY=config.secret_key(config.INSTANCE), DATABASE=database, LISTENS_ON=listens_on
    )
    app.register_blueprint(sheet_links.bp)
    with app.test_request_context("/", base_url=base):
        return sheet_links.new_blank_link(ruleset, players, first_dealer)
