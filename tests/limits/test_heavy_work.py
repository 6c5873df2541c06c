"""Heavy work cannot starve the table: PDFs take turns, sheets have a size, the archive streams."""

from __future__ import annotations

import json

import pytest

from scorekeeper.web.sheets import PRINTERS
from tests.conftest import csrf_token
from tests.limits.conftest import count_rows

GAME = {"ruleset": "back-alley-individual", "players": ["Ann", "Bob", "Cy", "Dee"], "deals": []}


def deal(number: int) -> dict:
    """Return a legal deal for slot `number` of an individual game (13, 12, … cards)."""
    return {"deal": number, "bids": [1, "pass", "pass", "pass"], "tricks": [14 - number, 0, 0, 0]}


def test_deals_are_recorded_while_every_pdf_slot_is_taken(tmp_path) -> None:
    from scorekeeper.web import create_app

    app = create_app(
        {"DATABASE": str(tmp_path / "pdf.sqlite"), "SECRET_KEY": "p", "SHEET_WAIT_SECONDS": 0.2}
    )
    phone = app.test_client()
    token = csrf_token(phone)
    made = phone.post("/api/games", json=GAME, headers={"X-CSRFToken": token})
    game_id = made.get_json()["id"]
    slots = app.extensions[PRINTERS]
    # Two sheets are printing (their slots held), the most the app renders at once.
    assert slots.acquire(blocking=False) and slots.acquire(blocking=False)
    try:
        busy = phone.get(f"/games/{game_id}/sheet.pdf")
        assert busy.status_code == 429
        assert busy.headers["Retry-After"] == "5"
        assert "Other printed sheets are being made" in busy.get_data(as_text=True)
        blank = phone.get("/sheets/blank.pdf?ruleset=joker")
        assert blank.status_code == 429
        for number in (1, 2, 3):
            recorded = phone.post(
                f"/api/games/{game_id}/deals", json=deal(number), headers={"X-CSRFToken": token}
            )
            assert recorded.status_code == 201, recorded.get_json()
    finally:
        slots.release()
        slots.release()
    assert count_rows(app.config["DATABASE"], "deals") == 3
    printed = phone.get(f"/games/{game_id}/sheet.pdf")
    assert printed.status_code == 200
    assert printed.data.startswith(b"%PDF")


def test_a_sheet_too_long_to_print_is_refused_before_layout() -> None:
    from dataclasses import replace

    from scorekeeper.presentation.scoresheet import build_blank_sheet
    from scorekeeper.rules import ScoreError, find_ruleset
    from scorekeeper.sheets.render import sheet_pdf

    sheet = build_blank_sheet(find_ruleset("joker"), players=4)
    assert 0 < sheet.row_count <= 208
    # Twenty times the grids: as long as a sheet of a 3,000-deal schedule stored long ago.
    long_sheet = replace(sheet, grids=sheet.grids * 20)
    assert long_sheet.row_count > 208
    with pytest.raises(ScoreError, match=r"would have \d+ rows; a printed sheet holds at most 208"):
        sheet_pdf(long_sheet)


def test_the_archive_streams_one_game_at_a_time(client, token) -> None:
    for players in (["Ann", "Bob", "Cy", "Dee"], ["Eve", "Fay", "Gus", "Hal"]):
        made = client.post("/api/games", json={**GAME, "players": players},
                           headers={"X-CSRFToken": token})  # fmt: skip
        assert made.status_code == 201
    response = client.get("/archive.json")
    assert response.status_code == 200
    assert response.is_streamed
    chunks = list(response.response)
    assert len(chunks) == 2 + 2  # the head, one piece per game, the foot
    archive = json.loads(b"".join(chunks))
    assert [game["players"] for game in archive["games"]] == [
        ["Ann", "Bob", "Cy", "Dee"],
        ["Eve", "Fay", "Gus", "Hal"],
    ]
