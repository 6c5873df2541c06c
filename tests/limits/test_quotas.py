"""Quotas: a burst of new games, imports or house rules gets 429; a scorer's taps never do."""

from __future__ import annotations

import json

from tests.conftest import csrf_token
from tests.limits.conftest import count_rows
from tests.web.conftest import Table, buttons, hidden

GAME = {"ruleset": "joker", "players": ["Ann", "Bob", "Cy", "Dee"], "deals": []}


def create(client, token: str):
    return client.post("/api/games", json=GAME, headers={"X-CSRFToken": token})


def test_a_burst_of_new_games_from_one_phone_gets_429_and_writes_nothing(guarded_app) -> None:
    phone = guarded_app.test_client()
    token = csrf_token(phone)
    assert [create(phone, token).status_code for _ in range(10)] == [201] * 10
    refused = create(phone, token)
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 61
    message = refused.get_json()["error"]
    assert "Too many new games from this phone: at most 10 a minute and 100 an hour." in message
    assert "Nothing was saved" in message
    assert count_rows(guarded_app.config["DATABASE"], "games") == 10
    # The new-game form shares the quota, and answers with a page, not JSON.
    form = Table(phone).new_game_form("joker", GAME["players"])
    by_form = phone.post("/games/new", data=form)
    assert by_form.status_code == 429
    assert by_form.mimetype == "text/html"
    assert "Too many new games from this phone" in by_form.get_data(as_text=True)
    assert "Retry-After" in by_form.headers
    assert count_rows(guarded_app.config["DATABASE"], "games") == 10


def test_new_phones_on_one_address_share_its_quota(guarded_app) -> None:
    # A script that drops its cookie is a new phone every time; its address still counts.
    statuses = []
    for _ in range(31):
        phone = guarded_app.test_client()
        statuses.append(create(phone, csrf_token(phone)).status_code)
    assert statuses == [201] * 30 + [429]
    assert count_rows(guarded_app.config["DATABASE"], "games") == 30


def test_a_refused_game_counts_like_a_made_one(guarded_app) -> None:
    # A bad game costs the server the work of reading it: ten a minute, then 429.
    phone = guarded_app.test_client()
    token = csrf_token(phone)
    bad = {**GAME, "players": ["Ann", "Ann", "Cy", "Dee"]}
    sent = [
        phone.post("/api/games", json=bad, headers={"X-CSRFToken": token}).status_code
        for _ in range(10)
    ]
    assert sent == [422] * 10
    refused = create(phone, token)
    assert refused.status_code == 429
    assert "Too many new games from this phone" in refused.get_json()["error"]
    assert count_rows(guarded_app.config["DATABASE"], "games") == 0


def test_a_flood_of_bad_files_is_throttled_like_a_flood_of_good_ones(guarded_app) -> None:
    import io

    phone = guarded_app.test_client()
    csrf_token(phone)
    statuses = []
    for _ in range(6):
        page = phone.get("/import").get_data(as_text=True)
        upload = (io.BytesIO(b'{"ruleset": "joker", "players": ' + b"[" * 50), "bad.json")
        data = {"csrf_token": hidden(page, "csrf_token"), "file": upload}
        statuses.append(phone.post("/import", data=data).status_code)
    assert statuses == [422] * 5 + [429]
    # A request refused for its security token, before its view runs, is counted too.
    other = guarded_app.test_client()
    token = csrf_token(other)
    tokenless = [other.post("/api/games", json=GAME).status_code for _ in range(10)]
    assert tokenless == [400] * 10
    assert create(other, token).status_code == 429
    assert count_rows(guarded_app.config["DATABASE"], "games") == 0


def test_a_burst_of_imports_gets_429(guarded_app) -> None:
    phone = guarded_app.test_client()
    csrf_token(phone)
    import io

    statuses = []
    for _ in range(6):
        page = phone.get("/import").get_data(as_text=True)
        upload = (io.BytesIO(json.dumps(GAME).encode()), "game.json")
        data = {"csrf_token": hidden(page, "csrf_token"), "file": upload}
        statuses.append(phone.post("/import", data=data).status_code)
    assert statuses == [303] * 5 + [429]
    assert count_rows(guarded_app.config["DATABASE"], "games") == 5


