"""Sharing a game: its watch and edit links (on an address other phones reach), their QR
codes, and taking scoring back (revoking every edit link given out before: the creator's)."""

from __future__ import annotations

import io
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from flask import Blueprint, Response, abort, current_app, flash, redirect, request, url_for
from flask_babel import gettext
from flask_wtf import FlaskForm

from ..machine import running
from ..machine.addresses import offered as offered_links
from ..service import games
from .db import get_db
from .devices import current_device

bp = Blueprint("sharing", __name__)


#: The hosts `serve` listens on when every network of the machine may reach it.
EVERY_NETWORK = ("0.0.0.0", "::")


def offered(endpoint: str, **values: Any) -> list[str]:
    """Return a page's absolute address as other phones on the network must open it: by
    the server's name first (when `serve` announced one), then by its address.

    Opened on the server itself (localhost), the link names the machine's LAN address
    instead, when the server listens on the network (`scorekeeper serve` by default). A
    link for another phone is the plain address, even from a secure page: it opens on
    any phone with no warning, and moves on to the secure one where that phone trusts
    the server (`static/secure.js`).
    """
    url = url_for(endpoint, _external=True, **values)
    plain = current_app.config.get("PLAIN_PORT")
    if request.is_secure and plain:
        parts = urlsplit(url)
        host = parts.hostname or "localhost"
        host = f"[{host}]" if ":" in host else host
        url = urlunsplit(parts._replace(scheme="http", netloc=f"{host}:{plain}"))
    if current_app.config.get("LISTENS_ON") in EVERY_NETWORK:
        server = running.find(current_app.config["DATABASE"])
        return offered_links(url, server.name if server else None)
    return [url]


def external(endpoint: str, **values: Any) -> str:
    """Return the first of the page's addresses offered (`offered`): by name where there is one."""
    return offered(endpoint, **values)[0]


def home_by_name() -> str | None:
    """Return the home page by the server's name when the phone opened it another way (by
    address): an app added to a home screen from there follows the computer to a new address."""
    links = offered("games.home")
    if len(links) < 2 or urlsplit(links[0]).netloc == request.host:
        return None
    return links[0]


def watch_urls(game_id: str) -> list[str]:
    """Return the game's read-only watch link, by name then by address (the QR codes')."""
    return offered("table.watch", game_id=game_id)


def watch_url(game_id: str) -> str:
    """Return the game's read-only watch link (the one the QR code holds)."""
    return watch_urls(game_id)[0]


def edit_urls(game_id: str, edit_key: str) -> list[str]:
    """Return the game's edit link, by name then by address: whoever opens it may keep score."""
    return offered("games.join", game_id=game_id, edit_key=edit_key)


def edit_url(game_id: str, edit_key: str) -> str:
    """Return the game's edit link: whoever opens it may keep score."""
    return edit_urls(game_id, edit_key)[0]


def creator_urls(game_id: str, creator_key: str) -> list[str]:
    """Return a game's one-use creator link, by name then address: the phone that opens it
    keeps the game."""
    return offered("games.take_creation", game_id=game_id, creator_key=creator_key)


def qr_svg(text: str, title: str) -> Response:
    """Draw a QR code as an SVG image (made here, no outside service)."""
    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(
        out, kind="svg", border=4, dark="#000", light="#fff", xmldecl=False, omitsize=True,
        title=title,
    )  # fmt: skip
    return Response(out.getvalue(), mimetype="image/svg+xml")


@bp.get("/games/<game_id>/edit-qr.svg")
def edit_qr(game_id: str) -> Response:
    """The edit link as a QR code, for the scorer to hand scoring to another phone."""
    stored = games.open_to_change(get_db(), game_id, current_device())
    response = qr_svg(edit_url(stored.id, stored.edit_key), "QR code: the edit link of this game")
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/games/<game_id>/edit-qr-by-address.svg")
def edit_qr_by_address(game_id: str) -> Response:
    """The edit link by address as a QR code, for a phone that cannot open the server's name."""
    stored = games.open_to_change(get_db(), game_id, current_device())
    link = edit_urls(stored.id, stored.edit_key)[-1]
    response = qr_svg(link, "QR code: the edit link of this game, by address")
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.post("/games/<game_id>/hand-over")
def hand_over(game_id: str) -> Response:
    """Take scoring back: every edit link given out is revoked, and only the phone that
    started the game keeps scoring, with a new link (the service refuses any other phone)."""
    if not FlaskForm().validate() or request.form.get("game") != game_id:
        abort(400)
    games.hand_over(get_db(), game_id, current_device())
    flash(
        gettext("Done: other phones can no longer score this game. The edit link is new."),
        "success",
    )
    return redirect(url_for("table.game", game_id=game_id) + "#hand-over", code=303)  # type: ignore[return-value]
