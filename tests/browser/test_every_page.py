"""Every page on a 360 px phone, in English and in Georgian (whose words are long): no
sideways scroll, and axe-core finds nothing serious, with the page's `lang` its language.

axe-core runs from the copy bundled in the axe-playwright-python package (no CDN).
"""

from __future__ import annotations

import copy
from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import InPage
from tests.conftest import example
from tests.pages import every_page

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 640}


@pytest.fixture(scope="module", params=["en", "ka"])
def scorer(request, browser, live_server):
    """One phone for every page: the scorer's, as it starts the games, reading English or
    (chosen with the switch at the foot of the page) Georgian."""
    context = browser.new_context(viewport=NARROW, base_url=live_server.phone_url)
    page = context.new_page()
    if request.param != "en":
        page.goto("/")
        page.locator(f'footer.languages a[hreflang="{request.param}"]').click()
        page.wait_for_url("**/")
    page.language = request.param  # type: ignore[attr-defined]
    yield page
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
    join = InPage(page).get(f"/api/games/{current}").json()["edit_url"]
    return every_page(finished, current, archived, urlsplit(join).path)


def test_no_page_is_wider_than_a_phone(scorer, pages):
    wide = {}
    for address in pages:
        response = scorer.goto(address)
        assert response.ok, address
        assert scorer.locator("html").get_attribute("lang") == scorer.language, address
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
