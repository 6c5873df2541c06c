"""Scorekeeper in Georgian on a 360 px phone: chosen with the switch at the foot of the
page, no page wider than the phone (Georgian words are long), axe-core clean with
lang="ka", and a Joker game's explanations in Georgian."""

from __future__ import annotations

import pytest

from tests.browser.conftest import InPage
from tests.browser.test_every_page import NARROW
from tests.conftest import example

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def georgian(browser, live_server):
    """One phone that chose Georgian with the switch on the home page."""
    context = browser.new_context(viewport=NARROW, base_url=live_server.phone_url)
    page = context.new_page()
    page.goto("/")
    page.locator('footer.languages a[hreflang="ka"]').click()
    page.wait_for_url("**/")
    yield page
    context.close()


@pytest.fixture(scope="module")
def addresses(georgian) -> list[str]:
    token = georgian.locator('meta[name="csrf-token"]').get_attribute("content")
    made = InPage(georgian).post(
        "/api/games", data=example("joker"), headers={"X-CSRFToken": token}
    )
    assert made.status == 201, made.text()
    game = made.json()["id"]
    return [
        "/",
        "/games/new",
        f"/games/{game}/scoresheet",
        f"/games/{game}/live",
        "/sheets",
        "/rules",
        "/players",
        "/players/Ann",
        "/offline",
    ]


def test_georgian_pages_fit_a_phone_and_say_they_are_georgian(georgian, addresses):
    wide = {}
    for address in addresses:
        assert georgian.goto(address).ok, address
        assert georgian.locator("html").get_attribute("lang") == "ka", address
        width = georgian.evaluate("() => document.documentElement.scrollWidth")
        if width > NARROW["width"]:
            wide[address] = width
    assert wide == {}


def test_axe_core_finds_nothing_serious_in_georgian(georgian, addresses):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    found = {}
    for address in addresses:
        georgian.goto(address)
        violations = axe.run(georgian).response["violations"]
        serious = [v["id"] for v in violations if v["impact"] in ("serious", "critical")]
        if serious:
            found[address] = serious
    assert found == {}


def test_a_joker_games_last_deal_is_explained_in_georgian(georgian, addresses):
    georgian.goto(addresses[3])
    explained = georgian.locator(".last-deal .explain").inner_text()
    assert "აიღო" in explained, explained  # "took"
    assert "took" not in explained
