"""Every page as a family reads it, at 320, 360 and 390 px (and a tablet's 768), in English and
in Georgian, with names as long as a family's: no word (nor number) drawn on two lines, no text
cut by its box, no two controls on top of each other, no sideways scroll, and every drop-down
wide enough for its choices. Measured in Chromium by layout.js, one screen at a time; every
fault of every screen is listed at once, `page @ width lang: kind — text / where`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import games_to_look_at, night_to_look_at
from tests.pages import every_page, host_pages

pytestmark = pytest.mark.browser

WIDTHS = (320, 360, 390, 768)
HEIGHT = 740
#: A Georgian family's names, written as each language's pages would show them.
NAMES = {
    "en": ["Giorgi", "Mariam", "Levani", "Aleksandre"],
    "ka": ["გიორგი", "მარიამ", "ლევანი", "ალექსანდრე"],
}
MEASURE = (Path(__file__).with_name("layout.js")).read_text(encoding="utf-8")


def faults_on(page, screen: str) -> list[str]:
    """Measure the page as it is open, every part of it unfolded (what a tap shows is read
    too), at every width; return its faults, one line each."""
    page.evaluate(
        "() => document.querySelectorAll('details').forEach((part) => (part.open = true))"
    )
    found = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": HEIGHT})
        for fault in page.evaluate(MEASURE):
            found.append(
                f"{screen} @ {width} {page.language}: {fault['kind']} — {fault['text']}"
                f" / {fault['where']}"
            )
    return found


def refused_correction(page, game: str) -> None:
    """Open deal 2's correction and save bids Joker refuses (the first bidder bids every
    card, everyone else passes: the dealer may not make the bids add up to the cards): the
    page says why beside the dealer's bid."""
    page.goto(f"/games/{game}/deals/2/edit")
    bids = page.locator('select[name^="bid"]')
    for number in range(bids.count()):
        choices = bids.nth(number).evaluate("select => [...select.options].map((o) => o.value)")
        bids.nth(number).select_option(choices[-1] if number == 0 else choices[0])
    with page.expect_navigation():
        page.locator("form.edit button.primary").click()
    assert page.locator('.edit-table [role="alert"]').count() == 1, page.content()


def test_every_word_and_control_fits_every_page_at_every_width(scorer, host):
    page = scorer
    names = NAMES[page.language]
    finished, current, archived, join = games_to_look_at(page, names)
    night, cards = night_to_look_at(host, names)
    pairs, _ = night_to_look_at(host, names, pairs=True)
    found: list[str] = []
    for address in every_page(
        finished, current, archived, join, names[0], night=night, cards=cards, pairs_night=pairs
    ):
        assert page.goto(address).ok, address
        found += faults_on(page, address)
    # The host's pages, on the host's own browser, in the same language.
    host.goto(f"/language/{page.language}?next=/")
    host.language = page.language
    for address in host_pages(night, pairs):
        assert host.goto(address).ok, address
        found += faults_on(host, address)
    refused_correction(page, current)
    found += faults_on(page, f"/games/{current}/deals/2/edit (refused)")
    page.set_viewport_size({"width": WIDTHS[1], "height": HEIGHT})
    if found:
        for game, known_as in (
            (finished, "{finished}"),
            (current, "{current}"),
            (archived, "{archived}"),
        ):
            found = [fault.replace(game, known_as) for fault in found]
        pytest.fail(f"{len(found)} faults:\n" + "\n".join(found), pytrace=False)
