"""The home page on a phone: the games in pages, the filters labelled and big enough to tap."""

from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot
from tests.serving import Client

pytestmark = pytest.mark.browser

#: Every visible control in the page's main part that is shorter or narrower than a thumb.
SMALL_TARGETS = """() => [...document.querySelectorAll(
        'main button, main a.button, main .game-link, main input, main select, main summary')]
    .filter(e => e.checkVisibility())
    .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; })
    .map(e => e.outerHTML.slice(0, 80))"""
UNLABELLED = """() => [...document.querySelectorAll('main input:not([type=hidden]), main select')]
    .filter(e => e.labels.length === 0).map(e => e.outerHTML.slice(0, 80))"""


def test_the_home_page_pages_and_filters_on_a_phone(phone, live_server) -> None:
    client = Client(live_server.url)
    client.fetch_token()
    for number in range(23):
        players = [f"Player {number}", "Bob", "Cy", "Dee"]
        game = {"ruleset": "back-alley-pagat", "players": players}
        status, _, _ = client.request("POST", "/api/games", json_body=game)
        assert status == 201
    phone.goto("/")
    assert phone.locator("#games li").count() == 20
    phone.get_by_text("Find games").click()
    assert phone.evaluate(UNLABELLED) == []
    assert phone.evaluate(SMALL_TARGETS) == []
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
    screenshot(phone, "home-filters")
    phone.get_by_role("link", name="Next (older)").click()
    assert phone.locator("#games li").count() >= 3
    phone.get_by_role("link", name="Previous (newer)").click()
    assert phone.locator("#games li").count() == 20
    phone.get_by_text("Find games").click()
    phone.get_by_label("Player").fill("player 7")
    phone.get_by_role("button", name="Show games").click()
    assert phone.locator("#games li").count() == 1
    assert "Player 7" in phone.locator("#games").inner_text()
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
