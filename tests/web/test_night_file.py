"""A club night as one file: exported, imported as a new night, exported again, the same
file; the imported night's leaderboard the same; its tables scored by nobody until the host
hands out its new cards; a file that does not add up refused in words, nothing written."""

from __future__ import annotations

import io
import json
import re
import sqlite3

from tests.conftest import csrf_token
from tests.web.conftest import NIGHT_PLAYERS, board_lines, make_night


def _post(client, url: str, data: dict | None = None):
    return client.post(url, data={"csrf_token": csrf_token(client), **(data or {})})


def _upload(client, document: dict):
    data = {
        "csrf_token": csrf_token(client),
        "file": (io.BytesIO(json.dumps(document).encode()), "night.json"),
    }
    return client.post("/host/nights/import", data=data, content_type="multipart/form-data")


def _nights(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return db.execute("select count(*) from nights").fetchone()[0]


def test_a_night_goes_out_as_one_file_and_comes_back_the_same(app, client) -> None:
    night, _ = make_night(client, app.test_client())
    # Round 1 ended as it stands; a late player; one goes home; round 2 seated.
    assert _post(client, f"/host/nights/{night}/end").status_code == 303
    assert _post(client, f"/host/nights/{night}/players", {"name": "Ivy"}).status_code == 303
    left = NIGHT_PLAYERS[5]
    _post(client, f"/host/nights/{night}/players", {"name": left, "leaves": "1"})
    assert _post(client, f"/host/nights/{night}/rounds").status_code == 303
    exported = client.get(f"/host/nights/{night}/night.json")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    document = exported.get_json()
    assert document["format"] == "scorekeeper-night" and document["version"] == 1
    assert [len(r["tables"]) for r in document["rounds"]] == [2, 2]
    assert len(document["rounds"][0]["tables"][0]["deals"]) == 1
    assert len(document["rounds"][1]["sitting_out"]) == 0  # 8 here: Ivy came, one went home

    made = _upload(client, document)
    assert made.status_code == 303, made.get_data(as_text=True)
    copy = made.headers["Location"].rsplit("/", 1)[-1]
    assert copy != night
    assert client.get(f"/host/nights/{copy}/night.json").get_json() == document
    assert board_lines(client, copy) == board_lines(client, night)
    # New cards, scored by nobody: the old night's cards open nothing of the copy.
    page = client.get(f"/host/nights/{copy}").get_data(as_text=True)
    assert page.count("waiting for a phone to open the card") == 2
    old = client.get(f"/host/nights/{night}").get_data(as_text=True)
    old_cards = set(re.findall(r'/cards/([^"/]+)" class="card-link"', old))
    new_cards = set(re.findall(r'/cards/([^"/]+)" class="card-link"', page))
    assert len(new_cards) == 2 and not old_cards & new_cards


def test_a_night_file_that_does_not_add_up_is_refused_in_words(app, client) -> None:
    night, _ = make_night(client, app.test_client())
    document = client.get(f"/host/nights/{night}/night.json").get_json()
    before = _nights(app)
    twice = json.loads(json.dumps(document))
    table = twice["rounds"][0]["tables"][1]
    table["players"][0] = twice["rounds"][0]["tables"][0]["players"][0]
    refused = _upload(client, twice)
    assert refused.status_code == 422
    said = refused.get_data(as_text=True)
    name = twice["rounds"][0]["tables"][0]["players"][0]
    assert f"round 1 of the file: {name} is at table 1 and at table 2" in said, said
    assert 'aria-describedby="night-error"' in said.split('id="night-file"')[1].split(">")[0]
    wrong = _upload(client, {**document, "format": "scorekeeper-game"})
    assert wrong.status_code == 422
    assert "this is not a night&#39;s file" in wrong.get_data(as_text=True)
    assert _nights(app) == before, "nothing written"
