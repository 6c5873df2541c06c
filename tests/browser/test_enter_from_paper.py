"""Enter from paper: whole golden games typed into the paper grid on a 360×640 phone, with real
key presses counted against the budget — at most one key per cell that is not filled in by
the rules, plus one a deal — and their totals checked against the golden files. A row the
rules refuse is refused at its cell, in words, and nothing is stored; a total mistyped on
the sheet is shown with its arithmetic; a server killed mid-entry loses no row and gets
each row once."""

from __future__ import annotations

import json
import time

import pytest

from scorekeeper.rules import is_thrown_in, read_game, score_game
from scorekeeper.rules.paper import typed_of
from tests.browser.conftest import screenshot
from tests.browser.test_phone_keeps_the_game import (
    fits_and_is_accessible,
    kept,
    phone_context,
    rules_kept,
    server_game,
)
from tests.browser.test_play import Phone
from tests.conftest import EXAMPLES, example

pytestmark = pytest.mark.browser

#: The keys that say a trump on a laptop's keyboard (the phone's is a tap under the row).
TRUMP_KEYS = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s", "none": "n"}
#: The grid has taken every key given it, and drawn what the rules answered.
IDLE = "() => document.documentElement.dataset.paper === 'ready'"
#: What a thumb taps on the page that is less than 44 px tall.
SMALL_TARGETS = """() => [...document.querySelectorAll('button, a, input')]
    .filter(e => e.checkVisibility() && !e.closest('p'))
    .filter(e => e.getBoundingClientRect().height < 44)
    .map(e => e.outerHTML.slice(0, 80))"""
#: A person typing about a key a second types a 26-deal game in 5 minutes with this many.
FIVE_MINUTES = 300


def value_keys(raw: str) -> list[str]:
    """Return the keys that type one value: a digit; + and the last digit for 10 or more."""
    if raw in ("pass", "0"):
        return ["0"]
    if raw == "board":
        return ["b"]
    if raw == "rainbow":
        return ["r"]
    value = int(raw)
    return [str(value)] if value < 10 else ["+", str(value - 10)]


def paper_rows(document: dict) -> list[tuple[list[str], int]]:
    """Return, for each deal of a game file, the keys that type its row from the sheet and
    the cells a person types it into (the trump's, when there is one)."""
    game = read_game(document)
    result = score_game(game)
    rows = []
    for scored in result.deals:
        setup, record = scored.setup, scored.record
        typed = typed_of(game, setup, record)
        keys = [TRUMP_KEYS[record.trump]] if record.trump else []
        cells = len(keys) + len(setup.order)
        if is_thrown_in(game.ruleset, record.bids):
            rows.append(([*keys, "t"], cells))
            continue
        for seat in setup.order:
            keys += value_keys(typed.bids[seat])
        for taker in typed.tricks:
            keys += value_keys(typed.tricks[taker])
        rows.append((keys, cells + len(typed.tricks)))
    return rows


def golden(name: str) -> tuple[dict, list[tuple[list[str], int]], list[list[int]]]:
    """Return a golden game file, the keys that type each of its rows (with the cells they go
    in), and the running totals after each deal as its golden file says them."""
    document = example(name)
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    return document, paper_rows(document), [deal["totals"] for deal in expected["deals"]]


class Typist:
    """A phone's keyboard on the paper grid: every key pressed is counted."""

    def __init__(self, page) -> None:
        self.page = page
        self.keys = 0

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)
            self.keys += 1
        self.idle()

    def idle(self) -> None:
        self.page.wait_for_function(IDLE, timeout=30_000)

    def rows(self) -> int:
        return self.page.locator("tbody.deal.recorded").count()

    def totals(self, position: int) -> list[int]:
        """Return the running totals the grid shows beside a row."""
        row = self.page.locator(f'tbody.deal.recorded[data-position="{position}"]')
        return [int(text) for text in row.locator(".total b").all_inner_texts()]

    def cell(self, key: str):
        return self.page.locator(f'tbody.deal.current input[data-key="{key}"]')


def type_game(typist: Typist, rows: list[tuple[list[str], int]]) -> list[int]:
    """Type every row; check each is recorded by its last key; return the keys each took."""
    taken = []
    for keys, _cells in rows:
        before = typist.rows()
        typist.press(*keys)
        assert typist.rows() == before + 1, keys
        taken.append(len(keys))
    return taken


