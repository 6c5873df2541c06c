"""The table never stops (issue 25): the phone keeps the game and runs the server's own rules.

A real `scorekeeper serve` is killed outright (SIGKILL) in the middle of a game, on a
360×640 phone: the scorer goes on deal after deal, every deal scored as the server scores
it; a reload keeps everything; the server, started again on the same database, gets every
deal within seconds, and a watcher sees them. A deal scored meanwhile by another phone is
shown, in words, for the scorer to settle. A whole game played with no server at all goes
to the family archive the next time the phone reaches it. The phone opens the server at
its LAN address over HTTPS, as a family's phone does (a service worker and the Cache API
need a secure context); the tests read the server from outside the phone, on loopback.
"""

from __future__ import annotations

import contextlib
import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from scorekeeper.rules import read_game, score_game
from tests.browser.conftest import InPage, screenshot
from tests.browser.test_play import Phone, deal_taps, join, page_totals, start_game
from tests.conftest import example

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}
OFFLINE = "() => document.getElementById('where').dataset.state === 'offline'"
#: The files of the rules the service worker keeps (static/sw.js, RUNTIME_FILES).
RUNTIME_FILES = 7


def phone_context(browser, live_server):
    return browser.new_context(
        viewport=SMALL, device_scale_factor=2, is_mobile=True, has_touch=True,
        base_url=live_server.phone_url,
    )  # fmt: skip


def play(table: Phone, deals: list[list[str]]) -> None:
    for steps in deals:
        for step in steps:
            table.tap(f'button[name="step"][value="{step}"]')


def rules_kept(page, timeout: float = 60) -> None:
    """Wait until the service worker keeps the phone's copy of the rules."""
    deadline = time.monotonic() + timeout
    count = """async () => {
        const cache = await caches.open('scorekeeper-runtime');
        return (await cache.keys()).length; }"""
    while page.evaluate(count) < RUNTIME_FILES:
        assert time.monotonic() < deadline, "the rules were not kept by the service worker"
        page.wait_for_timeout(200)


def kept(page, game_id: str) -> dict:
    """Return this phone's record of a game (IndexedDB)."""
    return page.evaluate(
        """(id) => new Promise((resolve, reject) => {
            const open = indexedDB.open('scorekeeper');
            open.onsuccess = () => {
                const get = open.result.transaction('games').objectStore('games').get(id);
                get.onsuccess = () => resolve(get.result);
                get.onerror = () => reject(get.error);
            };
        })""",
        game_id,
    )


def server_game(server, game_id: str) -> dict | None:
    """Return the game as the server has it, read from outside the phone (None while the
    server is down)."""
    try:
        with urllib.request.urlopen(f"{server.url}/api/games/{game_id}", timeout=5) as answer:
            return json.loads(answer.read())
    except (OSError, urllib.error.URLError):
        return None


def fits_and_is_accessible(page) -> None:
    """Assert the screen as drawn now is no wider than the phone and axe-core finds nothing
    serious on it (as test_every_page asks of every page the server draws)."""
    from axe_playwright_python.sync_playwright import Axe

    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL["width"]
    violations = Axe().run(page).response["violations"]
    serious = [
        f"{v['id']}: {' '.join(v['nodes'][0]['html'].split())[:90]}"
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]
    assert serious == []


def where(page) -> str:
    return page.locator("#where").inner_text()


def scored(document: dict, deals: int) -> list[int]:
    """Return the totals the server's engine gives the first deals of a game file."""
    return list(score_game(read_game({**document, "deals": document["deals"][:deals]})).totals)


def next_deal(document: dict, deals: int) -> str:
    """Return the number of the deal that follows the first deals of a game file."""
    upcoming = score_game(read_game({**document, "deals": document["deals"][:deals]})).next
    assert upcoming is not None
    return str(upcoming.number)


