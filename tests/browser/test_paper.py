"""The paper a sheet prints on, on a phone: A4 for a Georgian phone, Letter for one in the US, the
other one tap away beside the print button, and the choice remembered for the next sheet.

Each phone is a browser of its own language (its Accept-Language), at 360 px; the PDF the
page asks for is read with pypdf, its pages measured in points (A4 595 × 842, Letter
612 × 792, either way up).
"""

from __future__ import annotations

import base64
import io
from collections.abc import Iterator

import pytest
from pypdf import PdfReader

from tests.browser.conftest import PHONE, InPage, screenshot

pytestmark = pytest.mark.browser

A4, LETTER = (595, 842), (612, 792)
GAME = {"ruleset": "joker", "players": ["გიორგი", "ნინო", "ლევანი", "მარიამ"]}


@pytest.fixture
def phone_in(browser, live_server) -> Iterator:
    """Open phones whose browsers speak a language (and name a region): "ka", "en-US"."""
    contexts = []

    def open_phone(locale: str):
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, locale=locale,
            base_url=live_server.phone_url,
        )  # fmt: skip
        contexts.append(context)
        page = context.new_page()
        page.goto("/")
        return page

    yield open_phone
    for context in contexts:
        context.close()


def new_game(page) -> str:
    """Start a game through the API, as this phone; return its table page's address."""
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    made = InPage(page).post("/api/games", data=GAME, headers={"X-CSRFToken": token})
    assert made.status == 201, made.text()
    return made.json()["url"]


#: The PDF at an address, fetched by the page itself (its cookies, its trust), as base64.
PDF_BYTES = """async (url) => {
    const answer = await fetch(url, {credentials: "same-origin"});
    const bytes = new Uint8Array(await answer.arrayBuffer());
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
}"""


def printed_size(page, button) -> tuple[int, int]:
    """Tap a print button; return the size of the PDF's first page, short side first.

    The tap opens the PDF (the browser's viewer shows it); the same address, fetched by the
    page it was tapped on, gives its bytes to measure.
    """
    came_from = page.url
    with page.expect_response(lambda answer: ".pdf" in answer.url) as asked:
        button.click()
    answer = asked.value
    assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
    page.goto(came_from)
    pdf = base64.b64decode(page.evaluate(PDF_BYTES, answer.url))
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return tuple(sorted((round(float(box.width)), round(float(box.height)))))


def chosen(page) -> str:
    return page.locator('.print-sheet input[name="paper"]:checked').get_attribute("value")


def test_a_georgian_phone_prints_a4_and_a_phone_in_the_us_letter(phone_in) -> None:
    georgian = phone_in("ka")
    georgian.goto(new_game(georgian))
    assert georgian.locator("html").get_attribute("lang") == "ka"
    assert chosen(georgian) == "a4"
    screenshot(georgian, "paper-game-ka")
    assert georgian.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert printed_size(georgian, georgian.locator(".print-sheet button")) == A4

    american = phone_in("en-US")
    american.goto(new_game(american))
    assert chosen(american) == "letter"
    assert printed_size(american, american.locator(".print-sheet button")) == LETTER


def test_the_other_paper_is_one_tap_away_and_remembered(phone_in) -> None:
    phone = phone_in("en-US")
    game = new_game(phone)
    phone.goto(game + "/scoresheet")
    assert chosen(phone) == "letter"
    phone.locator(".print-sheet").get_by_label("A4").check()
    assert printed_size(phone, phone.locator(".print-sheet button")) == A4
    # Remembered on this phone: the game page, the scoresheet and the blank sheets offer A4.
    phone.goto(game)
    assert chosen(phone) == "a4"
    assert printed_size(phone, phone.locator(".print-sheet button")) == A4
    phone.goto(game + "/scoresheet")
    assert chosen(phone) == "a4"
    phone.goto("/sheets")
    assert phone.locator('input[name="paper"]:checked').get_attribute("value") == "a4"
    # Another phone in the US still gets its Letter.
    other = phone_in("en-US")
    other.goto(game + "/scoresheet")
    assert chosen(other) == "letter"


#: For each paper's radio button: its box and the box of its label's words.
BESIDE = """() => [...document.querySelectorAll('input[name="paper"]')].map(radio => {
    const words = document.createRange();
    words.selectNodeContents(radio.closest('label'));
    words.setStartAfter(radio);
    const [r, w] = [radio.getBoundingClientRect(), words.getBoundingClientRect()];
    return {radio: [r.right, (r.top + r.bottom) / 2],
            words: [w.left, (w.top + w.bottom) / 2, words.getClientRects().length]};
})"""


def test_on_the_blank_sheets_page_each_paper_sits_beside_its_radio_button(phone_in) -> None:
    phone = phone_in("en-US")
    phone.goto("/sheets")
    screenshot(phone, "paper-blank-sheets")
    found = phone.evaluate(BESIDE)
    assert len(found) == 2
    for each in found:
        (right, middle), (start, words_middle, lines) = each["radio"], each["words"]
        assert right <= start <= right + 16  # just after it, on its right
        assert abs(words_middle - middle) <= 6  # on its line, not below it
        assert lines == 1