def new_game(page, ruleset: str, document: dict, button: str) -> None:
    """Fill in New game with a game file's table, as a person would, and start it."""
    page.goto("/games/new")
    page.select_option("#ruleset", ruleset)
    for seat, name in enumerate(document["players"]):
        page.fill(f'input[name="players-{seat}"]', name)
    page.check(f'input[name="dealer"][value="{document["first_dealer"]}"]')
    with page.expect_navigation():
        page.click(f"text={button}")


def in_step(page, game_id: str, server, deals: int) -> dict:
    """Wait until the server holds this many deals of the game; return it."""
    deadline = time.monotonic() + 30
    while True:
        found = server_game(server, game_id)
        if found and len(found["game"]["deals"]) >= deals:
            return found
        assert time.monotonic() < deadline, "the server did not get the rows"
        page.wait_for_timeout(100)


def test_a_26_deal_back_alley_game_goes_in_from_paper_within_the_key_budget(browser, live_server):
    document, rows, totals = golden("back-alley-pagat")
    context = phone_context(browser, live_server)
    try:
        page = context.new_page()
        new_game(page, "back-alley-pagat", document, "Start, then enter from paper")
        assert page.url.endswith("/paper")
        game_id = page.url.rsplit("/", 2)[-2]
        typist = Typist(page)
        typist.idle()
        assert page.locator("tbody.deal.current").count() == 1
        screenshot(page, "paper-start-360")
        fits_and_is_accessible(page)
        small = page.evaluate(SMALL_TARGETS)
        assert small == [], small
        taken = type_game(typist, rows)
        # Every row beside the totals the rules give, as the golden file says them.
        assert [typist.totals(position) for position in range(1, len(rows) + 1)] == totals
        assert page.locator("#paper-over").is_visible()
        for (keys, cells), count in zip(rows, taken, strict=True):
            assert count <= cells + 1, keys
        print(f"\nBack Alley from paper: {typist.keys} keys for {len(rows)} rows")
        assert typist.keys <= FIVE_MINUTES
        on_server = in_step(page, game_id, live_server, len(rows))
        assert on_server["result"]["complete"] is True
        assert on_server["result"]["totals"] == totals[-1]
        assert [deal["totals"] for deal in on_server["result"]["deals"]] == totals
        screenshot(page, "paper-over-360")
        fits_and_is_accessible(page)
    finally:
        context.close()