def kept_at_home(page) -> None:
    """Open the family's app once at home, and wait until this phone keeps it and its rules."""
    page.goto("/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    rules_kept(page)


@contextlib.contextmanager
def two_phones_scoring(browser, live_server, document: dict, deals: int) -> Iterator[tuple]:
    """Start a game on this phone and score its first deals; open its edit link on the other
    phone. Yield this phone's table, the game's id, and the other phone's page."""
    mine, theirs = phone_context(browser, live_server), phone_context(browser, live_server)
    try:
        page = mine.new_page()
        table = Phone(page)
        url = start_game(table, document["ruleset"], document["players"], document["first_dealer"])
        table.ready()
        play(table, deal_taps(document)[:deals])
        table.settled()
        other = theirs.new_page()
        # The plain address leads a trusting phone to the secure one, where it asks first.
        join(other, page.locator("a.edit-link").get_attribute("href"), url)
        yield table, url.rsplit("/", 1)[-1], other
    finally:
        mine.close()
        theirs.close()


def otherwise(deal: dict) -> dict:
    """Return a deal as another phone scored it: one trick went to the other side."""
    deal = dict(deal)
    if "team_tricks" in deal:
        first, second = deal["team_tricks"]
        deal["team_tricks"] = [first - 1, second + 1] if first else [first + 1, second - 1]
        return deal
    tricks = list(deal["tricks"])  # by seat: seats 0 and 2 against 1 and 3
    giver = next(seat for seat in (0, 2, 1, 3) if tricks[seat])
    tricks[giver] -= 1
    tricks[(giver + 1) % 4] += 1
    deal["tricks"] = tricks
    return deal


def scored_elsewhere(other, game_id: str, document: dict, position: int) -> None:
    """Have the other phone score deal `position` of the game otherwise (`otherwise`)."""
    token = other.locator('meta[name="csrf-token"]').get_attribute("content")
    deal = otherwise(document["deals"][position - 1])
    recorded = InPage(other).post(
        f"/api/games/{game_id}/deals",
        data={"deal": position, **deal},
        headers={"X-CSRFToken": token},
    )
    assert recorded.status == 201, recorded.text()


def started_here(page, document: dict) -> Phone:
    """Start a game on this phone's table (/offline) as a person would: its rules and players;
    return the table, once the phone scores it."""
    page.select_option("#here-ruleset", document["ruleset"])
    for seat, name in enumerate(document["players"]):
        page.locator('input[name="player"]').nth(seat).fill(name)
    with page.expect_navigation():
        page.click("text=Start the game on this phone")
    table = Phone(page)
    table.ready()
    assert page.url.rsplit("#", 1)[-1].startswith("phone-")  # a game of this phone's own
    return table


def test_the_server_killed_mid_game_the_phone_scores_on_and_the_server_gets_every_deal(
    browser, live_server
):
    document = example("back-alley-pagat")
    taps = deal_taps(document)
    scorer, watcher = phone_context(browser, live_server), phone_context(browser, live_server)
    try:
        page = scorer.new_page()
        table = Phone(page)
        game_url = start_game(
            table, "back-alley-pagat", document["players"], document["first_dealer"]
        )
        game_id = game_url.rsplit("/", 1)[-1]
        table.ready()
        rules_kept(page)
        play(table, taps[:2])
        table.settled()
        assert where(page) == "Online"
        assert len(server_game(live_server, game_id)["game"]["deals"]) == 2
        board = watcher.new_page()
        board.goto(f"{game_url}/live")

        live_server.kill()  # SIGKILL: no goodbye
        try:
            started = time.monotonic()
            first_bid = taps[2][0]
            table.tap(f'button[name="step"][value="{first_bid}"]')
            print(
                f"\nserver gone → next deal's first bid taken: {time.monotonic() - started:.2f} s"
            )
            play(table, [taps[2][1:], *taps[3:7]])
            assert page_totals(page) == scored(document, 7)
            assert page.locator(".deal-title > b").inner_text() == next_deal(document, 7)
            page.wait_for_function(
                "() => document.getElementById('where').dataset.state === 'offline'"
            )
            assert (
                where(page) == "Offline — 5 deals kept on this phone, sent when the server answers."
            )
            fits_and_is_accessible(page)  # the status line said offline, within 360 px
            record = kept(page, game_id)
            assert len(record["phone"]["document"]["deals"]) == 7
            assert len(record["server"]["document"]["deals"]) == 2

            # A reload with the server gone: everything is still here, and scoring goes on.
            page.reload()
            assert page.url == game_url
            table.ready()
            assert page_totals(page) == scored(document, 7)
            assert page.locator(".deal-title > b").inner_text() == next_deal(document, 7)
            page.wait_for_function(OFFLINE)
            assert where(page).startswith("Offline — 5 deals kept on this phone")
        finally:
            live_server.start()
        back = time.monotonic()
        while (
            len((server_game(live_server, game_id) or {"game": {"deals": []}})["game"]["deals"]) < 7
        ):
            assert time.monotonic() - back < 10, "the server did not get the deals in 10 s"
            page.wait_for_timeout(100)
        print(f"server back → all seven deals on it: {time.monotonic() - back:.2f} s")
        on_server = server_game(live_server, game_id)
        assert on_server["result"]["totals"] == scored(document, 7) == page_totals(page)
        assert [deal["totals"] for deal in on_server["result"]["deals"]] == [
            list(deal.totals)
            for deal in score_game(read_game({**document, "deals": document["deals"][:7]})).deals
        ]
        table.settled()
        assert where(page) == "Online"
        # The watcher's board follows the game by itself: all seven deals are there.
        totals = [str(total) for total in scored(document, 7)]
        board.wait_for_function(
            "(totals) => totals.every(t => document.body.innerText.includes(t))",
            arg=totals,
            timeout=15_000,
        )
        assert "After deal 7 of 26" in board.locator("body").inner_text()
    finally:
        scorer.close()
        watcher.close()


def test_a_deal_scored_meanwhile_on_another_phone_is_shown_and_settled_by_the_scorer(
    browser, live_server
):
    document = example("back-alley-pagat")
    taps = deal_taps(document)
    with two_phones_scoring(browser, live_server, document, 2) as (table, game_id, other):
        page = table.page
        # This phone loses the WiFi and scores deals 3 and 4 on its own...
        page.context.set_offline(True)
        play(table, taps[2:4])
        assert where(page).startswith("Offline — 2 deals kept on this phone")
        # ...while the other phone scores deal 3 otherwise (one trick went the other way).
        scored_elsewhere(other, game_id, document, 3)
        page.context.set_offline(False)
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        settle = page.locator("#settle")
        settle.wait_for(timeout=20_000)
        said = settle.inner_text()
        assert "The game changed on the server" in said
        assert "From deal 3 on, the two differ" in said
        on_server, on_phone = said.split("On this phone")
        assert on_server.count("Deal 3:") == 1 and "Deal 4" not in on_server
        assert on_phone.count("Deal 3:") == 1 and on_phone.count("Deal 4:") == 1
        assert page.locator("#where").get_attribute("data-state") == "settle"
        assert "A conflict to settle" in where(page)
        screenshot(page, "settle-360")
        fits_and_is_accessible(page)
        # Nothing was sent or dropped while the scorer has not chosen.
        assert len(server_game(live_server, game_id)["game"]["deals"]) == 3
        page.click("text=Keep this phone's deals")
        settle.wait_for(state="detached")
        table.settled()
        game = server_game(live_server, game_id)
        assert game["game"]["deals"] == kept(page, game_id)["phone"]["document"]["deals"]
        assert game["result"]["totals"] == scored(document, 4) == page_totals(page)


def test_a_whole_game_with_no_server_is_started_finished_and_uploaded_later(browser, live_server):
    document = example("back-alley-bridge")
    taps = deal_taps(document)
    context = phone_context(browser, live_server)
    try:
        page = context.new_page()
        kept_at_home(page)
        live_server.kill()
        try:
            page.goto("/")  # at the cabin: the home-screen icon, and no server
            assert page.locator("#start-here").is_visible()
            screenshot(page, "cabin-360")
            fits_and_is_accessible(page)
            table = started_here(page, document)
            screenshot(page, "cabin-deal-1-360")
            fits_and_is_accessible(page)
            play(table, taps)
            assert page.locator("text=Game over").is_visible()
            assert page_totals(page) == list(score_game(read_game(document)).totals)
            assert where(page).startswith("Offline — this game is on this phone only (13 deals)")
        finally:
            live_server.start()
        noted = page.locator("#noted")
        noted.wait_for(timeout=20_000)
        assert "in the family archive now" in noted.inner_text()
        game_url = noted.locator("a").get_attribute("href")
        game_id = game_url.rsplit("/", 1)[-1]
        table.settled()
        game = server_game(live_server, game_id)
        assert game["result"]["complete"] is True
        assert game["result"]["totals"] == list(score_game(read_game(document)).totals)
        # Like any other game: its page, its printed sheet, the family's stats.
        assert InPage(page).get(f"/games/{game_id}/sheet.pdf").ok
        players = InPage(page).get("/players").text()
        assert all(name in players for name in document["players"])
        page.goto(game_url)
        assert "Game over" in page.locator("body").inner_text()
    finally:
        context.close()
