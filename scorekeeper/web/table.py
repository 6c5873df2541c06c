"""The table: the pages a family uses to keep score of a live game.

Every write is a small form: CSRF-protected, carrying a one-time `nonce` (a
repeat redirects to where the first went and records nothing) and, in the
deal flow, the game's `version` (a stale one gets 409 and the game as it is
now). The deal being entered lives in the game's draft as a log of taps
(see `scorekeeper.table_state`), so it survives reloads and second phones.
"""

from __future__ import annotations

import json
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

from ..rules import ScoreError, load_game_text, trump_label
from ..storage import (
    Conflict,
    NotFound,
    StoredGame,
    add_editor,
    create_game,
    delete_last_deal,
    get_game,
    is_editor,
    list_games,
    parse_deal,
    recall_reply,
    record_deal,
    remember_reply,
    replace_deal,
    save_draft,
    write,
)
from ..table_state import DraftDeal, from_draft, replay, taps_of
from . import table_views as views
from .db import get_db
from .devices import current_device
from .forms import DrawForm, EditDealForm, ImportForm, NewGameForm, TapForm, new_nonce

bp = Blueprint("table", __name__)

STALE = "Someone else changed this game in the meantime; here it is as it is now."
NOT_SAVED = "Your tap “{tap}” was not saved: tap it again if it is still right."
WATCH_ONLY = (
    "This phone can watch the game but not change it. Open the game's edit link "
    "from the scorekeeper's phone to keep score here too."
)


def load_or_404(game_id: str) -> StoredGame:
    """Return the stored game, or answer 404."""
    try:
        return get_game(get_db(), game_id)
    except NotFound:
        abort(404)


def require_editor(game_id: str) -> None:
    """Answer 403 unless this phone may change the game."""
    if not is_editor(get_db(), game_id, current_device()):
        abort(403, WATCH_ONLY)


def once_key(nonce: str) -> str:
    return f"form:{nonce}"


def game_url(game_id: str) -> str:
    return url_for("table.game", game_id=game_id)


# Home and new games ------------------------------------------------------------------------


@bp.get("/")
def home() -> str:
    games = [(stored, stored.result()) for stored in list_games(get_db())]
    playing = [(stored, result) for stored, result in games if not result.complete]
    finished = [(stored, result) for stored, result in games if result.complete]
    return render_template("home.html", playing=playing, finished=finished)


@bp.route("/games/new", methods=["GET", "POST"])
def new_game() -> Any:
    db = get_db()
    choices = views.ruleset_options(db)
    rescued = session.pop("rescued_form", None)
    if request.method == "POST":
        form = NewGameForm()
    elif rescued:
        form = NewGameForm(formdata=MultiDict(views.flat_pairs(rescued)))
    else:
        form = NewGameForm(formdata=None, data=views.new_game_defaults(db, request.args))
    form.ruleset.choices = [(slug, label) for slug, label, _ in choices]
    if request.method == "POST" and not views.adjust_seats(form) and form.validate():
        outcome = views.start_game(db, form)
        if outcome is not None:
            return redirect(outcome, code=303)
    if not form.nonce.data:
        form.nonce.data = new_nonce()
    status = 422 if request.method == "POST" and views.form_errors(form) else 200
    return render_template(
        "new_game.html", form=form, choices=choices, known=views.known_names(db, form)
    ), status


@bp.route("/games/new/draw", methods=["GET", "POST"])
def draw() -> Any:
    db = get_db()
    form = DrawForm() if request.method == "POST" else DrawForm(formdata=None)
    names = [name.strip() for name in request.values.getlist("player") if name.strip()]
    slug = request.values.get("ruleset", "")
    setup = views.draw_setup(db, slug, names)
    if setup is None:
        abort(404)
    errors: dict[str, str] = {}
    if request.method == "POST" and form.validate():
        outcome = views.finish_draw(db, form, setup, names, errors)
        if outcome is not None:
            return redirect(outcome, code=303)
    if not form.nonce.data:
        form.nonce.data = new_nonce()
    status = 422 if errors or form.errors else 200
    return render_template(
        "draw.html", form=form, setup=setup, names=names, slug=slug, errors=errors
    ), status


# The live game -----------------------------------------------------------------------------


def render_game(
    stored: StoredGame,
    *,
    status: int = 200,
    problem: str | None = None,
) -> tuple[str, int]:
    """Draw the game page: the deal being entered (for an editor), the last score, the totals."""
    editor = is_editor(get_db(), stored.id, current_device())
    page = views.game_page(stored, editor=editor)
    edit_url = None
    if editor:
        edit_url = url_for(
            "table.join", game_id=stored.id, edit_key=stored.edit_key, _external=True
        )
    return render_template(
        "game.html",
        stored=stored,
        result=page.result,
        page=page,
        deal=page.deal,
        editor=editor,
        nonce=new_nonce(),
        problem=problem,
        edit_url=edit_url,
    ), status


@bp.get("/games/<game_id>")
def game(game_id: str) -> tuple[str, int]:
    stored = load_or_404(game_id)
    rescued = session.pop("rescued_form", None)
    problem = None
    if isinstance(rescued, dict) and isinstance(rescued.get("step"), str):
        problem = NOT_SAVED.format(tap=views.describe_tap(stored, rescued["step"]))
    return render_game(stored, problem=problem)


@bp.get("/games/<game_id>/watch")
def watch(game_id: str) -> Any:
    """The read-only watch link (the API's watch_url and the QR code): the live scoreboard."""
    from .live import watch as live_scoreboard

    return live_scoreboard(game_id)