def test_a_joker_game_from_paper_refuses_an_illegal_row_and_shows_a_sheet_totals_arithmetic(
    browser, live_server
):
    document, rows, totals = golden("joker")
    context = phone_context(browser, live_server)
    try:
        page = context.new_page()
        table = Phone(page)
        new_game(page, "joker", document, "Start the game")
        game_id = page.url.rsplit("/", 1)[-1]
        table.ready()
        with page.expect_navigation():
            page.click("text=Enter from paper")  # from the game's page, beside its sheet
        typist = Typist(page)
        typist.idle()

        # Deal 1, one card: Ann, Cy and Bob bid 0, 0, 1; the dealer's hook leaves Dee only 1,
        # said at Dee's cell. A pass typed there anyway is refused there, in words.
        first, _ = rows[0]
        typist.press(*first[:4])  # the trump, then three bids
        dealer = typist.cell("bid-1")
        assert dealer.get_attribute("data-state") == "forced"
        assert dealer.input_value() == "1"
        said = page.locator("#" + dealer.get_attribute("aria-describedby")).inner_text()
        assert said.startswith("⁨Dee⁩ can only bid 1 here (not pass: the bids would add up to 1")
        typist.press("0")
        assert dealer.get_attribute("aria-invalid") == "true"
        refusal = page.locator("#" + dealer.get_attribute("aria-describedby"))
        assert refusal.is_visible()
        assert "may not pass" in refusal.inner_text()
        assert "the dealer's hook" in refusal.inner_text()
        screenshot(page, "paper-refused-360")
        fits_and_is_accessible(page)
        page.wait_for_timeout(500)
        assert typist.rows() == 0
        assert server_game(live_server, game_id)["game"]["deals"] == []
        assert kept(page, game_id)["phone"]["document"]["deals"] == []
        typist.press(*first[4:])  # Dee's 1 on the refused cell, then the tricks
        assert typist.rows() == 1
        # ↑ on the empty row below takes deal 1 back to fix it; Enter on its last cell, with
        # nothing changed, records it again as it was.
        typist.press("ArrowUp")
        assert typist.rows() == 0
        assert typist.cell("bid-1").input_value() == "1"
        typist.press("Enter")
        assert typist.rows() == 1

        # Deal 2, two cards: a bid of 3 is more than the cards, refused at its cell.
        second, _ = rows[1]
        typist.press(second[0], "3")
        bidder = typist.cell("bid-3")
        assert bidder.get_attribute("aria-invalid") == "true"
        words = page.locator("#" + bidder.get_attribute("aria-describedby")).inner_text()
        assert words == "⁨Cy⁩ can bid at most 2 with 2 cards"
        typist.press(*second[1:])
        taken = [len(first), len(second), *type_game(typist, rows[2:])]
        for (keys, cells), count in zip(rows, taken, strict=True):
            assert count <= cells + 1, keys
        print(f"\nJoker from paper: {sum(taken)} keys for {len(rows)} rows")
        assert [typist.totals(position) for position in range(1, len(rows) + 1)] == totals
        on_server = in_step(page, game_id, live_server, len(rows))
        assert [deal["totals"] for deal in on_server["result"]["deals"]] == totals

        # The sheet says Bob had 510 after deal 6; the rules give 500, and say why.
        row = page.locator('tbody.deal.recorded[data-position="6"]')
        row.locator("button.check-total").click()
        entry = row.locator('tr.sheet input[data-side="0"]')
        entry.fill("510")
        verdict = page.locator("#" + entry.get_attribute("aria-describedby"))
        verdict.wait_for()
        page.wait_for_function(
            "(id) => document.getElementById(id).dataset.agrees === 'no'",
            arg=entry.get_attribute("aria-describedby"),
        )
        assert verdict.inner_text() == (
            "your sheet says 510; the rules give 500: 350 + 150 for deal 6 "
            "(⁨Bob⁩ bid 2, took exactly 2: 50 + 50 × 2 = 150)"
        )
        entry.fill("500")
        page.wait_for_function(
            "(id) => document.getElementById(id).dataset.agrees === 'yes'",
            arg=entry.get_attribute("aria-describedby"),
        )
        screenshot(page, "paper-sheet-total-360")
        fits_and_is_accessible(page)
    finally:
        context.close()


def test_rows_typed_with_the_server_gone_reach_it_each_once(browser, live_server):
    document, rows, totals = golden("joker")
    rows = rows[:9]
    context = phone_context(browser, live_server)
    try:
        page = context.new_page()
        page.goto("/")
        token = page.locator('meta[name="csrf-token"]').get_attribute("content")
        made = page.evaluate(
            """async ([doc, token]) => {
                const r = await fetch('/api/games', {method: 'POST', body: JSON.stringify(doc),
                    headers: {'Content-Type': 'application/json', 'X-CSRFToken': token}});
                return await r.json(); }""",
            [{**document, "deals": []}, token],
        )
        game_id = made["id"]
        # The phone keeps the app and its rules once (a page of it opened at home), so a
        # reload with no server still opens the grid.
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
        rules_kept(page)
        page.goto(f"/games/{game_id}/paper")
        typist = Typist(page)
        typist.idle()
        type_game(typist, rows[:3])
        page.wait_for_function("() => document.documentElement.dataset.phone === 'ready'")
        in_step(page, game_id, live_server, 3)
        live_server.kill()
        try:
            type_game(typist, rows[3:])
            page.wait_for_function(
                "() => document.getElementById('where').dataset.state === 'offline'"
            )
            assert page.locator("#where").inner_text() == (
                "Offline — 6 deals kept on this phone, sent when the server answers."
            )
            assert [typist.totals(position) for position in range(1, 10)] == totals[:9]
            assert len(kept(page, game_id)["phone"]["document"]["deals"]) == 9
            fits_and_is_accessible(page)
            # A reload with the server gone: the rows are still here, and typing goes on.
            page.reload()
            typist.idle()
            assert typist.rows() == 9
        finally:
            live_server.start()
        on_server = in_step(page, game_id, live_server, 9)
        assert len(on_server["game"]["deals"]) == 9
        assert on_server["game"]["deals"] == kept(page, game_id)["phone"]["document"]["deals"]
        assert [deal["totals"] for deal in on_server["result"]["deals"]] == totals[:9]
        page.wait_for_function("() => document.getElementById('where').dataset.state === 'online'")
    finally:
        context.close()
