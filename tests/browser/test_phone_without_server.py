"""With the server gone, the phone's pages still open, start games and say where things stand.

A real `scorekeeper serve` is killed outright (SIGKILL): this phone's table opens whatever
language the phone asks in now, "New game" starts a game on the phone (the same players'
game after a game over), and the line under the totals says "Offline" with what is kept,
never "Sending…", as long as the server does not answer. Opened at the LAN address over
HTTPS, as a family's phone does (tests/browser/conftest.py).
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import read_game, score_game
from tests.browser.conftest import InPage
from tests.browser.test_phone_keeps_the_game import (
    OFFLINE,
    SMALL,
    fits_and_is_accessible,
    kept_at_home,
    play,
    rules_kept,
    started_here,
    where,
)
from tests.browser.test_play import Phone, deal_taps, start_game
from tests.conftest import example

pytestmark = pytest.mark.browser

#: Every state the line under the totals takes on a page, in order ("offline Offline — …"),
#: noted as it changes: a test reads what the scorer could have seen, however briefly.
NOTE_THE_LINE = """
window.scorekeeperSaid = [];
new MutationObserver(function () {
  const where = document.getElementById("where");
  if (!where || where.hidden) return;
  const said = where.dataset.state + " " + where.textContent;
  const all = window.scorekeeperSaid;
  if (all[all.length - 1] !== said) all.push(said);
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""
SAID = "() => window.scorekeeperSaid"
NOT_KEPT = "This phone keeps no copy of that game"
#: This phone's table has said why it is shown: no copy of the game asked for, or New game.
HERE_SAID = (
    "() => [...document.querySelectorAll('#start-note, #not-kept')].some(said => !said.hidden)"
)


def sending(said: list[str]) -> list[str]:
    return [line for line in said if line.startswith("sending")]


def test_the_line_says_offline_and_never_sending_while_the_server_is_gone(phone, live_server):
    document = example("back-alley-pagat")
    taps = deal_taps(document)
    page = phone
    page.context.add_init_script(NOTE_THE_LINE)
    table = Phone(page)
    start_game(table, "back-alley-pagat", document["players"], document["first_dealer"])
    table.ready()
    rules_kept(page)
    play(table, taps[:2])
    table.settled()
    live_server.kill()
    try:
        # Nothing waiting to be sent: opened again, the phone asks and says it is offline.
        page.reload()
        table.ready()
        page.wait_for_function(OFFLINE)
        assert where(page) == (
            "Offline — this phone goes on by itself; nothing is waiting to be sent."
        )
        play(table, taps[2:4])
        assert where(page) == (
            "Offline — 2 deals kept on this phone, sent when the server answers."
        )
        assert sending(page.evaluate(SAID)) == []
        # Opened again with deals kept: offline from the first word, never "Sending…".
        page.reload()
        table.ready()
        page.wait_for_function(OFFLINE)
        play(table, taps[4:5])
        said = page.evaluate(SAID)
        assert said[0] == (
            "offline Offline — 2 deals kept on this phone, sent when the server answers."
        )
        assert sending(said) == []
        assert where(page) == (
            "Offline — 3 deals kept on this phone, sent when the server answers."
        )
    finally:
        live_server.start()
    # The server answers again: every deal goes, and the line says so.
    table.settled()
    assert where(page) == "Online"


def test_new_game_with_the_server_gone_starts_one_on_this_phone(phone, live_server):
    document = example("back-alley-bridge")
    page = phone
    page.context.add_init_script(NOTE_THE_LINE)
    kept_at_home(page)  # the family's home page stays open, as the server goes
    live_server.kill()
    try:
        with page.expect_navigation():
            page.click("text=New game")
        assert page.url.endswith("/games/new")
        page.locator("#start-here").wait_for()
        page.wait_for_function(HERE_SAID)
        assert NOT_KEPT not in page.locator("main").inner_text()
        assert page.evaluate("() => document.activeElement.name") == "player"
        assert page.locator(".flash.error:visible").count() == 0
        said = page.locator("#start-note")
        assert said.is_visible()
        assert said.inner_text() == (
            "Scorekeeper cannot be reached just now, so this game starts on this phone: "
            "it goes to the family archive when the server answers."
        )
        fits_and_is_accessible(page)
        table = started_here(page, document)
        play(table, deal_taps(document)[:1])
        assert where(page) == (
            "Offline — this game is on this phone only (1 deal), sent to the family archive "
            "when the server answers."
        )
        assert NOT_KEPT not in page.locator("main").inner_text()
        assert sending(page.evaluate(SAID)) == []
    finally:
        live_server.start()
    page.locator("#noted").wait_for(timeout=20_000)  # in the family archive now


def test_new_game_same_players_after_a_game_over_with_the_server_gone(phone, live_server):
    document = example("joker")
    taps = deal_taps(document)
    page = phone
    page.goto("/")
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    all_but_the_last = {**document, "deals": document["deals"][:-1]}
    made = InPage(page).post("/api/games", data=all_but_the_last, headers={"X-CSRFToken": token})
    assert made.status == 201, made.text()
    page.goto(made.json()["url"])
    table = Phone(page)
    table.ready()
    rules_kept(page)
    live_server.kill()
    try:
        play(table, taps[-1:])
        assert page.locator("text=Game over").is_visible()
        assert [int(total) for total in page.locator(".totals .scores b").all_inner_texts()] == (
            list(score_game(read_game(document)).totals)
        )
        with page.expect_navigation():
            page.click("text=New game, same players")
        page.locator("#start-here").wait_for()
        page.wait_for_function("() => document.querySelector('input[name=player]').value !== ''")
        seats = page.locator('input[name="player"]')
        assert [seats.nth(n).input_value() for n in range(seats.count())] == (document["players"])
        assert page.locator("#here-ruleset").input_value() == "joker"
        # The deal passes on: the next player after the last game's first dealer.
        dealer = page.locator("#here-dealer")
        chosen = dealer.locator("option:checked").inner_text()
        assert chosen == document["players"][(document["first_dealer"] + 1) % 4]
        assert NOT_KEPT not in page.locator("main").inner_text()
        with page.expect_navigation():
            page.click("text=Start the game on this phone")
        table.ready()
        assert page.locator(".deal .who").inner_text().startswith(f"{chosen} deals")
    finally:
        live_server.start()


def test_this_phones_table_opens_whatever_language_the_phone_asks_in_now(browser, live_server):
    context = browser.new_context(
        viewport=SMALL, locale="en-US", is_mobile=True, has_touch=True,
        base_url=live_server.phone_url,
    )  # fmt: skip
    try:
        page = context.new_page()
        page.goto("/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
        # Any page keeps this phone's table in the language read now (install.js), asked for
        # as this phone asks for pages: in its language.
        page.reload()
        page.wait_for_function(
            "() => localStorage.getItem('scorekeeper.offline-language') === 'en'", timeout=30_000
        )
        # The phone's language is changed in its settings; then the server is gone.
        context.set_extra_http_headers({"Accept-Language": "ka-GE,ka;q=0.9,en;q=0.5"})
        live_server.kill()
        try:
            for path in ("/", "/offline", "/games/new"):
                page.goto(path)
                assert page.locator("h1").first.inner_text() == "No connection", path
                assert page.locator("#start-here").is_visible(), path
        finally:
            live_server.start()
    finally:
        context.close()


#: Ask for this phone's table again and again, as install.js does after a switch of language,
#: while looking for the kept copy as fast as the page can: the times it was not there.
KEEP_AGAIN_AND_LOOK = """async () => {
  let asking = true, missing = 0, looked = 0;
  const look = (async () => {
    while (asking) {
      looked += 1;
      if (!(await caches.match("/offline", { ignoreVary: true }))) missing += 1;
    }
  })();
  for (let i = 0; i < 40; i += 1) {
    const response = await fetch("/offline", { credentials: "same-origin", cache: "no-store" });
    await response.text();
  }
  await new Promise(resolve => setTimeout(resolve, 200));
  asking = false;
  await look;
  return { missing, looked };
}"""


def test_this_phones_table_is_never_missing_while_a_new_copy_is_kept(browser, live_server):
    # The server could go at any moment: a copy of the table being replaced must never leave
    # the phone with none (a phone that lost the server just then opened the browser's error).
    context = browser.new_context(viewport=SMALL, is_mobile=True, base_url=live_server.phone_url)
    try:
        page = context.new_page()
        page.goto("/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
        seen = page.evaluate(KEEP_AGAIN_AND_LOOK)
        assert seen["looked"] > 40
        assert seen["missing"] == 0, seen
        # One copy is kept, whichever language it was asked in.
        copies = page.evaluate(
            """async () => {
              let count = 0;
              for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                count += (await cache.keys("/offline", { ignoreVary: true })).length;
              }
              return count;
            }"""
        )
        assert copies == 1
    finally:
        context.close()
