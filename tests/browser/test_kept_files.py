"""A tap asks the server for the tap and the next page, nothing more: the phone keeps the
styles, scripts and icons, each under an address that changes with its content."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE
from tests.browser.test_play import Phone, start_game

pytestmark = pytest.mark.browser


def test_after_the_first_page_a_tap_fetches_only_the_tap_and_the_page(browser, live_server):
    # The service worker is kept out, so what is measured is the browser's own cache.
    context = browser.new_context(
        viewport=PHONE, base_url=live_server.phone_url, service_workers="block"
    )
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    sent: list[tuple[str, str, str]] = []  # request id, method, address (a 303 keeps its id)
    kept: set[str] = set()

    def on_sent(event: dict) -> None:
        request = event["request"]
        address = request["url"].removeprefix(live_server.phone_url)
        sent.append((event["requestId"], request["method"], address))

    def on_response(event: dict) -> None:
        if event["response"].get("fromDiskCache"):
            kept.add(event["requestId"])

    cdp.on("Network.requestWillBeSent", on_sent)
    cdp.on("Network.requestServedFromCache", lambda event: kept.add(event["requestId"]))
    cdp.on("Network.responseReceived", on_response)
    try:
        phone = Phone(page)
        game = start_game(phone, "back-alley-pagat", ["Ann", "Bob", "Cy", "Dee"], 0)
        game_path = game.removeprefix(live_server.phone_url)
        phone.tap('button[name="step"][value="trump:hearts"]')  # the icon is fetched by now
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)
        sent.clear()
        kept.clear()
        phone.tap('button[name="step"][value="bid:2"]')
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)  # anything the page asks for late
        statics = {url for _, _, url in sent if url.startswith("/static/")}
        assert len(statics) >= 4, "the page still uses its styles and scripts"
        assert all("?v=" in url for url in statics)
        asked = {(method, url) for request, method, url in sent if request not in kept}
        assert asked == {("POST", f"{game_path}/tap"), ("GET", game_path)}
    finally:
        context.close()
