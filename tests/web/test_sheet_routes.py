"""The scoresheet routes: a game's sheet and blank sheets, as real PDFs."""

from __future__ import annotations

import io
import re
from html import unescape

import pytest
from pypdf import PdfReader

from scorekeeper.presentation.scoresheet import build_game_sheet
from scorekeeper.rules import score
from scorekeeper.sheets.layout import default_paper
from tests.conftest import example


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_game_sheet_carries_names_and_final_totals(client, token):
    game = example("back-alley-pagat")
    created = client.post("/api/games", json=game, headers={"X-CSRFToken": token})
    game_id = created.get_json()["id"]
    totals = client.get(f"/api/games/{game_id}").get_json()["result"]["totals"]

    response = client.get(f"/games/{game_id}/sheet.pdf")

    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    assert len(reader.pages) == 1  # a 26-deal game fits on one page
    text = pdf_text(response.data)
    for name in game["players"]:
        assert name in text
    for total in totals:
        assert str(total) in text


def test_the_page_and_the_pdf_show_the_same_rows_and_totals(client, token):
    game = example("back-alley-pagat")
    created = client.post("/api/games", json=game, headers={"X-CSRFToken": token})
    game_id = created.get_json()["id"]
    page = client.get(f"/games/{game_id}/scoresheet").get_data(as_text=True)
    text = pdf_text(client.get(f"/games/{game_id}/sheet.pdf").data)
    sheet = build_game_sheet(score(game))
    (grid,) = sheet.grids
    assert page.count('<tr id="deal-') == len(game["deals"]) == len(grid.rows)
    for row in grid.rows:
        if row.thrown_in:
            assert row.thrown_in in page and row.thrown_in in " ".join(text.split())
            continue
        for side in row.cells:
            took, score_text, total = side.took.text, side.score.text, side.total.text
            cell = (
                rf'>{took}</span></span>\s*<span class="pts">{score_text}</span>\s*'
                rf'<b class="total">{total}</b>'
            )
            assert re.search(cell, page), cell
            assert total in text
    footer = re.search(r"<tfoot>(.*?)</tfoot>", page, re.S)
    assert footer and [side.total for side in grid.sides] == re.findall(
        r'<td class="total">(-?\d+)', footer.group(1)
    )
    # The PDF's text keeps the words, not the invisible marks that isolate each name.
    words = sheet.status.replace("\u2068", "").replace("\u2069", "")
    assert sheet.status in unescape(page) and words in " ".join(text.split())


@pytest.mark.parametrize(("paper", "width"), [("letter", 612), ("a4", 595)])
def test_blank_sheet_paper_sizes(client, paper, width):
    response = client.get(f"/sheets/blank.pdf?ruleset=joker&players=Ann,Bob,Cy,Dee&paper={paper}")
    assert response.status_code == 200
    page = PdfReader(io.BytesIO(response.data)).pages[0]
    assert round(float(page.mediabox.width)) == width
    assert "Ann" in pdf_text(response.data)


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ("ruleset=no-such-rules", 422),
        ("ruleset=bluke&players=20", 422),  # Bluke is for 2 to 15 players
        ("ruleset=joker&paper=a3", 400),
        ("", 400),
    ],
)
def test_blank_sheet_refusals_say_why(client, query, status):
    response = client.get(f"/sheets/blank.pdf?{query}")
    assert response.status_code == status
    assert response.mimetype == "text/html"


def test_sheet_of_unknown_game_is_404(client):
    assert client.get("/games/nothing-here/sheet.pdf").status_code == 404


def test_blank_sheet_form_offers_every_builtin(client):
    page = client.get("/sheets").get_data(as_text=True)
    for slug in ("back-alley-pagat", "bluke", "joker", "back-alley-seven"):
        assert f'value="{slug}"' in page


def _row_heard(page: str, deal: int) -> str:
    """What a screen reader says of a deal's row head: its words, less what it is told to skip."""
    row = re.search(rf'<tr id="deal-{deal}".*?</th>', page, re.S).group(0)
    row = re.sub(r'<(\w+)[^>]*aria-hidden="true"[^>]*>.*?</\1>', " ", row, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", row)).split())


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [("en", "1 card", "2 cards"), ("ka", "1 კარტი", "2 კარტი")],
)
def test_a_screen_reader_hears_each_rows_cards_counted_as_the_language_counts(
    app, client, token, language, one, two
):
    game = example("joker")  # deal 1: one card each, deal 2: two
    created = client.post("/api/games", json=game, headers={"X-CSRFToken": token})
    watcher = app.test_client()  # a row is read as it is: no link to edit it
    watcher.get(f"/language/{language}?next=/")
    page = watcher.get(f"/games/{created.get_json()['id']}/scoresheet").get_data(as_text=True)
    assert _row_heard(page, 1).startswith(f"1 {one}"), _row_heard(page, 1)
    assert _row_heard(page, 2).startswith(f"2 {two}"), _row_heard(page, 2)
    assert "1 cards" not in _row_heard(page, 1)


