"""The family's players: who has played, who wins, who makes their bids; one page per player."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from ..standings.results import family, with_games
from ..standings.stats import SORTS, best_bidders, ranked
from .db import get_db

bp = Blueprint("players", __name__, url_prefix="/players")


@bp.get("")
def index() -> str:
    by = request.args.get("sort", "made")
    if by not in SORTS:
        by = "made"
    stats = family(get_db())
    players = ranked(stats, by)
    sizes = sorted({cards for player in players for cards in player.points_by_cards}, reverse=True)
    return render_template(
        "players/index.html",
        stats=stats,
        players=players,
        best=best_bidders(stats),
        by=by,
        sorts=SORTS,
        sizes=sizes,
    )


@bp.get("/<path:name>")
def player(name: str) -> str:
    db = get_db()
    stats = family(db)
    found = stats.player(name)
    if found is None:
        abort(404)
    return render_template(
        "players/player.html",
        player=with_games(db, found),
        head_to_head=stats.head_to_head(found.name),
    )
