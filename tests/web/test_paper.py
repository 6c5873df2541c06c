"""Enter from paper through the test client: the grid's page, where it is reached from, and the
server's answer to the grid's question, which is the phone's own answer."""

from __future__ import annotations

import copy
import html
import json
import re

from scorekeeper.screen import phone
from tests.conftest import csrf_token, example
from tests.web.conftest import Table

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def model(page: str) -> dict:
    """Return what the grid's script starts from, as the page holds it."""
    found = re.search(
        r'<script type="application/json" id="paper-model">(.*?)</script>', page, re.S
    )
    assert found, "the page carries the grid's start"
    return json.loads(html.unescape(found.group(1)))


def test_new_game_starts_the_game_then_opens_its_paper_grid(client, table: Table):
    data = table.new_game_form("back-alley-pagat", FOUR, dealer="3")
    data["start"] = "paper"
    response = client.post("/games/new", data=data)
    assert response.status_code == 303
    target = response.headers["Location"]
    assert re.fullmatch(r"/games/[^/]+/paper", target)
    page = client.get(target).get_data(as_text=True)
    start = model(page)
    assert start["editor"] is True and start["document"]["deals"] == []
    row = start["grid"]["current"]
    # Dee deals the first deal: Ann bids first, then Bob, Cy, Dee; Ann & Cy's tricks are
    # typed, Bob & Dee's are the rest.
    assert row["keys"] == ["bid-0", "bid-1", "bid-2", "bid-3", "took-0"]
    assert [cell["state"] for cell in row["cells"]][-1] == "implied"
    assert row["title"] == "Deal 1: 13 cards, \u2068Dee\u2069 deals"
    # The same form sent again (a double tap) starts nothing more, and leads to the same grid.
    again = client.post("/games/new", data=data)
    assert again.headers["Location"] == target


def test_the_draw_for_seats_leads_to_the_paper_grid_too(client, table: Table):
    data = table.new_game_form("back-alley-pagat", FOUR, dealer="draw")
    data["start"] = "paper"
    response = client.post("/games/new", data=data)
    assert response.status_code == 303 and "then=paper" in response.headers["Location"]
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'name="then" value="paper"' in page
    form = {
        "csrf_token": csrf_token(client),
        "nonce": re.search(r'name="nonce"[^>]*value="([^"]+)"', page).group(1),
        "ruleset": "back-alley-pagat",
        "then": "paper",
        "player": FOUR,
        **{f"rank-{seat}": rank for seat, rank in enumerate(["A", "K", "Q", "J"])},
        **{f"suit-{seat}": "spades" for seat in range(4)},
    }
    seated = client.post("/games/new/draw", data=form)
    assert seated.status_code == 303, seated.get_data(as_text=True)
    assert seated.headers["Location"].endswith("/paper")


def test_the_games_page_offers_the_grid_to_its_scorers_only(client, api_game):
    game_id = api_game(example("joker") | {"deals": []})
    link = f'href="/games/{game_id}/paper"'
    assert link in client.get(f"/games/{game_id}").get_data(as_text=True)
    watcher = client.application.test_client()
    assert link not in watcher.get(f"/games/{game_id}").get_data(as_text=True)
    page = watcher.get(f"/games/{game_id}/paper")
    assert page.status_code == 200
    start = model(page.get_data(as_text=True))
    assert start["editor"] is False
    assert "This phone watches the game" in page.get_data(as_text=True)


def test_an_unknown_game_has_no_grid(client):
    assert client.get("/games/no-such-game/paper").status_code == 404
    token = csrf_token(client)
    asked = {"ask": "paper", "document": example("joker"), "typed": {}}
    answer = client.post(
        "/games/no-such-game/paper/check", json=asked, headers={"X-CSRFToken": token}
    )
    assert answer.status_code == 404


