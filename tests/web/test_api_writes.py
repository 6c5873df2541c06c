"""A deal write answers with what changed (the deal, the totals, the version), not the game."""

from __future__ import annotations

from tests.conftest import csrf_token

NEW_GAME = {"ruleset": "back-alley-pagat", "players": ["Ann", "Bob", "Cy", "Dee"]}
# pagat (tests/test_rescore_cli.py): deal 1 scores 21 / 32, deal 2 120 / -15: 141 / 17.
DEAL_1 = {"bids": [3, 2, 1, 4], "tricks": [4, 2, 1, 6]}
DEAL_2 = {"bids": ["pass", 3, "board", "pass"], "tricks": [5, 0, 7, 0]}


def test_a_write_answers_with_the_deal_the_totals_and_the_version(client) -> None:
    headers = {"X-CSRFToken": csrf_token(client)}
    game_id = client.post("/api/games", json=NEW_GAME, headers=headers).get_json()["id"]
    client.post(f"/api/games/{game_id}/deals", json={**DEAL_1, "deal": 1}, headers=headers)
    answer = client.post(f"/api/games/{game_id}/deals", json={**DEAL_2, "deal": 2}, headers=headers)
    assert answer.status_code == 201
    body = answer.get_json()
    assert "game" not in body and "result" not in body  # not every deal again
    assert (body["deal"]["position"], body["deal"]["scores"]) == (2, [120, -15])
    assert body["totals"] == body["deal"]["totals"] == [141, 17]
    assert (body["deals"], body["complete"], body["next"]["number"]) == (2, False, 3)
    # The whole game is a GET away, at the address given, with the entity tag given.
    assert answer.headers["Location"] == body["game_url"] == f"/api/games/{game_id}"
    game = client.get(answer.headers["Location"])
    assert game.headers["ETag"] == answer.headers["ETag"]
    assert game.get_json()["version"] == body["version"]
    result = game.get_json()["result"]
    assert result["deals"][1] == {
        key: value for key, value in body["deal"].items() if key not in ("position", "explain")
    }
    assert result["totals"] == body["totals"]
    # Each deal, with its explanation, is an answer of its own; the whole game leaves them out.
    one = client.get(f"/api/games/{game_id}/deals/2")
    assert one.get_json() == body["deal"]
    assert one.get_json()["explain"][0] == [
        "Cy bid board (single) and the team took all 12: 10 × 12 = 120"
    ]
    assert client.get(f"/api/games/{game_id}/deals/3").status_code == 404


def test_a_correction_and_an_undo_answer_the_same_way(client) -> None:
    headers = {"X-CSRFToken": csrf_token(client)}
    game_id = client.post("/api/games", json=NEW_GAME, headers=headers).get_json()["id"]
    for number, deal in enumerate((DEAL_1, DEAL_2), 1):
        client.post(f"/api/games/{game_id}/deals", json={**deal, "deal": number}, headers=headers)
    # Deal 1 corrected: Ann & Cy took 2 of 4 bid: -20; Bob & Dee took 11 of 6: 35.
    corrected = {"bids": [3, 2, 1, 4], "tricks": [1, 2, 1, 9]}
    answer = client.put(f"/api/games/{game_id}/deals/1", json=corrected, headers=headers)
    body = answer.get_json()
    assert answer.status_code == 200 and "Location" not in answer.headers
    assert (body["deal"]["position"], body["deal"]["scores"]) == (1, [-20, 35])
    assert body["totals"] == [100, 20]
    assert client.get(f"/api/games/{game_id}").headers["ETag"] == answer.headers["ETag"]
    undone = client.delete(f"/api/games/{game_id}/deals/2", headers=headers).get_json()
    assert (undone["deal"], undone["deals"], undone["totals"]) == (None, 1, [-20, 35])
