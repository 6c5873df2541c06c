"""Printable scoresheets on the web: a game's sheet, and blank sheets to score on paper."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from flask import Blueprint, Flask, Response, current_app, render_template, request

from ..presentation.blank_sheets import blank_sheets_page
from ..presentation.scoresheet import build_blank_sheet, stored_sheet
from ..presentation.sheet_grid import NoSuchPart, sheet_part
from ..rules import ScoreError
from ..rules.ruleset import Ruleset
from ..rules.sentences import Sentence
from ..sheets.layout import PAPERS, default_paper
from ..sheets.printer import print_in_background
from ..storage import NotFound, find_any_ruleset
from .db import get_db
from .errors import page_asked, refusal
from .language import LIFETIME, language
from .quotas import quota
from .sheet_links import new_blank_link, watch_link
from .slow import slow

bp = Blueprint("sheets", __name__)
#: The paper this phone chose last (A4 or Letter), remembered for its next sheet.
PAPER_COOKIE = "scorekeeper_paper"
PRINTERS = "scorekeeper.sheet_printers"
WAITING = "scorekeeper.sheet_queue"
BUSY = Sentence(
    "Other printed sheets are being made just now; nothing is lost. Try again in a few seconds."
)


def init_app(app: Flask) -> None:
    """Give the app its PDF slots: SHEETS_AT_ONCE render at a time, as many more may wait."""
    app.config.setdefault("SHEETS_AT_ONCE", 2)
    app.config.setdefault("SHEET_WAIT_SECONDS", 3.0)
    at_once = app.config["SHEETS_AT_ONCE"]
    app.extensions[PRINTERS] = threading.BoundedSemaphore(at_once)
    app.extensions[WAITING] = threading.BoundedSemaphore(at_once)


def busy() -> Response:
    """Answer that every PDF slot is taken: 429 (too many at once), and when to try again."""
    response = refusal(429, BUSY)
    response.headers["Retry-After"] = "5"
    return response


def printed(work: Callable[..., bytes], filename: str, /, *args: Any, **kwargs: Any) -> Response:
    """Print a PDF in one of the app's few slots, or answer 429 if none frees up soon.

    The work runs in a printer process (`sheets.printer`), so the table's thread never
    waits on WeasyPrint for Python's interpreter.

    WeasyPrint is heavy: without a cap, a few sheets at once take every server thread
    and the table cannot record a deal meanwhile. At most SHEETS_AT_ONCE requests
    render and as many wait (briefly) for a slot; any more are answered at once, so
    sheets never hold more than four of the server's threads.
    """
    slots: threading.BoundedSemaphore = current_app.extensions[PRINTERS]
    queue: threading.BoundedSemaphore = current_app.extensions[WAITING]
    if not slots.acquire(blocking=False):
        if not queue.acquire(blocking=False):
            return busy()
        try:
            if not slots.acquire(timeout=current_app.config["SHEET_WAIT_SECONDS"]):
                return busy()
        finally:
            queue.release()
    try:
        data = print_in_background(work, *args, **kwargs)
    finally:
        slots.release()
    return pdf_response(data, filename)


def pdf_response(data: bytes, filename: str) -> Response:
    """Answer a PDF shown in the browser, with a sensible name when saved."""
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def reader_paper() -> str:
    """Return the paper this phone prints on: the one it chose last, else its reader's
    (`sheets.layout.default_paper`: A4 for Georgian, Letter for the regions that use it)."""
    chosen = request.cookies.get(PAPER_COOKIE, "")
    if chosen in PAPERS:
        return chosen
    return default_paper(language(), list(request.accept_languages.values()))


def paper_asked() -> str | None:
    """Return the paper asked for (?paper=a4 or letter; this phone's own when none is), or
    None when it is unknown."""
    paper = request.args.get("paper", "").strip().lower()
    if not paper:
        return reader_paper()
    return paper if paper in PAPERS else None


def remember_paper(response: Response, paper: str) -> Response:
    """Keep the paper chosen for this phone's next sheet (its pages offer it first then)."""
    if request.args.get("paper") and request.cookies.get(PAPER_COOKIE) != paper:
        response.set_cookie(PAPER_COOKIE, paper, max_age=LIFETIME, samesite="Lax", httponly=True)
    return response


def players_asked(ruleset: Ruleset) -> list[str] | int:
    """Read ?players= as names ("Ann,Bob,Cy,Dee") or a count ("5"); default the usual count."""
    raw = request.args.get("players", "").strip()
    if raw.isdecimal():  # digits only: "²" is a digit int() cannot read
        return int(raw)
    names = [name.strip() for name in raw.split(",") if name.strip()]
    if names:
        return names
    return ruleset.usual_players


@bp.get("/games/<game_id>/sheet.pdf")
@slow
@quota("long reads")
def game_sheet(game_id: str) -> Response:
    """A game's sheet as a PDF; a long game of many players a part at a time (?part=N), the
    same parts as its scoresheet page, the part being played when none is asked for."""
    from ..sheets.render import sheet_pdf

    paper = paper_asked()
    if paper is None:
        return refusal(400, Sentence("Paper must be letter or a4."))
    asked = page_asked("part")
    try:
        sheet, parts = sheet_part(stored_sheet(get_db(), game_id, link_to=watch_link), asked)
    except NoSuchPart:
        return refusal(404, f"This game's sheet has no part {asked}.")
    shown = next((part.number for part in parts if part.current), None)
    name = f"scoresheet-{game_id}" + (f"-part-{shown}" if shown else "") + ".pdf"
    try:
        return remember_paper(
            printed(sheet_pdf, name, sheet, paper=paper, language=language()), paper
        )
    except ScoreError as error:
        return refusal(422, f"That sheet cannot be printed: {error}")


@bp.get("/sheets")
def blank_form() -> str:
    return render_template("blank_sheet.html", page=blank_sheets_page(get_db()))


@bp.get("/sheets/blank.pdf")
@slow
@quota("long reads")
def blank_sheet() -> Response:
    from ..sheets.render import sheet_pdf

    paper = paper_asked()
    if paper is None:
        return refusal(400, Sentence("Paper must be letter or a4."))
    slug = request.args.get("ruleset", "").strip()
    if not slug:
        return refusal(400, Sentence("Choose the rules for the blank printed sheet."))
    try:
        ruleset = find_any_ruleset(get_db(), slug).ruleset
        players = players_asked(ruleset)
        first = request.args.get("first_dealer", "").strip()
        if first and not first.isdecimal():
            return refusal(400, "The first dealer must be a seat number (0 for the first player).")
        first_dealer = int(first) if first else None
        # Laid out here (a table the rules refuse is refused before anything is signed), with
        # the link its QR code holds; printed in a printer process.
        sheet = build_blank_sheet(ruleset, players=players, first_dealer=first_dealer)
        sheet = replace(sheet, link=new_blank_link(slug, players, first_dealer))
        pdf = printed(sheet_pdf, f"blank-{slug}.pdf", sheet, paper=paper, language=language())
        return remember_paper(pdf, paper)
    except NotFound:
        return refusal(422, f"That sheet cannot be printed: there is no ruleset called {slug!r}")
    except ScoreError as error:
        return refusal(422, f"That sheet cannot be printed: {error}")