def test_the_server_answers_the_grids_question_as_the_phone_does(client, api_game):
    document = copy.deepcopy(example("joker"))
    document["deals"] = document["deals"][:5]
    game_id = api_game(document)
    token = csrf_token(client)
    # Deal 6, six cards, Ann deals: Cy bids first, and 7 is more than the cards.
    asked = {
        "ask": "paper",
        "document": document,
        "typed": {"bids": {"3": "7"}},
        "sheet": [{"position": 5, "side": 0, "said": 300}],
        "language": "en",
    }
    answer = client.post(
        f"/games/{game_id}/paper/check", json=asked, headers={"X-CSRFToken": token}
    )
    assert answer.status_code == 200
    assert answer.get_json() == json.loads(phone.answer(json.dumps(asked)))
    said = answer.get_json()
    refused = next(cell for cell in said["row"]["cells"] if cell["key"] == "bid-3")
    assert refused["state"] == "refused"
    assert refused["words"] == "\u2068Cy\u2069 can bid at most 6 with 6 cards"
    assert said["checks"] == [
        {
            "position": 5,
            "side": 0,
            "said": 300,
            "agrees": False,
            "total": 350,
            "words": "your sheet says 300; the rules give 350: 300 + 50 for deal 5 "
            "(\u2068Bob\u2069 passed, took exactly 0: 50 + 50 × 0 = 50)",
        }
    ]


def test_the_grids_words_come_in_the_pages_language(client, api_game):
    document = example("joker") | {"deals": []}
    game_id = api_game(document)
    token = csrf_token(client)
    asked = {"ask": "paper", "document": document, "typed": {"bids": {"2": "5"}}, "language": "ka"}
    answer = client.post(
        f"/games/{game_id}/paper/check", json=asked, headers={"X-CSRFToken": token}
    )
    row = answer.get_json()["row"]
    refused = next(cell for cell in row["cells"] if cell["key"] == "bid-2")
    assert refused["state"] == "refused"
    assert re.search("[ა-ჰ]", refused["words"]), refused["words"]
    assert re.search("[ა-ჰ]", row["title"]), row["title"]


def test_a_question_that_is_not_the_grids_is_refused_in_words(client, api_game):
    game_id = api_game(example("joker") | {"deals": []})
    token = {"X-CSRFToken": csrf_token(client), "Accept": "application/json"}
    url = f"/games/{game_id}/paper/check"
    for body in ({"ask": "screen", "document": example("joker")}, {"ask": "paper"}, [1, 2]):
        answer = client.post(url, json=body, headers=token)
        assert answer.status_code == 400
        assert "Send the grid's question as a JSON object" in answer.get_json()["error"]
    answer = client.post(
        url, data="{not json", headers={**token, "Content-Type": "application/json"}
    )
    assert answer.status_code == 400
    # A game file the rules refuse is answered as the phone answers it: in words.
    broken = example("joker") | {"players": ["Ann", "Ann", "Cy", "Dee"]}
    answer = client.post(url, json={"ask": "paper", "document": broken}, headers=token)
    assert answer.status_code == 200
    assert "names must differ" in answer.get_json()["error"]


def test_the_grids_trumps_are_said_in_the_pages_language(client, api_game):
    """A suit is its symbol in any language; "no trump" is a word, and Georgian in Georgian:
    on the trump buttons, and short in the row that holds it."""
    document = example("joker") | {"deals": []}
    game_id = api_game(document)
    page = client.get(f"/games/{game_id}/paper", headers={"Accept-Language": "ka"})
    trumps = {trump["raw"]: trump for trump in model(page.get_data(as_text=True))["grid"]["trumps"]}
    assert trumps["spades"]["shown"] == "♠" and trumps["spades"]["said"] == "ყვავი"
    assert trumps["none"]["shown"] == trumps["none"]["said"] == "უკოზირო"
    asked = {"ask": "paper", "document": document, "typed": {"trump": "none"}, "language": "ka"}
    answer = client.post(
        f"/games/{game_id}/paper/check", json=asked, headers={"X-CSRFToken": csrf_token(client)}
    )
    assert answer.get_json()["row"]["trump"]["shown"] == "უკოზირო"
    asked["language"] = "en"
    answer = client.post(
        f"/games/{game_id}/paper/check", json=asked, headers={"X-CSRFToken": csrf_token(client)}
    )
    assert answer.get_json()["row"]["trump"]["shown"] == "NT"
    assert answer.get_json()["row"]["trump"]["said"] == "no trump"
