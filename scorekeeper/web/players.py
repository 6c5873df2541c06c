"""The family's players: who has played, who wins, who makes their bids; one page per player."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from ..stats import (
    SORTS,
    FamilyStats,
    PlayedGame,
    best_bidders,
    family_stats,
    one_decimal,
    ranked,
)
from ..storage import list_games
from .db import get_db

bp = Blueprint("players", __name__, url_prefix="/players")
bp.add_app_template_filter(one_decimal, "one_decimal")


def all_stats() -> FamilyStats:
    """Count the stats over every stored game (newest first, so new spellings win ties)."""
    return family_stats(
        PlayedGame(stored.id, stored.updated, stored.result()) for stored in list_games(get_db())
    )


@bp.get("")
def index() -> str:
    by = request.args.get("sort", "made")
    if by not in SORTS:
        by = "made"
    stats = all_stats()
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
    stats = all_stats()
    found = stats.player(name)
    if found is None:
        abort(404)
    return render_template(
        "players/player.html", player=found, head_to_head=stats.head_to_head(found.name)
    )
