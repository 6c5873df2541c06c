"""Stored results: refreshed with every change to a game, and always what a fresh scoring says."""

from __future__ import annotations

import json
from dataclasses import astuple
from typing import Any

import pytest

from scorekeeper.rules import read_game, score_game
from scorekeeper.server.serve import fill_in_results
from scorekeeper.service import games, taps
from scorekeeper.service.rulebook import save_house_rules
from scorekeeper.standings.results import GameFilter, bring_up_to_date, recent_games
from scorekeeper.standings.summary import STAMP, summarize
from scorekeeper.storage import find_any_ruleset, get_game, open_database
from scorekeeper.transfer.all_games import import_all
from tests.conftest import EXAMPLES, example
from tests.storage.helpers import forget_results

PHONE = "phone-1"
FOUR = ["Ann", "Bob", "Cy", "Dee"]
# pagat (tests/test_rescore_cli.py): 141 / 17 after these two deals.
DEAL_1 = {"bids": [3, 2, 1, 4], "tricks": [4, 2, 1, 6]}
DEAL_2 = {"bids": ["pass", 3, "board", "pass"], "tricks": [5, 0, 7, 0]}
BRIDGE_SCORING = {
    "base": "back-alley-pagat",
    "name": "Pagat with bridge scoring",
    "scoring": {"type": "at-least", "per_bid": 10, "over": 1, "set_per_bid": 10},
    "board": {"per_trick": 10, "multipliers": [2, 4, 8, 16]},
}


@pytest.fixture
def db(tmp_path):
    connection = open_database(tmp_path / "results.sqlite")
    yield connection
    connection.close()


def stored_numbers(db, game_id: str) -> dict[str, Any]:
    """Read a game's stored results straight from their rows."""
    row = db.execute(
        "select game_version, stamp, ruleset, players, sides, totals, winners, complete, deals,"
        " next_deal, schedule, bids_made, bids_missed from game_results where game_id = ?",
        [game_id],
    ).fetchone()
    assert row is not None, "every stored game has its results stored"
    version, stamp, ruleset, players, sides, totals, winners, *rest = row
    seats = db.execute(
        "select seat, name, key, side, side_name, total, place, won, bids, bids_made, boards,"
        " boards_made from result_seats where game_id = ? order by seat",
        [game_id],
    ).fetchall()
    points = db.execute(
        "select seat, cards, points, deals from result_points where game_id = ?"
        " order by seat, cards",
        [game_id],
    ).fetchall()
    numbers = [ruleset, json.loads(players), json.loads(sides), json.loads(totals)]
    numbers += [None if winners is None else json.loads(winners), *rest]
    return {
        "version": version,
        "stamp": stamp,
        "game": numbers,
        "seats": [list(seat) for seat in seats],
        "points": [list(point) for point in points],
    }


def fresh_numbers(db, game_id: str) -> dict[str, Any]:
    """Score the game afresh, from its file, and count what its stored results should say."""
    stored = get_game(db, game_id)
    summary = summarize(score_game(read_game(stored.game.to_json())))
    return {
        "version": stored.version,
        "stamp": STAMP,
        "game": [
            summary.ruleset,
            list(summary.players),
            list(summary.sides),
            list(summary.totals),
            None if summary.winners is None else list(summary.winners),
            int(summary.complete),
            summary.deals,
            summary.next_number,
            summary.schedule,
            summary.bids_made,
            summary.bids_missed,
        ],
        # Every seat's numbers in the order of the stored row's columns (all but its points).
        "seats": [list(astuple(seat))[:-1] for seat in summary.seats],
        "points": [
            [s.seat, cards, points, deals]
            for s in summary.seats
            for cards, points, deals in s.points
        ],
    }


def assert_fresh(db, game_id: str) -> dict[str, Any]:
    stored = stored_numbers(db, game_id)
    assert stored == fresh_numbers(db, game_id)
    return stored


def new_game(db, ruleset: Any = "back-alley-pagat") -> str:
    game = read_game({"ruleset": ruleset, "players": FOUR, "first_dealer": 0, "deals": []})
    return games.start_game(db, game, device=PHONE).id


def test_start_record_correct_and_undo_refresh_the_stored_results(db) -> None:
    game_id = new_game(db)
    assert assert_fresh(db, game_id)["game"][3] == [0, 0]
    games.record_deal(db, game_id, DEAL_1, device=PHONE, number=1)
    games.record_deal(db, game_id, DEAL_2, device=PHONE, number=2)
    # pagat: 141 / 17, worked out in tests/test_rescore_cli.py.
    assert assert_fresh(db, game_id)["game"][3] == [141, 17]
    # Deal 1 corrected: Ann & Cy bid 3 + 1 = 4 and took 2: set, -4 × 5 = -20; Bob & Dee bid 6
    # and took 11: 6 × 5 + 5 over = 35. Deal 2 is unchanged (+120 / -15): 100 / 20.
    edited = {"bids": [3, 2, 1, 4], "tricks": [1, 2, 1, 9]}
    games.correct_deal(db, game_id, 1, edited, device=PHONE)
    assert assert_fresh(db, game_id)["game"][3] == [100, 20]
    games.undo_deal(db, game_id, 2, device=PHONE)
    undone = assert_fresh(db, game_id)
    assert undone["game"][3] == [-20, 35]
    assert undone["game"][6] == 1  # one deal played
    assert undone["game"][7] == 2  # deal 2 is next


def test_taps_keep_the_results_and_a_last_tap_refreshes_them(db) -> None:
    game_id = new_game(db, "back-alley-individual")
    before = assert_fresh(db, game_id)
    stored = taps.tap(db, game_id, "bid:1", device=PHONE, version=None)
    after = assert_fresh(db, game_id)  # a tap moves the version on; the numbers stay
    assert after["version"] == stored.version == before["version"] + 1
    assert after["game"] == before["game"]
    taps.tap(db, game_id, "undo", device=PHONE, version=None)
    assert_fresh(db, game_id)


def test_an_import_stores_every_games_results(db) -> None:
    names = ["joker", "bluke", "back-alley-pagat", "back-alley-individual"]
    archive = {"format": "scorekeeper-archive", "version": 1}
    archive["games"] = [example(name) for name in names]
    assert import_all(db, archive) == len(names)
    game_ids = [game_id for (game_id,) in db.execute("select id from games order by rowid")]
    for game_id, name in zip(game_ids, names, strict=True):
        golden = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
        assert assert_fresh(db, game_id)["game"][3] == golden["totals"]


def test_a_house_rule_change_leaves_every_stored_result_right(db) -> None:
    slug = save_house_rules(db, BRIDGE_SCORING, device="phone-1")
    game_id = new_game(db, find_any_ruleset(db, slug).game_ref)
    games.record_deal(db, game_id, DEAL_1, device=PHONE, number=1)
    games.record_deal(db, game_id, DEAL_2, device=PHONE, number=2)
    # Bridge scoring (tests/test_rescore_cli.py): 41 + 240 = 281 and 62 - 30 = 32.
    assert assert_fresh(db, game_id)["game"][3] == [281, 32]
    # The family doubles the per-bid points: the game keeps its own copy of the rules it was
    # started under, so its score and its stored results stay as they were.
    doubled = {**BRIDGE_SCORING, "scoring": {**BRIDGE_SCORING["scoring"], "per_bid": 20}}
    assert save_house_rules(db, doubled, slug=slug, device="phone-1") == slug
    bring_up_to_date(db)
    assert assert_fresh(db, game_id)["game"][3] == [281, 32]
    # A game started after the change is scored by the new rules.
    later = new_game(db, find_any_ruleset(db, slug).game_ref)
    games.record_deal(db, later, DEAL_1, device=PHONE, number=1)
    assert assert_fresh(db, later)["game"][3] != assert_fresh(db, game_id)["game"][3]


def test_results_counted_by_another_release_are_counted_again(db) -> None:
    game_id = new_game(db)
    games.record_deal(db, game_id, DEAL_1, device=PHONE, number=1)
    # A release whose built-in rules differ stamps its results otherwise: they are redone.
    db.execute("update game_results set stamp = 'another-release', totals = '[0, 0]'")
    assert bring_up_to_date(db) == 1
    assert assert_fresh(db, game_id)["stamp"] == STAMP
    assert bring_up_to_date(db) == 0


def test_players_counted_under_the_old_names_are_counted_again_as_one(db, monkeypatch) -> None:
    import scorekeeper.standings.results as standings
    import scorekeeper.standings.summary as summary
    from scorekeeper.rules import stored_values

    # Revision 1 of the summary knew a player by the name, trimmed, whatever its capitals.
    monkeypatch.setattr(summary, "name_key", lambda name: name.strip().casefold())
    monkeypatch.setattr(summary, "visible_name", lambda name: name.strip())
    monkeypatch.setattr(standings, "STAMP", "revision-1")
    spellings = ["Ana", "Ana\u200b", "A\u0301na", "\u00c1na"]
    with stored_values():  # games stored before names were checked
        stored = [
            games.start_game(
                db, read_game({"ruleset": "back-alley-pagat", "players": [name, *FOUR[1:]]}),
                device=PHONE,
            ).id
            for name in spellings
        ]  # fmt: skip
    keys = {key for (key,) in db.execute("select key from player_totals")}
    assert {"ana", "ana\u200b", "a\u0301na", "\u00e1na"} <= keys
    monkeypatch.undo()
    assert bring_up_to_date(db) == 4
    totals = dict(db.execute("select key, games from player_totals").fetchall())
    assert totals == {"ana": 2, "\u00e1na": 2, "bob": 4, "cy": 4, "dee": 4}
    shown = db.execute("select key, name, games from player_spellings order by key").fetchall()
    assert shown == [
        ("ana", "Ana", 2), ("bob", "Bob", 4), ("cy", "Cy", 4), ("dee", "Dee", 4),
        ("\u00e1na", "\u00c1na", 2),
    ]  # fmt: skip
    with stored_values():
        for game_id in stored:
            assert_fresh(db, game_id)


def test_a_database_from_before_stored_results_fills_in_at_start_up(db) -> None:
    first, second = new_game(db), new_game(db)
    games.record_deal(db, second, DEAL_1, device=PHONE, number=1)
    forget_results(db)  # as a database from before the migration
    db.execute("update games set version = version + 1 where id = ?", [first])
    assert recent_games(db, GameFilter()).games == []  # reading never writes
    assert bring_up_to_date(db) == 2
    page = recent_games(db, GameFilter())
    assert {game.id for game in page.games} == {first, second}
    assert_fresh(db, first)
    assert assert_fresh(db, second)["game"][3] == [21, 32]


def test_results_older_than_the_game_are_counted_again_at_start_up(db) -> None:
    game_id = new_game(db)
    games.record_deal(db, game_id, DEAL_1, device=PHONE, number=1)
    db.execute("update game_results set game_version = 1, totals = '[0, 0]'")
    assert recent_games(db, GameFilter()).games[0].totals == (0, 0)  # reading never writes
    assert bring_up_to_date(db) == 1
    page = recent_games(db, GameFilter())
    assert page.games[0].totals == (21, 32)
    assert_fresh(db, game_id)


def test_serve_fills_in_a_database_from_before_as_it_starts(tmp_path) -> None:
    path = tmp_path / "old.sqlite"
    db = open_database(path)
    game_id = new_game(db)
    games.record_deal(db, game_id, DEAL_1, device=PHONE, number=1)
    forget_results(db)
    db.close()
    assert fill_in_results(str(path)) == 1
    db = open_database(path)
    assert assert_fresh(db, game_id)["game"][3] == [21, 32]
    assert fill_in_results(str(path)) == 0
    db.close()


def test_the_list_says_who_is_ahead_and_when_sides_are_level() -> None:
    from scorekeeper.storage.listing import ListedGame

    def listed(totals: tuple[int, ...], deals: int) -> ListedGame:
        return ListedGame(
            "g", 1, "", "Joker", ("Ann", "Bob", "Cy"), totals, None, False, deals, 3, 24
        )

    assert listed((10, 30, 30), 2).leaders == (1, 2)  # Bob and Cy ahead with 30
    assert listed((40, 30, -500), 2).leaders == (0,)
    assert listed((0, 0, 0), 1).leaders == (0, 1, 2)  # level (a thrown-in deal scores nothing)
    assert listed((0, 0, 0), 0).leaders == ()  # nothing said before the first deal
