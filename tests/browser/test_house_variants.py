"""Issue 17 in a real browser: a strict Joker table set up on a phone in a handful of taps."""

from __future__ import annotations

import pytest

from tests.browser.conftest import InPage, screenshot
from tests.browser.test_play import Phone

pytestmark = pytest.mark.browser

#: Every choice label and input of the variant rules that is smaller than a thumb.
SMALL = """() => [...document.querySelectorAll(
        ':is(#rule-khishti, #rule-premia, #rule-pass_limit) :is(label.rules-choice, input)')]
    .filter(e => e.checkVisibility() && e.type !== 'radio')
    .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44; })
    .map(e => e.outerHTML.slice(0, 80))"""


def test_a_strict_joker_is_set_up_with_taps_on_a_phone(phone) -> None:
    phone.goto("/rules")
    phone.get_by_role("link", name="New house rules from Joker (Georgia)").click()
    phone.wait_for_url("**/rules/new**")
    phone.wait_for_load_state("load")  # measured once its styles are in, not while they load
    assert phone.evaluate(SMALL) == []
    # Taps, not typing: the penalty (500) and the limit (3 a set) are offered already.
    phone.get_by_label("Name of your rules").fill("The Beridzes' Joker")
    phone.get_by_label("A khishti penalty").check()
    phone.get_by_label("The sum of the whole set").check()
    phone.get_by_label("When one player alone earns the premia").check()
    phone.get_by_label("A limit on passes").check()
    assert phone.get_by_label("Points lost (e.g. 200, 500, 900)").input_value() == "500"
    assert phone.get_by_label("Passes allowed").input_value() == "3"
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
    screenshot(phone, "editor-joker-variants")
    phone.get_by_role("button", name="Save these rules").click()
    phone.wait_for_url("**/rules/the-beridzes-joker")
    text = phone.locator("main").inner_text()
    assert "Changed from Joker (Georgia): Khishti, Premia (set bonus), Passes." in text
    assert "took none scores −500: the khishti" in text
    assert "The pass limit: Bob has passed 3 times in this set" in text


def test_offline_a_player_whose_passes_are_used_up_is_not_offered_the_pass(phone) -> None:
    """The phone draws the next bidder's buttons itself while offline: the limit holds there."""
    from scorekeeper.rules.variants import variant_changes
    from tests.rules.test_joker_variants import STRICT_SET_ONE

    phone.goto("/")
    token = phone.locator('meta[name="csrf-token"]').get_attribute("content")
    game = {
        "ruleset": variant_changes("joker-strict"),
        "players": ["Ann", "Bob", "Cy", "Dee"],
        "deals": STRICT_SET_ONE[:5],  # Bob passed in deals 1, 2 and 4: his 3 a set
    }
    made = InPage(phone).post("/api/games", data=game, headers={"X-CSRFToken": token})
    assert made.status == 201, made.text()
    phone.goto(f"/games/{made.json()['id']}")  # deal 6, 6 cards: Bob deals and bids last
    table = Phone(phone)
    table.ready()  # the phone runs the rules itself now
    phone.context.set_offline(True)
    for step in ("bid:1", "bid:1", "bid:1"):  # Cy, Dee and Ann, drawn by the phone
        table.tap(f'#ask button[value="{step}"] >> nth=0')
    phone.wait_for_function("() => document.getElementById('where').dataset.state === 'offline'")
    assert phone.locator("#where").inner_text().startswith("Offline — 3 taps")
    # Once the moment after a tap has passed (every button is inert for it), Bob may bid:
    ready = "() => !document.querySelector('#ask button[value=\"bid:1\"]').disabled"
    phone.wait_for_function(ready)
    assert phone.locator('#ask button[value="bid:pass"]').is_disabled()  # his passes are used
    assert phone.locator('#ask button[value="bid:3"]').is_disabled()  # the dealer's hook
    assert phone.locator('#ask button[value="bid:2"]').is_enabled()
    phone.context.set_offline(False)
