"""The seats of a night's rounds: table sizes, sit-outs, and the redraw's rule."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from scorekeeper.night import (
    Movement,
    NightRefused,
    RoundSeating,
    SeatedTable,
    check_entered,
    meetings,
    repeat_cost,
    seat_round,
    table_sizes,
)
from scorekeeper.night.seating import redraw
from scorekeeper.rules import find_ruleset
from tests.night.rounds import seat_rounds

BLUKE = find_ruleset("bluke")
JOKER = find_ruleset("joker")
PAGAT = find_ruleset("back-alley-pagat")
EIGHT = [f"P{n}" for n in range(8)]


@pytest.mark.parametrize(
    ("players", "tables", "sizes", "expected"),
    [
        (16, 4, (4, 3), (4, 4, 4, 4)),
        (15, 4, (4, 3), (4, 4, 4, 3)),
        (14, 4, (4, 3), (4, 4, 3, 3)),
        (13, 4, (4, 3), (4, 3, 3, 3)),
        (33, 8, (4, 3), (4,) * 8),  # one sits out: eight tables are all the night has
        (10, 3, (4,), (4, 4)),  # Joker takes four at a table: two sit out
        (5, 2, (4, 3), (4,)),  # one table of four; a second would need three more
    ],
)
def test_tables_take_the_usual_size_or_one_fewer(players, tables, sizes, expected) -> None:
    assert table_sizes(players, tables, sizes) == expected


def test_the_cost_counts_each_pair_once_for_each_round_they_met() -> None:
    met = meetings(
        [
            RoundSeating((SeatedTable(("A", "B", "C")), SeatedTable(("D", "E", "F")))),
            RoundSeating((SeatedTable(("A", "B", "D")), SeatedTable(("C", "E", "F")))),
        ]
    )
    assert met[frozenset("AB")] == 2 and met[frozenset("EF")] == 2 and met[frozenset("AF")] == 0
    # A-B met twice, A-C once, B-C once: 4; D, E, F never met all together: D-E 1, D-F 1, E-F 2.
    assert repeat_cost([("A", "B", "C"), ("D", "E", "F")], met) == 4 + 4
    assert repeat_cost([("A", "E", "C"), ("D", "B", "F")], met) == 1 + 1 + 1 + 0 + 1 + 0


def _cheapest(players, sizes, met) -> int:
    """The least cost over every way to split the players into the tables (by brute force)."""
    best = None
    for first in itertools.combinations(players, sizes[0]):
        rest = [name for name in players if name not in first]
        cost = repeat_cost([first, rest], met)
        best = cost if best is None else min(best, cost)
    return best


@pytest.mark.parametrize("seed", range(6))
def test_the_redraw_finds_the_cheapest_seating_of_eight(seed: int) -> None:
    history_rng = random.Random(seed)
    earlier = []
    for _ in range(3):
        order = EIGHT[:]
        history_rng.shuffle(order)
        earlier.append(RoundSeating((SeatedTable(tuple(order[:4])), SeatedTable(tuple(order[4:])))))
    met = meetings(earlier)
    tables = redraw(EIGHT, (4, 4), met, random.Random(seed))
    assert sorted(name for table in tables for name in table) == sorted(EIGHT)
    assert repeat_cost(tables, met) == _cheapest(EIGHT, (4, 4), met)


def test_sixteen_players_meet_nobody_twice_in_threeseat_rounds() -> None:
    players = [f"P{n:02}" for n in range(16)]
    earlier = seat_rounds(players, 3, BLUKE, (4, 3), 4, seed=7)
    met = meetings(earlier)
    assert max(met.values()) == 1, "no pair sat together twice"
    assert len(met) == 3 * 4 * 6


def test_a_second_round_of_eight_meets_as_few_again_as_can_be() -> None:
    # After {0-3} and {4-7}, any two tables of four hold at least 2 + 2 old pairs... and 4 is
    # reached by sending two of each table across.
    first = RoundSeating((SeatedTable(tuple(EIGHT[:4])), SeatedTable(tuple(EIGHT[4:]))))
    second = seat_round(
        present=EIGHT,
        earlier=[first],
        ruleset=BLUKE,
        sizes=(4, 3),
        most_tables=2,
        movement=Movement.REDRAW,
        seed=1,
    )
    assert repeat_cost([t.players for t in second.tables], meetings([first])) == 4


def test_sit_outs_go_round_before_anyone_sits_out_twice() -> None:
    players = [f"P{n}" for n in range(10)]  # Joker: two tables of four, two sit out
    earlier = seat_rounds(players, 5, JOKER, (4,), 3, seed=3)
    assert all(len(seating.sitting_out) == 2 for seating in earlier)
    sat = Counter(name for seating in earlier for name in seating.sitting_out)
    assert sorted(sat.values()) == [1] * 10, "each of the ten sat out once in five rounds"


def test_a_late_player_does_not_sit_out_before_those_who_played() -> None:
    early = [f"P{n}" for n in range(8)]
    first = seat_round(
        present=early, earlier=[], ruleset=JOKER, sizes=(4,), most_tables=2,
        movement=Movement.REDRAW, seed=5,
    )  # fmt: skip
    second = seat_round(
        present=[*early, "Late"], earlier=[first], ruleset=JOKER, sizes=(4,), most_tables=2,
        movement=Movement.REDRAW, seed=5,
    )  # fmt: skip
    assert second.sitting_out and "Late" not in second.sitting_out


def test_fixed_tables_stay_while_the_same_people_play() -> None:
    kw = {"ruleset": JOKER, "sizes": (4,), "most_tables": 2, "movement": Movement.FIXED, "seed": 2}
    first = seat_round(present=EIGHT, earlier=[], **kw)
    assert seat_round(present=EIGHT, earlier=[first], **kw) == first
    fewer = seat_round(present=EIGHT[:-1], earlier=[first], **kw)
    assert len(fewer.tables) == 1 and len(fewer.sitting_out) == 3


def test_a_partnership_table_is_seated_by_the_draw() -> None:
    seating = seat_round(
        present=EIGHT, earlier=[], ruleset=PAGAT, sizes=(4,), most_tables=2,
        movement=Movement.REDRAW, seed=11,
    )  # fmt: skip
    assert [len(t.players) for t in seating.tables] == [4, 4]
    assert all(table.first_dealer == 0 for table in seating.tables), "the highest card deals"


def test_the_same_night_seats_the_same_way() -> None:
    kw = {"ruleset": BLUKE, "sizes": (4, 3), "most_tables": 3, "movement": Movement.REDRAW}
    one = seat_round(present=[*EIGHT, "X", "Y"], earlier=[], seed=9, **kw)
    assert one == seat_round(present=[*EIGHT, "X", "Y"], earlier=[], seed=9, **kw)
    assert [len(t.players) for t in one.tables] == [4, 3, 3]


def test_a_player_at_two_tables_is_refused_in_words() -> None:
    with pytest.raises(NightRefused) as refused:
        check_entered([["P0", "P1", "P2", "P3"], ["P4", "P5", "P6", "P0"]], EIGHT, (4,), 2)
    assert str(refused.value) == "P0 is at table 1 and at table 2; a player sits at one"
    with pytest.raises(NightRefused, match="table 2 has 3 players; its rules take 4"):
        check_entered([["P0", "P1", "P2", "P3"], ["P4", "P5", "P6"]], EIGHT, (4,), 2)
    with pytest.raises(NightRefused, match="Zed is not playing tonight"):
        check_entered([["P0", "P1", "P2", "Zed"]], EIGHT, (4,), 2)
    seated = check_entered([["P0", "P1", "P2", "P3"]], EIGHT, (4,), 2)
    assert seated.sitting_out == tuple(EIGHT[4:])
