"""The players pages: every player, their numbers, and who makes their bids most often."""

from __future__ import annotations

import re

from tests.standings.test_stats import GAMES


def create_all(client, token: str) -> None:
    # Oldest first, so the database lists G4 (the one still playing) as the newest.
    for game_id in ("g1", "g2", "g3", "g4"):
        response = client.post("/api/games", json=GAMES[game_id], headers={"X-CSRFToken": token})
        assert response.status_code == 201


def test_no_players_yet(client) -> None:
    page = client.get("/players").get_data(as_text=True)
    assert "Nobody has played yet" in page


def test_players_sorted_by_made_bid_rate(client, token) -> None:
    create_all(client, token)
    page = client.get("/players").get_data(as_text=True)
    # Worked out by hand in tests/test_stats.py: Bob 4/5, Cy 3/4, Ann 5/7, Dee 2/3, Eve none.
    assert re.search(r"<b><bdi>Bob</bdi></b> makes their bids most often:\s*80% \(4 of 5\)", page)
    table = page.split('id="players"')[1].split("</table>")[0]
    assert re.findall(r'<td><a href="/players/[^"]+"><bdi>([^<]+)</bdi></a></td>', table) == [
        "Bob", "Cy", "Ann", "Dee", "Eve"
    ]  # fmt: skip
    assert '<b>71%</b> <span class="muted">5/7</span>' in table
    assert "How these are counted" in page
    assert "Ann</bdi></b> 2–1 <bdi>Bob</bdi>" in page


def test_players_sorted_by_wins(client, token) -> None:
    create_all(client, token)
    page = client.get("/players?sort=wins").get_data(as_text=True)
    table = page.split('id="players"')[1].split("</table>")[0]
    names = re.findall(r'<td><a href="/players/[^"]+"><bdi>([^<]+)</bdi></a></td>', table)
    assert names[0] == "Ann"
    assert 'aria-sort="descending"><a href="/players?sort=wins"' in page
    # An unknown sort falls back to the made-bid rate.
    assert client.get("/players?sort=nonsense").status_code == 200


def test_a_players_page_whatever_the_capitals(client, token) -> None:
    create_all(client, token)
    page = client.get("/players/aNn").get_data(as_text=True)
    assert "<h1><bdi>Ann</bdi></h1>" in page
    assert "71% (5 of 7)" in page
    # Four games, newest first; the one still playing says so.
    games = page.split('id="games"')[1].split("</ul>")[0]
    assert games.count("<li>") == 4
    assert "<bdi>ANN &amp; Eve</bdi> 10 —\n    playing" in games
    assert "<b>won</b>" in games
    assert "<tr><td>1</td><td>200.0</td><td>1</td></tr>" in page


def test_an_unknown_player_is_not_found(client) -> None:
    assert client.get("/players/Nobody").status_code == 404


def test_a_tie_for_best_bidder(client, token) -> None:
    # G1 alone: Bob 1 of 1 and Dee 1 of 1 (tests/test_stats.py).
    client.post("/api/games", json=GAMES["g1"], headers={"X-CSRFToken": token})
    page = client.get("/players").get_data(as_text=True)
    assert (
        "<b><bdi>Bob</bdi></b> and <b><bdi>Dee</bdi></b> make their bids most often: 100% each."
        in page
    )
