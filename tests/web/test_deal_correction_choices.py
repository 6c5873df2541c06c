"""The deal-correction page offers only what the game's rules allow, as New deal does.

Tricks left blank ("—") make a deal thrown in: offered where the rules throw a deal in
when everyone passes (Back Alley), never where every deal is played (Joker).
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import example
from tests.web.conftest import hidden

#: A select's choice of "no tricks noted", as the page draws it.
NONE_NOTED = '<option value="">—</option>'
NOTE = "“—” means no tricks"


def tricks_selects(page: str) -> list[str]:
    """Return every tricks select of the page (a player's or a team's), whole."""
    return re.findall(r'<select name="(?:tricks|team)-\d"[^>]*>.*?</select>', page, re.S)


@pytest.mark.parametrize("slug", ["joker", "joker-khishti-200", "joker-pairs"])
def test_a_joker_correction_offers_no_thrown_in_deal(client, api_game, slug):
    document = example("joker")
    if slug != "joker":
        from scorekeeper.rules.variants import variant_document

        document = {**document, "ruleset": variant_document(slug)}
    game_id = api_game(document)
    page = client.get(f"/games/{game_id}/deals/1/edit").get_data(as_text=True)
    selects = tricks_selects(page)
    assert selects, page
    assert all(NONE_NOTED not in select for select in selects)
    assert NOTE not in page
    # Each select still holds what was recorded, chosen.
    assert all(" selected>" in select for select in selects)


def test_a_correction_under_rules_that_throw_a_deal_in_still_offers_it(client, api_game):
    game_id = api_game(example("back-alley-pagat"))
    page = client.get(f"/games/{game_id}/deals/1/edit").get_data(as_text=True)
    selects = tricks_selects(page)
    assert len(selects) == 2  # the two teams
    assert all(select.count(NONE_NOTED) == 1 for select in selects)
    assert NOTE in page


def test_blank_tricks_sent_anyway_to_a_joker_deal_are_refused_beside_them(client, api_game):
    game_id = api_game(example("joker"))
    url = f"/games/{game_id}/deals/1/edit"
    page = client.get(url).get_data(as_text=True)
    before = client.get(f"/games/{game_id}/export.json").get_json()
    data = {name: hidden(page, name) for name in ("csrf_token", "nonce", "version")}
    for select in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        name, options = select
        chosen = re.search(r'<option value="([^"]*)" selected>', options)
        data[name] = chosen.group(1) if chosen else ""
    data.update({f"tricks-{seat}": "" for seat in range(4)})
    response = client.post(url, data=data)
    assert response.status_code == 422
    assert "the tricks each player took are missing" in response.get_data(as_text=True)
    assert client.get(f"/games/{game_id}/export.json").get_json() == before
