"""A game's life: the list of games, a new game (or a draw for seats), joining as an
editor (asked first), taking over as its keeper, moving it to the archive and back, deleting
it for good, and a game file out and in.

Every write is a small form: CSRF-protected, carrying a one-time `nonce` where a repeat
would start a second game (a repeat redirects to where the first went and records
nothing). Each view parses its form, calls the service layer (`scorekeeper.service`), and
renders or redirects. The table itself (the game page, its taps, a deal's correction, the
scoresheet) is `table.py`.
"""

from __future__ import annotations

import json
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
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict

from ..presentation.api_answers import game_file
from ..presentation.home import delete_page, home_page, join_page, keep_page
from ..presentation.new_game import draw_page, import_page, new_game_page
from ..rules import Game, ScoreError, load_game_text
from ..rules.sentences import Sentence
from ..screen.bidi import isolate_all
from ..service import games
from ..service.errors import (
    Conflict,
    LinkRefused,
    creator_link_wrong,
)
from ..service.once import run_once
from ..standings.results import GameFilter
from ..storage import Connection, Reply, ruleset_lookup
from ..storage.listing import BadCursor
from .db import get_db
from .devices import current_device
from .errors import refusal
from .forms import (
    GAME_STATES,
    MAX_SEATS,
    DeleteGameForm,
    DrawForm,
    GameFilterForm,
    ImportForm,
    JoinGameForm,
    KeepGameForm,
    NewGameForm,
    flat_pairs,
    form_errors,
    form_once,
    new_nonce,
)
from .language import named, say
from .new_game import (
    adjust_seats,
    drawn_cards,
    game_from_draw,
    game_from_form,
    new_game_defaults,
    sentence,
    sheet_of_form,
)
from .quotas import charge, quota
from .rules_forms import options
from .slow import slow
from .table import game_url

bp = Blueprint("games", __name__)


NO_TABLE = Sentence("These players cannot draw for seats: start again from New game.")
NO_SUCH_PAGE = Sentence(
    "That page of the list is not one Scorekeeper gave out: its address says where the "
    "page starts, and that part cannot be read. Start again from the first page of games."
)
WATCH_IT = "Watch the game"
#: The home page's query arguments that say which page of the list, not which games.
PAGING = ("older", "newer")


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
    form.ruleset.choices = options((value, named(label)) for value, label in page.ruleset_choices)
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


def start_once(
    db: Connection, game: Game, nonce: str, sheet: str = "", *, paper: bool = False
) -> str:
    """Start the game and return its page (its paper grid, for a game typed in from its
    sheet); a repeat of the same form starts nothing. A game played on a blank `sheet`
    keeps it; if one was started from that sheet already, the page is that game's."""

    def start() -> Reply:
        if sheet:
            stored, _ = games.start_from_sheet(db, game, sheet, device=current_device())
        else:
            stored = games.start_game(db, game, device=current_device())
        if paper:
            return Reply(303, location=url_for("paper.grid", game_id=stored.id))
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
        paper = request.form.get("start") == "paper"
        sheet = sheet_of_form(form)
        if game is not None and sheet is not None and form.dealer.data == "draw":
            then = "paper" if paper else None
            target = url_for(
                "games.draw", ruleset=form.ruleset.data, player=form.names(), then=then
            )
            return redirect(target, code=303)
        if game is not None and sheet is not None:
            started = start_once(db, game, form.nonce.data or "", sheet, paper=paper)
            return redirect(started, code=303)
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
    paper = request.values.get("then") == "paper"
    errors: dict[str, str] = {}
    if request.method == "POST" and form.validate():
        game = game_from_draw(db, slug, names, drawn, errors)
        if game is not None:
            return redirect(start_once(db, game, form.nonce.data or "", paper=paper), code=303)
    if not form.nonce.data:
        form.nonce.data = new_nonce()
    status = 422 if errors or form.errors else 200
    try:
        page = draw_page(db, slug, names, drawn, errors, paper=paper)
    except ScoreError as error:
        return refusal(400, Sentence("{refused} {why}", refused=NO_TABLE, why=sentence(str(error))))
    return render_template("draw.html", page=page, form=form), status


@bp.route("/games/<game_id>/join/<edit_key>", methods=["GET", "POST"])
def join(game_id: str, edit_key: str) -> Any:
    """Ask, then let this phone score the game too: the edit link the scorer shares.

    Only the answer (a post) joins: a chat app's link preview changes nothing. A link that
    lets no phone score is refused on opening already.
    """
    db = get_db()
    form = JoinGameForm()
    try:
        if form.validate_on_submit():
            games.join(db, game_id, edit_key, current_device())
            return redirect(game_url(game_id), code=303)
        games.check_edit_link(db, game_id, edit_key)
    except LinkRefused as refused:
        return refusal(refused.status, refused.message, follow=WATCH_IT, to=game_url(game_id))
    return render_template("join_game.html", page=join_page(db, game_id), form=form)


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
        return redirect(url_for("games.home", state="archived"), code=303)
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
            game = load_game_text(raw, lookup=ruleset_lookup(get_db()))
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


# The shelf: a game moved to the archive, and back


def _checked(game_id: str) -> None:
    """Refuse a form without its token, or one that does not name this game (a stray post)."""
    if not FlaskForm().validate() or request.form.get("game") != game_id:
        abort(400)


def _back(game_id: str) -> Response:
    """Go back where the form was: the game's page, or the home list."""
    on_game = request.form.get("back") == "game"
    target = url_for("table.game", game_id=game_id) if on_game else url_for("games.home")
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
