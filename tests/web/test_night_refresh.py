"""A watcher's refresh of a night's leaderboard: "not changed" (304) until a table's deal is
recorded, then the new leaderboard, never the one kept from before.

Table 1 of a two-table Joker night has scored deal 1 (tests/web/conftest.py); its phone then
records deal 2 (two cards each: bids pass, pass, pass, 1 in seat order; tricks 0, 0, 1, 1).
"""

from __future__ import annotations

from tests.conftest import csrf_token
from tests.web.conftest import make_night

SECOND_DEAL = {"deal": 2, "bids": [0, 0, 0, 1], "tricks": [0, 0, 1, 1]}


def test_a_watchers_304_goes_stale_when_a_table_records_a_deal(app, client) -> None:
    scorer, watcher = app.test_client(), app.test_client()
    night, cards = make_night(client, scorer)
    first = watcher.get(f"/nights/{night}/board.json")
    tag = first.headers["ETag"]
    board = watcher.get(f"/nights/{night}/board").get_data(as_text=True)
    assert "(so far: 1 of 24 deals)" in board
    unchanged = watcher.get(f"/nights/{night}/board.json", headers={"If-None-Match": tag})
    assert unchanged.status_code == 304 and unchanged.data == b""

    # The scorer's phone opens its card again: it is sent to its table's game.
    opened = scorer.get(f"/nights/{night}/cards/{cards[0]}")
    assert opened.status_code == 303
    game_id = opened.headers["Location"].rsplit("/", 1)[-1]
    headers = {"X-CSRFToken": csrf_token(scorer)}
    recorded = scorer.post(f"/api/games/{game_id}/deals", json=SECOND_DEAL, headers=headers)
    assert recorded.status_code == 201, recorded.get_json()

    changed = watcher.get(f"/nights/{night}/board.json", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    board = watcher.get(f"/nights/{night}/board").get_data(as_text=True)
    assert "(so far: 2 of 24 deals)" in board and "(so far: 1 of 24 deals)" not in board
    again = changed.headers["ETag"]
    settled = watcher.get(f"/nights/{night}/board.json", headers={"If-None-Match": again})
    assert settled.status_code == 304
