"""A printed sheet's QR code on a phone: the link decoded from a blank sheet's PDF, opened at
the LAN address as a phone's camera opens it, lands on the game ready to score deal 1.

The link is the plain address. A phone that trusts the server and has used its secure
address is known there only (its cookie is marked secure): it is moved there before the game
is started, so the game is its own. A phone that does not trust it starts the game where it is.
"""

from __future__ import annotations

import base64
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.qr_codes import qr_links

pytestmark = pytest.mark.browser

AT_THE_TABLE = {"width": 360, "height": 640}
SHEET = "/sheets/blank.pdf?ruleset=back-alley-pagat&players=Ann,Bob,Cy,Dee&first_dealer=2"
GAME_PAGE = re.compile(r"/games/[\w-]+$")


def phone_at(browser, base_url: str):
    """A phone at the table, 360 px wide, with a cookie jar of its own."""
    return browser.new_context(
        viewport=AT_THE_TABLE, device_scale_factor=2, is_mobile=True, has_touch=True,
        base_url=base_url,
    )  # fmt: skip


def printed(page, path: str) -> bytes:
    """Ask for a PDF as this page's browser does; return its bytes."""
    page.goto("/sheets")
    found = page.evaluate(
        """async (path) => {
            const answer = await fetch(path);
            const bytes = new Uint8Array(await answer.arrayBuffer());
            let text = "";
            for (const byte of bytes) text += String.fromCharCode(byte);
            return [answer.status, btoa(text)];
        }""",
        path,
    )
    assert found[0] == 200
    return base64.b64decode(found[1])


def scanned(browser, live_server) -> str:
    """Print a named blank sheet on the family's laptop; return the link its QR code holds."""
    laptop = phone_at(browser, live_server.phone_url)
    try:
        (link,) = qr_links(printed(laptop.new_page(), SHEET + "&paper=a4"))
    finally:
        laptop.close()
    # The plain address by number: it opens on any phone on the WiFi.
    assert link.startswith(live_server.plain_url + "/sheet/")
    return link


def ready_to_score_deal_one(page) -> None:
    """Check the game page: deal 1, Cy dealing (seat 3), this phone offered the taps."""
    expect(page.locator("main")).to_contain_text("Deal 1 of 26")
    expect(page.locator("main")).to_contain_text("Cy deals")
    expect(page.locator("button[name=step]").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= AT_THE_TABLE["width"]


def test_a_blank_sheets_qr_code_opens_its_game_ready_to_score_on_two_phones(
    browser, live_server
) -> None:
    link = scanned(browser, live_server)
    scorer = phone_at(browser, live_server.phone_url)
    watcher = phone_at(browser, live_server.phone_url)
    try:
        page = scorer.new_page()
        page.goto("/")  # the family's phone has used the app before, at its secure address
        page.goto(link)
        page.wait_for_url(GAME_PAGE)
        assert page.url.startswith(live_server.secure_url)
        ready_to_score_deal_one(page)
        screenshot(page, "sheet-qr-scorer")

        second = watcher.new_page()
        second.goto(link)
        second.wait_for_url(page.url)  # the same game
        expect(second.locator("main")).to_contain_text("Cy deals")
        expect(second.locator("button[name=step]")).to_have_count(0)  # it watches
    finally:
        scorer.close()
        watcher.close()


def test_a_phone_that_does_not_trust_the_server_scores_the_sheet_on_the_plain_address(
    browser, doubting, live_server
) -> None:
    link = scanned(browser, live_server)
    context = phone_at(doubting, live_server.plain_url)
    try:
        page = context.new_page()
        page.goto(link)
        page.wait_for_url(GAME_PAGE)
        assert page.url.startswith(live_server.plain_url)
        ready_to_score_deal_one(page)
    finally:
        context.close()
