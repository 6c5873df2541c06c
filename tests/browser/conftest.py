"""Browser tests: Debian's Chromium driven by Playwright, against a real `scorekeeper serve`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.benchmarks.server import Server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 740}

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(db=tmp_path_factory.mktemp("browser") / "browser.sqlite").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def phone(browser, live_server: Server) -> Iterator[object]:
    """A fresh phone-sized browser context (its own cookies) with a page on the app."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
        base_url=live_server.url,
    )  # fmt: skip
    page = context.new_page()
    yield page
    context.close()


def screenshot(page, name: str) -> Path:
    """Save a screenshot under the pytest temp folder's shots/ (for looking at, not asserting)."""
    out = Path("/tmp/scorekeeper-shots")
    out.mkdir(exist_ok=True)
    path = out / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
