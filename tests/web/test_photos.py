"""Photograph the sheet: a photo of a blank sheet filled in with a pencil is sent as a form,
read on the server and shown in the paper grid, pre-filled, each cell the reader is not sure
of asked; the rows confirmed go in as deals with the rules' totals. A photo too big, an image
bomb and a photo of something else are refused beside the file field, and nothing is stored.
"""

from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image

from scorekeeper.storage import open_database
from tests.conftest import csrf_token
from tests.sheet_photo import NAMES, kitchen_table, photographed, printed_blank

#: Joker for four, two deals a family can score by hand. Deal 1 (1 card, Ann deals): Bob and
#: Dee bid 1, Cy and Ann pass; Bob takes the trick: every card bid and taken, 100 × 1 + 100 =
#: 200; each kept pass 50; Dee's failed bid 0. Deal 2 (2 cards, Bob deals): Cy bids 2 and takes
#: both, 100 × 2 + 100 = 300; Ann's failed 1 scores 0; Dee and Bob keep their passes, 50 each.
GAME = {
    "ruleset": "joker",
    "players": NAMES,
    "first_dealer": 0,
    "deals": [
        {"bids": [0, 1, 0, 1], "tricks": [0, 1, 0, 0]},
        {"bids": [1, 0, 2, 0], "tricks": [0, 0, 2, 0]},
    ],
}
TOTALS = [50, 200 + 50, 50 + 300, 0 + 50]


def games_stored(app) -> int:
    db = open_database(app.config["DATABASE"])
    try:
        return db.execute("select count(*) from games").fetchone()[0]
    finally:
        db.close()


def send(client, photo: bytes, name: str = "sheet.jpg", query: str = ""):
    token = csrf_token(client)
    return client.post(
        "/sheet-photo" + query,
        data={"csrf_token": token, "photo": (io.BytesIO(photo), name)},
        content_type="multipart/form-data",
    )


def model_of(page: str) -> dict:
    found = re.search(
        r'<script type="application/json" id="paper-model">(.*?)</script>', page, re.S
    )
    assert found
    return json.loads(found.group(1))


def test_the_page_offers_the_camera_and_the_gallery(client) -> None:
    page = client.get("/sheet-photo").get_data(as_text=True)
    assert 'type="file"' in page and 'accept="image/*"' in page
    assert 'capture="environment"' in page and 'enctype="multipart/form-data"' in page
    assert 'name="csrf_token"' in page
    assert "/sheet-photo" in client.get("/").get_data(as_text=True)  # offered on the home page


def test_a_photographed_sheet_is_read_into_the_grid_and_confirmed_into_the_game(
    app, client, tmp_path
) -> None:
    pdf, described = printed_blank(tmp_path, app.config["SECRET_KEY"])
    photo = photographed(pdf, described, GAME, seed=11, turn=-14.0)

    answer = send(client, photo)

    assert answer.status_code == 200, answer.get_data(as_text=True)[-2000:]
    page = answer.get_data(as_text=True)
    assert 'id="paper"' in page  # the paper grid itself
    model = model_of(page)
    game_id = model["id"]
    assert model["document"]["players"] == NAMES and model["document"]["deals"] == []
    rows = model["read"]
    assert [row["position"] for row in rows] == [1, 2]
    # Each cell read is right, or asked: never a silent guess.
    for row, deal in zip(rows, GAME["deals"], strict=True):
        for seat in range(4):
            for kind, values in (("bid", "bids"), ("took", "tricks")):
                key = f"{kind}-{seat}"
                typed = row["typed"]["bids" if kind == "bid" else "tricks"].get(str(seat))
                if typed != str(deal[values][seat]):
                    assert key in row["asked"], (row, key)
    # The scorer answers the questions (typing what the sheet says), and each row is
    # checked by the grid's own question and sent as the grid sends it.
    token = csrf_token(client)
    document = model["document"]
    for row, deal in zip(rows, GAME["deals"], strict=True):
        typed = {"bids": dict(row["typed"]["bids"]), "tricks": dict(row["typed"]["tricks"])}
        for key in row["asked"]:
            kind, seat = key.split("-")
            typed["bids" if kind == "bid" else "tricks"][seat] = str(
                deal["bids" if kind == "bid" else "tricks"][int(seat)]
            )
        checked = client.post(
            f"/games/{game_id}/paper/check",
            json={"ask": "paper", "document": document, "typed": typed},
            headers={"X-CSRFToken": token},
        ).get_json()
        assert checked["row"]["complete"], checked["row"]
        sent = client.post(
            f"/api/games/{game_id}/deals",
            json={"deal": len(document["deals"]) + 1, **checked["row"]["deal"]},
            headers={"X-CSRFToken": token},
        )
        assert sent.status_code == 201, sent.get_json()
        document = {**document, "deals": [*document["deals"], checked["row"]["deal"]]}
    stored = client.get(f"/api/games/{game_id}").get_json()
    assert stored["game"]["deals"] == GAME["deals"]
    assert stored["result"]["totals"] == TOTALS

    # The same sheet photographed again continues its game: the deals in it stay as they are.
    again = send(client, photo)
    assert again.status_code == 200
    assert model_of(again.get_data(as_text=True))["id"] == game_id
    assert model_of(again.get_data(as_text=True)).get("read", []) == []
    assert games_stored(app) == 1


def test_a_slip_in_the_sheets_sum_is_said_beside_the_grid(app, client, tmp_path) -> None:
    # Cy's total after deal 2 is written 360 where the rules give 50 + 300 = 350: the reader
    # keeps the rules' total and says what the sheet says, in the page's words.
    pdf, described = printed_blank(tmp_path, app.config["SECRET_KEY"])
    photo = photographed(
        pdf, described, GAME, seed=11, turn=-14.0, slips={(2, 3, 3, "total"): "360"}
    )

    page = send(client, photo).get_data(as_text=True)

    said = "Deal 2: Cy's total on the sheet looks like 360; the rules give 350."
    assert said in re.sub(r"<[^>]+>", "", page).replace("&#39;", "'")
    rows = model_of(page)["read"]
    assert rows[1]["noted"] == [said]

    ka = client.post(
        "/sheet-photo",
        data={"csrf_token": csrf_token(client), "photo": (io.BytesIO(photo), "sheet.jpg")},
        content_type="multipart/form-data",
        headers={"Accept-Language": "ka"},
    ).get_data(as_text=True)
    assert "დარიგება 2: Cy — ჯამი ფურცელზე 360‑ს ჰგავს; წესებით 350 გამოდის." in ka


@pytest.fixture
def nothing_stored(app):
    yield
    assert games_stored(app) == 0


def test_a_photo_of_fifty_megabytes_is_refused_beside_the_field(client, nothing_stored) -> None:
    answer = send(client, b"\xff\xd8" + bytes(50 * 1024 * 1024))
    assert answer.status_code == 413
    page = answer.get_data(as_text=True)
    assert 'id="photo-error"' in page and "That photo is too big" in page


def test_an_image_bomb_is_refused_beside_the_field(client, nothing_stored) -> None:
    out = io.BytesIO()
    Image.new("1", (10_000, 10_000)).save(out, "PNG")  # 100 million pixels in a few KB
    assert len(out.getvalue()) < 100_000
    answer = send(client, out.getvalue(), "bomb.png")
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert 'id="photo-error"' in page
    assert "the photo is 10000 × 10000 pixels; a photo of at most 64 million pixels" in page


def test_a_photo_of_something_else_is_refused_beside_the_field(client, nothing_stored) -> None:
    answer = send(client, kitchen_table())
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "This photo cannot be read: no Scorekeeper sheet is found in this photo" in page
