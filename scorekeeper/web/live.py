"""The watch side of a game: the big live scoreboard, its QR code, the chart, the installable app.

Everything here only reads. The watch link grants nothing: writes go through the
JSON API, which refuses any phone that is not an editor of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from flask import (
    Blueprint,
    Response,
    current_app,
    render_template,
    request,
)
from markupsafe import Markup

from ..chart import score_chart_svg
from ..games import load
from ..rules import DealResult, GameResult
from ..storage import StoredGame
from .api import etag
from .assets import with_fingerprints
from .db import get_db
from .sharing import edit_url, qr_svg, watch_url

bp = Blueprint("live", __name__)


@dataclass(frozen=True)
class Standing:
    """One side on the scoreboard: its name, its total, and whether it is in front."""

    name: str
    total: int
    leads: bool


@dataclass(frozen=True)
class Scoreboard:
    """What the watch page shows: the standings, the last deal, and what comes next."""

    result: GameResult
    standings: tuple[Standing, ...]
    played: int  #: the schedule slot of the last deal played (0 before the first)
    deals: int  #: deals in the whole schedule
    scored: int  #: deals scored so far (thrown-in deals not counted)
    say: str  #: the standings as one sentence, for reading aloud

    @property
    def last(self) -> DealResult | None:
        return self.result.deals[-1] if self.result.deals else None


def scoreboard(result: GameResult) -> Scoreboard:
    """Turn a scored game into the watch page's scoreboard."""
    scored = sum(not deal.thrown_in for deal in result.deals)
    best = max(result.totals) if scored else None
    standings = tuple(
        Standing(name, total, total == best)
        for name, total in zip(result.sides, result.totals, strict=True)
    )
    played = result.deals[-1].setup.number if result.deals else 0
    ranked = sorted(standings, key=lambda standing: -standing.total)
    spoken = ", ".join(f"{s.name.replace('&', 'and')} {s.total}" for s in ranked)
    if result.complete:
        say = f"Game over. {spoken}."
    elif result.deals:
        say = f"After deal {played}: {spoken}."
    else:
        say = ""
    return Scoreboard(result, standings, played, len(result.schedule), scored, say)


@bp.app_template_global()
def score_chart(stored: StoredGame) -> Markup:
    """Draw the running-totals chart inline (the SVG escapes every name), once per game text."""
    return Markup(stored.read.derived(score_chart_svg))  # every name in it is escaped


@bp.app_template_global("game_watch_url")
def _watch_url_global(stored: StoredGame) -> str:
    return watch_url(stored)


@bp.app_template_global("game_edit_url")
def _edit_url_global(stored: StoredGame) -> str:
    return edit_url(stored)


@bp.get("/games/<game_id>/live")
def watch(game_id: str) -> str:
    stored = load(get_db(), game_id)
    return render_template(
        "live/watch.html",
        stored=stored,
        result=stored.result(),
        board=scoreboard(stored.result()),
        etag=etag(stored),
    )


@bp.get("/games/<game_id>/live/board")
def board(game_id: str) -> Response:
    """Return just the scoreboard, for the watch page to swap in when the game changes."""
    stored = load(get_db(), game_id)
    result = stored.result()
    html = render_template(
        "live/board.html",
        stored=stored,
        result=result,
        board=scoreboard(result),
    )
    response = Response(html, mimetype="text/html")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<game_id>/qr.svg")
def qr(game_id: str) -> Response:
    """Draw the QR code of the game's watch link."""
    stored = load(get_db(), game_id)
    response = qr_svg(watch_url(stored), "QR code: the watch link of this game")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<game_id>/chart.svg")
def chart(game_id: str) -> Response:
    """Serve the running-totals chart as an image."""
    stored = load(get_db(), game_id)
    response = Response(stored.read.derived(score_chart_svg), mimetype="image/svg+xml")
    response.headers["ETag"] = etag(stored)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """Serve the service worker from the root, so it may look after every page of the app.

    It keeps the files the pages load under the same fingerprinted addresses.
    """
    return _fingerprinted("sw.js", "text/javascript", cache="no-cache")


def _fingerprinted(name: str, mimetype: str, *, cache: str) -> Response:
    """Serve a static text file with its "/static/…" paths fingerprinted (`assets.py`)."""
    text = (Path(current_app.static_folder or "static") / name).read_text(encoding="utf-8")
    response = Response(with_fingerprints(text), mimetype=mimetype)
    response.headers["Cache-Control"] = cache
    response.add_etag()
    return response.make_conditional(request)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """Serve the web app manifest with its own media type (makes the app installable).

    Its icons are named by their fingerprints, as the pages and the service worker name them.
    """
    return _fingerprinted(
        "manifest.webmanifest", "application/manifest+json", cache="public, max-age=3600"
    )


@bp.get("/offline")
def offline() -> str:
    """The page the service worker shows when a page is not cached and the network is gone."""
    return render_template("live/offline.html")
