"""Sheets for 2 to 20 players on A4 and Letter (issue 27): the paper they need, every name and
total readable as text, names in any script printed with real glyphs."""

from __future__ import annotations

import pytest

from scorekeeper.presentation.scoresheet import build_blank_sheet, build_game_sheet
from scorekeeper.rules import builtin_rulesets, read_game
from scorekeeper.sheets.render import render_blank_sheet, sheet_pdf, sheet_plan

from .games import (
    CROWD,
    SIX_ALONE,
    bluke_game,
    page_texts,
    pdf_pages,
    pdf_text,
    printed_characters,
    scored,
)

LETTER = (612.0, 792.0)
A4 = (595.28, 841.89)
PAPERS = {"letter": LETTER, "a4": A4}


def house(document: dict, players: int):
    """Return a house ruleset from its document."""
    names = [f"P{seat}" for seat in range(players)]
    return read_game({"ruleset": document, "players": names, "deals": []}).ruleset


def on_paper(pdf: bytes, paper: str, landscape: bool) -> bool:
    """Say whether every page is the paper asked for, the way up planned."""
    width, height = PAPERS[paper]
    if landscape:
        width, height = height, width
    return all(
        abs(got_width - width) < 1 and abs(got_height - height) < 1
        for got_width, got_height in pdf_pages(pdf)
    )


#: A completed game for each size of table: (players, paper, pages, landscape). Bluke seats
#: 2 to 15; 20 need a house Bluke with two decks (CROWD), whose 20-player game is 9 deals.
COMPLETED = [
    (2, "letter", 1, False), (2, "a4", 1, False),
    (4, "letter", 1, False), (4, "a4", 1, False),
    (8, "letter", 1, True), (8, "a4", 1, True),
    (15, "letter", 1, True), (15, "a4", 1, True),
    (20, "letter", 2, True), (20, "a4", 1, False),
]  # fmt: skip


@pytest.mark.parametrize(("players", "paper", "pages", "landscape"), COMPLETED)
def test_every_name_and_final_total_prints_on_the_pages_expected(
    players: int, paper: str, pages: int, landscape: bool
) -> None:
    ruleset = CROWD if players > 15 else "bluke"
    result = scored(bluke_game(players, ruleset=ruleset))
    sheet = build_game_sheet(result)
    pdf = sheet_pdf(sheet, paper=paper)
    assert len(pdf_pages(pdf)) == pages
    assert on_paper(pdf, paper, landscape)
    words = pdf_text(pdf).split()
    for name, total in zip(result.game.players, result.totals, strict=True):
        assert words.count(name) >= 2, name  # in the seating, and over the side's columns
        assert str(total) in words
    assert "Rules:" in words


def blank_tables() -> list[tuple[str, int, str]]:
    """Every built-in ruleset at every table it seats, and the house Bluke up to 20 players:
    (ruleset, players, paper), the paper turn about."""
    tables = []
    for ruleset in builtin_rulesets():
        for players in range(ruleset.min_players, ruleset.max_players + 1):
            tables.append((ruleset.slug, players, "letter" if players % 2 else "a4"))
    tables += [("crowd", players, paper) for players in (16, 18, 20) for paper in PAPERS]
    return tables


@pytest.mark.parametrize(("slug", "players", "paper"), blank_tables())
def test_every_blank_sheet_fits_its_paper_on_as_few_pages_as_planned(
    slug: str, players: int, paper: str
) -> None:
    ruleset = (
        house(CROWD, players)
        if slug == "crowd"
        else read_game(
            {"ruleset": slug, "players": [f"P{seat}" for seat in range(players)], "deals": []}
        ).ruleset
    )
    plan = sheet_plan(build_blank_sheet(ruleset, players=players), paper=paper)
    pdf = render_blank_sheet(ruleset, players=players, paper=paper)
    assert len(pdf_pages(pdf)) == plan.pages
    sides = len(ruleset.seats_by_side(players))
    deals = len(ruleset.schedule(players))
    assert plan.pages == 1 if sides <= 6 and deals <= 26 else plan.pages <= 2
    assert on_paper(pdf, paper, plan.landscape)
    text = pdf_text(pdf)
    for line in plan.sheet.rules:
        assert line in text  # the rules box, whole
    for number, cards in enumerate(ruleset.schedule(players), 1):
        assert f" {number} {cards}" in text


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", [5, 6])
def test_a_26_deal_game_of_six_sides_prints_on_one_page(players: int, paper: str) -> None:
    result = scored(bluke_game(players, ruleset=SIX_ALONE))
    assert len(result.deals) == 26
    pdf = sheet_pdf(build_game_sheet(result), paper=paper)
    assert len(pdf_pages(pdf)) == 1
    words = pdf_text(pdf).split()
    for total in result.totals:
        assert str(total) in words
    blank = render_blank_sheet(house(SIX_ALONE, players), players=players, paper=paper)
    assert len(pdf_pages(blank)) == 1


def test_twenty_players_on_two_pages_print_their_names_on_each() -> None:
    result = scored(bluke_game(20, ruleset=CROWD))
    pdf = sheet_pdf(build_game_sheet(result), paper="letter")
    first, second = (" ".join(page.split()) for page in page_texts(pdf))
    assert all(name in first.split() for name in result.game.players)  # the seating
    assert second.count(CROWD["name"]) == 2  # whose sheet it is, at the top, and its rules
    # The second page holds the last band (seven, seven and six players a band): its names.
    plan = sheet_plan(build_game_sheet(result), paper="letter")
    assert [len(grid.sides) for grid in plan.sheet.grids] == [7, 7, 6]
    assert all(f"{name} seat {seat}" in second for seat, name in enumerate(result.game.players, 1)
               if seat > 14)  # fmt: skip


@pytest.mark.parametrize(
    "names",
    [
        ["ნინო", "გიორგი", "თამარ", "ლევანი"],
        ["محمد", "فاطمة", "علي", "زينب"],
        ["王小明", "李华", "张伟", "陈静"],
        ["Ann 🃏", "Bob 😀", "Cy 🎲", "Dee ♥️"],
    ],
    ids=["georgian", "arabic", "chinese", "emoji"],
)
def test_names_in_any_script_print_with_real_glyphs(names: list[str]) -> None:
    result = scored(bluke_game(4, names))
    pdf = sheet_pdf(build_game_sheet(result), paper="a4")
    glyphs = printed_characters(pdf)
    for name in names:
        missing = {char for char in name if char not in glyphs and not char.isspace()}
        assert not missing - {"\ufe0f"}, f"{name}: no glyph for {missing}"
    if names[0] == "ნინო":  # Georgian is extracted as the letters themselves
        text = pdf_text(pdf)
        for name in names:
            assert name in text
