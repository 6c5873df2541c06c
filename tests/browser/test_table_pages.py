"""The other table pages on a phone: new game, draw for seats, scoresheet, correcting a deal."""

from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_play import Phone

pytestmark = pytest.mark.browser

SMALL_TARGETS = """() => [...document.querySelectorAll('main button, main a, main select')]
    .filter(e => e.checkVisibility())
    .filter(e => e.getBoundingClientRect().height < 44)
    .map(e => e.outerHTML.slice(0, 80))"""


def fits_the_phone(page) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_draw_for_seats_then_play_correct_and_read_the_sheet(phone):
    table = Phone(phone)
    phone.goto("/games/new")
    phone.select_option("#ruleset", "back-alley-pagat")
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Dee"]):
        phone.fill(f'input[name="players-{seat}"]', name)
    phone.check('input[name="dealer"][value="draw"]')
    screenshot(phone, "new-game")
    fits_the_phone(phone)
    with phone.expect_navigation():
        phone.click("text=Start the game")
    for seat, (rank, suit) in enumerate([("A", "spades"), ("K", "hearts"), ("2", "clubs"),
                                         ("3", "clubs")]):  # fmt: skip
        phone.click(f'input[name="rank-{seat}"][value="{rank}"] + span')
        phone.click(f'input[name="suit-{seat}"][value="{suit}"] + span')
    screenshot(phone, "draw")
    fits_the_phone(phone)
    assert phone.evaluate(SMALL_TARGETS) == []
    with phone.expect_navigation():
        phone.click("text=Seat us and start")
    assert phone.locator(".who").inner_text().startswith("Ann deals")
    assert phone.locator(".order .name").all_inner_texts()[:3] == ["Cy B", "Bob A", "Dee B"]
    for step in ("trump:hearts", "bid:2", "bid:pass", "bid:1", "bid:3", "tricks:6"):
        table.tap(f'button[value="{step}"]')
    with phone.expect_navigation():
        phone.click(".bar-link")
    assert phone.locator("tr.current").count() == 1
    screenshot(phone, "scoresheet")
    with phone.expect_navigation():
        phone.click('a[aria-label="Edit deal 1"]')
    fits_the_phone(phone)
    assert phone.evaluate(SMALL_TARGETS) == []
    phone.select_option('select[name="team-0"]', "8")
    phone.select_option('select[name="team-1"]', "5")
    screenshot(phone, "edit-deal")
    with phone.expect_navigation():
        phone.click("text=Save the correction")
    assert "#deal-1" in phone.url
    assert phone.locator("#deal-1 td .said").first.inner_text().endswith("/8")  # Ann & Cy took 8


def test_the_qr_codes_load_only_when_their_panel_is_opened(phone):
    """Each tap loads the game page again: its two QR codes must not be drawn every time."""
    from tests.browser.test_play import start_game

    start_game(Phone(phone), "joker", ["Ann", "Bob", "Cy", "Dee"], 0)
    asked: list[str] = []
    phone.on("request", lambda request: asked.append(request.url))
    phone.reload(wait_until="networkidle")
    assert not [url for url in asked if "qr.svg" in url]
    with phone.expect_request(lambda request: request.url.endswith("/qr.svg")):
        phone.get_by_text("Let the table watch").click()
    qr = phone.locator(".share-panel img.qr")
    qr.scroll_into_view_if_needed()
    phone.wait_for_function("() => document.querySelector('.share-panel img.qr').complete")
    assert qr.evaluate("img => img.naturalWidth") > 0
