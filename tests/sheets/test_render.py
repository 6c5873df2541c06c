"""The PDFs themselves: they render, fit their pages, and carry every name and number as text."""

from __future__ import annotations

import functools

import pytest

from scorekeeper.house_rules.words import rule_lines
from scorekeeper.presentation.scoresheet import build_game_sheet
from scorekeeper.rules import builtin_rulesets, find_ruleset
from scorekeeper.sheets import render as render_module
from scorekeeper.sheets.render import render_blank_sheet, render_game_sheet, sheet_html

from .games import EXAMPLES, bluke_game, example, pdf_pages, pdf_text, scored

LETTER = (612.0, 792.0)
A4 = (595.28, 841.89)
COMPLETE_EXAMPLES = sorted(
    path.name.removesuffix(".game.json")
    for path in EXAMPLES.glob("*.game.json")
    if path.name != "format-example.game.json"
)


@pytest.fixture(scope="module")
def example_pdf():
    """Render each example's sheet once for the module: (the PDF, its text), by slug and paper."""

    @functools.cache
    def render(slug: str, paper: str = "letter") -> tuple[bytes, str]:
        pdf = render_game_sheet(scored(example(slug)), paper=paper, date="2024-06-01")
        return pdf, pdf_text(pdf)

    return render


def close_to(size, expected):
    return all(abs(got - want) < 1 for got, want in zip(size, expected, strict=True))


@pytest.mark.parametrize("ruleset", builtin_rulesets(), ids=lambda ruleset: ruleset.slug)
def test_every_builtin_blank_sheet_renders_on_one_page(ruleset):
    pdf = render_blank_sheet(ruleset, players=ruleset.usual_players)
    assert pdf.startswith(b"%PDF-")
    pages = pdf_pages(pdf)
    assert len(pages) == 1
    assert close_to(pages[0], LETTER)
    text = pdf_text(pdf)
    assert ruleset.name in text
    for line in rule_lines(ruleset):
        assert line in text
    for number, cards in enumerate(ruleset.schedule(ruleset.usual_players), 1):
        assert f" {number} {cards}" in text


@pytest.mark.parametrize(
    ("slug", "players"),
    [("bluke", 15), ("bluke", 5), ("bluke", 6), ("bluke-new-jersey", 7), ("bluke", 11)],
)
def test_blank_sheet_for_a_big_table_fits_two_pages(slug, players):
    names = [f"Seat{seat + 1}" for seat in range(players)]
    pdf = render_blank_sheet(find_ruleset(slug), players=names, first_dealer=0, paper="a4")
    assert 1 <= len(pdf_pages(pdf)) <= 2
    text = pdf_text(pdf)
    for name in names:
        assert name in text


@pytest.mark.parametrize("slug", COMPLETE_EXAMPLES)
def test_completed_sheet_carries_every_name_and_final_total(slug, example_pdf):
    result = scored(example(slug))
    assert result.complete
    pdf, text = example_pdf(slug)
    assert len(pdf_pages(pdf)) == 1
    assert result.game.ruleset.name in text
    assert "2024-06-01" in text
    for name in result.game.players:
        assert name in text
    words = text.split()
    for total in result.totals:
        assert str(total) in words
    assert "Winner" in text


def test_unfinished_game_prints_as_far_as_it_went():
    result = scored(example("format-example"))
    text = pdf_text(render_game_sheet(result))
    assert "Game in progress".upper() in text.upper()
    assert "thrown in, redealt by Cy" in text
    assert "2 of 26 deals played" in text
    assert " 26 13 " in text  # the last deal of the schedule is there, still blank


@pytest.mark.parametrize(("paper", "size"), [("letter", LETTER), ("a4", A4)])
def test_a_26_deal_game_fits_one_page_of_either_paper(paper, size, example_pdf):
    result = scored(example("back-alley-catsatcards"))  # 26 deals and 4 thrown in
    assert len(result.deals) == 30
    pages = pdf_pages(example_pdf("back-alley-catsatcards", paper)[0])
    assert len(pages) == 1
    assert close_to(pages[0], size)


