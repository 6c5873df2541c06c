"""A note on a deal, through the web: the table's note form, the deal-correction page, the API,
and everywhere the deal is shown (the watch page, the scoresheet, the PDF read back by
pdftotext, the exported file and an import of it). Each change is a change to the game: a
version on, undone by undo, refused on a stale version, refused to a phone that only watches."""

from __future__ import annotations

import html
import io
import json
import re
import subprocess

from tests.conftest import csrf_token
from tests.web.conftest import Table, hidden

FOUR = ["Ann", "Bob", "Cy", "Dee"]
P = "pass"
#: Pagat's first deals (13, then 12 cards): Ann & Cy bid 1 and take 1, 1 × 5 = 5; Bob & Dee
#: pass and take 12 over, 12. Then Ann & Cy bid 2 and take 2 (10), Bob & Dee take 10 over (10).
DEAL_1 = {"bids": [1, P, P, P], "team_tricks": [1, 12]}
DEAL_2 = {"bids": [2, P, P, P], "team_tricks": [2, 10]}
HEBREW = "שלום"
NOTE = f"Bob dealt out of turn; {HEBREW} ruled a redeal"


def started(table: Table, api_game, *deals: dict) -> Table:
    table.game_id = api_game({"ruleset": "back-alley-pagat", "players": FOUR, "deals": list(deals)})
    table.open()
    return table


def game_file(client, game_id: str) -> dict:
    return client.get(f"/games/{game_id}/export.json").get_json()


def note_beside_field(page: str) -> str:
    found = re.search(r'id="note-error">([^<]*)<', page)
    return html.unescape(found.group(1)) if found else ""


def test_a_note_written_on_the_table_is_shown_under_the_deal_and_kept(client, table, api_game):
    started(table, api_game, DEAL_1)
    assert "Add a note" in table.page and 'name="note"' in table.page
    version = int(hidden(table.page, "version"))
    answer = table.post("note", note=f"  {NOTE}  ")
    assert answer.status_code == 303
    page = table.open()
    assert f"Note: <bdi>{NOTE}</bdi>" in page  # under the deal's explanation, set apart
    assert "Change the note" in page
    assert int(hidden(page, "version")) == version + 1
    assert game_file(client, table.game_id)["deals"][0]["note"] == NOTE
    # Scores are untouched: 5 and 12 (see DEAL_1).
    assert client.get(f"/api/games/{table.game_id}").get_json()["result"]["totals"] == [5, 12]


def test_a_bad_note_is_refused_beside_its_field_and_nothing_is_lost(client, table, api_game):
    started(table, api_game, {**DEAL_1, "note": "first"})
    too_long = "ა" * 201
    answer = table.post("note", note=too_long)
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert note_beside_field(page) == "a note has at most 200 characters; this one has 201"
    assert f'value="{too_long}"' in page  # the words typed, still in the field
    assert 'aria-describedby="note-error"' in page and '<details class="note-edit" open>' in page
    table.page = page
    answer = table.post("note", note="line one\nline two")
    assert "control characters" in note_beside_field(answer.get_data(as_text=True))
    assert game_file(client, table.game_id)["deals"][0]["note"] == "first"


def test_an_empty_note_takes_it_away_and_undo_brings_it_back(client, table, api_game):
    started(table, api_game, DEAL_1, {**DEAL_2, "note": "misdeal"})
    table.post("note", note="")
    table.open()
    assert "note" not in game_file(client, table.game_id)["deals"][1]
    assert "Add a note" in table.page
    table.tap("undo")  # takes back the note change, not the deal
    deals = game_file(client, table.game_id)["deals"]
    assert len(deals) == 2 and deals[1]["note"] == "misdeal"
    table.tap("undo")  # then the deal itself, its note kept with its taps
    assert len(game_file(client, table.game_id)["deals"]) == 1
    table.tap("tricks:2")  # the last tap again: the deal is back, with its note
    assert game_file(client, table.game_id)["deals"][1] == {**DEAL_2, "note": "misdeal"}


def test_a_note_sent_from_a_stale_page_is_refused_and_kept_in_its_field(client, table, api_game):
    started(table, api_game, DEAL_1)
    stale = table.page
    table.tap("bid:2")
    table.page = stale
    answer = table.post("note", note=NOTE)
    assert answer.status_code == 409
    page = answer.get_data(as_text=True)
    assert "Someone else changed this game" in note_beside_field(page) or "changed" in (
        note_beside_field(page)
    )
    assert f'value="{NOTE}"' in page
    assert "note" not in game_file(client, table.game_id)["deals"][0]


def test_a_phone_that_only_watches_cannot_write_a_note(client, app, table, api_game):
    started(table, api_game, DEAL_1)
    form = table.form("note", note=NOTE)
    other = app.test_client()
    csrf_token(other)
    form["csrf_token"] = csrf_token(other)
    answer = other.post(f"{table.url}/tap", data=form)
    assert answer.status_code == 403
    assert "note" not in game_file(client, table.game_id)["deals"][0]


def correction(client, game_id: str, position: int) -> str:
    return client.get(f"/games/{game_id}/deals/{position}/edit").get_data(as_text=True)


def correction_form(page: str, **values: str) -> dict:
    form = {
        "csrf_token": hidden(page, "csrf_token"),
        "nonce": hidden(page, "nonce"),
        "version": hidden(page, "version"),
        "bid-0": "1",
        "bid-1": "pass",
        "bid-2": "pass",
        "bid-3": "pass",
        "team-0": "1",
        "team-1": "12",
        "trump": "",
    }
    form.update(values)
    return form


