"""Printable scoresheets on the web: a game's sheet, and blank sheets to score on paper."""

from __future__ import annotations

from flask import Blueprint, Response, render_template, request

from ..games import load
from ..rules import ScoreError
from ..rules.ruleset import Ruleset
from ..scoresheet import build_stored_sheet
from ..storage import NotFound, find_any_ruleset, ruleset_choices
from .db import get_db
from .errors import refusal

bp = Blueprint("sheets", __name__)
PAPERS = ("letter", "a4")


def pdf_response(data: bytes, filename: str) -> Response:
    """Answer a PDF shown in the browser, with a sensible name when saved."""
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def paper_asked() -> str | None:
    """Return the paper asked for (letter unless ?paper=a4), or None when it is unknown."""
    paper = request.args.get("paper", "letter").strip().lower() or "letter"
    return paper if paper in PAPERS else None


def players_asked(ruleset: Ruleset) -> list[str] | int:
    """Read ?players= as names ("Ann,Bob,Cy,Dee") or a count ("5"); default the usual count."""
    raw = request.args.get("players", "").strip()
    if raw.isdigit():
        return int(raw)
    names = [name.strip() for name in raw.split(",") if name.strip()]
    if names:
        return names
    return ruleset.usual_players


@bp.get("/games/<game_id>/sheet.pdf")
def game_sheet(game_id: str) -> Response:
    from ..sheets.render import sheet_pdf

    stored = load(get_db(), game_id)
    paper = paper_asked()
    if paper is None:
        return refusal(400, "Paper must be letter or a4.")
    data = sheet_pdf(build_stored_sheet(stored), paper=paper)
    return pdf_response(data, f"scoresheet-{game_id}.pdf")


@bp.get("/sheets")
def blank_form() -> str:
    return render_template("blank_sheet.html", choices=ruleset_choices(get_db()))


@bp.get("/sheets/blank.pdf")
def blank_sheet() -> Response:
    from ..sheets.render import render_blank_sheet

    paper = paper_asked()
    if paper is None:
        return refusal(400, "Paper must be letter or a4.")
    slug = request.args.get("ruleset", "").strip()
    if not slug:
        return refusal(400, "Choose a ruleset for the blank sheet.")
    try:
        ruleset = find_any_ruleset(get_db(), slug).ruleset
        players = players_asked(ruleset)
        first = request.args.get("first_dealer", "").strip()
        first_dealer = int(first) if first.isdigit() else None
        data = render_blank_sheet(ruleset, players=players, first_dealer=first_dealer, paper=paper)
    except NotFound:
        return refusal(422, f"That sheet cannot be printed: there is no ruleset called {slug!r}")
    except ScoreError as error:
        return refusal(422, f"That sheet cannot be printed: {error}")
    return pdf_response(data, f"blank-{slug}.pdf")
