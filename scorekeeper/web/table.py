"""The table: the pages a family uses to keep score of a live game.

Every write is a small form: CSRF-protected, carrying a one-time `nonce` (a
repeat redirects to where the first went and records nothing) and, in the
deal flow, the game's `version` (a stale one gets 409 and the game as it is
now). Each view parses its form, calls the service layer (`scorekeeper.service`),
and renders or redirects.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from ..presentation.api_answers import game_file
from ..presentation.correction import correction_page
from ..presentation.home import delete_page, home_page, keep_page
from ..presentation.new_game import draw_page, import_page, new_game_page
from ..presentation.scoresheet import NoSuchPart
from ..presentation.scoresheet_page import scoresheet_page
from ..presentation.table_page import TablePage, describe_tap, table_page
from ..rules import Game, ScoreError, load_game_text
from ..rules.sentences import Sentence
from ..service import games, taps
from ..service.errors import (
    STALE,
    Conflict,
    KeyReused,
    LinkRefused,
    NotAllowed,
    creator_link_wrong,
)
from ..service.once import run_once
from ..standings.results import GameFilter
from ..storage import Connection, Reply, StoredGame, get_game
from ..storage.listing import BadCursor
from ..table.bidi import isolate_all
from ..table.page import why_refused
from .db import get_db
from .deal_editor import DealEditor
from .devices import current_device
from .errors import page_asked, refusal
from .forms import (
    GAME_STATES,
    MAX_SEATS,
    DeleteGameForm,
    DrawForm,
    EditDealForm,
    GameFilterForm,
    ImportForm,
    KeepGameForm,
    NewGameForm,
    TapForm,
    flat_pairs,
    form_errors,
    form_once,
    new_nonce,
)
from .language import say
from .new_game import (
    adjust_seats,
    drawn_cards,
    game_from_draw,
    game_from_form,
    new_game_defaults,
    sentence,
)
from .pools import slow
from .quotas import charge, quota
from .rules_forms import options

bp = Blueprint("table", __name__)


def not_saved(tap: str) -> Sentence:
    """Say that a tap was not saved, and that it may be tapped again."""
    return Sentence("Your tap “{tap}” was not saved: tap it again if it is still right.", tap=tap)


def tap_refused(tap: str) -> Sentence:
    """Say that a tap was not saved, for a phone that may not score."""
    return Sentence("Your tap “{tap}” was not saved.", tap=tap)


NO_TABLE = Sentence("These players cannot draw for seats: start again from New game.")
NO_SUCH_PAGE = Sentence(
    "That page of the list is not one Scorekeeper gave out: its address says where the "
    "page starts, and that part cannot be read. Start again from the first page of games."
)
WATCH_IT = "Watch the game"
KEPT = "This phone keeps the game now: it scores, takes scoring back and may remove the game."
#: The home page's query arguments that say which page of the list, not which games.
PAGING = ("older", "newer")


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


# Home and new games ------------------------------------------------------------------------


@bp.get("/")
def home() -> Any:
    form = GameFilterForm(request.args)
    form.validate()
    try:
        page = home_page(
            get_db(),
            game_filter(form),
            older_than=request.args.get("older", ""),
            newer_than=request.args.get("newer", ""),
            kept={key: value for key, value in request.args.items() if key not in PAGING},
            device=current_device(),
        )
    except BadCursor:
        return refusal(400, NO_SUCH_PAGE)
    form.ruleset.choices = options(page.ruleset_choices)
    form.state.choices = options((value, say(label)) for value, label in GAME_STATES.items())
    return render_template("home.html", page=page, form=form)


def game_filter(form: GameFilterForm) -> GameFilter:
    """Return the filters the form asks for, leaving out any field that is wrong."""

    def good(field: Any) -> bool:
        return bool(field.data) and not field.errors

    state = form.state.data
    return GameFilter(
        player=form.player.data if good(form.player) else "",
        ruleset=form.ruleset.data or "",
        since=form.since.data.isoformat() if good(form.since) else "",
        until=form.until.data.isoformat() if good(form.until) else "",
        finished=None if state not in ("playing", "finished") else state == "finished",
        archived=state == "archived",
    )


def start_once(db: Connection, game: Game, nonce: str) -> str:
    """Start the game and return its page; a repeat of the same form starts nothing."""

    def start() -> Reply:
        stored = games.start_game(db, game, device=current_device())
        return Reply(303, location=game_url(stored.id))

    reply, _ = run_once(db, form_once(nonce), start)
    return reply.location


@bp.route("/games/new", methods=["GET", "POST"])
@slow
@quota("games")
def new_game() -> Any:
    db = get_db()
    rescued = session.pop("rescued_form", None)
    if request.method == "POST":
        form = NewGameForm()
    elif rescued:
        form = NewGameForm(formdata=MultiDict(flat_pairs(rescued)))
    else:
        form = NewGameForm(formdata=None, data=new_game_defaults(db, request.args))
    if request.method == "POST" and not adjust_seats(form) and form.validate():
        game = game_from_form(db, form)
        if game is not None and form.dealer.data == "draw":
            target = url_for("table.draw", ruleset=form.ruleset.data, player=form.names())
            return redirect(target, code=303)
        if game is not None:
            return redirect(start_once(db, game, form.nonce.data or ""), code=303)
    if not form.nonce.data:
        form.nonce.data = new_nonce()
    status = 422 if request.method == "POST" and form_errors(form) else 200
    page = new_game_page(db, form.names())
    form.ruleset.choices = [(slug, say(label)) for slug, label in page.ruleset_choices]
    return render_template("new_game.html", page=page, form=form), status


@bp.route("/games/new/draw", methods=["GET", "POST"])
@slow
@quota("games")
def draw() -> Any:
    db = get_db()
    form = DrawForm() if request.method == "POST" else DrawForm(formdata=None)
    names = request.values.getlist("player")
    slug = request.values.get("ruleset", "")
    if not 2 <= len(names) <= MAX_SEATS:
        return refusal(400, NO_TABLE)
    drawn = drawn_cards(request.form, len(names))
    errors: dict[str, str] = {}
    if request.method == "POST" and form.validate():
        game = game_from_draw(db, slug, names, drawn, errors)
        if game is not None:
            return redirect(start_once(db, game, form.nonce.data or ""), code=303)
    if not form.nonce.data:
        form.nonce.data = new_nonce()
    status = 422 if errors or form.errors else 200
    try:
        page = draw_page(db, slug, names, drawn, errors)
    except ScoreError as error:
        return refusal(400, Sentence("{refused} {why}", refused=NO_TABLE, why=sentence(str(error))))
    return render_template("draw.html", page=page, form=form), status


# The live game -----------------------------------------------------------------------------


def render_game(
    page: TablePage, *, status: int = 200, problem: str | None = None
) -> tuple[str, int]:
    """Draw the game page: the deal being entered (for an editor), the last score, the totals."""
    return render_template("game.html", page=page, nonce=new_nonce(), problem=problem), status


@bp.get("/games/<game_id>")
def game(game_id: str) -> tuple[str, int]:
    page = table_page(get_db(), game_id, current_device())
    rescued = session.pop("rescued_form", None)
    problem = None
    if isinstance(rescued, dict) and isinstance(rescued.get("step"), str):
        problem = not_saved(describe_tap(page.players, rescued["step"]))
    return render_game(page, problem=problem)


@bp.get("/games/<game_id>/table.json")
def table_json(game_id: str) -> Response:
    """The table page's model as JSON: what the page shows, for a phone to draw it itself."""
    page = table_page(get_db(), game_id, current_device())
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
        return render_game(table_page(db, game_id, device), status=409, problem=message)
    except NotAllowed as refused:
        # A page left open on a phone that may no longer score (the creator took scoring
        # back): the game as this phone may see it now, and why the tap was not saved.
        page = table_page(db, game_id, device)
        problem = tap_refused(describe_tap(page.players, step))
        if not page.replaced:  # a phone that lost scoring is told why on the page itself
            problem = Sentence("{said} {why}", said=problem, why=refused.message)
        return render_game(page, status=403, problem=problem)
    except ScoreError as error:
        page = table_page(db, game_id, device)
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


