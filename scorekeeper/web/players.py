"""The family's players: who has played, who wins, who makes their bids; one page per player."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ..presentation.players import player_page, players_page
from .db import get_db
from .pools import slow
from .quotas import quota

bp = Blueprint("players", __name__, url_prefix="/players")


@bp.get("")
@slow
@quota("long reads")
def index() -> str:
    page = players_page(get_db(), request.args.get("sort", ""))
    return render_template("players/index.html", page=page)


@bp.get("/<path:name>")
@slow
@quota("long reads")
def player(name: str) -> str:
    return render_template("players/player.html", page=player_page(get_db(), name))
