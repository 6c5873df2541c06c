"""Whole games played through the UI in a phone-sized Chromium, checked against the scorer."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from scorekeeper.rules import read_game, score_game
from scorekeeper.rules.entry import buttons_of
from tests.browser.conftest import InPage, screenshot
from tests.conftest import example

pytestmark = pytest.mark.browser


#: What the page has drawn: table.js counts each screen it puts in place, per page load.
DRAWN = "() => { const s = document.getElementById('screen'); return s ? s.dataset.drawn : ''; }"
#: The status line says the server has everything this phone has.
IN_STEP = "() => document.getElementById('where')?.dataset.state === 'online'"


class Phone:
    """A page that counts its taps: every tap is one click, and it returns once the next
    screen is in place (drawn by the phone itself, or the server's next page)."""

    def __init__(self, page) -> None:
        self.page = page
        self.taps = 0

    def drawn(self) -> str:
        """Return the page's count of screens drawn ("" while a page is loading)."""
        try:
            return self.page.evaluate(DRAWN) or ""
        except PlaywrightError:  # the page is being replaced
            return ""

    def tap(self, selector: str) -> None:
        before = self.drawn()
        # The buttons are inert for a moment after a tap (a slow double tap is one tap):
        # wait for that here, promptly, rather than in click()'s slower retries.
        button = self.page.locator(selector).first
        deadline = time.monotonic() + 30
        while not (button.count() and button.is_enabled()):
            assert time.monotonic() < deadline, f"{selector} cannot be tapped"
            self.page.wait_for_timeout(20)
        button.click()
        deadline = time.monotonic() + 30
        while self.drawn() in ("", before):
            assert time.monotonic() < deadline, f"no new screen after tapping {selector}"
            self.page.wait_for_timeout(20)
        self.taps += 1

    def settled(self, timeout: float = 30_000) -> None:
        """Wait until the server holds everything this phone has (its status line says so)."""
        self.page.wait_for_function(IN_STEP, timeout=timeout)

    def ready(self, timeout: float = 60_000) -> None:
        """Wait until the phone answers taps itself (its copy of the rules is running)."""
        self.page.wait_for_function(
            "() => document.documentElement.dataset.phone === 'ready'", timeout=timeout
        )


def start_game(phone: Phone, ruleset: str, players: list[str], dealer: int) -> str:
    """Fill in the new-game form the way a person would; return the game's address."""
    page = phone.page
    page.goto("/")
    with page.expect_navigation():
        page.click("text=New game")
    page.select_option("#ruleset", ruleset)
    while page.locator(".seats li").count() < len(players):
        with page.expect_navigation():
            page.click('button[value="add"]')
    for seat, name in enumerate(players):
        page.fill(f'input[name="players-{seat}"]', name)
    page.check(f'input[name="dealer"][value="{dealer}"]')
    with page.expect_navigation():
        page.click("text=Start the game")
    return page.url


def join(page, link: str, game_url: str) -> None:
    """Open a game's edit link as a second phone does and tap "Score on this phone".

    The link only asks (at the secure address, once a phone that trusts the server is moved
    there): nothing changes until the button is tapped, which leads to the game.
    """
    page.goto(link)
    page.wait_for_url(lambda url: url.startswith(f"{game_url}/join/"))
    asked = page.locator("h1")
    assert asked.inner_text() == "Score this game on this phone too?"
    assert page.locator('button[name="step"]').count() == 0
    with page.expect_navigation():
        page.get_by_role("button", name="Score on this phone").click()
    page.wait_for_url(game_url)


def deal_taps(document: dict) -> list[list[str]]:
    """Return, for each deal of a game file, the buttons a scorer taps to enter it."""
    result = score_game(read_game(document))
    return [buttons_of(result.game, deal.setup, deal.record) for deal in result.deals]


def play(phone: Phone, document: dict) -> list[int]:
    """Enter every deal of the game file through the page; return the taps each deal took."""
    counts = []
    for steps in deal_taps(document):
        before = phone.taps
        for step in steps:
            phone.tap(f'button[name="step"][value="{step}"]')
        counts.append(phone.taps - before)
    return counts


def page_totals(page) -> list[int]:
    return [int(text) for text in page.locator(".totals .scores b").all_inner_texts()]


def scored_export(page, game_url: str, tmp_path: Path) -> dict:
    """Fetch the game's export through the page's own cookies and score it with the CLI."""
    Phone(page).settled()
    exported = InPage(page).get(game_url + "/export.json")
    assert exported.ok
    path = tmp_path / "exported.game.json"
    path.write_text(exported.text(), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "score", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(run.stdout)


def test_a_whole_game_of_back_alley_pagat(phone, tmp_path):
    document = example("back-alley-pagat")
    assert any("board" in str(d["bids"]).lower() for d in document["deals"])
    assert any("tricks" not in d and "team_tricks" not in d for d in document["deals"])
    table = Phone(phone)
    game_url = start_game(table, "back-alley-pagat", document["players"], document["first_dealer"])
    setup_taps = table.taps
    assert setup_taps == 0
    screenshot(phone, "pagat-deal-1")
    counts = play(table, document)
    assert phone.locator("text=Game over").is_visible()
    scored = scored_export(phone, game_url, tmp_path)
    assert scored["complete"] is True
    assert page_totals(phone) == scored["totals"]
    assert scored["totals"] == list(score_game(read_game(document)).totals)
    screenshot(phone, "pagat-game-over")
    with_trump = [
        count
        for count, deal in zip(counts, document["deals"], strict=True)
        if "trump" in deal and ("tricks" in deal or "team_tricks" in deal)
    ]
    print(f"\ntaps per 4-player partnership deal incl. trump: max {max(with_trump)}")
    assert max(with_trump) <= 7


def test_a_whole_game_of_joker_with_the_dealers_hook(phone, tmp_path):
    document = example("joker")
    table = Phone(phone)
    game_url = start_game(table, "joker", document["players"], document["first_dealer"])
    # One card: the dealer's hook leaves the dealer one bid, filled in with no tap.
    first = deal_taps(document)[0]
    bids = [i for i, step in enumerate(first) if step.startswith("bid:")]
    assert len(bids) == 3
    for step in first[: bids[-1] + 1]:
        table.tap(f'button[name="step"][value="{step}"]')
    assert "Filled in for you" in phone.locator("#filled").inner_text()
    screenshot(phone, "joker-hook")
    table.taps = 0
    for _ in range(bids[-1] + 1):
        table.tap('button[value="undo"]')
    assert phone.locator('button[value="undo"]').is_disabled()  # back at the start
    table.taps = 0
    counts = play(table, document)
    assert phone.locator("text=Game over").is_visible()
    scored = scored_export(phone, game_url, tmp_path)
    assert page_totals(phone) == scored["totals"] == list(score_game(read_game(document)).totals)
    with_trump = [c for c, d in zip(counts, document["deals"], strict=True) if "trump" in d]
    print(f"\ntaps per 4-player individual deal incl. trump: max {max(with_trump)}")
    assert max(with_trump) <= 9


def test_the_deal_page_fits_a_phone_with_big_tap_targets(phone, live_server):
    table = Phone(phone)
    start_game(table, "back-alley-bridge", ["Ann", "Bob", "Cy", "Dee"], 0)
    for dark in (False, True):
        phone.emulate_media(color_scheme="dark" if dark else "light")
        for step in (None, "bid:1", "bid:2", "bid:pass", "bid:board"):
            if step:
                if dark:
                    continue
                table.tap(f'button[value="{step}"]')
            small = phone.evaluate(
                """() => [...document.querySelectorAll('button, a, summary, select, input')]
                    .filter(e => e.checkVisibility())
                    // A radio button's target is its label: the whole label takes the tap.
                    .filter(e => (e.type === 'radio' && e.closest('label') || e)
                        .getBoundingClientRect().height < 44)
                    .map(e => e.outerHTML.slice(0, 80))"""
            )
            assert small == [], small
            width = phone.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 360, width
        screenshot(phone, f"tricks-{'dark' if dark else 'light'}")
    table.tap('button[value="undo"]')
    phone.emulate_media(color_scheme="light")
    screenshot(phone, "bids-light")
    phone.emulate_media(color_scheme="dark")
    screenshot(phone, "bids-dark")
