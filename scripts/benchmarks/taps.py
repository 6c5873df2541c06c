"""Taps per deal, counted in a real Chromium at phone size on a real `scorekeeper serve`.

Each game file is entered deal by deal through the table page, one click per button
a scorer taps; every tap draws the next screen (the phone's own, or the server's). The
game is created through the API with the browser's own cookies, so the phone is its
scorer and only deal taps count.
"""

from __future__ import annotations

import json
from typing import Any

from . import example
from .figures import Budget, Figure
from .forms import form_steps
from .server import running_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update"]  # fmt: skip
PHONE = {"width": 360, "height": 740}
#: Tap a button once it may be tapped; resolve with the ms until the page drew the next screen.
TIMED_TAP = """async (selector) => {
    const screen = document.getElementById("screen");
    const before = screen.dataset.drawn;
    const button = document.querySelector(selector);
    const drawn = new Promise((resolve) => {
        new MutationObserver((_, seen) => {
            if (screen.dataset.drawn !== before) { seen.disconnect(); resolve(); }
        }).observe(screen, { attributes: true, attributeFilter: ["data-drawn"] });
    });
    const started = performance.now();
    button.click();
    await drawn;
    return performance.now() - started;
}"""
TAPPABLE = "(selector) => { const b = document.querySelector(selector); return b && !b.disabled; }"

#: The game played for each figure: a partnership game and an individual one.
GAMES = (
    ("back-alley-pagat", "Taps per deal: 4-player partnership deal, with trump", 7),
    ("joker", "Taps per deal: 4-player individual deal, with trump", 9),
)


def taps_figures(deals: int | None = None) -> list[Figure]:
    """Play each game (its first `deals` deals, or all) in Chromium; the most taps a deal took."""
    figures = [Figure(name, "taps", budget=Budget(limit)) for _, name, limit in GAMES]
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        for figure in figures:
            figure.note = "not measured: Playwright is not installed"
        return figures
    try:
        with running_server() as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                for (slug, _, _), figure in zip(GAMES, figures, strict=True):
                    figure.runs = [float(most_taps(browser, server.url, example(slug), deals))]
            finally:
                browser.close()
    except (Error, RuntimeError) as error:
        for figure in figures:
            figure.note = figure.note or f"not measured: {error}"
    return figures


def most_taps(browser: Any, base: str, document: dict[str, Any], deals: int | None) -> int:
    """Enter a game file through the page; return the most taps a deal with trump took."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, base_url=base
    )
    try:
        page = context.new_page()
        page.goto("/")
        page.goto(create_game(page, {**document, "deals": []}))
        counts = []
        for steps in form_steps(document)[:deals]:
            taps = 0
            for step in steps:
                tap(page, step)
                taps += 1  # one click, and the next screen is drawn
            counts.append(taps)
        if deals is None and not page.locator("text=Game over").is_visible():
            raise RuntimeError("the game did not end after its last deal")
    finally:
        context.close()
    played = zip(counts, document["deals"], strict=False)
    return max(
        count
        for count, deal in played
        if "trump" in deal and ("tricks" in deal or "team_tricks" in deal)
    )


def create_game(page: Any, document: dict[str, Any]) -> str:
    """Create a game through the API with the page's own cookies (the phone is its scorer);
    return its address."""
    token = page.locator('meta[name="csrf-token"]').get_attribute("content") or ""
    created = page.request.post(
        "/api/games",
        data=json.dumps({**document, "deals": []}),
        headers={"Content-Type": "application/json", "X-CSRFToken": token},
    )
    if created.status != 201:
        raise RuntimeError(f"creating the game answered {created.status}")
    return created.json()["url"]


def tap(page: Any, step: str) -> float:
    """Tap one step once its button may be tapped; return the ms to the next screen."""
    selector = f'button[name="step"][value="{step}"]'
    page.wait_for_function(TAPPABLE, arg=selector, timeout=30_000)
    return float(page.evaluate(TIMED_TAP, selector))
