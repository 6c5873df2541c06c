"""The partnerships' leaderboard of a team game, on the worked example of docs/club-night.md
("The partnerships' leaderboard"): four partnerships of Back Alley (pagat.com), kept over two
rounds, one deal a table. A team scores 5 a trick bid when it takes at least its bid, one
more for each trick over, and -5 a trick bid when it does not (docs/rules.md)."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.night import RoundPlay, TablePlay, count_night, count_partnerships
from scorekeeper.night.evening import Counting, CountingKind
from scorekeeper.rules import GameResult, score

PLACES = Counting(CountingKind.PLACES, (4, 2, 1, 0))
TOTALS = Counting(CountingKind.TOTALS, ())


def _table(players: list[str], bids: list[int], tricks: list[int]) -> GameResult:
    return score(
        {"ruleset": "back-alley-pagat", "players": players,
         "deals": [{"bids": bids, "tricks": tricks}]}
    )  # fmt: skip


def _rounds() -> list[RoundPlay]:
    # Round 1, table 1: Ann & Cy bid 3 + 2 = 5, take 4 + 1 = 5: 25; Bob & Dee bid 6, take 8:
    # 30 + 2 = 32. Table 2: Eve & Gus bid 6, take 8: 32; Fay & Hal bid 6, take 5: set, -30.
    one = [
        _table(["Ann", "Bob", "Cy", "Dee"], [3, 2, 2, 4], [4, 3, 1, 5]),
        _table(["Eve", "Fay", "Gus", "Hal"], [3, 3, 3, 3], [4, 1, 4, 4]),
    ]
    # Round 2 (the circle: 1 v 4, 2 v 3), table 1: Ann & Cy bid 5, take 5: 25; Fay & Hal bid
    # 5, take 8: 28. Table 2: Bob & Dee bid 4, take 6: 22; Eve & Gus bid 4, take 7: 23.
    two = [
        _table(["Ann", "Fay", "Cy", "Hal"], [3, 3, 2, 2], [3, 3, 2, 5]),
        _table(["Bob", "Eve", "Dee", "Gus"], [2, 2, 2, 2], [3, 3, 3, 4]),
    ]
    assert [t.totals for t in one + two] == [(25, 32), (32, -30), (25, 28), (22, 23)]
    return [
        RoundPlay(1, [TablePlay(1, one[0]), TablePlay(2, one[1])]),
        RoundPlay(2, [TablePlay(1, two[0]), TablePlay(2, two[1])]),
    ]


def _lines(board) -> list[tuple[str, str, Fraction, str]]:
    return [
        (f"{row.place}=" if row.tied else str(row.place), row.player, row.total, row.why)
        for row in board.rows
    ]


def test_partnerships_by_places_as_the_worked_example_counts_them() -> None:
    board = count_partnerships(PLACES, _rounds())
    assert _lines(board) == [
        ("1", "Eve & Gus", 8, "4 + 4 = 8"),
        ("2=", "Bob & Dee", 6, "4 + 2 = 6"),
        ("2=", "Fay & Hal", 6, "2 + 4 = 6"),
        ("4", "Ann & Cy", 4, "2 + 2 = 4"),
    ]
    fay = board.rows[2]
    assert fay.members == ("Fay", "Hal")
    assert [c.why for c in fay.rounds] == [
        "round 1, table 2: place 2 of 2 with a score of -30: 2 (so far: 1 of 26 deals)",
        "round 2, table 1: place 1 of 2 with a score of 28: 4 (so far: 1 of 26 deals)",
    ]


def test_partnerships_by_totals_as_the_worked_example_counts_them() -> None:
    board = count_partnerships(TOTALS, _rounds())
    assert _lines(board) == [
        ("1", "Eve & Gus", Fraction(63, 2), "31 + 0.5 = +31.5"),
        ("2", "Bob & Dee", 3, "3.5 - 0.5 = +3"),
        ("3", "Ann & Cy", -5, "-3.5 - 1.5 = -5"),
        ("4", "Fay & Hal", Fraction(-59, 2), "-31 + 1.5 = -29.5"),
    ]
    assert board.rows[0].rounds[0].why == (
        "round 1, table 2: a score of 32 against the table's average of 1 (2 ÷ 2): +31 "
        "(so far: 1 of 26 deals)"
    )


def test_a_kept_partnership_totals_what_each_of_its_players_totals() -> None:
    players = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    each = {row.player: row.total for row in count_night(PLACES, players, _rounds()).rows}
    for row in count_partnerships(PLACES, _rounds()).rows:
        assert [each[name] for name in row.members] == [row.total, row.total]


def test_a_round_both_sat_out_earns_the_average_and_a_round_apart_nothing() -> None:
    first, second = _rounds()
    # Round 2 without table 2: Bob & Dee and Eve & Gus sat it out together.
    rounds = [first, RoundPlay(2, [second.tables[0]], ["Bob", "Dee", "Eve", "Gus"])]
    lines = {row.player: (row.total, row.why) for row in count_partnerships(PLACES, rounds).rows}
    assert lines["Bob & Dee"] == (Fraction(23, 4), "4 + 1.75 = 5.75")
    rounds = [first, RoundPlay(2, [second.tables[0]])]  # nobody sat out: they were not there
    board = count_partnerships(PLACES, rounds)
    bob = next(row for row in board.rows if row.player == "Bob & Dee")
    assert (bob.total, bob.rounds[1].why) == (4, "round 2: not partners this round")
