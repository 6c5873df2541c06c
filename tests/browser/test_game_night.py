"""Game night at a real table: the score always in view, taps kept through WiFi drops and
double taps, on the two phone sizes the family uses."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.browser.conftest import screenshot
from tests.browser.test_play import Phone, join, start_game

pytestmark = pytest.mark.browser

PHONES = [{"width": 360, "height": 640}, {"width": 390, "height": 844}]


@pytest.fixture(params=PHONES, ids=lambda size: f"{size['width']}x{size['height']}")
def sized_phone(request, browser, live_server):
    context = browser.new_context(
        viewport=request.param, device_scale_factor=2, is_mobile=True, has_touch=True,
        base_url=live_server.phone_url,
    )  # fmt: skip
    yield context.new_page()
    context.close()


def scoreboard_in_view(page) -> bool:
    """Say whether the scoreboard's whole box lies inside the screen (top and bottom of a page)."""
    seen = []
    for where in ("0", "document.documentElement.scrollHeight"):
        box = page.evaluate(
            f"""() => {{ window.scrollTo(0, {where});
                const box = document.getElementById('scorebar').getBoundingClientRect();
                return [box.top, box.bottom, box.left, box.right, innerHeight, innerWidth]; }}"""
        )
        top, bottom, left, right, height, width = box
        seen.append(top >= 0 and bottom <= height and left >= 0 and right <= width)
    return all(seen)


def test_the_totals_and_dealer_stay_in_view_on_every_scoring_screen(sized_phone):
    table = Phone(sized_phone)
    start_game(table, "back-alley-pagat", ["Ann", "Bob", "Cy", "Dee"], 0)
    bar = sized_phone.locator("#scorebar")
    assert bar.get_attribute("aria-live") == "polite"
    assert "Ann deals" in bar.inner_text()
    for step in ("bid:2", "bid:pass", "bid:1", "bid:3", "tricks:6"):
        assert scoreboard_in_view(sized_phone), step
        table.tap(f'button[value="{step}"]')
    # After the last tap of deal 1: the new totals and the deal's points are in view.
    assert scoreboard_in_view(sized_phone)
    # Pagat: 5 a trick bid and 1 for each over. Bob bid first: Ann & Cy bid 3 + pass and
    # took 6: 15 + 3; Bob & Dee bid 2 + 1 and took the other 7: 15 + 4.
    assert bar.locator(".scores b").all_inner_texts() == ["18", "19"]
    assert bar.locator(".delta").all_inner_texts() == ["+18", "+19"]
    assert "Bob deals" in bar.inner_text()
    screenshot(sized_phone, f"scorebar-{sized_phone.viewport_size['width']}")


def server_game(server, game_url: str) -> dict:
    """Read the game as the server has it now, from outside the phone (it may be offline)."""
    import json
    import urllib.request
    from urllib.parse import urlsplit

    path = urlsplit(game_url).path.replace("/games/", "/api/games/")
    with urllib.request.urlopen(server.url + path, timeout=15) as answer:
        return json.loads(answer.read())


def test_a_deal_entered_with_the_wifi_off_is_scored_at_once_and_arrives_once(phone, live_server):
    table = Phone(phone)
    game_url = start_game(table, "back-alley-pagat", ["Ann", "Bob", "Cy", "Dee"], 0)
    table.ready()
    phone.context.set_offline(True)
    for step in ("bid:2", "bid:pass", "bid:1"):
        table.tap(f'button[value="{step}"]')
    where = phone.locator("#where")
    phone.wait_for_function("() => document.getElementById('where').dataset.state === 'offline'")
    assert (
        where.inner_text() == "Offline — 3 taps kept on this phone, sent when the server answers."
    )
    assert phone.locator(".order li.now .name").inner_text().startswith("Ann")
    # A reload with no connection: the page from the phone, the taps still drawn.
    phone.reload()
    table.ready()
    assert phone.url == game_url
    assert phone.locator(".order li.now .name").inner_text().startswith("Ann")
    for step in ("bid:3", "tricks:6"):
        table.tap(f'button[value="{step}"]')
    # The phone scored the deal itself: the next deal is there, with no server.
    assert phone.locator("#scorebar .scores b").all_inner_texts() == ["18", "19"]
    assert phone.locator(".deal-title > b").inner_text() == "2"
    phone.wait_for_function("() => document.getElementById('where').dataset.state === 'offline'")
    assert (
        where.inner_text() == "Offline — 1 deal kept on this phone, sent when the server answers."
    )
    assert server_game(live_server, game_url)["game"]["deals"] == []
    phone.context.set_offline(False)
    table.settled()
    stored = server_game(live_server, game_url)
    assert stored["game"]["deals"] == [{"bids": [3, 2, "pass", 1], "team_tricks": [6, 7]}]
    assert where.inner_text() == "Online"


def bids_shown(page) -> list[str]:
    return [text for text in page.locator(".order .bid").all_inner_texts() if text != "·"]


def test_a_slow_double_tap_records_one_bid(phone):
    table = Phone(phone)
    start_game(table, "joker", ["Ann", "Bob", "Cy", "Dee"], 0)
    # Two taps on the same spot 300 ms apart, timed by the phone itself (the test's own
    # messages to the browser may arrive late on a busy machine).
    phone.evaluate(
        """() => new Promise((done) => {
            const tap = () => document.querySelector('button[value="bid:1"]').click();
            tap();
            setTimeout(() => { tap(); done(); }, 300);
        })"""
    )
    phone.wait_for_timeout(1000)
    phone.reload()
    assert bids_shown(phone) == ["1"]
    # Once the screen has settled, the next bidder's tap counts as usual.
    table.tap('button[value="bid:1"]')
    assert bids_shown(phone) == ["1", "1"]
    # Each tap replaced the screen: Back leaves the game instead of undoing the view of a tap.
    phone.go_back()
    assert phone.url.endswith("/games/new")


def test_a_fresh_browser_gains_scoring_through_the_edit_link_command(browser, live_server, phone):
    table = Phone(phone)
    game_url = start_game(table, "back-alley-pagat", ["Ann", "Bob", "Cy", "Dee"], 0)
    game_id = game_url.rsplit("/", 1)[-1]
    run = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "edit-link", game_id,
         "--db", str(live_server.db), "--base", live_server.phone_url],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    link = run.stdout.splitlines()[0]
    fresh_phone = browser.new_context(viewport=PHONES[0], base_url=live_server.phone_url)
    watcher = browser.new_context(viewport=PHONES[0], base_url=live_server.phone_url)
    try:
        fresh = fresh_phone.new_page()
        fresh.goto(game_url)
        assert fresh.locator('button[name="step"]').count() == 0  # only watching
        fresh.goto(link)  # the link only asks: this phone still watches
        assert fresh.url == link
        assert fresh.locator("h1").inner_text() == "Score this game on this phone too?"
        fresh.goto(game_url)
        assert fresh.locator('button[name="step"]').count() == 0
        join(fresh, link, game_url)  # the button behind it lets the phone score
        assert fresh.url == game_url
        sheet = watcher.new_page()
        sheet.goto(game_url + "/scoresheet")
        assert sheet.locator("#deal-1").count() == 0
        scorer = Phone(fresh)
        for step in ("bid:2", "bid:pass", "bid:1", "bid:3", "tricks:6"):
            scorer.tap(f'button[value="{step}"]')
        # The watcher's scoresheet follows the game by itself.
        sheet.wait_for_selector("#deal-1", timeout=15000)
    finally:
        fresh_phone.close()
        watcher.close()