def test_the_scoresheet_and_the_printed_sheet_have_one_name_each_on_every_page(client):
    """Two things, two names: the page of every deal is the "Scoresheet", the PDF the
    "Printed sheet", on every link and button that opens one."""
    from tests.pages import every_page
    from tests.web.conftest import make_games

    games = make_games(client)
    named: dict[str, set[str]] = {"scoresheet": set(), "printed": set()}
    for address in every_page(
        games["finished"],
        games["current"],
        games["archived"],
        games["join"],
        night=games["night"],
        cards=games["cards"],
    ):
        page = client.get(address).get_data(as_text=True)
        for href, words in re.findall(r'<a [^>]*href="([^"]+)"[^>]*>(.*?)</a>', page, re.S):
            words = " ".join(unescape(re.sub(r"<[^>]+>", " ", words)).split())
            if href.endswith("/scoresheet") and words != "Cancel":  # a correction's way back
                named["scoresheet"].add(words)
            elif ".pdf" in href or href.startswith("/sheets"):
                named["printed"].add(words.split(":")[0])
        # A printed sheet is asked for by a form with the paper beside its button.
        printing = r'<form [^>]*action="([^"]+\.pdf)"[^>]*>.*?<button[^>]*>(.*?)</button>'
        for _, words in re.findall(printing, page, re.S):
            words = " ".join(unescape(re.sub(r"<[^>]+>", " ", words)).split())
            named["printed"].add(words.split(":")[0])
        assert "Print sheet" not in page and ">Sheet<" not in page, address
    assert named == {
        "scoresheet": {"Scoresheet"},
        # A night's results are a printed thing of their own, named the same way.
        "printed": {"Printed sheet (PDF)", "Blank printed sheets", "Printed results (PDF)"},
    }


# --- The paper: the reader's until this phone chooses, then its choice ------------------------


@pytest.mark.parametrize(
    ("language", "accepted", "paper"),
    [
        ("ka", ["ka"], "a4"),
        ("ka", ["en-US", "en"], "a4"),  # a reader of Georgian, on a phone set to US English
        ("en", ["en-US", "en"], "letter"),
        ("en", ["en-GB", "en"], "a4"),
        ("en", ["en"], "a4"),  # no region said: the paper most of the world uses
        ("en", ["es-MX"], "letter"),
        ("en", ["fr-CA", "fr"], "letter"),
        ("en", ["en-PH"], "letter"),
        ("en", ["es-419"], "a4"),  # Latin America as a whole: its Letter countries say so
        ("en", ["de-DE", "en-US"], "a4"),  # the first language decides
        ("en", ["zh-Hant-TW"], "a4"),
        ("en", ["*"], "a4"),
        ("en", [], "a4"),
    ],
)
def test_the_default_paper_follows_the_reader(language, accepted, paper):
    assert default_paper(language, accepted) == paper


def page_size(data: bytes) -> tuple[int, int]:
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    return tuple(sorted((round(float(box.width)), round(float(box.height)))))


def test_a_game_sheet_prints_on_the_readers_paper_until_the_phone_chooses(client, token):
    created = client.post("/api/games", json=example("joker"), headers={"X-CSRFToken": token})
    game_id = created.get_json()["id"]
    sheet = f"/games/{game_id}/sheet.pdf"
    american, georgian = {"Accept-Language": "en-US,en;q=0.9"}, {"Accept-Language": "ka"}
    assert page_size(client.get(sheet, headers=american).data) == (612, 792)  # Letter
    assert page_size(client.get(sheet, headers=georgian).data) == (595, 842)  # A4
    # The game page offers the reader's paper first; the other is beside it.
    page = client.get(f"/games/{game_id}", headers=american).get_data(as_text=True)
    assert re.search(r'value="letter" checked', page) and 'value="a4">' in page
    # Chosen once, remembered for this phone: the next sheet and its pages.
    chosen = client.get(sheet + "?paper=a4", headers=american)
    assert page_size(chosen.data) == (595, 842)
    assert "scorekeeper_paper=a4" in chosen.headers["Set-Cookie"]
    assert page_size(client.get(sheet, headers=american).data) == (595, 842)
    for path in (f"/games/{game_id}", f"/games/{game_id}/scoresheet", "/sheets"):
        page = client.get(path, headers=american).get_data(as_text=True)
        assert 'value="a4" checked' in page, path