# Sharing, export and import ---------------------------------------------------------------


@bp.get("/games/<game_id>/join/<edit_key>")
def join(game_id: str, edit_key: str) -> Response:
    """Make this phone an editor of the game: the link the scorer shares."""
    try:
        games.join(get_db(), game_id, edit_key, current_device())
    except LinkRefused as refused:
        return refusal(refused.status, refused.message, follow=WATCH_IT, to=game_url(game_id))
    return redirect(game_url(game_id), code=303)  # type: ignore[return-value]


@bp.route("/games/<game_id>/creator/<creator_key>", methods=["GET", "POST"])
def take_creation(game_id: str, creator_key: str) -> Any:
    """Ask, then make this phone the game's creator: the one-use link that
    `scorekeeper edit-link --creator` prints for the host when the starting phone is lost.

    Only the answer (a post) uses the link up: a chat app's link preview uses nothing.
    """
    db = get_db()
    form = KeepGameForm()
    if form.validate_on_submit():
        try:
            games.take_creation(db, game_id, creator_key, current_device())
        except LinkRefused as refused:
            return refusal(refused.status, refused.message, follow=WATCH_IT, to=game_url(game_id))
        flash(
            gettext("This phone now keeps the game: it scores, takes scoring back, removes it."),
            "success",
        )
        return redirect(game_url(game_id), code=303)
    page = keep_page(db, game_id, creator_key)
    if not page.usable:
        wrong = creator_link_wrong(game_id)
        return refusal(404, wrong, follow=WATCH_IT, to=game_url(game_id))
    return render_template("keep_game.html", page=page, form=form)


