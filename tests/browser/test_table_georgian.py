"""The table page in Georgian on a phone that scores with its own copy of the rules: a Joker
game tapped in deal by deal, every screen the phone draws itself in Georgian (its bundle
carries the catalog), the struck-out bid and the last deal's explanations included."""

from __future__ import annotations

import pytest

from tests.browser.conftest import InPage
from tests.browser.test_every_page import NARROW
from tests.browser.test_play import Phone

pytestmark = pytest.mark.browser


def test_a_joker_game_tapped_in_georgian_is_drawn_and_explained_in_georgian(browser, live_server):
    context = browser.new_context(viewport=NARROW, base_url=live_server.phone_url)
    page = context.new_page()
    try:
        page.goto("/")
        page.locator('footer.languages a[hreflang="ka"]').click()
        page.wait_for_url("**/")
        token = page.locator('meta[name="csrf-token"]').get_attribute("content")
        document = {"ruleset": "joker", "players": ["Ann", "Bob", "Cy", "Dee"], "first_dealer": 3}
        made = InPage(page).post(
            "/api/games", data={**document, "deals": []}, headers={"X-CSRFToken": token}
        )
        assert made.status == 201, made.text()
        page.goto(f"/games/{made.json()['id']}")
        phone = Phone(page)
        phone.ready()  # from here on the phone draws every screen itself
        # Deal 1, one card, Dee deals: Ann 1, Bob and Cy pass, Dee's 1 filled in; Ann took it.
        for step in ("bid:1", "bid:pass", "bid:pass"):
            phone.tap(f'button[name="step"][value="{step}"]')
        filled = page.locator("#filled").inner_text()
        assert "Dee — ბიდი 1" in filled and "Filled" not in filled, filled
        phone.tap('button[name="step"][value="tricks:1"]')
        # Deal 2, two cards, Ann deals last: the hook strikes her 1, said why in Georgian.
        for step in ("bid:1", "bid:pass", "bid:pass"):
            phone.tap(f'button[name="step"][value="{step}"]')
        struck = page.locator('button[name="step"][value="bid:1"]')
        assert struck.is_disabled()
        assert struck.get_attribute("title") == "ბიდების ჯამი იქნებოდა 2, კარტის რაოდენობა"
        assert "კარტის რაოდენობა" in page.locator("#ask").inner_text()
        phone.tap('button[name="step"][value="bid:2"]')
        assert "ხელიდან" in page.locator("#tally").inner_text()  # "bid of 2 tricks"
        for step in ("tricks:1", "tricks:0", "tricks:0"):
            phone.tap(f'button[name="step"][value="{step}"]')
        last = page.locator("#last-deal")
        assert "დარიგება 2 დაითვალა" in last.locator("h2").inner_text()
        explained = last.locator(".explain").all_inner_texts()
        assert len(explained) == 4 and all("აიღო" in line for line in explained), explained
        assert not any("took" in line or "bid" in line for line in explained), explained
        phone.settled()
        assert page.locator("#where").inner_text() == "ონლაინ"  # "Online", from the page's words
        assert page.locator("html").get_attribute("lang") == "ka"
    finally:
        context.close()
