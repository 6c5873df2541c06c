"""The home list's shelf: move a game to the archive or bring it back.

Moving to the archive is the undo window of deleting: an archived game is off the home
list but whole (and in the archive export) until it is deleted for good from the archive,
through the confirm page that names it (`table.delete_game`).
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, flash, redirect, request, url_for
from flask_babel import gettext
from flask_wtf import FlaskForm

from ..service import games
from .db import get_db
from .devices import current_device

bp = Blueprint("shelf", __name__)


def _checked(game_id: str) -> None:
    """Refuse a form without its token, or one that does not name this game (a stray post)."""
    if not FlaskForm().validate() or request.form.get("game") != game_id:
        abort(400)


def _back(game_id: str) -> Response:
    """Go back where the form was: the game's page, or the home list."""
    on_game = request.form.get("back") == "game"
    target = url_for("table.game", game_id=game_id) if on_game else url_for("table.home")
    return redirect(target, code=303)  # type: ignore[return-value]


@bp.post("/games/<game_id>/archive")
def archive(game_id: str) -> Response:
    _checked(game_id)
    games.move_to_archive(get_db(), game_id, current_device())
    flash(
        gettext("Moved to the archive. Changed your mind? “Bring back” is under Archived games."),
        "status",
    )
    return _back(game_id)


@bp.post("/games/<game_id>/restore")
def restore(game_id: str) -> Response:
    _checked(game_id)
    games.move_to_archive(get_db(), game_id, current_device(), archived=False)
    flash(gettext("The game is back on the list."), "status")
    return _back(game_id)
