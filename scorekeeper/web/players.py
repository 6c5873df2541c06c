"""The family's players: who has played, who wins, who makes their bids; one page per player."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ..presentation.players import player_page, players_page
from ..standings.results import NoSuchPlace
from .db import get_db
from .errors import BadQuery
from .quotas import quota
from .slow import slow

bp = Blueprint("players", __name__, url_prefix="/players")

#: The longest place in the list read from an address: a player's key is a name (100
#: characters) read as the stats read it.
PLACE_LENGTH = 400


@bp.get("")
@slow
@quota("long reads")
def index() -> str:
    after, before = (request.args.get(name, "") for name in ("after", "before"))
    if len(after) > PLACE_LENGTH or len(before) > PLACE_LENGTH:
        raise BadQuery("That place in the list of players is longer than any name.")
    try:
        page = players_page(get_db(), request.args.get("sort", ""), after=after, before=before)
    except NoSuchPlace as missing:
        raise BadQuery(
            f"There is no player “{str(missing)[:40]}” in the list to page on from: "
            "open the players page again."
        ) from None
    return render_template("players/index.html", page=page)


@bp.get("/<path:name>")
@slow
@quota("long reads")
def player(name: str) -> str:
    older = request.args.get("older")
    if older is not None and not (older.isascii() and older.isdigit() and len(older) <= 19):
        raise BadQuery(f"“{older[:20]}” is not a place in this player's games: it is a number.")
    shown = player_page(get_db(), name, older_than=None if older is None else int(older))
    return render_template("players/player.html", page=shown)
