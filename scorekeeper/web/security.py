"""CSRF protection, headers on every response, secure cookies over HTTPS, and the session
kept for months."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, g, request, session
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import CSRFProtect, generate_csrf

#: Every post carries the session's token; the app factory installs it (`csrf.init_app`).
csrf = CSRFProtect()

#: The policy for every response: nothing from anywhere but this app, no inline script.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)

TEXT_TYPES = ("text/", "application/json", "application/javascript", "image/svg+xml")


def _headers(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["X-Frame-Options"] = "DENY"
    mimetype = response.mimetype or ""
    if mimetype.startswith(TEXT_TYPES) and "charset" not in response.content_type:
        response.content_type = f"{mimetype}; charset=utf-8"
    return response


#: Session tokens already signed, by (keys, session token): at most this many are kept.
SIGNED_KEPT = 1024
_signed: dict[tuple[Any, ...], str] = {}


def csrf_token() -> str:
    """Return the page's CSRF token (Flask-WTF's), signed once per session token.

    Flask-WTF signs the session's token afresh, with the time, for every page. Here
    tokens never expire (WTF_CSRF_TIME_LIMIT is None: a page stays open all evening),
    so the time in the signature is never checked and the first signature serves every
    later page of the session. With a time limit set, every page signs afresh as before.
    """
    config = current_app.config
    if config.get("WTF_CSRF_TIME_LIMIT") is not None:
        return str(generate_csrf())
    keys = (current_app.secret_key, config.get("WTF_CSRF_SECRET_KEY"))
    raw = session.get("csrf_token")
    signed = _signed.get((*keys, raw)) if raw else None
    if signed is None:
        signed = str(generate_csrf())
        if len(_signed) >= SIGNED_KEPT:
            _signed.clear()
        _signed[(*keys, session["csrf_token"])] = signed
    g.csrf_token = signed  # where Flask-WTF looks first for the rest of the request
    return signed


def _keep_session() -> None:
    # The CSRF token lives in the session: make it outlast a long evening (and the browser).
    # Setting it marks the session changed, so only once: a changed session is signed and
    # sent again with every answer.
    if not session.permanent:
        session.permanent = True


def init_app(app: Flask) -> None:
    """Install the headers and cookie settings."""
    app.session_interface = HttpsAwareSessions()
    # Flask-WTF offers its own both as a global and from a context processor: ours wins both.
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.context_processor(lambda: {"csrf_token": csrf_token})
    app.before_request(_keep_session)
    app.after_request(_headers)


class HttpsAwareSessions(SecureCookieSessionInterface):
    """Mark the session cookie Secure whenever the request came over HTTPS.

    Flask builds the cookie's serializer afresh on every request (and checks it by
    serializing a test value); it depends only on the keys, so it is built once per set
    of keys here. A changed SECRET_KEY (or its fallbacks) gets a serializer of its own.
    """

    def __init__(self) -> None:
        self._serializers: dict[tuple[Any, ...], Any] = {}

    def get_signing_serializer(self, app: Flask) -> Any:
        keys = (id(app), app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        kept = self._serializers.get(keys)
        if kept is None:
            kept = self._serializers[keys] = super().get_signing_serializer(app)
        return kept

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure
