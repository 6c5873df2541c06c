"""Six at the table, on a phone: rules that cannot seat six say which can, beside the rules, and
the house-rules way; in the editor, "By players" opens the deals by number of players at once."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SIX = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def test_rules_for_four_name_the_rules_six_can_play_beside_the_field(phone) -> None:
    phone.goto("/games/new")
    phone.select_option("#ruleset", "back-alley-pagat")
    while phone.locator(".seats li").count() < len(SIX):
        with phone.expect_navigation():
            phone.click('button[value="add"]')
    for seat, name in enumerate(SIX):
        phone.fill(f'input[name="players-{seat}"]', name)
    with phone.expect_navigation():
        phone.click("text=Start the game")
    said = phone.locator("p.error-text")
    assert said.count() == 1 and said.is_visible()
    assert said.inner_text() == (
        "Back Alley (pagat.com) is played by exactly 4 players, not 6. For 6 players: Bluke, "
        "New Jersey Bluke. Or write house rules for 6 players: on Rules, “New house rules "
        "from …” a ruleset, then change its players and its deals by number of players."
    )
    # Beside the field: the next thing below the rules, above the seats.
    rules, seats = phone.locator("#ruleset").bounding_box(), phone.locator(".seats").bounding_box()
    box = said.bounding_box()
    assert rules["y"] < box["y"] < seats["y"]
    assert [phone.locator(f'input[name="players-{n}"]').input_value() for n in range(6)] == SIX


def test_choosing_by_players_opens_the_deals_by_number_of_players_at_once(phone) -> None:
    phone.goto("/rules/new?from=back-alley-pagat")
    lists = phone.locator("details.rules-by-players")
    assert lists.evaluate("d => d.open") is False  # one list for every table, to begin with
    phone.get_by_label("By players").check()
    assert lists.evaluate("d => d.open") is True  # no save needed to see where the lists go
    assert phone.get_by_label("4 players", exact=False).first.is_visible()
