"""Helpers for the table's pages: read a page's hidden fields, tap like a phone would."""

from __future__ import annotations

import copy
import html
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.conftest import csrf_token, example


def hidden(page: str, name: str) -> str:
    """Return the value of the first hidden field with this name on the page."""
    for tag in re.findall(r"<input[^>]*>", page):
        if f'name="{name}"' in tag:
            match = re.search(r'value="([^"]*)"', tag)
            if match:
                return html.unescape(match.group(1))
    raise AssertionError(f"no field {name} on the page")


def join(client, link: str):
    """Open a game's edit link as a phone does (it only asks) and tap "Score on this phone";
    return the answer to the tap."""
    asked = client.get(link)
    assert asked.status_code == 200, asked.status_code
    page = asked.get_data(as_text=True)
    assert "Score this game on this phone too?" in page
    return client.post(link, data={"csrf_token": hidden(page, "csrf_token")})


def move_to_archive(client, game_id: str) -> None:
    """Move a game to the archive as its scorer does (only there can it be deleted)."""
    form = {"csrf_token": csrf_token(client), "game": game_id}
    assert client.post(f"/games/{game_id}/archive", data=form).status_code == 303


def buttons(page: str, name: str = "step") -> list[tuple[str, bool]]:
    """Return (value, enabled) for every button with this name."""
    found = []
    for tag in re.findall(r"<button[^>]*>", page):
        match = re.search(rf'name="{name}" value="([^"]*)"', tag)
        if match:
            found.append((html.unescape(match.group(1)), " disabled" not in tag))
    return found


def new_game_form(page: str, ruleset: str, players: list[str], dealer: str = "0") -> dict[str, Any]:
    """Return the new-game form on this page (New game, or New game opened from a sheet)
    filled in with a table: its token and nonce as the page gives them."""
    return {
        "csrf_token": hidden(page, "csrf_token"),
        "nonce": hidden(page, "nonce"),
        "ruleset": ruleset,
        "dealer": dealer,
        **{f"players-{seat}": name for seat, name in enumerate(players)},
    }


@dataclass
class Table:
    """One phone at the table: it remembers the last page it saw, as a browser would."""

    client: Any
    game_id: str = ""
    page: str = ""

    @property
    def url(self) -> str:
        return f"/games/{self.game_id}"

    def open(self) -> str:
        response = self.client.get(self.url)
        assert response.status_code == 200, response.status_code
        self.page = response.get_data(as_text=True)
        return self.page

    def form(self, step: str, **overrides: Any) -> dict[str, Any]:
        data = {
            "csrf_token": hidden(self.page, "csrf_token"),
            "nonce": hidden(self.page, "nonce"),
            "version": hidden(self.page, "version"),
            "step": step,
        }
        data.update(overrides)
        return data

    def post(self, step: str, **overrides: Any):
        """Tap on the page last seen; return the response (not followed)."""
        return self.client.post(f"{self.url}/tap", data=self.form(step, **overrides))

    def tap(self, *steps: str) -> str:
        """Tap each step (each on a fresh page, like a phone after the redirect)."""
        for step in steps:
            response = self.post(step)
            assert response.status_code == 303, (step, response.status_code, self.problem(response))
            assert response.headers["Location"].endswith(self.url)
            self.open()
        return self.page

    @staticmethod
    def problem(response) -> str:
        text = response.get_data(as_text=True)
        match = re.search(r'id="problem">([^<]*)<', text)
        return html.unescape(match.group(1)) if match else ""

    def new_game_form(self, ruleset: str, players: list[str], dealer: str = "0") -> dict[str, Any]:
        """Return the new-game form filled in, as a phone would send it."""
        page = self.client.get("/games/new").get_data(as_text=True)
        return new_game_form(page, ruleset, players, dealer) | {"start": "1"}

    def start(self, ruleset: str, players: list[str], dealer: str = "0") -> Table:
        """Start a game through the new-game form."""
        data = self.new_game_form(ruleset, players, dealer)
        response = self.client.post("/games/new", data=data)
        assert response.status_code == 303, response.get_data(as_text=True)
        self.game_id = response.headers["Location"].rsplit("/", 1)[-1]
        self.open()
        return self


@pytest.fixture
def table(client) -> Table:
    csrf_token(client)
    return Table(client)


@pytest.fixture
def api_game(client):
    """Return a function creating a game through the API (as the creating phone)."""

    def make(document: dict[str, Any]) -> str:
        token = csrf_token(client)
        response = client.post("/api/games", json=document, headers={"X-CSRFToken": token})
        assert response.status_code == 201, response.get_json()
        return response.get_json()["id"]

    return make


