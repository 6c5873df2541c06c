"""A tap asks the server for the tap alone, nothing more: the phone draws the next screen
itself, and keeps the styles, scripts, icons and its copy of the rules, each under an address
that changes with its content."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE
from tests.browser.test_play import Phone, start_game

pytestmark = pytest.mark.browser


def test_after_the_first_page_a_tap_sends_only_the_tap(browser, live_server):
    # The service worker is kept out, so what is measured is the browser's own cache.
    context = browser.new_context(
        viewport=PHONE, base_url=live_server.phone_url, service_workers="block"
    )
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    sent: list[tuple[str, str, str]] = []  # request id, method, address (a 303 keeps its id)
    kept: set[str] = set()
    # A tap's 303 is not followed by the phone (fetch's redirect: "manual"): the browser
    # reports the address it would go to, then drops it. Such a hop is not a request.
    hops: set[tuple[str, str, str]] = set()
    dropped: set[str] = set()

    def on_sent(event: dict) -> None:
        request = event["request"]
        address = request["url"].removeprefix(live_server.phone_url)
        sent.append((event["requestId"], request["method"], address))
        if "redirectResponse" in event:
            hops.add(sent[-1])

    def asked() -> list[tuple[str, str]]:
        real = [e for e in sent if e[0] not in kept and not (e in hops and e[0] in dropped)]
        return [(method, url) for _, method, url in real]

    def on_response(event: dict) -> None:
        if event["response"].get("fromDiskCache"):
            kept.add(event["requestId"])

    cdp.on("Network.requestWillBeSent", on_sent)
    cdp.on("Network.requestServedFromCache", lambda event: kept.add(event["requestId"]))
    cdp.on("Network.responseReceived", on_response)
    cdp.on("Network.loadingFailed", lambda event: dropped.add(event["requestId"]))
    try:
        phone = Phone(page)
        game = start_game(phone, "back-alley-pagat", ["Ann", "Bob", "Cy", "Dee"], 0)
        game_path = game.removeprefix(live_server.phone_url)
        game_id = game_path.rsplit("/", 1)[-1]
        phone.ready()
        statics = {url for _, _, url in sent if url.startswith(("/static/", "/runtime/"))}
        assert len(statics) >= 4, "the page still uses its styles and scripts"
        assert all("?v=" in url or url.startswith("/runtime/") for url in statics)
        phone.tap('button[name="step"][value="trump:hearts"]')
        phone.settled()
        # The page again, as after a restart of the phone: its files and rules are kept.
        page.reload()
        phone.ready()
        sent.clear()
        kept.clear()
        for step in ("bid:2", "bid:pass", "bid:1"):
            phone.tap(f'button[name="step"][value="{step}"]')
            phone.settled()
        page.wait_for_timeout(300)  # anything the page asks for late
        assert asked() == [("POST", f"{game_path}/tap")] * 3
        sent.clear()
        phone.tap('button[name="step"][value="bid:3"]')  # the last bid: only tricks are left
        phone.tap('button[name="step"][value="tricks:6"]')  # the deal is complete: recorded
        phone.settled()
        page.wait_for_timeout(300)
        assert asked() == [("POST", f"{game_path}/tap"), ("POST", f"/api/games/{game_id}/deals")]
    finally:
        context.close()
