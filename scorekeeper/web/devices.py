"""Devices: a long-lived random cookie names each phone, so edit rights follow the phone."""

from __future__ import annotations

import secrets

from flask import Flask, Response, g, request

COOKIE = "scorekeeper_device"
LIFETIME = 400 * 24 * 3600


def current_device() -> str:
    """Return this phone's device id, creating one (sent back as a cookie) if it has none."""
    if "device" not in g:
        known = request.cookies.get(COOKIE, "")
        if 16 <= len(known) <= 64 and known.replace("-", "").replace("_", "").isalnum():
            g.device, g.new_device = known, False
        else:
            g.device, g.new_device = secrets.token_urlsafe(24), True
    return g.device


def on_this_machine() -> bool:
    """Say whether the request comes from a browser on the machine running Scorekeeper.

    Both the address and the name asked for must be the loopback's: behind a reverse
    proxy every request arrives from 127.0.0.1, but under the proxy's public name.
    """
    host = request.host.rsplit(":", 1)[0] if not request.host.startswith("[") else "[::1]"
    loopback = request.remote_addr in ("127.0.0.1", "::1")
    return loopback and host in ("localhost", "127.0.0.1", "[::1]")


def _send_cookie(response: Response) -> Response:
    if g.get("new_device"):
        response.set_cookie(
            COOKIE,
            g.device,
            max_age=LIFETIME,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure,
        )
    return response


def init_app(app: Flask) -> None:
    """Send a new device its cookie."""
    app.after_request(_send_cookie)
