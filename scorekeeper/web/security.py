"""CSRF protection, headers on every response, secure cookies over HTTPS, and the session
kept for months."""

from __future__ import annotations

from flask import Flask, Response, request, session
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import CSRFProtect

from .trust import secure_origin

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
    policy = CONTENT_SECURITY_POLICY
    secure = "" if request.is_secure else secure_origin()
    if secure:  # a plain page asks the secure address whether its phone trusts it (secure.js)
        policy = policy.replace("connect-src 'self'", f"connect-src 'self' {secure}")
    # A response that states its own policy keeps it (the phone's rules worker, runtime.py).
    response.headers.setdefault("Content-Security-Policy", policy)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["X-Frame-Options"] = "DENY"
    mimetype = response.mimetype or ""
    if mimetype.startswith(TEXT_TYPES) and "charset" not in response.content_type:
        response.content_type = f"{mimetype}; charset=utf-8"
    return response


def _keep_session() -> None:
    # The CSRF token lives in the session: make it outlast a long evening (and the browser).
    # Setting it marks the session changed, so only once: a changed session is signed and
    # sent again with every answer.
    if not session.permanent:
        session.permanent = True


def init_app(app: Flask) -> None:
    """Install the headers and cookie settings."""
    app.session_interface = HttpsAwareSessions()
    app.before_request(_keep_session)
    app.after_request(_headers)


class HttpsAwareSessions(SecureCookieSessionInterface):
    """Mark the session cookie Secure whenever the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure
