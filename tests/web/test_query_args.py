"""Every query argument is parsed, never trusted: a bad one is a 4xx in words, never a 500
(issue 31: `/?older=1~x~99999999999999999999999` answered 500, an OverflowError)."""

from __future__ import annotations

import html
import re

import pytest
from flask import url_for

from tests.conftest import csrf_token

NO_SUCH_PAGE = "That page of the list is not one Scorekeeper gave out"
#: Values no query argument of the app expects: past SQLite's integers, a digit int() cannot
#: read, a digit of another script, text that is not UTF-8, a NUL, a cursor's shape gone wrong.
HOSTILE = [
    "1~x~99999999999999999999999",
    "1~2026-01-01T00:00:00+00:00~9223372036854775808",
    "9" * 40,
    "-1",
    "\u00b2",
    "\u0665",
    "%FF%FE",
    "%ED%A0%80",
    "%00",
    "~~~",
    "1e309",
    "x" * 3000,
]
#: Every query argument a view reads (the home page's filters and pages, the players' sort,
#: the sheets, the calculator, the rules editor's start, the compare page's ruleset).
ARGUMENTS = [
    "older", "newer", "player", "ruleset", "since", "until", "state", "sort", "from", "paper",
    "players", "first_dealer", "v", "cards", "dealer", "bid_0", "tricks_0", "name_0",
    "rainbow_0",
]  # fmt: skip


def words(response) -> str:
    return html.unescape(response.get_data(as_text=True))


@pytest.mark.parametrize(
    "cursor",
    [
        "1~x~99999999999999999999999",
        "1~2026-01-01T00:00:00+00:00~9223372036854775808",  # one past SQLite's integers
        "1~2026-01-01T00:00:00+00:00~\u0665",  # a digit of another script
        "2~2026-01-01T00:00:00+00:00~1",
        "1~yesterday~1",
        "~~~",
        "1~2026-01-01T00:00:00+00:00~1~2",
        "x" * 3000,
    ],
)
@pytest.mark.parametrize("direction", ["older", "newer"])
def test_a_page_of_the_list_from_a_place_never_given_is_400_in_words(client, direction, cursor):
    answer = client.get("/", query_string={direction: cursor})
    assert answer.status_code == 400
    assert NO_SUCH_PAGE in words(answer)


def test_the_list_pages_on_through_the_places_it_gives(client, api_game):
    made = {
        api_game({"ruleset": "back-alley-individual", "players": ["Ann", "Bob", "Cy", f"P{n}"]})
        for n in range(23)
    }
    first = words(client.get("/"))
    older = re.search(r'rel="next" href="([^"]+)"', first)
    assert older is not None
    second = client.get(older.group(1))
    assert second.status_code == 200
    listed = set(re.findall(r'href="/games/([^"/]+)"', first + words(second)))
    assert made <= listed
    newer = re.search(r'rel="prev" href="([^"]+)"', words(second))
    assert newer is not None
    back = client.get(newer.group(1))
    assert back.status_code == 200 and words(back).count("game-link") == 20


@pytest.mark.parametrize(
    ("query", "status", "said"),
    [
        ("players=%C2%B2", 422, "played by"),  # "²" is a digit, not a number of players
        ("first_dealer=%C2%B2", 400, "The first dealer must be a seat number"),
        ("first_dealer=x", 400, "The first dealer must be a seat number"),
        ("first_dealer=" + "9" * 40, 422, "the first dealer must be a seat from 0 to 3"),
        ("players=" + "9" * 40, 422, "played by"),
        ("players=%D9%A5", 200, ""),  # five, in Arabic-Indic digits
    ],
)
def test_the_blank_sheet_reads_its_numbers_or_says_why_not(client, query, status, said):
    answer = client.get(f"/sheets/blank.pdf?ruleset=bluke&{query}")
    assert answer.status_code == status
    assert said in words(answer) if said else answer.mimetype == "application/pdf"


def test_no_query_argument_makes_any_page_fail(app, client):
    token = csrf_token(client)
    game = client.post(
        "/api/games",
        json={"ruleset": "back-alley-individual", "players": ["Ann", "Bob", "Cy", "Dee"]},
        headers={"X-CSRFToken": token},
    ).get_json()["id"]
    with app.test_request_context():
        paths = [
            url_for(
                rule.endpoint, **{arg: game if arg == "game_id" else "1" for arg in rule.arguments}
            )
            for rule in app.url_map.iter_rules()
            if "GET" in rule.methods and rule.endpoint != "static"
        ]
    failed = []
    for path in paths:
        for value in HOSTILE:
            query = "&".join(f"{name}={value}" for name in ARGUMENTS)
            answer = client.get(f"{path}?{query}")
            answer.close()
            if answer.status_code >= 500:
                failed.append((path, value[:40], answer.status_code))
    assert failed == []
