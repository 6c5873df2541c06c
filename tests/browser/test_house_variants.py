"""Issue 17 in a real browser: a strict Joker table set up on a phone in a handful of taps."""

from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot

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