@pytest.mark.parametrize(("paper", "size"), [("letter", LETTER), ("a4", A4)])
def test_a_26_deal_blank_sheet_fits_one_page_of_either_paper(paper, size):
    pdf = render_blank_sheet(
        find_ruleset("back-alley-pagat"), players=["Ann", "Bob", "Cy", "Dee"], paper=paper
    )
    pages = pdf_pages(pdf)
    assert len(pages) == 1
    assert close_to(pages[0], size)


def test_fifteen_player_bluke_fits_two_pages_and_carries_every_total():
    result = scored(bluke_game(15))
    for paper in ("letter", "a4"):
        pdf = render_game_sheet(result, paper=paper)
        assert len(pdf_pages(pdf)) <= 2
        words = pdf_text(pdf).split()
        for name, total in zip(result.game.players, result.totals, strict=True):
            assert name in words
            assert str(total) in words


def test_bonuses_boards_and_trumps_are_printed(example_pdf):
    _, text = example_pdf("back-alley-bridge")
    assert "rainbow +10" in text
    for suit in "♣♥♦":
        assert suit in text
    _, text = example_pdf("back-alley-pagat")
    assert "double board" in text
    assert "✓" in text and "✗" in text


@pytest.mark.parametrize(
    "names",
    [
        ["王小明", "李华", "张伟", "陈静"],
        ["محمد", "فاطمة", "علي", "زينب"],
        ["Zoë", "Łukasz", "Ñandú", "Ørjan"],
        ["Анна", "Βασίλης", "שרה", "Nguyễn"],
    ],
)
def test_names_in_any_language_print(names):
    document = example("back-alley-seven")
    document["players"] = names
    pdf = render_game_sheet(scored(document))
    text = pdf_text(pdf)
    for name in names:
        assert name in text or name[::-1] in text


HOSTILE = '<img src="file:///etc/passwd">'


@pytest.fixture
def fetch_log(monkeypatch):
    """Record every URL any sheet render asks its fetcher for."""
    fetchers = []
    real = render_module.static_url_fetcher

    def spy(static_root):
        fetcher = real(static_root)
        fetchers.append(fetcher)
        return fetcher

    monkeypatch.setattr(render_module, "static_url_fetcher", spy)
    return fetchers


def test_a_hostile_name_prints_as_text_and_loads_nothing(fetch_log):
    document = example("back-alley-pagat")
    document["players"] = [HOSTILE, "<b>Bob</b>", "Cy & Co", "Dee<script>alert(1)</script>"]
    result = scored(document)
    html = sheet_html(build_game_sheet(result))
    assert HOSTILE not in html
    assert "&lt;img src=&#34;file:///etc/passwd&#34;&gt;" in html
    pdf = render_game_sheet(result)
    text = pdf_text(pdf)
    for name in document["players"]:
        assert name in text
    assert "root:" not in text
    requested = [url for fetcher in fetch_log for url in fetcher.requested]
    assert requested
    assert all(url.startswith(render_module.STATIC.as_uri() + "/") for url in requested)
    assert not any("passwd" in url for url in requested)


def test_hostile_blank_sheet_names_print_as_text(fetch_log):
    names = [HOSTILE, "url(file:///etc/passwd)", "Cy", "Dee"]
    pdf = render_blank_sheet(find_ruleset("joker"), players=names, first_dealer=0)
    text = pdf_text(pdf)
    for name in names:
        assert name in text
    requested = [url for fetcher in fetch_log for url in fetcher.requested]
    assert not any("passwd" in url for url in requested)


def test_unknown_paper_is_refused():
    with pytest.raises(ValueError, match="letter or a4"):
        render_blank_sheet(find_ruleset("joker"), players=4, paper="legal")
