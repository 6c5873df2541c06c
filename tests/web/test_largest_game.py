"""The largest game Scorekeeper accepts (every limit at its maximum): every page and answer
of it stays within the stated budget of 500 KB, long pages shown a part at a time."""

from __future__ import annotations

import re

import pytest

from scripts.benchmarks.largest import largest_game
from tests.conftest import csrf_token

#: The most an answer of the largest game may weigh, uncompressed (README, "Limits").
BUDGET = 500 * 1024


@pytest.fixture
def largest(client) -> str:
    token = csrf_token(client)
    made = client.post("/api/games", json=largest_game(), headers={"X-CSRFToken": token})
    assert made.status_code == 201, made.get_data(as_text=True)
    return made.get_json()["id"]


def test_every_page_of_the_scoresheet_fits_the_budget_and_every_row_is_on_one(
    client, largest
) -> None:
    first = client.get(f"/games/{largest}/scoresheet").get_data(as_text=True)
    parts = re.findall(rf'href="/games/{largest}/scoresheet\?part=(\d+)"', first)
    assert sorted({int(part) for part in parts}) == [1, 2, 3, 4]  # 208 rows, 52 a page
    # It opens on the last part (the game is over): deals 79 to 104, each thrown in once first.
    assert re.search(r'part=4"[^>]*aria-current="page">79–104</a>', first)
    seen = []
    for part in (1, 2, 3, 4):
        page = client.get(f"/games/{largest}/scoresheet?part={part}")
        assert page.status_code == 200 and len(page.data) <= BUDGET, (part, len(page.data))
        seen += re.findall(r'<tr id="deal-(\d+)"', page.get_data(as_text=True))
    assert [int(position) for position in seen] == list(range(1, 209))


@pytest.mark.parametrize("asked", ["5", "0", "x", "99999999999999999999", "-1"])
def test_a_page_the_sheet_does_not_have_is_refused_in_words(client, largest, asked) -> None:
    answer = client.get(f"/games/{largest}/scoresheet?part={asked}")
    assert answer.status_code in (400, 404)
    assert "Something went wrong" not in answer.get_data(as_text=True)


@pytest.fixture
def twenty_seat_rules(app) -> str:
    """A second house ruleset that seats the largest game's twenty: bridge-style scoring."""
    from scorekeeper.service.rulebook import save_house_rules
    from scorekeeper.storage import open_database
    from scripts.benchmarks.largest import largest_ruleset

    other = largest_ruleset()
    other["name"] = "Twenty, bridge scoring"
    other["scoring"] = {"type": "at-least", "per_bid": 10, "over": 1, "set_per_bid": 10}
    db = open_database(app.config["DATABASE"])
    try:
        return save_house_rules(db, other, device="another-phone")
    finally:
        db.close()


def test_the_comparison_of_the_largest_game_comes_a_part_at_a_time_within_the_budget(
    client, largest, twenty_seat_rules
) -> None:
    base = f"/games/{largest}/compare?ruleset={twenty_seat_rules}"
    first = client.get(base)
    assert first.status_code == 200 and len(first.data) <= BUDGET, len(first.data)
    text = first.get_data(as_text=True)
    parts = sorted({int(n) for n in re.findall(r"part=(\d+)\"", text)})
    assert parts == list(range(1, 19))  # 208 deals, 12 at a time (240 lines of 20 sides)
    assert "Final totals" in text  # the game is over
    seen = []
    for part in parts:
        page = client.get(f"{base}&part={part}")
        assert page.status_code == 200 and len(page.data) <= BUDGET, (part, len(page.data))
        seen += re.findall(
            r'class="card compare-deal[^"]*" id="deal-(\d+)"', page.get_data(as_text=True)
        )
    assert [int(position) for position in seen] == list(range(1, 209))
    assert client.get(f"{base}&part=19").status_code == 404
    assert client.get(f"{base}&part=nine").status_code == 400


@pytest.mark.parametrize(
    "path",
    [
        "/games/{id}",
        "/games/{id}/table.json",
        "/games/{id}/watch",
        "/games/{id}/live",
        "/games/{id}/live/board",
        "/games/{id}/chart.svg",
        "/games/{id}/qr.svg",
        "/games/{id}/edit-qr.svg",
        "/games/{id}/deals/208/edit",
        "/games/{id}/export.json",
        "/api/games/{id}",
        "/api/games/{id}/deals/208",
        "/games/{id}/compare",
        "/",
        "/players",
    ],
)
def test_every_other_answer_of_the_largest_game_fits_the_budget(client, largest, path) -> None:
    answer = client.get(path.format(id=largest))
    assert answer.status_code == 200
    assert 0 < len(answer.data) <= BUDGET, len(answer.data)
