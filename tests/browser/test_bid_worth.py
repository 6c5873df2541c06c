"""What each bid scores, on a 360 × 640 phone that scores with its own copy of the rules, in
English and in Georgian: the worths beside every bid, described to a screen reader, hidden
for this game and shown again (still hidden after a reload, and then not read to a screen
reader either), the bid buttons where they were,
and a deal entered with the same taps as ever."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import read_game, score_game
from scorekeeper.rules.entry import buttons_of
from tests.browser.conftest import InPage
from tests.browser.test_play import Phone

pytestmark = pytest.mark.browser

#: Pagat, 13 cards, Ann deals: Bob 2, Cy pass, Dee 3; Ann & Cy took 6 of 13.
DEAL = {"bids": [1, 2, "pass", 3], "team_tricks": [6, 7], "trump": "spades"}
GAME = {"ruleset": "back-alley-pagat", "players": ["Ann", "Bob", "Cy", "Dee"], "first_dealer": 0}
#: After Bob 2 and Cy pass, Dee's 3 makes Bob & Dee's bid 5: 5 a trick made or set, +1 over.
MADE = {"en": "made: +25", "ka": "შესრულდა: +25"}
WORDS = {
    "en": "Bob & Dee would bid 5 · made: +25 · one short: −25 · one over: +26",
    "ka": "Bob & Dee — ბიდი ჯამში 5 · შესრულდა: +25 · ერთი აკლია: −25 · ერთი ზედმეტი: +26",
}
BIDS = '#ask .bids button[name="step"]'


def boxes(page) -> list[tuple[float, float, float, float]]:
    """Return every bid button's box on the page (x, y from the page's top, width, height)."""
    return page.eval_on_selector_all(
        BIDS,
        "buttons => buttons.map(b => { const r = b.getBoundingClientRect();"
        " return [r.x, r.y + window.scrollY, r.width, r.height]; })",
    )


def descriptions(page) -> dict[str, str]:
    """Return, by bid, the visible words its button is described by (aria-describedby)."""
    return page.eval_on_selector_all(
        BIDS + ":not(.struck)",
        """buttons => Object.fromEntries(buttons.map(b => {
            const words = document.getElementById(b.getAttribute("aria-describedby"));
            const shown = words && words.checkVisibility() ? words.innerText : "";
            return [b.value, shown];
        }))""",
    )


def test_each_bid_shows_its_worth_and_a_player_may_hide_them(scorer):
    page = scorer
    page.goto("/")
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    made = InPage(page).post(
        "/api/games", data={**GAME, "deals": []}, headers={"X-CSRFToken": token}
    )
    assert made.status == 201, made.text()
    game_id = made.json()["id"]
    page.goto(f"/games/{game_id}")
    phone = Phone(page)
    phone.ready()
    language = page.language
    taps = buttons_of(*_deal_of(GAME, DEAL))
    bids = [step for step in taps if step.startswith("bid:")]
    for step in taps[: taps.index(bids[2])]:  # trump, Bob 2, Cy pass: Dee bids next
        phone.tap(f'button[name="step"][value="{step}"]')
    said = descriptions(page)
    assert said["bid:3"] == WORDS[language]
    assert all(any(ch.isdigit() for ch in words) for words in said.values()), said
    assert page.locator('button[value="bid:3"] .worth').inner_text() == "+25"
    assert page.locator('button[value="bid:board"] .worth').inner_text() == "+130"
    shown = boxes(page)
    assert {round(height) for *_, height in shown} == {50}
    # Hidden for this game: the buttons keep their boxes, the words go, a reload keeps it so.
    toggle = page.locator(".worth-toggle")
    assert (
        toggle.inner_text()
        == {"en": "Hide what bids are worth", "ka": "ბიდების ქულების დამალვა"}[language]
    )
    toggle.click()
    assert not page.locator(".worths").is_visible()
    assert not page.locator('button[value="bid:3"] .worth').is_visible()
    assert boxes(page) == shown
    # Hidden words are not read either: the browser's own accessible description goes too.
    expect(page.locator('button[value="bid:3"]')).to_have_accessible_description("")
    page.reload()
    phone.ready()
    assert page.evaluate("document.documentElement.dataset.worths") == "hidden"
    assert not page.locator(".worths").is_visible() and boxes(page) == shown
    assert MADE[language] not in page.locator("#ask").inner_text()
    expect(page.locator('button[value="bid:3"]')).to_have_accessible_description("")
    toggle = page.locator(".worth-toggle")
    assert (
        toggle.inner_text()
        == {"en": "Show what bids are worth", "ka": "ბიდების ქულების ჩვენება"}[language]
    )
    toggle.click()
    assert page.locator(".worths").is_visible() and boxes(page) == shown
    assert descriptions(page)["bid:3"] == WORDS[language]
    expect(page.locator('button[value="bid:3"]')).to_have_accessible_description(WORDS[language])
    # The switch is no tap: the deal takes the taps it always took.
    before = phone.taps
    for step in taps[taps.index(bids[2]) :]:
        phone.tap(f'button[name="step"][value="{step}"]')
    assert phone.taps - before + 3 == len(taps) == 6
    phone.settled()
    deal = InPage(page).get(f"/api/games/{game_id}/deals/1").json()
    # Ann & Cy bid 1 and took 6: 5 + 5 over; Bob & Dee bid 5 and took 7: 25 + 2 over.
    assert deal["scores"] == [10, 27]


def _deal_of(game: dict, deal: dict):
    """Return the game, the setup and the record of a game file's only deal."""
    result = score_game(read_game({**game, "deals": [deal]}))
    return result.game, result.deals[0].setup, result.deals[0].record
