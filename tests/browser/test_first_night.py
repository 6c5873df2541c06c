"""A newcomer's first game night on a 360×640 phone: each rough edge a family met, looked at
as they see it (the points of "A newcomer's first game night")."""

from __future__ import annotations

import copy

import pytest

from tests.browser.conftest import InPage
from tests.conftest import example

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}


@pytest.fixture
def small(browser, live_server):
    context = browser.new_context(
        viewport=SMALL, is_mobile=True, has_touch=True, base_url=live_server.phone_url
    )
    yield context.new_page()
    context.close()


def in_view(page, selector: str) -> bool:
    """Say whether every element the selector finds lies inside the screen, unscrolled."""
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].every(e => {
            const box = e.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= innerHeight && box.width > 0;
        })""",
        selector,
    )


def test_new_game_says_what_is_wrong_beside_the_seat_and_drops_nothing(small) -> None:
    small.goto("/games/new")
    small.select_option("#ruleset", "joker-strict")  # a ready-made Joker table, offered here
    small.fill('input[name="players-0"]', "Ann")
    small.fill('input[name="players-1"]', "B" * 101)
    small.fill('input[name="players-2"]', "   ")
    small.fill('input[name="players-3"]', "Dee")
    with small.expect_navigation():
        small.click("text=Start the game")
    assert small.url.endswith("/games/new")  # nothing started
    words = small.locator("main").inner_text()
    assert "100" in words and "must be a list" not in words
    assert small.locator('input[name="players-3"]').input_value() == "Dee"  # nothing dropped
    assert small.locator('input[name="players-0"]').get_attribute("maxlength") == "100"


def test_a_joker_nine_card_deal_fits_the_screen_and_its_points_are_one_tap_away(
    small, live_server
) -> None:
    small.goto("/")
    token = small.locator('meta[name="csrf-token"]').get_attribute("content")
    game = copy.deepcopy(example("joker"))
    game["deals"] = game["deals"][:9]  # deal 10 is dealt 9 cards each
    made = InPage(small).post("/api/games", data=game, headers={"X-CSRFToken": token})
    assert made.status == 201, made.text()
    small.goto(f"/games/{made.json()['id']}")
    assert "9 cards each" in small.locator(".deal-title").inner_text()
    # The trump and every bid button are on the screen without scrolling.
    assert in_view(small, ".trumps button") and in_view(small, ".bids button")
    # The deal just scored says why, one tap away.
    why = small.locator("#scorebar a.why")
    assert why.inner_text() == "deal 9, explained"
    assert not in_view(small, "#last-deal .explain")
    why.click()
    small.wait_for_function("() => location.hash === '#last-deal'")
    assert small.evaluate(
        "document.querySelector('#last-deal .explain').getBoundingClientRect().top < innerHeight"
    )


def test_a_game_being_played_compares_its_totals_so_far(small) -> None:
    small.goto("/")
    token = small.locator('meta[name="csrf-token"]').get_attribute("content")
    game = copy.deepcopy(example("back-alley-pagat"))
    game["deals"] = game["deals"][:3]
    made = InPage(small).post("/api/games", data=game, headers={"X-CSRFToken": token})
    small.goto(f"/games/{made.json()['id']}/compare?ruleset=back-alley-catsatcards")
    words = small.locator("main").inner_text()
    assert "Totals so far" in words and "Final totals" not in words


def test_a_house_copy_shows_only_the_settings_its_rules_read(small) -> None:
    small.goto("/rules/new?from=back-alley-pagat")
    words = small.locator("main").inner_text().lower()
    assert "board" in words
    offered = words.split("not offered with this scoring")[0]
    assert "khishti" not in offered  # Joker's settings are not asked for
    small.goto("/rules/new?from=joker")
    words = small.locator("main").inner_text().lower()
    assert "khishti" in words
    assert "rainbow" not in words.split("not offered with this scoring")[0]
