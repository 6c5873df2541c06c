"""The archive's pages cost the same whatever it holds: /players, a player's page, the list's
filter and New game's names are a page (or the most played) of what is stored, never all of
it. Sizes are asserted, not times (`make bench` times them).

Before, one import of 160,000 games made /players 143 MB; 300 games from the per-phone
quota, 2 MB.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import read_game
from scorekeeper.service.imports import import_games
from scorekeeper.storage import Store
from tests.conftest import example

#: A page's weight at any archive size (BENCHMARKS.md's budget).
PAGE_KB = 40


def table_of(number: int, first: str = "") -> dict:
    """A finished Joker game of four players no game had before (`first` in seat one)."""
    game = example("joker")
    names = [f"Stranger {number:05d}-{seat}" for seat in range(4)]
    if first:
        names[0] = first
    ruleset = {"base": "joker", "name": f"House {number:05d}"} if number % 2 else "joker"
    return {**game, "players": names, "ruleset": ruleset}


def fill(app, games: list[dict]) -> None:
    db = Store(app.config["DATABASE"]).open()
    import_games(db, [read_game(game) for game in games], device=None, pause=0)
    db.close()


def weigh(client, path: str) -> str:
    answer = client.get(path)
    assert answer.status_code == 200, path
    assert len(answer.data) <= PAGE_KB * 1000, (path, len(answer.data))
    return answer.get_data(as_text=True)


def players_listed(page: str) -> list[str]:
    table = page.split('id="players"')[1].split("</table>")[0]
    return re.findall(r'<td><a href="/players/[^"]+"><bdi>([^<]+)</bdi></a></td>', table)


@pytest.fixture
def sizes(tmp_path):
    """Return the weight of each page at a small archive (a full page of players) and a big
    one (twelve times as many games, with Ann in 300 of them): every page full at both."""
    from scorekeeper.web import create_app

    weights = {}
    for label, count in (("small", 64), ("big", 800)):
        app = create_app({"DATABASE": str(tmp_path / f"{label}.sqlite"), "SECRET_KEY": "s"})
        ann = min(count, 300)
        fill(app, [table_of(n, "Ann" if n < ann else "") for n in range(count)])
        client = app.test_client()
        weights[label] = {
            path: len(weigh(client, path).encode())
            for path in ("/players", "/players?sort=games", "/players/Ann", "/", "/games/new")
        }
    return weights


def test_each_page_weighs_the_same_whatever_the_archive_holds(sizes) -> None:
    for path, small in sizes["small"].items():
        big = sizes["big"][path]
        # The same page of names, a few digits longer; never the archive.
        assert big <= small * 1.25 + 2000, (path, small, big)


def test_the_players_are_paged_every_one_once_both_ways(tmp_path) -> None:
    from scorekeeper.web import create_app

    app = create_app({"DATABASE": str(tmp_path / "p.sqlite"), "SECRET_KEY": "s"})
    fill(app, [table_of(n) for n in range(12)])  # 48 players: three pages of twenty
    client = app.test_client()
    seen, pages, path = [], 0, "/players?sort=name"
    while path:
        page = weigh(client, path)
        seen += players_listed(page)
        pages += 1
        found = re.search(r'rel="next" href="([^"]+)"', page)
        path = found.group(1).replace("&amp;", "&") if found else ""
    assert pages == 3 and len(seen) == 48 and seen == sorted(seen)
    back, found = [], re.search(r'rel="prev" href="([^"]+)"', page)
    back = players_listed(page)
    while found:
        page = weigh(client, found.group(1).replace("&amp;", "&"))
        back = players_listed(page) + back
        found = re.search(r'rel="prev" href="([^"]+)"', page)
    assert back == seen


def test_a_players_games_are_paged(tmp_path) -> None:
    from scorekeeper.web import create_app

    app = create_app({"DATABASE": str(tmp_path / "g.sqlite"), "SECRET_KEY": "s"})
    fill(app, [table_of(n, "Ann") for n in range(45)])
    client = app.test_client()
    ids, path = [], "/players/ann"
    while path:
        page = weigh(client, path)
        ids += re.findall(r'<li><a href="/games/([^"]+)">', page.split('id="games"')[1])
        found = re.search(r'rel="next" href="([^"]+)"', page)
        path = found.group(1).replace("&amp;", "&") if found else ""
    assert len(ids) == 45 == len(set(ids))
    assert "The 20 opponents met most." in weigh(client, "/players/Ann")


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/players?after=nobody-at-all", "There is no player “nobody-at-all” in the list"),
        ("/players?before=" + "x" * 401, "longer than any name"),
        ("/players/Ann?older=soon", "“soon” is not a place in this player"),
        ("/players/Ann?older=" + "9" * 20, "is not a place in this player"),
    ],
)
def test_a_place_in_a_list_never_given_out_is_a_400_in_words(app, client, path, words) -> None:
    fill(app, [table_of(0, "Ann")])
    answer = client.get(path)
    assert answer.status_code == 400
    assert words in answer.get_data(as_text=True)


@pytest.mark.parametrize("archived", [False, True])
def test_the_game_list_reads_only_its_page_never_every_game(tmp_path, archived) -> None:
    """Each statement the home page's list runs finds its rows through an index: none reads
    the whole games table (asking which games are archived once read every game)."""
    from scorekeeper.standings.results import GameFilter, recent_games
    from scorekeeper.storage import open_database

    db = open_database(str(tmp_path / "list.sqlite"))
    import_games(db, [read_game(table_of(number)) for number in range(3)], device=None, pause=0)
    statements: list[str] = []
    db.conn.set_trace_callback(statements.append)
    try:
        listed = recent_games(db, GameFilter(archived=archived))
    finally:
        db.conn.set_trace_callback(None)
    assert len(listed.games) == (0 if archived else 3)
    reads = [sql for sql in statements if sql.lstrip().lower().startswith("select")]
    assert reads
    for sql in reads:
        plan = " / ".join(row[3] for row in db.execute(f"explain query plan {sql}"))
        assert "SCAN games" not in plan, plan
    db.close()
