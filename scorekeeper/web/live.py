"""The watch side of a game: the big live scoreboard, its QR code, the chart, the installable app.

Everything here only reads. The watch link grants nothing: writes go through the
JSON API, which refuses any phone that is not an editor of the game.
"""

from __future__ import annotations

import json
from pathlib import Path

from flask import (
    Blueprint,
    Response,
    current_app,
    render_template,
    request,
)

from ..machine import config
from ..presentation.chart import game_chart
from ..presentation.errors import offline_page
from ..presentation.scoreboard import scoreboard
from ..rules.sentences import Sentence
from ..storage import get_game
from .api import etag
from .assets import with_fingerprints
from .db import get_db
from .language import language, say, words_url
from .quotas import quota
from .sharing import qr_svg, watch_url, watch_urls
from .slow import slow

bp = Blueprint("live", __name__)


@bp.get("/games/<game_id>/live")
def watch(game_id: str) -> str:
    return render_template("live/watch.html", page=scoreboard(get_db(), game_id, language()))


@bp.get("/games/<game_id>/live/board")
def board(game_id: str) -> Response:
    """Return just the scoreboard, for the watch page to swap in when the game changes."""
    html = render_template("live/board.html", page=scoreboard(get_db(), game_id, language()))
    response = Response(html, mimetype="text/html")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<game_id>/qr.svg")
def qr(game_id: str) -> Response:
    """Draw the QR code of the game's watch link (by the server's name, where it has one)."""
    stored = get_game(get_db(), game_id)
    response = qr_svg(watch_url(stored.id), "QR code: the watch link of this game")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<game_id>/qr-by-address.svg")
def qr_by_address(game_id: str) -> Response:
    """Draw the QR code of the game's watch link by address, for a phone that cannot
    open the server's name."""
    stored = get_game(get_db(), game_id)
    link = watch_urls(stored.id)[-1]
    response = qr_svg(link, "QR code: the watch link of this game, by address")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<game_id>/chart.svg")
@slow
@quota("long reads")
def chart(game_id: str) -> Response:
    """Serve the running-totals chart as an image, its words in the reader's language."""
    stored = get_game(get_db(), game_id)
    response = Response(game_chart(stored, language()), mimetype="image/svg+xml")
    response.headers["ETag"] = etag(stored, language())
    response.vary.update(("Accept-Language", "Cookie"))
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """Serve the service worker from the root, so it may look after every page of the app.

    It keeps the files the pages load under the same fingerprinted addresses, and the
    table's words in every language (a phone may switch language offline).
    """
    words = ", ".join(f'"{words_url(code)}"' for code in config.LANGUAGES)
    return _fingerprinted(
        "sw.js", "text/javascript", cache="no-cache", filled={'"/words/*"': words}
    )


def _fingerprinted(
    name: str, mimetype: str, *, cache: str, filled: dict[str, str] | None = None
) -> Response:
    """Serve a static text file with its "/static/…" paths fingerprinted (`assets.py`), and
    each of its `filled` markers replaced with what the server knows."""
    text = (Path(current_app.static_folder or "static") / name).read_text(encoding="utf-8")
    text = with_fingerprints(text)
    for marker, value in (filled or {}).items():
        text = text.replace(marker, value)
    response = Response(text, mimetype=mimetype)
    response.headers["Cache-Control"] = cache
    response.add_etag()
    return response.make_conditional(request)


#: What the installed app says it is, in the reader's language.
DESCRIPTION = Sentence(
    "Keep score of Back Alley, Bluke and Joker at the table; everyone else watches live."
)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """Serve the web app manifest with its own media type (makes the app installable).

    Its icons are named by their fingerprints, as the pages and the service worker name them;
    its name and description are in the reader's language, a copy kept per language.
    """
    said = {"name": say("Scorekeeper"), "description": say(DESCRIPTION), "lang": language()}
    response = _fingerprinted(
        "manifest.webmanifest",
        "application/manifest+json",
        cache="public, max-age=3600",
        filled={f'"*{key}*"': json.dumps(value, ensure_ascii=False) for key, value in said.items()},
    )
    response.vary.update(("Accept-Language", "Cookie"))
    return response


@bp.get("/offline")
def offline() -> str:
    """The page the service worker shows when a page is not cached and the network is gone."""
    return render_template("live/offline.html", page=offline_page())
