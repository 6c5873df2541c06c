"""The table: the game page a family keeps score on, its taps, a deal's correction and
the scoresheet.

Every write is a small form: CSRF-protected, carrying a one-time `nonce` (a repeat
redirects to where the first went and records nothing) and the game's `version` (a stale
one gets 409 and the game as it is now). Each view parses its form, calls the service
layer (`scorekeeper.service`), and renders or redirects. A game's life around the table
(the list, a new game, joining, deleting, files in and out) is `games.py`.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from werkzeug.datastructures import MultiDict

from ..presentation.correction import correction_page
from ..presentation.scoresheet_page import scoresheet_page
from ..presentation.sheet_grid import NoSuchPart
from ..presentation.table_page import TablePage, describe_tap, table_page
from ..rules import ScoreError
from ..rules.sentences import Sentence
from ..screen.page import why_refused
from ..service import games, taps
from ..service.errors import (
    STALE,
    Conflict,
    KeyReused,
    NotAllowed,
)
from ..service.once import run_once
from ..storage import Connection, Reply, StoredGame, get_game
from .db import get_db
from .deal_editor import DealEditor
from .devices import current_device
from .errors import page_asked
from .forms import (
    EditDealForm,
    TapForm,
    flat_pairs,
    form_once,
    new_nonce,
)
from .language import language
from .quotas import quota
from .slow import slow

bp = Blueprint("table", __name__)


def not_saved(tap: str) -> Sentence:
    """Say that a tap was not saved, and that it may be tapped again."""
    return Sentence("Your tap “{tap}” was not saved: tap it again if it is still right.", tap=tap)


def tap_refused(tap: str) -> Sentence:
    """Say that a tap was not saved, for a phone that may not score."""
    return Sentence("Your tap “{tap}” was not saved.", tap=tap)


def game_url(game_id: str) -> str:
    """Return the game page's address."""
    return url_for("table.game", game_id=game_id)


def as_it_is_now(
    db: Connection, game_id: str, refused: Conflict | KeyReused
) -> tuple[StoredGame, str]:
    """Return the game as it is now, and why a form sent from an older page was refused.

    A form's one-time token sent again with other values comes from a page already used.
    """
    if isinstance(refused, Conflict):
        return refused.current, refused.message
    return get_game(db, game_id), STALE


def render_game(
    page: TablePage,
    *,
    status: int = 200,
    problem: str | None = None,
    note_typed: str | None = None,
    note_problem: str | None = None,
) -> tuple[str, int]:
    """Draw the game page: the deal being entered (for an editor), the last score, the totals
    (and a note refused: its words as typed, and why, beside its field)."""
    return render_template(
        "game.html",
        page=page,
        nonce=new_nonce(),
        problem=problem,
        note_typed=note_typed,
        note_problem=note_problem,
    ), status


@bp.get("/games/<game_id>")
def game(game_id: str) -> tuple[str, int]:
    page = table_page(get_db(), game_id, current_device(), language())
    rescued = session.pop("rescued_form", None)
    problem = None
    if isinstance(rescued, dict) and isinstance(rescued.get("step"), str):
        problem = not_saved(describe_tap(page.players, rescued["step"]))
    return render_game(page, problem=problem)


