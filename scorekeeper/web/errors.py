"""Every refusal is a 4xx with a sentence a person understands; never a bare error page."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Flask,
    Response,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    session,
)
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, SecurityError

from ..presentation.errors import error_page
from ..rules.sentences import Sentence
from ..service.errors import NotAllowed
from ..storage import DiskNearlyFull, NotFound

MESSAGES = {
    400: Sentence("That request did not make sense to Scorekeeper."),
    403: Sentence("Only the phones keeping score for this game can change it."),
    404: Sentence("There is nothing here. The game may have been typed wrong."),
    410: Sentence("That link was replaced with a new one."),
    405: Sentence("That is not something you can do here."),
    413: Sentence("That is too big for Scorekeeper: a game file should be well under a megabyte."),
    429: Sentence("Too many requests at once; wait a moment."),
}
WENT_WRONG = Sentence("Something went wrong in Scorekeeper. Nothing was changed.")
UNREADABLE = Sentence(
    "Scorekeeper could not read that: it holds text or nesting no game file has. Nothing was saved."
)
UNKNOWN_HOST = Sentence(
    "This server does not answer to that name. Open Scorekeeper by this machine's address "
    "or its name; the README says how to add a name (SCOREKEEPER_HOSTS)."
)
STALE_FORM = Sentence(
    "This page was open for a long time and its form went stale. Nothing was saved: "
    "what you entered is below, tap it again."
)


def wants_json() -> bool:
    """Say whether the caller is a program (the JSON API) rather than a page."""
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


def refusal(status: int, message: str, *, follow: str = "", to: str = "", **extra: Any) -> Response:
    """Answer a refusal as JSON for the API, or as a friendly page (with a button `follow`
    to the address `to`, when there is something better to do than go back)."""
    from .language import say

    message = say(message)
    if wants_json():
        response = jsonify({"error": message, **extra})
    else:
        page = error_page(status, message, (follow, to) if follow and to else None)
        response = Response(render_template("error.html", page=page))
    response.status_code = status
    return response


def _same_origin_referrer() -> str | None:
    referrer = request.referrer
    if not referrer:
        return None
    parts = urlsplit(referrer)
    if parts.netloc and parts.netloc != request.host:
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def _form_page() -> str | None:
    """Return this form's own page when it has one (GET on the same address), else None."""
    try:
        current_app.url_map.bind("localhost").match(request.path, method="GET")
    except HTTPException:
        return None
    return request.path


def _csrf_refused(error: CSRFError) -> Response:
    if wants_json():
        return refusal(
            400,
            f"The security token was refused ({error.description}). "
            "Fetch the page again for a fresh token.",
        )
    back = _same_origin_referrer() or _form_page()
    if back is None:
        return refusal(400, STALE_FORM)
    # Keep what was entered, so the form comes back filled in and nothing is lost.
    session["rescued_form"] = {
        key: values if len(values) > 1 else values[0]
        for key, values in request.form.lists()
        if key not in ("csrf_token", "nonce")
    }
    from .language import say

    flash(say(STALE_FORM), "error")
    return redirect(back, code=303)  # type: ignore[return-value]


def init_app(app: Flask) -> None:
    """Install the handlers."""
    app.register_error_handler(CSRFError, _csrf_refused)

    @app.errorhandler(SecurityError)
    def _unknown_host(_error: SecurityError) -> Response:
        # No page can be drawn: its links would need the refused name. Plain words instead.
        if request.path.startswith("/api/"):
            return Response(json.dumps({"error": UNKNOWN_HOST}), 400, mimetype="application/json")
        return Response(UNKNOWN_HOST, 400, mimetype="text/plain")

    @app.errorhandler(NotFound)
    def _not_found(_error: NotFound) -> Response:
        return refusal(404, MESSAGES[404])

    @app.errorhandler(NotAllowed)
    def _not_allowed(error: NotAllowed) -> Response:
        return refusal(403, error.message)

    @app.errorhandler(DiskNearlyFull)
    def _disk_nearly_full(error: DiskNearlyFull) -> Response:
        # 507 Insufficient Storage: the server cannot keep what was sent, and says why.
        app.logger.error("refused a write: %s", error.message)
        return refusal(507, error.message)

    @app.errorhandler(BadQuery)
    def _bad_query(error: BadQuery) -> Response:
        return refusal(400, error.message)

    @app.errorhandler(HTTPException)
    def _http(error: HTTPException) -> Response:
        status = error.code or 500
        if status >= 500:
            return refusal(500, WENT_WRONG)
        return refusal(status, MESSAGES.get(status, error.description or "Refused."))

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> Response:
        if isinstance(error, RecursionError | UnicodeError):
            # Input no game could hold (text that is not Unicode, JSON nested thousands
            # deep) that slipped past a page's own checks: refuse it, do not crash on it.
            app.logger.warning("refused unreadable input: %r", error)
            return refusal(400, UNREADABLE)
        app.logger.exception("unexpected error")
        return refusal(500, WENT_WRONG)


class BadQuery(Exception):
    """A query parameter that is not what the page reads (`?page=x`): answered 400 in words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def page_asked(name: str = "page", *, most: int = 10_000) -> int | None:
    """Return the page number asked for in the query (1 … most), None when none is asked."""
    from flask import request

    raw = request.args.get(name)
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 5) or not 1 <= int(raw) <= most:
        raise BadQuery(f"“{raw[:20]}” is not a page of this list: {name} is a number from 1.")
    return int(raw)