def test_a_scorer_tapping_fast_never_meets_a_quota(guarded_app) -> None:
    phone = guarded_app.test_client()
    csrf_token(phone)
    table = Table(phone).start("back-alley-individual", ["Ann", "Bob", "Cy", "Dee"])
    # A hundred taps in a row, far faster than any hand is played: each the first choice offered
    # but a pass (everyone passing every deal would throw every deal in), trump left unnamed.
    for _ in range(100):
        choices = [
            value
            for value, enabled in buttons(table.page)
            if enabled and value not in ("undo", "note") and not value.startswith("trump:")
        ]
        if not choices:
            break  # the game is over
        table.tap(next((value for value in choices if value != "bid:pass"), choices[0]))
    assert count_rows(guarded_app.config["DATABASE"], "deals") >= 10


def test_quotas_off_turns_only_the_quotas_off(tmp_path, monkeypatch) -> None:
    from scorekeeper.web import create_app

    monkeypatch.setenv("SCOREKEEPER_QUOTAS", "off")
    app = create_app({"DATABASE": str(tmp_path / "off.sqlite"), "SECRET_KEY": "off"})
    phone = app.test_client()
    token = csrf_token(phone)
    assert {create(phone, token).status_code for _ in range(12)} == {201}
    # Trusted hosts stay on.
    assert phone.get("/archive.json", headers={"Host": "evil.example"}).status_code == 400


def test_a_burst_of_house_rules_saves_gets_429(guarded_app) -> None:
    from tests.web.test_house_rules import editor

    phone = guarded_app.test_client()
    token = csrf_token(phone)
    statuses = []
    for number in range(11):
        values = {**editor(phone, "bluke"), "name": f"Our Bluke {number}", "csrf_token": token}
        statuses.append(phone.post("/rules/new", data=values).status_code)
    assert statuses == [303] * 10 + [429]
    assert count_rows(guarded_app.config["DATABASE"], "house_rulesets") == 10


def test_long_reads_count_against_a_quota_and_asking_whether_a_game_changed_does_not(
    guarded_app,
) -> None:
    phone = guarded_app.test_client()
    token = csrf_token(phone)
    game_id = create(phone, token).get_json()["id"]
    tag = phone.get(f"/api/games/{game_id}").headers["ETag"]  # one long read
    # A watcher asks every two seconds whether the game changed: "not changed" costs nothing.
    polls = [
        phone.get(f"/api/games/{game_id}", headers={"If-None-Match": tag}).status_code
        for _ in range(40)
    ]
    assert set(polls) == {304}
    reads = [f"/games/{game_id}/scoresheet", f"/games/{game_id}/export.json",
             f"/games/{game_id}/compare?ruleset=back-alley-pagat"]  # fmt: skip
    answered = [phone.get(reads[n % 3]).status_code for n in range(29)]
    assert answered == [200] * 29  # 30 a minute, the API's first read among them
    refused = phone.get(reads[0])
    assert refused.status_code == 429 and refused.mimetype == "text/html"
    assert 1 <= int(refused.headers["Retry-After"]) <= 61
    words = refused.get_data(as_text=True)
    assert "Too many sheets, exports and comparisons from this phone: at most 30 a minute" in words
    # The table is never counted: the scorer's page and taps go on.
    assert phone.get(f"/games/{game_id}").status_code == 200
    other = guarded_app.test_client()
    csrf_token(other)
    assert other.get(reads[1]).status_code == 200  # another phone has its own quota


def archive_of(count: int) -> str:
    game = {**GAME, "deals": []}
    return json.dumps({"format": "scorekeeper-archive", "version": 1, "games": [game] * count})


def test_an_import_counts_its_games_against_the_hours_new_games(guarded_app) -> None:
    import io

    phone = guarded_app.test_client()
    token = csrf_token(phone)

    def send(count: int):
        upload = (io.BytesIO(archive_of(count).encode()), "all.json")
        return phone.post("/archive/import", data={"csrf_token": token, "file": upload})

    assert send(60).status_code == 303
    refused = send(50)
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    words = refused.get_data(as_text=True)
    assert "That is 50 new games; this phone has 40 left this hour (at most 100 an hour)." in words
    assert "Nothing was saved" in words
    assert count_rows(guarded_app.config["DATABASE"], "games") == 60
    # What is left this hour is left for new games one at a time, or an import of as many.
    assert send(30).status_code == 303
    assert [create(phone, token).status_code for _ in range(11)] == [201] * 10 + [429]
