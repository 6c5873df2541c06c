"""Scorekeeper in Georgian on a phone: a Joker game's explanations in Georgian, and its
scores read aloud in Georgian where the phone has a Georgian voice. (Every page at 360 px
and axe-core in Georgian: test_every_page.py; a Joker game tapped in: test_table_georgian.py.)"""

from __future__ import annotations

import pytest

from tests.browser.conftest import NARROW, InPage
from tests.conftest import example

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def watched(georgian) -> str:
    token = georgian.locator('meta[name="csrf-token"]').get_attribute("content")
    made = InPage(georgian).post(
        "/api/games", data=example("joker"), headers={"X-CSRFToken": token}
    )
    assert made.status == 201, made.text()
    game = made.json()["id"]
    return f"/games/{game}/live"


def test_a_joker_games_last_deal_is_explained_in_georgian(georgian, watched):
    georgian.goto(watched)
    explained = georgian.locator(".last-deal .explain").inner_text()
    assert "აიღო" in explained, explained  # "took"
    assert "took" not in explained


#: A phone's voices, as a test's own speech synthesis: what is read, in which language and
#: voice, is kept in `window.spoken` (the browsers here have no voices of their own).
VOICES = """
(() => {
  const voices = %s;
  window.spoken = [];
  window.SpeechSynthesisUtterance = function (text) { this.text = text; };
  const synthesis = new EventTarget();
  synthesis.getVoices = () => voices;
  synthesis.cancel = () => {};
  synthesis.speak = (u) => window.spoken.push(
    {text: u.text, lang: u.lang, voice: u.voice && u.voice.name});
  Object.defineProperty(window, "speechSynthesis", {value: synthesis});
})();
"""


def _listen(browser, live_server, voices: str):
    context = browser.new_context(viewport=NARROW, base_url=live_server.phone_url)
    context.add_init_script(VOICES % voices)
    context.add_cookies(
        [{"name": "scorekeeper_language", "value": "ka", "url": live_server.phone_url}]
    )
    page = context.new_page()
    page.goto("/")
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    game = example("joker")
    deals, game["deals"] = game["deals"], game["deals"][:1]
    made = InPage(page).post("/api/games", data=game, headers={"X-CSRFToken": token})
    assert made.status == 201, made.text()
    game_id = made.json()["id"]
    page.goto(f"/games/{game_id}/live")
    page.locator("#speak").click()
    deal = {**deals[1], "deal": 2}
    added = InPage(page).post(
        f"/api/games/{game_id}/deals", data=deal, headers={"X-CSRFToken": token}
    )
    assert added.ok, added.text()
    return context, page


def test_scores_are_read_aloud_in_georgian_by_a_georgian_voice(browser, live_server):
    voices = '[{name: "Daniel", lang: "en-GB"}, {name: "Nino", lang: "ka-GE"}]'
    context, page = _listen(browser, live_server, voices)
    try:
        page.locator(".board[data-deals='2']").wait_for()
        spoken = page.evaluate("window.spoken")
        assert spoken, "the new deal was read aloud"
        assert spoken[-1]["lang"] == "ka" and spoken[-1]["voice"] == "Nino"
        assert spoken[-1]["text"].startswith("2-ე დარიგების შემდეგ"), spoken[-1]  # "After deal 2"
        assert page.locator("#no-voice").is_hidden()
    finally:
        context.close()


def test_a_phone_with_no_georgian_voice_says_so_and_reads_nothing(browser, live_server):
    context, page = _listen(browser, live_server, '[{name: "Daniel", lang: "en-GB"}]')
    try:
        page.locator(".board[data-deals='2']").wait_for()
        assert page.evaluate("window.spoken") == []
        assert page.locator("#no-voice").is_visible()
        assert "ხმა" in page.locator("#no-voice").inner_text()  # "voice"
    finally:
        context.close()
