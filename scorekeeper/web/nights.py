"""A club night's routes: the host's pages (on the machine running Scorekeeper only), the
leaderboard any phone or TV watches, and the table cards a phone opens to score its table."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)

from ..night import NightRefused
from ..presentation.nights import (
    board_stamp,
    card_page,
    host_page,
    night_page,
)
from ..rules.sentences import Sentence
from ..service import night_files, nights
from ..service.errors import NotAllowed
from .db import get_db
from .devices import current_device, on_this_machine
from .errors import refusal
from .language import language, say
from .quotas import quota
from .sharing import offered, qr_svg
from .sheets import paper_asked, printed, remember_paper
from .slow import slow

bp = Blueprint("nights", __name__)

HOST_ONLY = (
    "Only a browser on the machine running Scorekeeper can open the host's pages: open "
    "http://localhost:5000/host there (with its own port)."
)


def _host() -> None:
    if not on_this_machine():
        raise NotAllowed(HOST_ONLY)


def _form_plan() -> dict[str, Any]:
    form = request.form
    counting: dict[str, Any] = {"kind": form.get("counting", "places")}
    if counting["kind"] == "places":
        counting["scale"] = form.get("scale", "4-2-1-0")
    return {
        "name": form.get("name", ""),
        "ruleset": form.get("ruleset", ""),
        "players": [line.strip() for line in form.get("players", "").splitlines() if line.strip()],
        "tables": form.get("tables", ""),
        "rounds": form.get("rounds", ""),
        "movement": form.get("movement", "redraw"),
        "counting": counting,
    }


@bp.route("/host", methods=["GET", "POST"])
def host() -> Any:
    """The host's page: the nights, and a new one."""
    _host()
    error, field = None, ""
    if request.method == "POST":
        try:
            night_id = nights.create_night(get_db(), _form_plan())
        except NightRefused as refused:
            error, field = say(refused.said), refused.field
        else:
            return redirect(url_for("nights.host_night", night_id=night_id), code=303)
    page = host_page(get_db(), request.form.to_dict(), error, field)
    return render_template("nights/host.html", page=page), (422 if error else 200)


@bp.get("/host/nights/<night_id>")
def host_night(night_id: str) -> str:
    """The host's page of a night: the round, its tables and cards, the players, the board."""
    _host()
    page = night_page(get_db(), night_id)
    return render_template("nights/night.html", page=page, host=True)


def _board_urls(night_id: str) -> list[str]:
    return offered("nights.board", night_id=night_id)


def _card_urls(night_id: str, card: str) -> list[str]:
    return offered("nights.card", night_id=night_id, card=card)


def _act(night_id: str, work: Any) -> Response:
    """Run a host's change, saying a refusal on the night's page."""
    _host()
    try:
        said = work()
    except NightRefused as refused:
        flash(say(refused.said), "error")
    else:
        if said:
            flash(say(said), "status")
    return redirect(url_for("nights.host_night", night_id=night_id), code=303)


@bp.post("/host/nights/<night_id>/rounds")
def start_round(night_id: str) -> Response:
    """Seat and start the next round: drawn, or as the host typed it (a table a line)."""
    typed = [
        [name.strip() for name in line.split(",") if name.strip()]
        for line in request.form.get("seats", "").splitlines()
        if line.strip()
    ]
    return _act(night_id, lambda: nights.start_round(get_db(), night_id, typed) and None)


@bp.post("/host/nights/<night_id>/end")
def end_round(night_id: str) -> Response:
    return _act(night_id, lambda: nights.end_round(get_db(), night_id))


@bp.post("/host/nights/<night_id>/players")
def players(night_id: str) -> Response:
    """Welcome a late player, or let one go home (or come back)."""
    name = request.form.get("name", "")
    if request.form.get("leaves"):
        return _act(night_id, lambda: nights.player_leaves(get_db(), night_id, name))
    return _act(night_id, lambda: nights.add_player(get_db(), night_id, name))


@bp.post("/host/nights/<night_id>/takeover")
def takeover(night_id: str) -> Response:
    """Show a one-time code that lets another phone score a table."""
    table = request.form.get("table", type=int) or 0
    round_number = request.form.get("round", type=int) or 0
    return _act(
        night_id,
        lambda: Sentence(
            "code for another phone to score table {table}: {code} (shown only now; a new "
            "code replaces it)",
            table=table,
            code=nights.allow_takeover(get_db(), night_id, round_number, table),
        ),
    )


@bp.get("/nights/<night_id>")
def board(night_id: str) -> str:
    """The leaderboard, for any phone or TV: it follows the night every 1.5 s."""
    page = night_page(get_db(), night_id)
    return render_template("nights/board.html", page=page, host=False)


#: Leaderboards drawn, kept by (night, stamp, language), the latest last: after a deal every
#: watching phone asks for the same board, so it is worked out once, not once a phone.
DRAWN = "scorekeeper.night_boards"
DRAWN_MOST = 64


