"""A club night in real Chromium: the host sets it up on its own browser, two tables each
claim their card on their own phone and tap in a deal, a third phone's leaderboard follows
without a reload, and round 2 reseats.

Deal 1 of Joker deals one card each. At both tables the first seat bids 1 and takes the
trick, the next two bid 0 and take none, the last bids 1 and takes none: the first seat is
first (4 points on the 4-2-1-0 scale), the two who made their 0 tie for second and third
((2 + 1) ÷ 2 = 1.5 each), the last is fourth (0).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, InPage, set_up_night
from tests.browser.test_play import Phone, deal_taps

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
DEAL = {"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}
#: Each seat's points for deal 1's places, worked out above.
POINTS = ["4", "1.5", "1.5", "0"]


@pytest.fixture
def phones(browser, live_server) -> Iterator[object]:
    """Return a function opening a new phone (its own cookies) at the LAN address."""
    contexts = []

    def open_phone():
        context = browser.new_context(
            viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
            base_url=live_server.phone_url,
        )  # fmt: skip
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


def board(page) -> dict[str, str]:
    """Return the leaderboard as it stands on the page: each player's total."""
    return page.locator("#leaderboard > li").evaluate_all(
        """lines => Object.fromEntries(lines.map((line) => [
            line.querySelector(".player").textContent,
            line.querySelector(".points").textContent.trim()]))"""
    )


def followed(watcher, expected: dict[str, str]) -> None:
    """Wait (5 s at most: the page asks every 1.5 s) for the watcher's leaderboard to show
    these totals, and check it does."""
    for _ in range(50):
        if board(watcher) == expected:
            break
        watcher.wait_for_timeout(100)
    assert board(watcher) == expected


def seated(host, table: int) -> list[str]:
    """Return who sits at a table of the round on the host's page."""
    return host.locator(f"#table-{table} p").first.locator("bdi").all_inner_texts()


def claim_and_score(page, card: str) -> list[str]:
    """Open a table's card on this phone, score the table here, tap deal 1 in; return the
    table's players in seat order."""
    page.goto(card)
    expect(page.locator("#score-table")).to_be_visible()
    with page.expect_navigation():
        page.locator("#score-table").click()
    game_url = page.url
    assert "/games/" in game_url
    document = InPage(page).get(f"{game_url}/export.json").json()
    table = Phone(page)
    table.ready()
    for step in deal_taps({**document, "deals": [DEAL]})[0]:
        table.tap(f'button[name="step"][value="{step}"]')
    table.settled()
    return document["players"]


def test_two_tables_score_a_third_phone_follows_and_round_two_reseats(host, phones) -> None:
    night, cards = set_up_night(host, PLAYERS)
    assert len(cards) == 2
    round_one = [seated(host, 1), seated(host, 2)]
    assert sorted(round_one[0] + round_one[1]) == sorted(PLAYERS)

    watcher = phones()
    watcher.goto(f"/nights/{night}")
    expect(watcher.locator("#leaderboard > li")).to_have_count(8)
    assert set(board(watcher).values()) == {"0"}, "no deal yet: nothing counted"
    watcher.evaluate("() => { window.stayed = true; }")  # gone if the page reloads

    first, second = phones(), phones()
    one = claim_and_score(first, cards[0])
    assert sorted(one) == sorted(round_one[0])
    expected = dict.fromkeys(PLAYERS, "0") | dict(zip(one, POINTS, strict=True))
    followed(watcher, expected)

    # A second phone on table 1's card is told another phone scores it.
    second.goto(cards[0])
    expect(second.locator("#scored-elsewhere")).to_contain_text("Another phone scores")

    two = claim_and_score(second, cards[1])
    expected |= dict(zip(two, POINTS, strict=True))
    followed(watcher, expected)
    assert watcher.evaluate("() => window.stayed === true"), "followed without a reload"

    # Round 2: the host ends round 1 as it stands and starts the next; the redraw sends two
    # of each table across, so nobody meets more than one person again.
    host.goto(f"/host/nights/{night}")
    with host.expect_navigation():
        host.locator("#end-round").click()
    with host.expect_navigation():
        host.locator("#start-round").click()
    expect(host.locator("#round")).to_contain_text("2")
    for table in (1, 2):
        now = set(seated(host, table))
        assert len(now & set(round_one[0])) == 2 and len(now & set(round_one[1])) == 2, now
    # Round 1's card opens no table now.
    first.goto(cards[0])
    expect(first.locator("#card-refused")).to_contain_text("this card is for round 1")
    assert board(watcher) == expected