@bp.post("/games/<game_id>/tap")
def tap(game_id: str) -> Any:
    """Take one tap of the deal being entered; record the deal on its last tap."""
    load_or_404(game_id)
    require_editor(game_id)
    form = TapForm()
    if not form.validate():
        abort(400)
    kind, value = form.split_step()
    db = get_db()
    target = game_url(game_id)
    try:
        with write(db):
            saved = recall_reply(db, once_key(form.nonce.data))
            if saved is not None:
                return redirect(saved["location"] or target, code=303)
            current = get_game(db, game_id)
            if current.version != form.version.data:
                raise Conflict(STALE, current)
            apply_tap(db, current, kind, value)
            remember_reply(db, once_key(form.nonce.data), status=303, location=target)
    except Conflict as conflict:
        tapped = views.describe_tap(conflict.current, form.step.data or "")
        message = f"{conflict.message} {NOT_SAVED.format(tap=tapped)}"
        return render_game(conflict.current, status=409, problem=message)
    except ScoreError as error:
        return render_game(get_game(db, game_id), status=422, problem=str(error))
    return redirect(target, code=303)


def apply_tap(db: Any, current: StoredGame, kind: str, value: str) -> None:
    """Apply one tap inside the write: save the draft, record the deal, or undo."""
    result = current.result()
    deal = from_draft(current.game, result.next, current.draft) if result.next else None
    if kind == "undo":
        undo(db, current, deal)
        return
    if deal is None:
        raise ScoreError("The game is over: there is no deal left to enter.")
    deal = deal.apply(kind, value)
    if deal.complete:
        record_deal(
            db,
            current.id,
            deal.record(),
            position=deal.setup.index,
            expected_version=current.version,
        )
    else:
        save_draft(db, current.id, deal.to_draft(), expected_version=current.version)


def undo(db: Any, current: StoredGame, deal: DraftDeal | None) -> None:
    """Drop the last tap: from the draft, or else the last recorded deal's final tap."""
    if deal is not None and deal.steps:
        save_draft(db, current.id, deal.undo().to_draft(), expected_version=current.version)
        return
    if not current.game.deals:
        raise ScoreError("There is nothing to undo yet.")
    position = len(current.game.deals)
    after, removed = delete_last_deal(db, current.id, position, expected_version=current.version)
    setup = after.result().next
    if setup is None:  # cannot happen: the removed deal's slot is free again
        return
    taps = taps_of(after.game, setup, removed)[:-1]
    save_draft(db, current.id, replay(after.game, setup, taps).to_draft())


@bp.get("/games/<game_id>/scoresheet")
def scoresheet(game_id: str) -> str:
    stored = load_or_404(game_id)
    editor = is_editor(get_db(), game_id, current_device())
    return render_template(
        "scoresheet.html", stored=stored, sheet=views.scoresheet_rows(stored), editor=editor
    )


@bp.route("/games/<game_id>/deals/<int:position>/edit", methods=["GET", "POST"])
def edit_deal(game_id: str, position: int) -> Any:
    """Correct an earlier deal; everything after it is rescored, or nothing changes."""
    stored = load_or_404(game_id)
    require_editor(game_id)
    if not 1 <= position <= len(stored.game.deals):
        abort(404)
    editing = views.DealEditor(stored, position)
    if request.method == "GET":
        form = EditDealForm(formdata=None, data={"version": stored.version})
        values = editing.values_of(stored.game.deals[position - 1])
        rescued = session.pop("rescued_form", None)
        if isinstance(rescued, dict):
            values = editing.values_from(MultiDict(views.flat_pairs(rescued)))
        form.nonce.data = new_nonce()
        return render_template("edit_deal.html", **editing.context(form, values))
    form = EditDealForm()
    form.trump.choices = editing.trump_choices()
    values = editing.values_from(request.form)
    if not form.validate():
        abort(400)
    db = get_db()
    target = url_for("table.scoresheet", game_id=game_id) + f"#deal-{position}"
    errors: dict[str, str] = {}
    status = 422
    try:
        with write(db):
            saved = recall_reply(db, once_key(form.nonce.data))
            if saved is not None:
                return redirect(saved["location"] or target, code=303)
            raw = editing.raw_deal(values)
            record = parse_deal(stored.game, raw, position)
            replace_deal(db, game_id, position, record, expected_version=form.version.data)
            remember_reply(db, once_key(form.nonce.data), status=303, location=target)
    except Conflict as conflict:
        editing = views.DealEditor(conflict.current, position)
        errors["form"] = (
            "Someone else changed this game in the meantime. Nothing was saved; your "
            "changes are still below, and the game as it is now is shown."
        )
        form.version.data = conflict.current.version
        status = 409
    except ScoreError as error:
        errors.update(editing.place_error(error))
    else:
        return redirect(target, code=303)
    form.nonce.data = new_nonce()
    return render_template("edit_deal.html", **editing.context(form, values, errors)), status


# Sharing, export and import ---------------------------------------------------------------


@bp.get("/games/<game_id>/join/<edit_key>")
def join(game_id: str, edit_key: str) -> Response:
    """Make this phone an editor of the game: the link the scorer shares."""
    stored = load_or_404(game_id)
    if edit_key != stored.edit_key:
        abort(404)
    db = get_db()
    with write(db):
        add_editor(db, game_id, current_device())
    return redirect(url_for("table.game", game_id=game_id), code=303)  # type: ignore[return-value]


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
            return redirect(url_for("table.game", game_id=stored.id), code=303)  # type: ignore[return-value]
    status = 422 if form.is_submitted() else 200
    return render_template("import.html", form=form), status


bp.add_app_template_filter(trump_label, "trump")
