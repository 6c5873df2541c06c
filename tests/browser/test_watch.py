"""Two phones: the scorer records a deal, the watcher's live scoreboard shows it within seconds."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, InPage, screenshot

pytestmark = pytest.mark.browser

#: Partnership Back Alley, no deals yet: Ann & Cy against Bob & Dee.
NEW_GAME = {"ruleset": "back-alley-pagat", "players": ["Ann", "Bob", "Cy", "Dee"], "deals": []}
#: Deal 1: Ann & Cy bid 3 and took 5 (17); Bob & Dee bid 3 and took 8 (20).
DEAL_1 = {"deal": 1, "bids": [2, 1, 1, 2], "team_tricks": [5, 8]}
#: Deal 2, 12 cards: Ann & Cy bid 4 and took 9: 4 × 5 + 5 over = 25, 42 in all;
#: Bob & Dee bid 2 and took 3: 2 × 5 + 1 over = 11, 31 in all.
DEAL_2 = {"deal": 2, "bids": [3, 1, 1, 1], "team_tricks": [9, 3]}


def token(page) -> str:
    return page.locator('meta[name="csrf-token"]').get_attribute("content")


def post(page, path: str, body: dict):
    """Send a JSON write from this page's phone (its cookies and its CSRF token)."""
    return InPage(page).post(path, data=body, headers={"X-CSRFToken": token(page)})


@pytest.fixture
def second_phone(browser, live_server):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
        base_url=live_server.phone_url,
    )  # fmt: skip
    yield context.new_page()
    context.close()


def test_the_watcher_sees_each_deal_appear(phone, second_phone) -> None:
    scorer, watcher = phone, second_phone
    scorer.goto("/")
    created = post(scorer, "/api/games", NEW_GAME)
    assert created.status == 201
    game_id = created.json()["id"]

    watcher.goto(f"/games/{game_id}/live")
    expect(watcher.locator(".progress")).to_contain_text("No deals yet")
    points = watcher.locator(".standing .points")
    expect(points).to_have_text(["0", "0"])

    assert post(scorer, f"/api/games/{game_id}/deals", DEAL_1).status == 201
    expect(points).to_have_text(["17", "20"], timeout=5000)
    expect(watcher.locator(".standing.leads .side")).to_have_text("Bob & Dee")
    expect(watcher.locator(".last-deal")).to_contain_text("3 × 5 + 5 over = 20")
    expect(watcher.locator(".next")).to_contain_text("Next: deal 2, 12 cards each, Bob deals.")

    assert post(scorer, f"/api/games/{game_id}/deals", DEAL_2).status == 201
    expect(points).to_have_text(["42", "31"], timeout=5000)
    expect(watcher.locator(".standing.leads .side")).to_have_text("Ann & Cy")
    expect(watcher.locator("#live-status")).to_have_text("Live")
    expect(watcher.locator(".score-chart polyline")).to_have_count(2)
    # The screen stays on where the browser can: the wake-lock script ran on this page.
    assert watcher.evaluate("window.scorekeeperWakeLock === true || !('wakeLock' in navigator)")
    screenshot(watcher, "watch-phone")

    # The watcher's phone holds only the watch link: the API refuses its writes.
    refused = post(watcher, f"/api/games/{game_id}/deals", {**DEAL_2, "deal": 3})
    assert refused.status == 403
    expect(points).to_have_text(["42", "31"])


def test_reading_aloud_is_off_until_asked(phone, live_server) -> None:
    phone.goto("/")
    game_id = post(phone, "/api/games", NEW_GAME).json()["id"]
    phone.goto(f"/games/{game_id}/live")
    button = phone.locator("#speak")
    expect(button).to_be_visible()
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    phone.reload()
    expect(phone.locator("#speak")).to_have_attribute("aria-pressed", "true")
    assert phone.evaluate("localStorage.getItem('scorekeeper.speak')") == "on"


def test_the_scoreboard_fills_a_tv(browser, live_server) -> None:
    context = browser.new_context(
        viewport={"width": 1920, "height": 1080}, base_url=live_server.phone_url
    )
    page = context.new_page()
    page.goto("/")
    game_id = post(page, "/api/games", NEW_GAME).json()["id"]
    post(page, f"/api/games/{game_id}/deals", DEAL_1)
    page.goto(f"/games/{game_id}/live")
    height = page.locator(".standing .points").first.bounding_box()["height"]
    assert height > 100  # the totals read from across the room
    screenshot(page, "watch-tv")
    context.close()


def test_the_app_shell_opens_offline(phone) -> None:
    phone.goto("/")
    game_id = post(phone, "/api/games", NEW_GAME).json()["id"]
    phone.goto(f"/games/{game_id}/live")
    # Wait until the worker is installed and active (it caches the shell first, which is
    # slow on a busy machine); a page loaded after that goes through it.
    assert phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()  # now through the service worker, which keeps a copy of the page
    # (wait_for_function would need eval, which the Content-Security-Policy forbids)
    for _ in range(300):
        if phone.evaluate("!!navigator.serviceWorker.controller"):
            break
        phone.wait_for_timeout(100)
    assert phone.evaluate("!!navigator.serviceWorker.controller"), "the service worker took over"
    expect(phone.locator(".standing")).to_have_count(2)
    phone.context.set_offline(True)
    try:
        phone.reload()
        expect(phone.locator(".standing .side").first).to_have_text("Ann & Cy")
        expect(phone.locator("#live-status")).to_have_text("Reconnecting…", timeout=5000)
        phone.goto("/players")  # never visited: the offline page, not the browser's error
        expect(phone.locator("h1")).to_have_text("No connection")
    finally:
        phone.context.set_offline(False)
