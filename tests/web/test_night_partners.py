"""A partnership night through the web, on a real SQLite file: the host's form offers
partners kept only for partnership games and refuses it in words beside the choice for the
others; round 2 keeps every partnership and moves them to new opponents."""

from __future__ import annotations

import html
import re

from tests.conftest import csrf_token

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def _form(client, url: str, data: dict[str, str]):
    return client.post(url, data={"csrf_token": csrf_token(client), **data})


def _plan(**changes: str) -> dict[str, str]:
    return {"name": "Pairs night", "ruleset": "back-alley-pagat", "players": "\n".join(PLAYERS),
            "tables": "2", "rounds": "3", "movement": "partners", "counting": "places",
            "scale": "4-2-1-0"} | changes  # fmt: skip


def _partners(client, night_id: str) -> list[set[str]]:
    page = client.get(f"/host/nights/{night_id}").get_data(as_text=True)
    lines = re.findall(r'<p class="partners">[^<]*(.*?)</p>', page, re.S)
    pairs = [re.sub(r"<[^>]+>", "", part) for line in lines for part in line.split(" · ")]
    return [set(html.unescape(pair).split(" & ")) for pair in pairs]


def test_partners_kept_is_offered_for_partnership_games_and_refused_for_others(client) -> None:
    page = client.get("/host").get_data(as_text=True)
    assert 'value="partners"' in page
    assert "partnership games only: Back Alley (pagat.com)" in html.unescape(page)
    refused = _form(client, "/host", _plan(ruleset="joker"))
    assert refused.status_code == 422
    said = re.search(
        r'<legend>Between rounds</legend><span class="error-text" id="night-error" '
        r'role="alert">(.*?)</span>',
        refused.get_data(as_text=True),
    )
    assert said and html.unescape(said.group(1)) == (
        "Joker (Georgia) is played without partners: only a partnership game can keep its partners"
    )


def test_round_two_keeps_the_partners_and_moves_them_to_new_opponents(client) -> None:
    made = _form(client, "/host", _plan())
    assert made.status_code == 303, made.get_data(as_text=True)
    night_id = made.headers["Location"].rsplit("/", 1)[-1]
    assert _form(client, f"/host/nights/{night_id}/rounds", {}).status_code == 303
    first = _partners(client, night_id)
    assert len(first) == 4 and sorted(n for pair in first for n in pair) == sorted(PLAYERS)
    opponents_before = [(first[0], first[1]), (first[2], first[3])]
    assert _form(client, f"/host/nights/{night_id}/end", {}).status_code == 303
    assert _form(client, f"/host/nights/{night_id}/rounds", {}).status_code == 303
    second = _partners(client, night_id)
    assert sorted(map(sorted, second)) == sorted(map(sorted, first))
    for one, two in [(second[0], second[1]), (second[2], second[3])]:
        assert (one, two) not in opponents_before and (two, one) not in opponents_before
    exported = client.get(f"/host/nights/{night_id}/night.json").get_json()
    assert exported["plan"]["movement"] == "partners"


PARTNERSHIP_LINE = re.compile(
    r'<span class="place">([^<]*)</span> <bdi class="partnership">([^<]*)</bdi>.*?'
    r'<b class="points">([^<]*)</b></summary>\s*<ul class="small">(.*?)</ul>',
    re.S,
)


def _score_first_deal(app, night_id: str, card: str, deal: dict) -> None:
    phone = app.test_client()
    claimed = _form(phone, f"/nights/{night_id}/cards/{card}", {})
    game_id = claimed.headers["Location"].rsplit("/", 1)[-1]
    sent = phone.post(
        f"/api/games/{game_id}/deals",
        json={"deal": 1, **deal},
        headers={"X-CSRFToken": csrf_token(phone), "Idempotency-Key": f"{game_id}-1"},
    )
    assert sent.status_code == 201, sent.get_json()


def _round_one(client, movement: str) -> tuple[str, list[str]]:
    """Start a night with round 1 seated as the worked example; return it and its cards."""
    made = _form(client, "/host", _plan(movement=movement))
    night_id = made.headers["Location"].rsplit("/", 1)[-1]
    seats = "Ann, Bob, Cy, Dee\nEve, Fay, Gus, Hal"
    assert _form(client, f"/host/nights/{night_id}/rounds", {"seats": seats}).status_code == 303
    page = client.get(f"/host/nights/{night_id}").get_data(as_text=True)
    return night_id, re.findall(rf'href="/nights/{night_id}/cards/([^"]+)" class="card-link"', page)


def test_the_partnerships_leaderboard_beside_the_players(app, client) -> None:
    # Round 1 of the worked example in docs/club-night.md ("The partnerships' leaderboard").
    night_id, cards = _round_one(client, "partners")
    _score_first_deal(app, night_id, cards[0], {"bids": [3, 2, 2, 4], "tricks": [4, 3, 1, 5]})
    _score_first_deal(app, night_id, cards[1], {"bids": [3, 3, 3, 3], "tricks": [4, 1, 4, 4]})
    part = client.get(f"/nights/{night_id}/board").get_data(as_text=True)
    lines = [
        (place, html.unescape(name), points, re.sub(r"<[^>]+>", "|", html.unescape(words)))
        for place, name, points, words in PARTNERSHIP_LINE.findall(part)
    ]
    assert [line[:3] for line in lines] == [
        ("1=", "Bob & Dee", "4"),
        ("1=", "Eve & Gus", "4"),
        ("3=", "Ann & Cy", "2"),
        ("3=", "Fay & Hal", "2"),
    ]
    assert "round 1, table 2: place 2 of 2 with a score of -30: 2" in lines[3][3]
    assert lines[3][3].endswith("|2 = 2|")  # the total's sum: one round, 2
    players = re.findall(r'<bdi class="player">([^<]*)</bdi>', part)
    assert sorted(players) == sorted(PLAYERS)


def test_a_redrawn_team_night_has_no_partnerships_board(app, client) -> None:
    # The same round as above, seats drawn afresh between rounds: its pairs are not ranked.
    night_id, cards = _round_one(client, "redraw")
    _score_first_deal(app, night_id, cards[0], {"bids": [3, 2, 2, 4], "tricks": [4, 3, 1, 5]})
    part = client.get(f"/nights/{night_id}/board").get_data(as_text=True)
    assert PARTNERSHIP_LINE.findall(part) == []
    assert sorted(re.findall(r'<bdi class="player">([^<]*)</bdi>', part)) == sorted(PLAYERS)