def test_the_correction_page_writes_and_refuses_a_note_beside_its_field(client, table, api_game):
    started(table, api_game, {**DEAL_1, "note": "first"})
    url = f"/games/{table.game_id}/deals/1/edit"
    page = correction(client, table.game_id, 1)
    assert 'id="note"' in page and 'value="first"' in page
    bad = "x" * 250
    answer = client.post(
        url, data=correction_form(page, note=bad, **{"team-0": "2", "team-1": "11"})
    )
    assert answer.status_code == 422
    refused = answer.get_data(as_text=True)
    assert note_beside_field(refused) == "a note has at most 200 characters; this one has 250"
    assert f'value="{bad}"' in refused  # the note typed, and the tricks changed, still there
    assert re.search(r'name="team-0"[^>]*>.*?<option value="2" selected>', refused, re.S)
    assert game_file(client, table.game_id)["deals"][0] == {**DEAL_1, "note": "first"}
    answer = client.post(url, data=correction_form(refused, note=NOTE))
    assert answer.status_code == 303
    assert game_file(client, table.game_id)["deals"][0] == {**DEAL_1, "note": NOTE}


def api(client, method: str, url: str, body: dict):
    return client.open(url, method=method, json=body, headers={"X-CSRFToken": csrf_token(client)})


def test_the_api_writes_reads_and_refuses_notes(client, table, api_game):
    started(table, api_game, DEAL_1)
    base = f"/api/games/{table.game_id}"
    made = api(client, "POST", f"{base}/deals", {"deal": 2, **DEAL_2, "note": "a card showed"})
    assert made.status_code == 201, made.get_json()
    assert made.get_json()["deal"]["note"] == "a card showed"
    shown = client.get(f"{base}/deals/2").get_json()
    assert shown["note"] == "a card showed" and shown["totals"] == [15, 22]
    assert "note" not in client.get(f"{base}/deals/1").get_json()
    changed = api(client, "PUT", f"{base}/deals/1", {**DEAL_1, "note": NOTE})
    assert changed.status_code == 200 and changed.get_json()["deal"]["note"] == NOTE
    refused = api(client, "PUT", f"{base}/deals/1", {**DEAL_1, "note": "é" * 201})
    assert refused.status_code == 422
    assert refused.get_json()["error"] == (
        "deal 1: a note has at most 200 characters; this one has 201"
    )
    nowhere = api(client, "PUT", f"{base}/deals/9", {**DEAL_1, "note": NOTE})
    assert nowhere.status_code == 404
    assert nowhere.get_json()["error"] == "There is no such deal in this game."
    version = client.get(base).get_json()["version"]
    stale = api(client, "PUT", f"{base}/deals/1", {**DEAL_1, "note": "later", "version": 1})
    assert stale.status_code == 409 and version != 1
    assert client.get(f"{base}/deals/1").get_json()["note"] == NOTE


def pdftotext(pdf: bytes, tmp_path) -> str:
    kept = tmp_path / "sheet.pdf"
    kept.write_bytes(pdf)
    read = subprocess.run(["pdftotext", str(kept), "-"], capture_output=True, check=True)
    return " ".join(read.stdout.decode("utf-8").split())


def test_a_note_is_on_the_watch_page_the_scoresheet_the_pdf_and_the_file(
    client, table, api_game, tmp_path
):
    started(table, api_game, DEAL_1, {**DEAL_2, "note": NOTE})
    watch = client.get(f"{table.url}/watch").get_data(as_text=True)
    assert f"Note: <bdi>{NOTE}</bdi>" in watch
    sheet = client.get(f"{table.url}/scoresheet").get_data(as_text=True)
    assert sheet.count("note-mark") == 1  # the mark in deal 2's row
    assert f"Deal 2: <bdi>{NOTE}</bdi>" in sheet
    pdf = client.get(f"{table.url}/sheet.pdf")
    assert pdf.status_code == 200
    text = pdftotext(pdf.data, tmp_path)
    assert "Notes" in text and "Deal 2: Bob dealt out of turn;" in text and HEBREW in text
    assert "✎" in text
    exported = game_file(client, table.game_id)
    assert exported["deals"][1]["note"] == NOTE
    imported = import_file(client, exported)
    assert imported.status_code == 303
    again = imported.headers["Location"].rsplit("/", 1)[-1]
    assert game_file(client, again)["deals"][1]["note"] == NOTE


def import_file(client, document: dict):
    """Import a game file through the import page, as a phone does; return the answer."""
    form = client.get("/import").get_data(as_text=True)
    upload = (io.BytesIO(json.dumps(document).encode()), "game.json")
    token = hidden(form, "csrf_token")
    return client.post(
        "/import", data={"csrf_token": token, "file": upload}, content_type="multipart/form-data"
    )


def test_a_file_with_a_bad_note_is_refused_in_words(client):
    document = {"ruleset": "back-alley-pagat", "players": FOUR, "deals": [{**DEAL_1, "note": 7}]}
    refused = import_file(client, document)
    assert refused.status_code == 422
    assert "This file cannot be imported: deal 1: a note must be text" in html.unescape(
        refused.get_data(as_text=True)
    )


def test_a_note_on_a_game_over_is_written_and_an_unchanged_one_changes_nothing(client, table):
    from tests.conftest import example

    game = example("back-alley-pagat")
    token = csrf_token(client)
    made = client.post("/api/games", json=game, headers={"X-CSRFToken": token})
    table.game_id = made.get_json()["id"]
    table.open()
    assert "Game over" in table.page and 'name="note"' in table.page
    version = int(hidden(table.page, "version"))
    assert table.post("note", note="").status_code == 303  # as it was: nothing to write
    assert int(hidden(table.open(), "version")) == version
    assert table.post("note", note="the last hand was misdealt").status_code == 303
    assert game_file(client, table.game_id)["deals"][-1]["note"] == "the last hand was misdealt"
