"""The table: the pages a family uses to keep score of a live game."""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, redirect, render_template, url_for

from ..rules import ScoreError, load_game_text
from ..storage import NotFound, StoredGame, add_editor, create_game, get_game, list_games, write
from .db import get_db
from .devices import current_device
from .forms import ImportForm

bp = Blueprint("table", __name__)


def load_or_404(game_id: str) -> StoredGame:
    """Return the stored game, or answer 404."""
    try:
        return get_game(get_db(), game_id)
    except NotFound:
        abort(404)


@bp.get("/")
def home() -> str:
    games = [(stored, stored.result()) for stored in list_games(get_db())]
    playing = [(stored, result) for stored, result in games if not result.complete]
    finished = [(stored, result) for stored, result in games if result.complete]
    return render_template("home.html", playing=playing, finished=finished)


@bp.get("/games/<game_id>")
def game(game_id: str) -> str:
    stored = load_or_404(game_id)
    return render_template("game.html", stored=stored, result=stored.result())


@bp.get("/games/<game_id>/watch")
def watch(game_id: str) -> str:
    stored = load_or_404(game_id)
    return render_template("game.html", stored=stored, result=stored.result())


@bp.get("/games/<game_id>/join/<edit_key>")
def join(game_id: str, edit_key: str) -> Response:
    """Make this phone an editor of the game: the link the scorer shares."""
    stored = load_or_404(game_id)
    if edit_key != stored.edit_key:
        abort(404)
    db = get_db()
    with write(db):
        add_editor(db, game_id, current_device())
    return redirect(url_for("table.game", game_id=game_id), code=303)


@bp.get("/games/<game_id>/export.json")
def export(game_id: str) -> Response:
    stored = load_or_404(game_id)
    response = Response(
        json.dumps(stored.game.to_json(), ensure_ascii=False, indent=1),
        mimetype="application/json",
    )
    response.headers["Content-Disposition"] = f'attachment; filename="game-{game_id}.json"'
    return response


@bp.route("/import", methods=["GET", "POST"])
def import_game() -> Response | tuple[str, int] | str:
    form = ImportForm()
    if form.validate_on_submit():
        raw = form.file.data.read(1024 * 1024 + 1)
        try:
            game_file = load_game_text(raw)
        except ScoreError as error:
            form.file.errors.append(f"This file cannot be imported: {error}")
        else:
            db = get_db()
            with write(db):
                stored = create_game(db, game_file, device=current_device())
            return redirect(url_for("table.game", game_id=stored.id), code=303)
    status = 422 if form.is_submitted() else 200
    return render_template("import.html", form=form), status
