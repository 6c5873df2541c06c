"""A game keeps at most one thrown-in deal for each deal of its schedule: the limit is named
wherever a game comes in (the file, the API, the table), and nothing is lost at it."""

from __future__ import annotations

import copy
import json

import pytest

from scorekeeper.rules import ScoreError, read_game, score_game, stored_values
from tests.conftest import csrf_token, example
from tests.web.conftest import Table

#: pagat's 26-deal schedule redeals when all four pass (docs/rules.md).
ALL_PASS = {"bids": ["pass"] * 4}
LIMIT_WORDS = "a game of 26 deals keeps at most 26 thrown-in deals"


def thrown_in_game(count: int) -> dict:
    game = copy.deepcopy(example("back-alley-pagat"))
    game["deals"] = [ALL_PASS] * count
    return game


def test_as_many_thrown_in_deals_as_the_schedule_has_deals_are_kept() -> None:
    result = score_game(read_game(thrown_in_game(26)))
    assert len(result.deals) == 26 and all(deal.thrown_in for deal in result.deals)
    assert result.next is not None and result.next.number == 1  # deal 1 is still to play


@pytest.mark.parametrize("count", [27, 15_000])
def test_one_more_is_refused_at_the_deal_past_the_limit(count: int) -> None:
    with pytest.raises(ScoreError) as refused:
        score_game(read_game(thrown_in_game(count)))
    assert str(refused.value).startswith(f"deal 27: {LIMIT_WORDS}")
    assert "start a new game" in str(refused.value)


def test_a_game_stored_before_the_limit_still_opens() -> None:
    with stored_values():
        assert len(score_game(read_game(thrown_in_game(40))).deals) == 40


def test_the_api_refuses_the_15000_thrown_in_deal_game_naming_the_limit(client) -> None:
    token = csrf_token(client)
    body = json.dumps(thrown_in_game(15_000))
    assert 600_000 < len(body) < 1024 * 1024  # under the body limit: the rule refuses it
    made = client.post(
        "/api/games", data=body, content_type="application/json", headers={"X-CSRFToken": token}
    )
    assert made.status_code == 422
    assert made.get_json()["error"].startswith(f"deal 27: {LIMIT_WORDS}")
    assert "Nobody has played yet" in client.get("/players").get_data(as_text=True)


def test_the_table_says_so_at_the_limit_and_keeps_the_taps_before(client) -> None:
    token = csrf_token(client)
    made = client.post("/api/games", json=thrown_in_game(26), headers={"X-CSRFToken": token})
    assert made.status_code == 201
    table = Table(client, made.get_json()["id"])
    table.open()
    table.tap("bid:pass", "bid:pass", "bid:pass")
    refused = table.post("bid:pass")
    assert refused.status_code == 422
    assert LIMIT_WORDS in table.problem(refused)
    model = client.get(f"/games/{table.game_id}/table.json").get_json()
    assert model["taps"] == ["bid:pass"] * 3  # the three passes are still there
    assert len(client.get(f"/api/games/{table.game_id}").get_json()["game"]["deals"]) == 26
