"""Every page on a 360 px phone: no sideways scroll, and axe-core finds nothing serious.

axe-core runs from the copy bundled in the axe-playwright-python package (no CDN).
"""

from __future__ import annotations

import copy

import pytest

from tests.browser.conftest import InPage
from tests.conftest import example

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 640}


@pytest.fixture(scope="module")
def scorer(browser, live_server):
    """One phone for every page: the scorer's, as it starts the games."""
    context = browser.new_context(viewport=NARROW, base_url=live_server.phone_url)
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def pages(scorer) -> list[str]:
    """Make games to look at (one being played, one over); return every page's address."""
    page = scorer
    page.goto("/")
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")

    def create(document: dict) -> str:
        made = InPage(page).post("/api/games", data=document, headers={"X-CSRFToken": token})
        assert made.status == 201, made.text()
        return made.json()["id"]

    finished = create(example("back-alley-pagat"))
    playing = copy.deepcopy(example("joker"))
    playing["deals"] = playing["deals"][:3]
    current = create(playing)
    archived = create(example("joker"))
    moved = InPage(page).post(
        f"/games/{archived}/archive", form={"csrf_token": token, "game": archived}
    )
    assert moved.ok, moved.text()
    return [
        "/",
        "/?state=archived",
        f"/games/{archived}",
        f"/games/{archived}/delete",
        f"/games/{current}/delete",
        "/games/new",
        "/games/new/draw?ruleset=back-alley-pagat&player=Ann&player=Bob&player=Cy&player=Dee",
        f"/games/{current}",
        f"/games/{finished}",
        f"/games/{current}/scoresheet",
        f"/games/{finished}/scoresheet",
        f"/games/{current}/deals/2/edit",
        f"/games/{current}/live",
        f"/games/{finished}/compare",
        f"/games/{finished}/compare?ruleset=back-alley-catsatcards",
        "/import",
        "/sheets",
        "/rules",
        "/rules/back-alley-bridge",
        "/rules/new",
        "/rules/joker-strict",
        "/rules/new?from=joker-strict",
        "/docs/joker-variants",
        "/rules/import",
        "/rules/calculator",
        "/rules/calculator?cards=5&dealer=3&name_0=Ann&name_1=Bob&name_2=Cy&name_3=Dee"
        "&bid_0=2&bid_1=1&bid_2=pass&bid_3=1&tricks_0=3&tricks_1=1&tricks_2=0&tricks_3=1",
        "/players",
        "/players/Ann",
        "/offline",
        "/trust",
    ]


def test_no_page_is_wider_than_a_phone(scorer, pages):
    wide = {}
    for address in pages:
        response = scorer.goto(address)
        assert response.ok, address
        width = scorer.evaluate("() => document.documentElement.scrollWidth")
        if width > NARROW["width"]:
            wide[address] = width
    assert wide == {}


def test_axe_core_finds_nothing_serious_on_any_page(scorer, pages):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    found = {}
    for address in pages:
        scorer.goto(address)
        violations = axe.run(scorer).response["violations"]
        serious = [
            f"{v['id']}: {' '.join(v['nodes'][0]['html'].split())[:90]}"
            for v in violations
            if v["impact"] in ("serious", "critical")
        ]
        if serious:
            found[address] = serious
    assert found == {}
