"""The scoresheet on a phone, for every size of table.

A table whose words fit the screen (up to six sides with short names) has every side's
running total within the screen's width, no sideways scroll; beyond six sides, or with names
too long for the screen, the table scrolls inside a labelled region a keyboard can reach,
its deal column and totals kept in place, the totals alone one tap away, and every name and
number whole (layout.js). The page opens on the deal being played, its totals in view;
axe-core finds nothing serious.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import InPage, screenshot
from tests.browser.test_layout import MEASURE
from tests.sheets.games import CROWD, bluke_game, example

pytestmark = pytest.mark.browser

SCREENS = [{"width": 360, "height": 640}, {"width": 390, "height": 844}]
NAMES_6 = ["Alexandra", "Bob", "Konstantinos", "ნინო", "王小明", "فاطمة"]
SHORT_6 = ["Ann", "Bob", "Cy", "Dee", "ნინო", "王明"]


def playing(document: dict, deals: int) -> dict:
    """Return the game as it was after its first `deals` deals."""
    return {**document, "deals": document["deals"][:deals]}


#: Tables to look at: (name, game file, sides, whether it scrolls in a region of its own).
TABLES = [
    ("2 teams", example("back-alley-pagat"), 2, False),
    ("4 players", playing(bluke_game(4), 10), 4, False),
    ("6 players", bluke_game(6, SHORT_6), 6, False),
    ("6 long names", bluke_game(6, NAMES_6), 6, True),
    ("10 players", playing(bluke_game(10), 4), 10, True),
    ("20 players", bluke_game(20, ruleset=CROWD), 20, True),
]

#: Each total's box, and the screen's: what the family sees without scrolling.
TOTALS = """() => [...document.querySelectorAll('.sheet tfoot td')].map(cell => {
    const box = cell.getBoundingClientRect();
    return {text: cell.innerText.trim(), left: box.left, right: box.right,
            top: box.top, bottom: box.bottom};
})"""


@pytest.fixture(scope="module")
def sheets(browser, live_server) -> dict[str, str]:
    """Start each table's game as one scorer; return each scoresheet's address by name."""
    context = browser.new_context(base_url=live_server.phone_url)
    page = context.new_page()
    page.goto("/")
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    addresses = {}
    for name, document, _, _ in TABLES:
        made = InPage(page).post("/api/games", data=document, headers={"X-CSRFToken": token})
        assert made.status == 201, made.text()
        addresses[name] = f"/games/{made.json()['id']}/scoresheet"
    context.close()
    return addresses


@pytest.fixture(params=SCREENS, ids=lambda screen: f"{screen['width']}x{screen['height']}")
def screen(request, browser, live_server):
    """A phone of this size (a watcher's: it did not start the games)."""
    size = request.param
    context = browser.new_context(
        viewport=size, device_scale_factor=2, is_mobile=True, has_touch=True,
        base_url=live_server.phone_url,
    )  # fmt: skip
    yield context.new_page(), size
    context.close()


def in_view(page, selector: str, size: dict) -> bool:
    """Say whether the element is on the screen, top to bottom and side to side."""
    box = page.locator(selector).bounding_box()
    return (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= size["height"] + 0.5
        and box["x"] >= 0
        and box["x"] + min(box["width"], size["width"]) <= size["width"] + 0.5
    )


@pytest.mark.parametrize(
    ("name", "sides", "scrolls"), [(name, sides, scrolls) for name, _, sides, scrolls in TABLES]
)
def test_every_total_is_on_the_screen_or_in_a_region_that_keeps_them(
    screen, sheets, name: str, sides: int, scrolls: bool
) -> None:
    page, size = screen
    page.goto(sheets[name])
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    totals = page.evaluate(TOTALS)
    assert len(totals) == sides
    assert all(total["text"] for total in totals)
    # The page opens on the deal being played (or the last one played), its totals in view.
    now = ".sheet tbody tr.current" if page.locator("tr.current").count() else ".sheet tbody tr"
    assert in_view(page, f"{now} >> nth=-1 >> th", size), "the latest deal is on the screen"
    footer = page.locator(".sheet tfoot th").bounding_box()
    assert (
        footer is not None
        and footer["y"] >= 0
        and footer["y"] + footer["height"] <= size["height"] + 0.5
    ), "the totals are on the screen"
    region = page.locator(".sheet-frame.scrolls")
    screenshot(page, f"scoresheet-{sides}-{size['width']}")  # after: it scrolls to the top
    assert page.evaluate(MEASURE) == []  # every name and number whole, nothing cut
    if not scrolls:
        assert region.count() == 0
        assert not page.locator(".totals-only").is_visible()
        for total in totals:
            assert total["left"] >= 0 and total["right"] <= size["width"] + 0.5, total
        return
    # Beyond six sides: a labelled region a keyboard can reach, scrolling on its own.
    assert region.get_attribute("role") == "region"
    assert region.get_attribute("tabindex") == "0"
    label = page.locator(f"#{region.get_attribute('aria-labelledby')}").inner_text()
    assert f"{sides} players" in label
    for _ in range(60):  # from the top of the page, Tab by Tab to the region
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('.sheet-frame')"):
            break
    assert page.evaluate("() => document.activeElement.matches('.sheet-frame')")
    for _ in range(30):
        page.keyboard.press("ArrowRight")
    assert region.evaluate("frame => frame.scrollLeft") > 0, "the arrow keys scroll it"
    region.evaluate("frame => frame.scrollLeft = frame.scrollWidth")
    frame = region.bounding_box()
    assert frame is not None and frame["x"] + frame["width"] <= size["width"] + 0.5
    # Scrolled to the last player: the deal column is still at the left, the totals below.
    deal_column = page.locator(".sheet tfoot th").bounding_box()
    assert deal_column is not None and abs(deal_column["x"] - frame["x"]) < 2
    last = page.evaluate(TOTALS)[-1]
    assert frame["x"] <= last["left"] and last["right"] <= frame["x"] + frame["width"] + 0.5
    assert last["bottom"] <= frame["y"] + frame["height"] + 0.5
    # The totals alone, one tap away.
    page.locator(".totals-only summary").click()
    listed = page.locator(".totals-only li")
    assert listed.count() == sides
    assert [row.split()[-1] for row in listed.all_inner_texts()] == [
        total["text"].split()[0] for total in totals
    ]


@pytest.mark.parametrize("screen_size", SCREENS, ids=lambda screen: str(screen["width"]))
def test_axe_core_finds_nothing_serious_on_any_size_of_sheet(
    browser, live_server, sheets, screen_size
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(viewport=screen_size, base_url=live_server.phone_url)
    page = context.new_page()
    found = {}
    try:
        for name, address in sheets.items():
            page.goto(address)
            if page.locator(".totals-only").is_visible():
                page.locator(".totals-only summary").click()
            violations = Axe().run(page).response["violations"]
            serious = [
                f"{v['id']}: {' '.join(v['nodes'][0]['html'].split())[:90]}"
                for v in violations
                if v["impact"] in ("serious", "critical")
            ]
            if serious:
                found[name] = serious
    finally:
        context.close()
    assert found == {}
