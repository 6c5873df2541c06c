"""The secure address at the kitchen table: a phone opens the plain LAN address, and moves on to
the secure one once it trusts this server; until then it is told, in one line, what it misses.

Two phones: one that trusts the server's authority (installed as /trust says, in Chromium's
certificate store) and one that does not. Both open the machine's LAN address, mapped to
loopback, so the page's origin and its certificate checks are the LAN address's.
"""

from __future__ import annotations

import datetime
import http.server
import ssl
import threading
from collections.abc import Iterator

import pytest

from scorekeeper.machine import certificates
from tests.browser.conftest import (
    CHROMIUM_ARGS,
    LAN_ADDRESS,
    PHONE,
    InPage,
    launch,
    trusting_home,
)
from tests.browser.test_play import Phone, start_game

pytestmark = pytest.mark.browser


@pytest.fixture
def plain_page(doubting, live_server) -> Iterator[object]:
    """That phone's page at the plain address, once it has found it does not trust the server."""
    context = doubting.new_context(viewport=PHONE, base_url=live_server.plain_url)
    try:
        page = context.new_page()
        page.goto(live_server.plain_url + "/")
        page.wait_for_function("() => document.documentElement.dataset.secure === 'untrusted'")
        yield page
    finally:
        context.close()


def test_a_phone_that_trusts_the_server_moves_to_the_secure_address_and_keeps_awake(
    browser, live_server
) -> None:
    # Once moved, the phone goes on at the secure address (a page asked for at the plain one
    # would move again, racing the test's own clicks).
    context = browser.new_context(viewport=PHONE, base_url=live_server.secure_url)
    try:
        page = context.new_page()
        page.goto(live_server.plain_url + "/")  # as the QR code sends it
        page.wait_for_url(live_server.secure_url + "/")
        assert page.evaluate("isSecureContext") is True
        assert page.locator("#secure-note").count() == 0  # nothing missing here
        assert page.evaluate("navigator.serviceWorker.ready.then(r => r.active !== null)")
        table = Phone(page)
        game_url = start_game(table, "back-alley-pagat", ["Ann", "Bob", "Cy", "Dee"], 0)
        assert game_url.startswith(live_server.secure_url)
        page.wait_for_function("() => document.documentElement.dataset.awake === 'yes'")
        # A link for another phone is the plain address: it opens on any phone.
        link = page.locator("a.edit-link").get_attribute("href")
        assert link.startswith(live_server.plain_url + "/games/")
    finally:
        context.close()


def test_a_phone_that_does_not_trust_it_stays_plain_and_is_told_what_it_misses(
    plain_page, live_server
) -> None:
    page = plain_page
    assert page.url == live_server.plain_url + "/"
    assert page.evaluate("isSecureContext") is False
    assert page.evaluate("'serviceWorker' in navigator") is False
    note = page.locator("#secure-note")
    assert note.is_visible()
    assert "screen may go dark" in note.inner_text()
    note.locator("a").click()
    assert page.url == live_server.plain_url + "/trust"
    fingerprint = certificates.Certificates(live_server.tls_folder).fingerprint()
    assert page.locator(".fingerprint code").inner_text() == fingerprint
    downloaded = page.evaluate("fetch('/trust/scorekeeper-authority.pem').then(r => r.text())")
    assert downloaded == (live_server.tls_folder / "authority.pem").read_text()
    # /trust leads nowhere but to itself: no note there; the buttons its steps name are above.
    page.wait_for_function("() => document.documentElement.dataset.secure === 'untrusted'")
    assert page.locator("#secure-note").count() == 0
    android = page.locator("details.card", has_text="Android")
    android.locator("summary").click()
    step = android.locator("li").first
    assert step.inner_text() == "Tap “Download for Android and Windows” above."
    buttons = page.locator("nav.links").bounding_box()  # measured as the page now lies
    assert buttons["y"] + buttons["height"] <= step.bounding_box()["y"]
    # The check is real: the secure address itself is refused to this phone.
    with pytest.raises(Exception, match="ERR_CERT_AUTHORITY_INVALID"):
        page.goto(live_server.secure_url + "/")


def test_a_watcher_on_the_plain_address_is_not_asked_to_trust_anything(plain_page) -> None:
    page = plain_page
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    game = {"ruleset": "joker", "players": ["Ann", "Bob", "Cy", "Dee"]}
    made = InPage(page).post("/api/games", data=game, headers={"X-CSRFToken": token})
    assert made.status == 201, made.text()
    page.goto(made.json()["url"] + "/watch")
    page.wait_for_function("() => document.documentElement.dataset.secure === 'untrusted'")
    assert page.locator(".board").is_visible()
    assert page.locator("#secure-note").count() == 0  # a watcher needs nothing trusted
    assert "Trust this server" not in page.locator("body").inner_text()


def test_on_the_plain_address_a_game_keeps_the_screen_on_with_a_silent_video(
    plain_page, live_server
) -> None:
    page = plain_page
    assert page.evaluate("'wakeLock' in navigator") is False  # no lock on a plain address
    page.click("h1")  # a touch on a page with no game keeps nothing on
    assert page.locator("video.screen-on").count() == 0
    start_game(Phone(page), "back-alley-pagat", ["Ann", "Bob", "Cy", "Dee"], 0)
    assert "awake" not in page.evaluate("Object.keys(document.documentElement.dataset)")
    page.click("#deal-title")  # the first touch at the table starts the video
    page.wait_for_function("() => document.documentElement.dataset.awake === 'video'")
    video = page.locator("video.screen-on")
    assert video.evaluate("v => !v.paused && v.muted && v.loop") is True
    assert video.evaluate("v => v.currentSrc").startswith(
        live_server.plain_url + "/static/awake/screen-on."
    )
    assert video.get_attribute("aria-hidden") == "true"


def test_the_authority_cannot_vouch_for_a_bank_even_on_a_phone_that_trusts_it(
    browser, live_server, tmp_path
) -> None:
    # A stolen key signs a certificate for a bank: the phone refuses it (name constraints).
    stolen = certificates.Certificates(tmp_path)
    for name in ("authority.pem", "authority-key.pem"):
        (tmp_path / name).write_bytes((live_server.tls_folder / name).read_bytes())
    now = datetime.datetime.now(datetime.UTC)
    certificates.make_server(stolen, names=["www.bank.example"], addresses=[], now=now)
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(stolen.server, stolen.server_key)

    class Bank(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"your account")

        def log_message(self, *args: object) -> None:
            pass

    bank = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Bank)
    bank.socket = tls.wrap_socket(bank.socket, server_side=True)
    threading.Thread(target=bank.serve_forever, daemon=True).start()
    home = trusting_home(tmp_path / "home", live_server.tls_folder / "authority.pem")
    mapped = [
        *(arg for arg in CHROMIUM_ARGS if not arg.startswith("--host-resolver-rules")),
        f"--host-resolver-rules=MAP {LAN_ADDRESS} 127.0.0.1, MAP www.bank.example 127.0.0.1",
    ]
    chromium = launch(browser.browser_type, home, mapped)
    try:
        page = chromium.new_page()
        with pytest.raises(Exception, match="ERR_CERT_INVALID"):
            page.goto(f"https://www.bank.example:{bank.server_address[1]}/")
        # The same phone trusts the family's server: it is the bank's name that is refused.
        # (A tab of its own: the refused tab is still loading its error page.)
        family = chromium.new_page()
        family.goto(live_server.secure_url + "/")
        assert family.evaluate("isSecureContext") is True
    finally:
        chromium.close()
        bank.shutdown()
