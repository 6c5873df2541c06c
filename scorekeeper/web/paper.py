"""Enter from paper: a game played on its printed sheet, typed in a row at a time.

`/games/<id>/paper` is the grid (a stable address: the printed sheet's code may lead here).
Its script checks each row as it is typed with the phone's own copy of the rules; while
that copy is still loading (a phone's first visit) it asks `/games/<id>/paper/check`,
which answers the very question the phone would answer itself (`screen.phone`), with the
same code. The rows that check out are sent as deals through the API, as the table page
sends a phone's deals (static/phone/sync.js).
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, render_template, request

from ..presentation.paper import paper_page
from ..rules import ScoreError
from ..rules.sentences import Sentence
from ..screen import phone
from ..storage import standing
from ..transfer.strict_json import read_json_document
from .db import get_db
from .devices import current_device
from .errors import refusal
from .language import language

bp = Blueprint("paper", __name__)

NOT_A_QUESTION = Sentence(
    'Send the grid\'s question as a JSON object: "ask" is "paper", "document" the game file.'
)


@bp.get("/games/<game_id>/paper")
def grid(game_id: str) -> str:
    """The paper grid: a row per deal of the schedule, a column per seat, typed as the sheet."""
    page = paper_page(get_db(), game_id, current_device(), language())
    return render_template("paper.html", page=page)


@bp.post("/games/<game_id>/paper/check")
def check(game_id: str) -> Response:
    """Answer the grid's question as the phone's own rules would: the row typed, checked."""
    standing(get_db(), game_id, current_device())  # NotFound for a game there is none of
    try:
        asked = read_json_document(request.get_data())
    except ScoreError:
        return refusal(400, NOT_A_QUESTION)
    if not isinstance(asked, dict) or asked.get("ask") != "paper" or "document" not in asked:
        return refusal(400, NOT_A_QUESTION)
    answer = phone.answer(json.dumps(asked, ensure_ascii=False))
    response = Response(answer, mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response