@bp.get("/games/<game_id>/table.json")
def table_json(game_id: str) -> Response:
    """The table page's model as JSON: what the page shows, for a phone to draw it itself."""
    page = table_page(get_db(), game_id, current_device(), language())
    response = Response(json.dumps(asdict(page), ensure_ascii=False), mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/games/<game_id>/watch")
def watch(game_id: str) -> Any:
    """The read-only watch link (the API's watch_url and the QR code): the live scoreboard."""
    from .live import watch as live_scoreboard

    return live_scoreboard(game_id)


@bp.post("/games/<game_id>/tap")
def tap(game_id: str) -> Any:
    """Take one tap of the deal being entered; record the deal on its last tap."""
    db = get_db()
    device = current_device()
    form = TapForm()
    if not form.validate():
        games.check_may_change(db, game_id, device)
        abort(400)
    step = form.step.data or ""
    typed = None
    if step == "note":  # the note's words come in a field of their own
        typed = form.note.data or ""
        step = f"note:{typed}"
    target = game_url(game_id)

    def take() -> Reply:
        taps.tap(db, game_id, step, device=device, version=form.version.data)
        return Reply(303, location=target)

    try:
        reply, _ = run_once(db, form_once(form.nonce.data or ""), take)
    except (Conflict, KeyReused) as refused:
        current, stale = as_it_is_now(db, game_id, refused)
        tapped = not_saved(describe_tap(current.game.players, step))
        message = Sentence("{why} {said}", why=stale, said=tapped)
        page = table_page(db, game_id, device, language())
        if typed is not None:  # the words typed stay in their field, to save again
            return render_game(page, status=409, note_typed=typed, note_problem=message)
        return render_game(page, status=409, problem=message)
    except NotAllowed as refused:
        # A page left open on a phone that may no longer score (the creator took scoring
        # back): the game as this phone may see it now, and why the tap was not saved.
        page = table_page(db, game_id, device, language())
        problem = tap_refused(describe_tap(page.players, step))
        if not page.replaced:  # a phone that lost scoring is told why on the page itself
            problem = Sentence("{said} {why}", said=problem, why=refused.message)
        return render_game(page, status=403, problem=problem)
    except ScoreError as error:
        page = table_page(db, game_id, device, language())
        if typed is not None:
            return render_game(page, status=422, note_typed=typed, note_problem=error.message)
        return render_game(page, status=422, problem=why_refused(error))
    return redirect(reply.location or target, code=303)


@bp.get("/games/<game_id>/scoresheet")
@slow
@quota("long reads")
def scoresheet(game_id: str) -> str:
    """The game's scoresheet: the same rows, cells and totals as its PDF (a page of it for a
    long game of many players)."""
    try:
        page = scoresheet_page(get_db(), game_id, current_device(), page_asked("part"))
    except NoSuchPart:
        abort(404)
    return render_template("scoresheet.html", page=page)


@bp.route("/games/<game_id>/deals/<int:position>/edit", methods=["GET", "POST"])
def edit_deal(game_id: str, position: int) -> Any:
    """Correct an earlier deal; everything after it is rescored, or nothing changes."""
    db = get_db()
    device = current_device()
    stored = games.open_to_change(db, game_id, device)
    if not 1 <= position <= len(stored.game.deals):
        abort(404)
    editing = DealEditor(stored, position)
    if request.method == "GET":
        form = EditDealForm(formdata=None, data={"version": stored.version})
        values = editing.values_of(stored.game.deals[position - 1])
        rescued = session.pop("rescued_form", None)
        if isinstance(rescued, dict):
            values = editing.values_from(MultiDict(flat_pairs(rescued)))
        form.nonce.data = new_nonce()
        form.trump.choices = editing.trump_choices()
        page = correction_page(stored, position, values)
        return render_template("edit_deal.html", page=page, form=form)
    form = EditDealForm()
    form.trump.choices = editing.trump_choices()
    values = editing.values_from(request.form)
    if not form.validate():
        abort(400)
    target = url_for("table.scoresheet", game_id=game_id) + f"#deal-{position}"
    errors: dict[str, str] = {}
    status = 422

    def correct() -> Reply:
        games.correct_deal(
            db,
            game_id,
            position,
            editing.raw_deal(values),
            device=device,
            version=form.version.data,
        )
        return Reply(303, location=target)

    try:
        reply, _ = run_once(db, form_once(form.nonce.data or ""), correct)
    except (Conflict, KeyReused) as refused:
        current, _ = as_it_is_now(db, game_id, refused)
        editing = DealEditor(current, position)
        errors["form"] = (
            "Someone else changed this game in the meantime. Nothing was saved; your "
            "changes are still below, and the game as it is now is shown."
        )
        form.version.data = current.version
        status = 409
    except ScoreError as error:
        errors.update(editing.place_error(error))
    else:
        return redirect(reply.location or target, code=303)
    form.nonce.data = new_nonce()
    page = correction_page(editing.stored, position, values, errors)
    return render_template("edit_deal.html", page=page, form=form), status
