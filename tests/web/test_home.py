"""The home page: the archive's games in pages of 20, found by player, rules, day and state."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import pytest

from scorekeeper.storage.listing import PAGE_SIZE
from tests.conftest import csrf_token, example

#: One pagat deal: Ann & Cy 21, Bob & Dee 32 (tests/test_results.py).
DEAL = {"bids": [3, 2, 1, 4], "tricks": [4, 2, 1, 6]}


def pagat(players: list[str], deals: int = 1) -> dict[str, Any]:
    return {"ruleset": "back-alley-pagat", "players": players, "deals": [DEAL] * deals}


def import_archive(client, files: list[dict[str, Any]]) -> None:
    archive = {"format": "scorekeeper-archive", "version": 1, "games": files}
    answer = client.post(
        "/archive/import",
        data={
            "csrf_token": csrf_token(client),
            "file": (io.BytesIO(json.dumps(archive).encode()), "all.json"),
        },
        headers={"Referer": "http://localhost/archive/import"},
    )
    assert answer.status_code == 303


def listed(page: str) -> list[str]:
    """Return the first line of every listed game: its sides and totals, as shown."""
    items = re.findall(r'class="game-link"[^>]*>\s*<span>(.*?)</span>', page, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", item)) for item in items]


def link(page: str, rel: str) -> str | None:
    match = re.search(rf'rel="{rel}" href="([^"]+)"', page)
    return html.unescape(match.group(1)) if match else None


@pytest.fixture
def archive(client) -> None:
    # 45 games still being played (one deal each), numbered so the newest shows "P44";
    # then the joker example, finished, and a Bluke game with Zed.
    files = [pagat([f"P{n:02d}", "Bob", "Cy", "Dee"]) for n in range(45)]
    files += [example("joker"), {"ruleset": "bluke", "players": ["Zed", "Ann", "Bob"]}]
    import_archive(client, files)


def test_the_games_come_in_pages_with_next_and_previous_links(client, archive) -> None:
    page = client.get("/").get_data(as_text=True)
    first = listed(page)
    # Games still being played come first: the 46 of them fill pages 1 to 3; the finished
    # joker game is last. An import stores its games within a second: the last stored first.
    assert len(first) == PAGE_SIZE and link(page, "prev") is None
    assert first[:3] == [
        "Zed 0 · Ann 0 · Bob 0",
        "P44 & Cy 21 · Bob & Dee 32",
        "P43 & Cy 21 · Bob & Dee 32",
    ]
    second_page = client.get(link(page, "next")).get_data(as_text=True)
    second = listed(second_page)
    assert len(second) == PAGE_SIZE and not set(first) & set(second)
    third_page = client.get(link(second_page, "next")).get_data(as_text=True)
    third = listed(third_page)
    assert len(third) == 47 - 2 * PAGE_SIZE and link(third_page, "next") is None
    # The joker example, finished: the golden totals, Bob first.
    assert third[-1] == "Bob 1990 · Dee 990 · Ann 1940 · Cy 1120"
    assert "won by <bdi>Bob</bdi>" in third_page
    back = client.get(link(third_page, "prev")).get_data(as_text=True)
    assert listed(back) == second
    assert listed(client.get(link(back, "prev")).get_data(as_text=True)) == first


def test_filters_by_player_rules_and_state(client, archive) -> None:
    zed = client.get("/?player=zED").get_data(as_text=True)
    assert listed(zed) == ["Zed 0 · Ann 0 · Bob 0"]
    assert "playing, deal 1 of" in zed and 'value="zED"' in zed  # the form keeps what was asked
    bluke = client.get("/?ruleset=Bluke").get_data(as_text=True)
    assert listed(bluke) == ["Zed 0 · Ann 0 · Bob 0"]
    finished = client.get("/?state=finished").get_data(as_text=True)
    assert len(listed(finished)) == 1 and "won by" in finished
    bob_playing = client.get("/?player=Bob&state=playing").get_data(as_text=True)
    assert len(listed(bob_playing)) == PAGE_SIZE
    assert "player=Bob" in link(bob_playing, "next") and "state=playing" in link(
        bob_playing, "next"
    )
    nobody = client.get("/?player=Nobody").get_data(as_text=True)
    assert listed(nobody) == [] and "No game matches" in nobody


def test_filters_by_day(client, archive) -> None:
    today = re.search(
        r"<time datetime=\"(\d{4}-\d\d-\d\d)", client.get("/").get_data(as_text=True)
    ).group(1)
    assert len(listed(client.get(f"/?since={today}&until={today}").get_data(as_text=True))) == 20
    assert listed(client.get("/?until=2000-01-01").get_data(as_text=True)) == []
    assert listed(client.get("/?since=2999-01-01").get_data(as_text=True)) == []


def test_a_wrong_day_is_said_beside_its_field_and_left_out(client, archive) -> None:
    answer = client.get("/?since=2026-13-45&state=finished")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert re.search(
        r'<input aria-describedby="since-error" aria-invalid="true" id="since"[^>]*>\s*'
        r'<span class="error-text" id="since-error" role="alert">Write the day as year-month-day',
        page,
    )
    assert len(listed(page)) == 1  # the other filters still apply


def test_every_filter_has_a_label(client) -> None:
    page = client.get("/").get_data(as_text=True)
    for field in ("player", "ruleset", "since", "until", "state"):
        assert f'<label for="{field}">' in page and f'id="{field}"' in page
