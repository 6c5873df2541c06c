"""Every page on a 360 px phone, in English and in Georgian (whose words are long): no
sideways scroll, and axe-core finds nothing serious, with the page's `lang` its language.

axe-core runs from the copy bundled in the axe-playwright-python package (no CDN).
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import NARROW, games_to_look_at, night_to_look_at
from tests.pages import every_page

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def pages(scorer, host) -> list[str]:
    """Every page's address, about games this phone started and two nights the host set up
    (one of partnership Back Alley, partners kept)."""
    night, cards = night_to_look_at(host)
    pairs, _ = night_to_look_at(host, pairs=True)
    return every_page(*games_to_look_at(scorer), night=night, cards=cards, pairs_night=pairs)


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