#: A club night of two Joker tables to look at, and the first deal its table 1 scores: its
#: name and the names beside the examples' written in Georgian, so that a Georgian page
#: holding them has no word in Latin letters but the examples' names (tests/english.py).
NIGHT_NAME = "პარასკევის კლუბი"
NIGHT_PLAYERS = ["Ann", "Bob", "Cy", "Dee", "ნინო", "თამარი", "დავითი", "ლაშა"]
FIRST_DEAL = {"deal": 1, "bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}
#: A partnership night's first deal (Back Alley, pagat.com, 13 cards): seats 1 and 3 bid 5
#: and take 5, seats 2 and 4 bid 6 and take 8.
PAIRS_DEAL = {"deal": 1, "bids": [3, 2, 2, 4], "tricks": [4, 3, 1, 5]}


#: A line of a night's leaderboard: its place, its player (escaped) and its points.
BOARD_LINE = re.compile(
    r'<span class="place">([^<]*)</span> <bdi class="player">([^<]*)</bdi>.*?'
    r'<b class="points">([^<]*)</b>',
    re.S,
)


def board_lines(client, night: str) -> list[tuple[str, str, str]]:
    """Return a night's leaderboard as a watching phone gets it: (place, player, points)."""
    part = client.get(f"/nights/{night}/board").get_data(as_text=True)
    return [
        (place, html.unescape(name), points) for place, name, points in BOARD_LINE.findall(part)
    ]


def make_night(client, scorer, *, pairs: bool = False) -> tuple[str, list[str]]:
    """Set up a night of two Joker tables as the host (`client`), start round 1, and let
    another phone (`scorer`) claim table 1's card and score its first deal; return the
    night's id and its two cards (table 1's, then table 2's, which nobody scores yet).

    With `pairs`, a night of partnership Back Alley, partners kept: round 1 is ended as it
    stands after that deal and round 2 started; the cards are round 2's."""
    form = {"csrf_token": csrf_token(client), "name": NIGHT_NAME, "ruleset": "joker",
            "players": "\n".join(NIGHT_PLAYERS), "tables": "2", "rounds": "3",
            "movement": "redraw", "counting": "places", "scale": "4-2-1-0"}  # fmt: skip
    if pairs:
        form |= {"ruleset": "back-alley-pagat", "movement": "partners"}
    made = client.post("/host", data=form)
    assert made.status_code == 303, made.get_data(as_text=True)
    night = made.headers["Location"].rsplit("/", 1)[-1]
    token = {"csrf_token": form["csrf_token"]}
    assert client.post(f"/host/nights/{night}/rounds", data=token).status_code == 303
    page = client.get(f"/host/nights/{night}").get_data(as_text=True)
    cards = re.findall(rf'href="/nights/{night}/cards/([^"]+)" class="card-link"', page)
    theirs = csrf_token(scorer)
    claimed = scorer.post(f"/nights/{night}/cards/{cards[0]}", data={"csrf_token": theirs})
    assert claimed.status_code == 303
    game = claimed.headers["Location"].rsplit("/", 1)[-1]
    headers = {"X-CSRFToken": theirs}
    deal = PAIRS_DEAL if pairs else FIRST_DEAL
    scored = scorer.post(f"/api/games/{game}/deals", json=deal, headers=headers)
    assert scored.status_code == 201, scored.get_json()
    if pairs:
        assert client.post(f"/host/nights/{night}/end", data=token).status_code == 303
        assert client.post(f"/host/nights/{night}/rounds", data=token).status_code == 303
        page = client.get(f"/host/nights/{night}").get_data(as_text=True)
        cards = re.findall(rf'href="/nights/{night}/cards/([^"]+)" class="card-link"', page)
    return night, cards


def make_games(client) -> dict[str, Any]:
    """Make games to look at (one being played, one over, one archived); return their ids, and
    the edit link of the one being played (its path) as `join`; and a club night being played
    (`night`), its table 1's card scored on another phone (`taken`) and table 2's nobody
    scores yet (`card`)."""
    token = csrf_token(client)

    def create(document: dict) -> str:
        made = client.post("/api/games", json=document, headers={"X-CSRFToken": token})
        assert made.status_code == 201, made.get_data(as_text=True)
        return made.get_json()["id"]

    finished = create(example("back-alley-pagat"))
    playing = copy.deepcopy(example("joker"))
    playing["deals"] = playing["deals"][:3]
    current = create(playing)
    archived = create(example("joker"))
    moved = client.post(f"/games/{archived}/archive", data={"csrf_token": token, "game": archived})
    assert moved.status_code == 303
    join = urlsplit(client.get(f"/api/games/{current}").get_json()["edit_url"]).path
    night, cards = make_night(client, client.application.test_client())
    return {"finished": finished, "current": current, "archived": archived, "join": join,
            "night": night, "taken": cards[0], "card": cards[1], "cards": cards}  # fmt: skip
