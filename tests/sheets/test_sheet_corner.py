"""The QR code in a printed sheet's corner: big enough for a phone at arm's length, its quiet
zone kept, and the pages a sheet needs as planned with it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.presentation.scoresheet import build_blank_sheet, build_game_sheet
from scorekeeper.presentation.sheet_grid import SheetLink
from scorekeeper.presentation.sheet_links import blank_sheet, sign
from scorekeeper.rules import find_ruleset, read_game
from scorekeeper.sheets.render import sheet_pdf, sheet_plan
from scorekeeper.storage.sheet_codes import new_sheet_id
from tests.qr_codes import qr_codes, qr_links

from .games import CROWD, SIX_ALONE, bluke_game, pdf_pages, scored

DPI = 300
MM_PER_INCH = 25.4
#: A server's address on a home network as long as they come.
BASE = "http://192.168.100.200:5000/sheet/"


def linked(sheet, names, slug="bluke", first_dealer=0):
    """Return the sheet with the link a server would print on it."""
    blank = blank_sheet(new_sheet_id(), slug, names, first_dealer)
    return replace(sheet, link=SheetLink(BASE + sign(blank, "key"), blank.code))


def blank_and_linked(rules: dict, slug: str, players: int, named: bool):
    """Return a blank sheet for a house ruleset and a table of this many (named "Player 0"…,
    the first dealing, or unnamed), with the link a server would print on it."""
    names = [f"Player {seat}" for seat in range(players)]
    ruleset = read_game({"ruleset": rules, "players": names, "deals": []}).ruleset
    table = names if named else players
    sheet = build_blank_sheet(ruleset, players=table, first_dealer=0 if named else None)
    return linked(sheet, table, slug, 0 if named else None)


def test_the_code_prints_at_least_2_cm_wide_with_its_quiet_zone_white() -> None:
    names = ["Ann", "Bob", "Cy", "Dee"]
    sheet = build_blank_sheet(find_ruleset("back-alley-pagat"), players=names, first_dealer=0)
    pdf = sheet_pdf(linked(sheet, names, "back-alley-pagat"), paper="a4")

    (code,), head = qr_codes(pdf, dpi=DPI)

    corners = [(point.x, point.y) for point in (code.position.top_left, code.position.bottom_right)]
    (left, top), (right, bottom) = corners
    width_mm = (right - left + 1) / DPI * MM_PER_INCH
    modules = 17 + 4 * int(code.extra["Version"])
    assert width_mm >= 20.0
    assert width_mm / modules >= 0.49  # half a millimetre a module, as drawn
    quiet = round(4 * (right - left + 1) / modules)  # four modules all round
    ring = [
        head.getpixel((x, y))
        for x in range(left - quiet, right + quiet + 1)
        for y in range(top - quiet, bottom + quiet + 1)
        if not (left - 2 <= x <= right + 2 and top - 2 <= y <= bottom + 2)
    ]
    assert min(ring) > 200, "something prints inside the quiet zone"


WATCH = "http://192.168.100.200:5000/games/Zx_9aB3kLm0QpR7t/watch"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_26_deal_game_of_six_sides_still_prints_on_one_page_with_its_code(paper: str) -> None:
    sheet = build_game_sheet(scored(bluke_game(6, ruleset=SIX_ALONE)))
    sheet = replace(sheet, link=SheetLink(WATCH, "ABC-DEF"))
    pdf = sheet_pdf(sheet, paper=paper)
    assert len(pdf_pages(pdf)) == sheet_plan(sheet, paper=paper).pages == 1
    assert qr_links(pdf) == [WATCH]


@pytest.mark.parametrize("named", [False, True])
def test_a_blank_sheet_of_six_sides_and_26_deals_takes_a_second_page_for_its_code(
    named: bool,
) -> None:
    # Its 26 rows of pencil boxes fill a landscape A4 page: the code in the corner (20 mm and
    # its quiet zone, whatever the link) leaves them no room. The plan says so, and the sheet
    # prints as planned.
    sheet = blank_and_linked(SIX_ALONE, "back-alley-for-six", 6, named)
    assert sheet_plan(replace(sheet, link=None), paper="a4").pages == 1
    pdf = sheet_pdf(sheet, paper="a4")
    assert len(pdf_pages(pdf)) == sheet_plan(sheet, paper="a4").pages == 2
    assert qr_links(pdf) == [sheet.link.url]


@pytest.mark.parametrize(("paper", "named"), [("a4", False), ("letter", True)])
def test_twenty_players_print_on_the_pages_planned_with_the_code_on_the_first(
    paper: str, named: bool
) -> None:
    sheet = blank_and_linked(CROWD, "bluke-for-a-crowd", 20, named)

    pdf = sheet_pdf(sheet, paper=paper)

    assert len(pdf_pages(pdf)) == sheet_plan(sheet, paper=paper).pages <= 2
    assert qr_links(pdf) == [sheet.link.url]
