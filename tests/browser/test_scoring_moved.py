"""Two phones at a 360×640 table: the creator takes scoring back, and the helper's phone,
its page still open, is told in words instead of silently becoming a watcher (issue 33)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import InPage, screenshot
from tests.browser.test_play import Phone, join, start_game

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}


def phone_context(browser, live_server):
    return browser.new_context(
        viewport=SMALL, device_scale_factor=2, is_mobile=True, has_touch=True,
        base_url=live_server.phone_url,
    )  # fmt: skip


def test_a_tap_after_scoring_moved_says_so_and_is_not_recorded(browser, live_server):
    creator_phone, helper_phone = (
        phone_context(browser, live_server),
        phone_context(browser, live_server),
    )
    try:
        creator, helper = creator_phone.new_page(), helper_phone.new_page()
        scorer = Phone(creator)
        game_url = start_game(scorer, "back-alley-individual", ["Ann", "Bob", "Cy", "Dee"], 0)
        link = creator.locator("a.edit-link").get_attribute("href")
        assert link.startswith("http://")  # the plain address: it opens on any phone
        join(helper, link, game_url)  # this phone trusts the server: on to the secure address
        Phone(helper).tap('button[value="bid:1"]')  # the helper scores: Dee bids 1
        # The creator stops every other phone scoring; the helper's page stays open.
        creator.reload()
        creator.locator("#hand-over summary").click()
        with creator.expect_navigation():
            creator.click("text=Stop every other phone scoring")
        before = InPage(creator).get(game_url.replace("/games/", "/api/games/")).json()
        # The helper taps a bid on the page it still has (table.js sends it, gets 403).
        with helper.expect_navigation(wait_until="domcontentloaded"):
            helper.click('button[value="bid:pass"]')
        moved = helper.locator("#moved")
        moved.wait_for()
        said = moved.inner_text()
        assert said.startswith("Scoring moved to another phone")
        assert "ask the scorer for the new edit link" in said
        assert moved.is_visible() and moved.bounding_box()["y"] < SMALL["height"]
        assert helper.locator('button[name="step"]').count() == 0  # watching now
        after = InPage(creator).get(game_url.replace("/games/", "/api/games/")).json()
        assert after["version"] == before["version"], "the tap was not recorded"
        screenshot(helper, "scoring-moved-360")
        # The helper asks for the new edit link: it scores again, with nothing stale to say.
        creator.goto(game_url)
        join(helper, creator.locator("a.edit-link").get_attribute("href"), game_url)
        assert helper.locator('button[name="step"]').count() > 0
        assert helper.locator("#moved, #problem").count() == 0
        # The creator's phone goes on, and the bid the helper made before still stands.
        assert creator.locator('.order li[data-seat="3"] .bid').inner_text() == "1"  # Dee's
        Phone(creator).tap('button[value="bid:pass"]')
    finally:
        creator_phone.close()
        helper_phone.close()
