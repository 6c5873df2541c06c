"""The phone that keeps the game (issue 25), in a real Chromium with its CPU slowed 4× to stand
in for a mid-range phone, on a real `scorekeeper serve` that is killed mid-game.

The page is opened at the server's loopback address (a secure context, as the LAN address
over HTTPS is for a family's phone): its service worker keeps the rules. Two deals are
scored online, the server is killed, and what the scorer waits for is timed in the page,
from a tap to the next screen drawn: the next deal's first bid with the server gone, then
every tap offline. The offline bundle is weighed as the app serves it.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from . import example
from .figures import Budget, Figure
from .forms import form_steps
from .server import running_server
from .taps import CHROMIUM, CHROMIUM_ARGS, PHONE, create_game, tap

GAME = "back-alley-pagat"
#: Chromium's CPU slowed this many times: a mid-range phone, as the issue measures it.
THROTTLE = 4
#: The files of the rules the service worker keeps (static/sw.js, RUNTIME_FILES).
RUNTIME_FILES = 7

READY = "() => document.documentElement.dataset.phone === 'ready'"
KEPT = """async () => (await (await caches.open('scorekeeper-runtime')).keys()).length"""


def phone_figures() -> list[Figure]:
    """Time the phone scoring on with the server killed; weigh what it keeps to do so."""
    gone = Figure("Server gone → the next deal's first bid drawn (CPU 4× slower)", "s")
    gone.budget = Budget(3.0)
    offline = Figure("A tap answered offline, to its next screen (CPU 4× slower)", "ms")
    offline.budget = Budget(100)
    bundle = bundle_figure()
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        for figure in (gone, offline):
            figure.note = "not measured: Playwright is not installed"
        return [gone, offline, bundle]
    try:
        with running_server() as server, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                first, taps = scored_on(browser, server, example(GAME))
            finally:
                browser.close()
        gone.runs = [first / 1000]
        offline.runs = [statistics.median(taps)]
        offline.note = f"median of {len(taps)} taps; slowest {max(taps):.0f} ms"
    except (Error, RuntimeError) as error:
        for figure in (gone, offline):
            figure.note = figure.note or f"not measured: {error}"
    return [gone, offline, bundle]


def scored_on(browser: Any, server: Any, document: dict[str, Any]) -> tuple[float, list[float]]:
    """Score two deals online, kill the server, score three more; return the ms of the first
    tap after the kill and of every tap after it."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, base_url=server.url
    )
    try:
        page = context.new_page()
        page.goto("/")
        page.goto(create_game(page, document))
        page.wait_for_function(READY, timeout=120_000)
        deadline = time.monotonic() + 120
        while page.evaluate(KEPT) < RUNTIME_FILES:  # the service worker keeps the rules
            if time.monotonic() > deadline:
                raise RuntimeError("the service worker did not keep the rules")
            page.wait_for_timeout(200)
        page.reload()  # the rules from the phone's own copy now
        page.wait_for_function(READY, timeout=120_000)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        steps = form_steps(document)
        for step in [step for deal in steps[:2] for step in deal]:
            tap(page, step)
        page.wait_for_function("() => document.getElementById('where').dataset.state === 'online'")
        started = time.monotonic()
        server.kill()
        first_bid, *rest = [step for deal in steps[2:5] for step in deal]
        tap(page, first_bid)
        first = (time.monotonic() - started) * 1000
        return first, [tap(page, step) for step in rest]
    finally:
        context.close()
        server.start()  # running_server stops what it started


def bundle_figure() -> Figure:
    """Weigh what a phone downloads once to score with no server, as the app serves it."""
    from scorekeeper import STATIC
    from scorekeeper.web.runtime import load_runtime

    figure = Figure("The phone's copy of the rules, downloaded once (on the wire)", "MB")
    runtime = load_runtime(STATIC)
    if runtime is None:
        figure.note = "not measured: make has not fetched Pyodide"
        return figure
    sizes = list(runtime.sizes())
    figure.runs = [round(sum(wire for _, _, wire in sizes) / 1e6, 2)]
    figure.note = f"{sum(size for _, size, _ in sizes) / 1e6:.1f} MB kept; " + "; ".join(
        f"{name} {wire / 1e6:.2f} MB" for name, _, wire in sizes
    )
    return figure
