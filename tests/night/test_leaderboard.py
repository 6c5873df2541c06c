"""The leaderboard counted from scored games, with numbers a player can check by hand.

Bluke scores 10 a trick bid when the bid is made, one more for each trick over, and -10 a
trick bid when it is not (docs/rules.md): bid 2 and take 3 is 21; bid 1 and take 0 is -10.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from scorekeeper.night import RoundPlay, TablePlay, count_night, number_text, read_plan
from scorekeeper.night.evening import Counting, CountingKind, NightRefused
from scorekeeper.rules import score

PLACES = Counting(CountingKind.PLACES, (4, 2, 1, 0))
TOTALS = Counting(CountingKind.TOTALS, ())
PLAYERS = ["A", "B", "C", "D", "E", "F", "G", "H", "L"]


def _round_one() -> RoundPlay:
    # A 21, B 10, C -10, D 36 (bids 2 1 1 3, tricks 3 1 0 9).
    four = score(
        {"ruleset": "bluke", "players": ["A", "B", "C", "D"],
         "deals": [{"bids": [2, 1, 1, 3], "tricks": [3, 1, 0, 9]}]}
    )  # fmt: skip
    # E 10, F 10, G 20 (bids 1 1 1, tricks 1 1 11).
    three = score(
        {"ruleset": "bluke", "players": ["E", "F", "G"],
         "deals": [{"bids": [1, 1, 1], "tricks": [1, 1, 11]}]}
    )  # fmt: skip
    assert four.totals == (21, 10, -10, 36) and three.totals == (10, 10, 20)
    return RoundPlay(1, [TablePlay(1, four), TablePlay(2, three)], ["H"])


def test_places_earn_the_scale_ties_share_and_a_sit_out_earns_the_average() -> None:
    board = count_night(PLACES, PLAYERS, [_round_one()])
    got = [(row.place, row.tied, row.player, row.total) for row in board.rows]
    assert got == [
        (1, True, "D", 4),
        (1, True, "G", 4),
        (3, False, "A", 2),
        (4, False, "H", Fraction(7, 4)),  # (4 + 2 + 1 + 0) / 4
        (5, True, "E", Fraction(3, 2)),  # tied for places 2 and 3: (2 + 1) / 2
        (5, True, "F", Fraction(3, 2)),
        (7, False, "B", 1),
        (8, True, "C", 0),
        (8, True, "L", 0),  # not there yet: nothing
    ]
    assert board.playing, "both tables are still playing"
    why = {row.player: row.rounds[0].why for row in board.rows}
    assert why["A"] == (
        "round 1, table 1: place 2 of 4 with a score of 21: 2 (so far: 1 of 25 deals)"
    )
    assert why["E"].startswith(
        "round 1, table 2: places 2 to 3 of 3, tied at 10: (2 + 1) ÷ 2 = 1.5"
    )
    assert why["H"] == "round 1: sat out: 1.75, the average of the scale 4-2-1-0"
    assert why["L"] == "round 1: not there"


def test_a_round_the_host_ended_counts_as_it_stands_and_plays_no_more() -> None:
    playing = _round_one()
    ended = RoundPlay(playing.number, playing.tables, playing.sitting_out, ended=True)
    board = count_night(PLACES, PLAYERS, [ended])
    assert not board.playing, "the host ended the round: its points change no more"
    assert board.rows == count_night(PLACES, PLAYERS, [playing]).rows


def test_totals_count_each_score_against_its_tables_average() -> None:
    board = count_night(TOTALS, PLAYERS, [_round_one()])
    totals = {row.player: row.total for row in board.rows}
    # Table 1: 21 + 10 - 10 + 36 = 57, average 14.25; table 2: 40, average 40 / 3.
    assert totals["D"] == Fraction(36) - Fraction(57, 4) == Fraction(87, 4)
    assert totals["A"] == Fraction(27, 4)
    assert totals["G"] == 20 - Fraction(40, 3)
    assert totals["H"] == 0
    assert board.rows[0].player == "D"
    why = {row.player: row.rounds[0].why for row in board.rows}
    assert why["G"].startswith(
        "round 1, table 2: a score of 20 against the table's average of 13.33 (40 ÷ 3): +6.67"
    )


def test_a_total_is_explained_as_its_rounds_added_up() -> None:
    second = RoundPlay(2, [], ["A", "B", "C", "D", "E", "F", "G", "H", "L"])
    board = count_night(PLACES, PLAYERS, [_round_one(), second])
    row = next(row for row in board.rows if row.player == "A")
    assert row.total == Fraction(15, 4)
    assert row.why == "2 + 1.75 = 3.75"


def test_numbers_are_written_as_a_person_reads_them() -> None:
    assert number_text(Fraction(3)) == "3"
    assert number_text(Fraction(7, 4)) == "1.75"
    assert number_text(Fraction(20, 3), signed=True) == "+6.67"
    assert number_text(Fraction(-1, 2), signed=True) == "-0.5"


def _plan(**changes):
    document = {"name": "Friday", "ruleset": "joker", "players": [f"P{n}" for n in range(8)],
                "tables": 2, "rounds": 3} | changes  # fmt: skip
    return read_plan(document)


def test_a_plan_is_read_with_its_limits() -> None:
    plan = _plan(counting={"kind": "places", "scale": "3-2-1-0"})
    assert plan.counting.scale == (3, 2, 1, 0) and plan.sizes() == (4,)
    for changes, said in [
        ({"tables": 21}, "tables: a whole number from 1 to 20"),
        ({"rounds": 13}, "rounds: a whole number from 1 to 12"),
        ({"players": ["Ann", "ann"]}, "ann is on the list twice (as Ann)"),
        ({"players": ["A", "B", "C"]}, "Joker (Georgia) needs at least 4 players at a table"),
        ({"counting": {"kind": "places", "scale": [1, 2]}}, "never earns more"),
        ({"ruleset": "chess"}, "chess"),
    ]:
        with pytest.raises(NightRefused, match=re.escape(said)):
            _plan(**changes)
    assert read_plan(plan.to_json()) == plan
