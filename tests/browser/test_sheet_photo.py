"""Photograph the sheet, on a phone at the LAN address: a photo of a filled-in blank sheet is
chosen on the page, read by the server, and typed into the paper grid; the scorer answers
each cell marked (confirming what was read, or typing what the sheet says), and the game
stored has the totals the rules give, as a family checks them by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.test_layout import faults_on
from tests.browser.test_phone_keeps_the_game import SMALL, fits_and_is_accessible, server_game
from tests.sheet_photo import photographed, printed_blank
from tests.web.test_photos import GAME, TOTALS

IDLE = "() => document.documentElement.dataset.paper === 'ready'"


def test_a_photographed_sheet_goes_in_through_the_grid_asking_what_it_doubts(
    phone, live_server, tmp_path: Path
) -> None:
    pdf, described = printed_blank(tmp_path, live_server.secret)  # signed as the server signs
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(photographed(pdf, described, GAME, seed=11, turn=-14.0))

    phone.goto("/")
    link = phone.get_by_role("link", name="Photograph the sheet")
    phone.goto(link.get_attribute("href"))
    # The field speaks the page's words, not the browser's, and names the photo chosen.
    expect(phone.locator("#photo")).to_have_accessible_name("Photo of the sheet")
    expect(phone.locator(".file-pick .button")).to_have_text("Take or choose a photo")
    phone.set_input_files('input[type="file"]', str(photo))
    expect(phone.locator("#photo-chosen")).to_have_text("sheet.jpg")
    with phone.expect_navigation(timeout=240_000):
        phone.get_by_role("button", name="Read the sheet").click(no_wait_after=True)
    phone.wait_for_function(IDLE, timeout=60_000)
    assert re.search(r"/games/[^/]+/paper$", phone.url)
    game_id = phone.url.split("/")[-2]

    answered = 0
    while phone.locator("tbody.deal.recorded").count() < len(GAME["deals"]):
        asked = phone.locator("tbody.deal.current input.asked")
        assert asked.count(), "a row waits with nothing asked"
        cell = asked.first
        position = int(phone.locator("tbody.deal.current").get_attribute("data-position"))
        kind, seat = cell.get_attribute("data-key").split("-")
        truth = GAME["deals"][position - 1]["bids" if kind == "bid" else "tricks"][int(seat)]
        shown = cell.input_value()
        assert cell.get_attribute("aria-describedby")  # the question said beside the cell
        if shown == str(truth) or (kind == "bid" and truth == 0 and shown == "–"):
            phone.locator("tr.choose button.confirm").click()  # "It says 1"
        else:
            cell.focus()
            phone.keyboard.press(str(truth))
        phone.wait_for_function(IDLE, timeout=30_000)
        answered += 1
        assert answered <= 2 * 4 * len(GAME["deals"])

    totals = phone.locator(f'tbody.deal.recorded[data-position="{len(GAME["deals"])}"] .total b')
    assert [int(text) for text in totals.all_inner_texts()] == TOTALS
    for _ in range(100):
        stored = server_game(live_server, game_id)
        if stored and len(stored["game"]["deals"]) == len(GAME["deals"]):
            break
        phone.wait_for_timeout(100)
    assert stored["game"]["deals"] == GAME["deals"]
    assert stored["result"]["totals"] == TOTALS


def test_the_sheet_read_fits_a_georgian_phone_with_what_it_says_of_the_sheets_sum(
    georgian, live_server, tmp_path: Path
) -> None:
    # Cy's total after deal 2 written 360 where the rules give 350: the grid says so in
    # Georgian beside the rows read, and the page (its questions open) fits every width with
    # no word broken, nothing clipped, nothing on top of another, and axe finds nothing.
    page = georgian
    page.language = "ka"
    pdf, described = printed_blank(tmp_path, live_server.secret)
    photo = tmp_path / "sheet.jpg"
    slip = {(2, 3, 3, "total"): "360"}
    photo.write_bytes(photographed(pdf, described, GAME, seed=11, turn=-14.0, slips=slip))

    page.goto("/sheet-photo")
    page.set_input_files('input[type="file"]', str(photo))
    with page.expect_navigation(timeout=240_000):
        page.locator("form button.primary, form button[type=submit]").first.click(
            no_wait_after=True
        )
    page.wait_for_function(IDLE, timeout=60_000)

    expect(page.locator("ul.read-noted li")).to_have_text(
        ["დარიგება 2: Cy — ჯამი ფურცელზე 360‑ს ჰგავს; წესებით 350 გამოდის."]
    )
    assert faults_on(page, "the sheet read") == []
    page.set_viewport_size(SMALL)
    fits_and_is_accessible(page)