@bp.route("/games/<game_id>/delete", methods=["GET", "POST"])
def delete_game(game_id: str) -> Any:
    """Ask first, then forget a game in the archive for good (its creator only)."""
    db = get_db()
    device = current_device()
    games.check_may_manage(db, game_id, device)
    form = DeleteGameForm()
    # The confirm button names this very game: a stray or forged post deletes nothing.
    if form.validate_on_submit() and request.form.get("confirm") == game_id:
        try:
            stored = games.delete_for_good(db, game_id, device)
        except Conflict as refused:
            flash(say(refused.message), "error")
            return redirect(game_url(game_id), code=303)
        who = ", ".join(isolate_all(stored.game.players))
        flash(gettext("The game of %(who)s was deleted.", who=who), "success")
        return redirect(url_for("table.home", state="archived"), code=303)
    return render_template("delete_game.html", page=delete_page(db, game_id), form=form)


@bp.get("/games/<game_id>/export.json")
@slow
@quota("long reads")
def export(game_id: str) -> Response:
    response = Response(
        json.dumps(game_file(get_db(), game_id), ensure_ascii=False, indent=1),
        mimetype="application/json",
    )
    response.headers["Content-Disposition"] = f'attachment; filename="game-{game_id}.json"'
    return response


@bp.route("/import", methods=["GET", "POST"])
@slow
@quota("imports")
def import_game() -> Response | tuple[str, int] | str:
    form = ImportForm()
    if form.validate_on_submit():
        raw = form.file.data.read(1024 * 1024 + 1)
        try:
            game = load_game_text(raw)
            charge("games", 1, unit="hour")  # a game imported is a new game of this phone's
            stored = games.start_game(get_db(), game, device=current_device())
        except ScoreError as error:
            form.file.errors.append(
                Sentence("This file cannot be imported: {why}", why=error.said())
            )
        else:
            return redirect(game_url(stored.id), code=303)  # type: ignore[return-value]
    status = 422 if form.is_submitted() else 200
    return render_template("import.html", page=import_page(), form=form), status