def _drawn_board(night_id: str) -> str:
    """Return the night's leaderboard drawn for this reader, as it stands now."""
    db = get_db()
    drawn: OrderedDict[tuple[str, str, str], str]
    drawn, lock = current_app.extensions.setdefault(DRAWN, (OrderedDict(), threading.Lock()))
    key = (night_id, board_stamp(db, night_id), language())
    with lock:
        found = drawn.get(key)
    if found is None:
        found = render_template("nights/board_part.html", page=night_page(db, night_id))
        with lock:
            drawn[key] = found
            while len(drawn) > DRAWN_MOST:
                drawn.popitem(last=False)
    return found


@bp.get("/nights/<night_id>/board")
def board_part(night_id: str) -> Response:
    """Just the leaderboard, for the watching page to swap in when it changed."""
    response = Response(_drawn_board(night_id), mimetype="text/html")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/nights/<night_id>/board.json")
def board_tag(night_id: str) -> Response:
    """Say whether the leaderboard changed (its entity tag): 304 when it did not."""
    tag = board_stamp(get_db(), night_id)
    if request.if_none_match.contains(tag.strip('"')):
        response = Response(status=304)
    else:
        response = Response("{}", mimetype="application/json")
    response.headers["ETag"] = tag
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/nights/<night_id>/qr.svg")
def board_qr(night_id: str) -> Response:
    """The leaderboard's link as a QR code, for the host's page."""
    return qr_svg(_board_urls(night_id)[-1], "QR code: the night's leaderboard")


@bp.get("/nights/<night_id>/cards/<card>/qr.svg")
def card_qr(night_id: str, card: str) -> Response:
    """A table card's link as a QR code."""
    return qr_svg(_card_urls(night_id, card)[-1], "QR code: a table's card")


@bp.route("/nights/<night_id>/cards/<card>", methods=["GET", "POST"])
@slow
@quota("table cards")
def card(night_id: str, card: str) -> Any:
    """A table card: the first phone to say yes scores the table; another is told who does,
    and may take over with the host's one-time code."""
    db, device = get_db(), current_device()
    error = None
    try:
        if request.method == "POST":
            if request.form.get("code") is not None:
                game_id = nights.take_over(db, night_id, card, request.form["code"], device)
            else:
                game_id = nights.claim_table(db, night_id, card, device)
            return redirect(url_for("table.game", game_id=game_id), code=303)
        nights.card_table(db, night_id, card)
    except nights.TableTaken:
        pass
    except NightRefused as refused:
        if refused.field != "code":
            return render_template("nights/card_refused.html", said=say(refused.said)), 409
        error = say(refused.said)
    page = card_page(db, night_id, card, device)
    if page.scorer == "you" and request.method == "GET":
        return redirect(url_for("table.game", game_id=page.game_id), code=303)
    return render_template("nights/card.html", page=page, error=error), (422 if error else 200)


def _no_such_paper() -> Response:
    return refusal(400, Sentence("Paper must be letter or a4."))


@bp.get("/host/nights/<night_id>/cards.pdf")
@slow
def cards_pdf(night_id: str) -> Response:
    """The round's table cards, printed on A4 or Letter (?paper=, as a game's sheet): a card
    a page, with the QR code of its link."""
    from ..sheets.nights import night_cards_pdf

    _host()
    paper = paper_asked()
    if paper is None:
        return _no_such_paper()
    page = night_page(get_db(), night_id)
    links = {table.card: _card_urls(night_id, table.card)[-1] for table in page.tables}
    pdf = printed(
        night_cards_pdf,
        f"table-cards-{page.round}.pdf",
        page,
        links,
        paper=paper,
        language=language(),
    )
    return remember_paper(pdf, paper)


@bp.get("/nights/<night_id>/results.pdf")
@slow
@quota("long reads")
def results_pdf(night_id: str) -> Response:
    """The night's results, printed on A4 or Letter (?paper=): the leaderboard, every round's
    tables and places."""
    from ..sheets.nights import night_results_pdf

    paper = paper_asked()
    if paper is None:
        return _no_such_paper()
    page = night_page(get_db(), night_id)
    pdf = printed(night_results_pdf, "results.pdf", page, paper=paper, language=language())
    return remember_paper(pdf, paper)


@bp.get("/host/nights/<night_id>/night.json")
@slow
def export_night(night_id: str) -> Response:
    """The night as one file: its plan, its players and every round's games."""
    _host()
    document = night_files.export_night(get_db(), night_id)
    response = Response(
        json.dumps(document, ensure_ascii=False, indent=1), mimetype="application/json"
    )
    response.headers["Content-Disposition"] = 'attachment; filename="night.json"'
    return response


@bp.post("/host/nights/import")
@slow
def import_night() -> Any:
    """Bring a night in from its file, as a new night (its tables scored by nobody yet)."""
    _host()
    upload = request.files.get("file")
    try:
        raw = upload.read() if upload else b""
        if not raw:
            raise NightRefused(Sentence("choose a night's file first"), field="file")
        try:
            document = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise NightRefused(Sentence("it is not a JSON file"), field="file") from None
        night_id = night_files.import_night(get_db(), document)
    except NightRefused as refused:
        page = host_page(get_db(), {}, say(refused.said), "file")
        return render_template("nights/host.html", page=page), 422
    return redirect(url_for("nights.host_night", night_id=night_id), code=303)
