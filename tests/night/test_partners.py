"""Partners kept, tables rotated: the rule of the rotation (docs/club-night.md, "Partners
kept"), checked over whole nights: partners never split, partnerships meet as few old
opponents as the numbers allow, and sit-outs go round fairly."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from scorekeeper.night import Movement, NightRefused, RoundSeating, read_plan, seat_round
from scorekeeper.night.partners import circle, partnerships_of
from scorekeeper.rules import find_ruleset
from tests.night.rounds import seat_rounds

PAGAT = find_ruleset("back-alley-pagat")


def _night(players: list[str], tables: int, rounds: int, seed: int = 0) -> list[RoundSeating]:
    return seat_rounds(players, rounds, PAGAT, (4,), tables, seed=seed, movement=Movement.PARTNERS)


def _units(seating: RoundSeating) -> set[frozenset[str]]:
    return {frozenset(pair) for pair in partnerships_of(seating)}


def _meetings(night: list[RoundSeating]) -> Counter[frozenset[frozenset[str]]]:
    met: Counter[frozenset[frozenset[str]]] = Counter()
    for seating in night:
        for table in seating.tables:
            seats = table.players
            met[frozenset((frozenset(seats[0::2]), frozenset(seats[1::2])))] += 1
    return met


def _sat_out(night: list[RoundSeating]) -> Counter[frozenset[str]]:
    out: Counter[frozenset[str]] = Counter()
    for seating in night:
        names = seating.sitting_out
        out.update(frozenset(names[i : i + 2]) for i in range(0, len(names), 2))
    return out


@pytest.mark.parametrize(("count", "tables", "rounds"), [(8, 2, 4), (10, 2, 5), (12, 2, 6)])
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_partners_are_never_split(count, tables, rounds, seed) -> None:
    night = _night([f"P{n}" for n in range(count)], tables, rounds, seed)
    first = _units(night[0])
    assert len(first) == count // 2
    for seating in night[1:]:
        assert _units(seating) == first
        for table in seating.tables:  # partners sit opposite: seats 1 and 3, 2 and 4
            assert frozenset(table.players[0::2]) in first
            assert frozenset(table.players[1::2]) in first


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_four_partnerships_meet_each_other_once_in_three_rounds(seed) -> None:
    met = _meetings(_night([f"P{n}" for n in range(8)], 2, 3, seed))
    assert len(met) == 6 and set(met.values()) == {1}  # 4 partnerships: 6 meetings, none twice


@pytest.mark.parametrize("seed", [0, 3])
def test_a_fourth_round_of_four_partnerships_repeats_only_what_it_must(seed) -> None:
    # Three rounds use up every meeting of four partnerships: round 4's two tables repeat two.
    met = _meetings(_night([f"P{n}" for n in range(8)], 2, 4, seed))
    assert len(met) == 6 and sum(met.values()) == 8 and max(met.values()) == 2


@pytest.mark.parametrize("seed", [0, 5])
def test_an_odd_count_of_partnerships_sits_out_in_turn_and_meets_everyone(seed) -> None:
    # Five partnerships at two tables over five rounds: each meets the four others once, and
    # each sits out once (the circle's empty place).
    night = _night([f"P{n}" for n in range(10)], 2, 5, seed)
    met = _meetings(night)
    assert len(met) == 10 and set(met.values()) == {1}
    out = _sat_out(night)
    assert len(out) == 5 and set(out.values()) == {1}


def test_with_fewer_tables_than_meetings_the_sit_outs_go_round() -> None:
    # Six partnerships, two tables: two partnerships sit out each round; over six rounds each
    # sits out twice and never two rounds running.
    night = _night([f"P{n}" for n in range(12)], 2, 6)
    out = _sat_out(night)
    assert len(out) == 6 and set(out.values()) == {2}
    for before, after in itertools.pairwise(night):
        assert not _units(RoundSeating((), before.sitting_out)) & _units(
            RoundSeating((), after.sitting_out)
        )


def test_a_late_player_partners_the_one_whose_partner_went_home() -> None:
    players = [f"P{n}" for n in range(8)]
    night = _night(players, 2, 1)
    gone = night[0].tables[0].players[0]
    left_alone = night[0].tables[0].players[2]
    present = [name for name in players if name != gone] + ["Late"]
    second = seat_round(
        present=present,
        earlier=night,
        ruleset=PAGAT,
        sizes=(4,),
        most_tables=2,
        movement=Movement.PARTNERS,
        seed=0,
    )
    units = _units(second)
    assert frozenset((left_alone, "Late")) in units
    assert len(units & _units(night[0])) == 3  # the other three partnerships are kept


def test_the_circle_meets_everyone_once() -> None:
    # Five partnerships (places 0-4, place 5 empty), five turns: each two meet once.
    met = Counter(frozenset(pair) for turn in range(5) for pair in circle(5, turn))
    assert set(met.values()) == {1} and len(met) == 15
    assert circle(4, 0) == [(0, 1), (2, 3)]  # turn 0 is round 1 as drawn: 1 v 2, 3 v 4


def test_the_circle_of_five_is_the_one_docs_club_night_md_shows() -> None:
    # Partnerships 1-5 are places 0-4; place 5 is the empty place (its partner sits out).
    shown = [
        [(1, 2), (3, 4), (5, None)],
        [(1, 4), (2, None), (3, 5)],
        [(1, None), (4, 5), (2, 3)],
        [(1, 5), (None, 3), (4, 2)],
        [(1, 3), (5, 2), (None, 4)],
    ]
    for turn, meetings in enumerate(shown):
        said = [tuple(p + 1 if p < 5 else None for p in pair) for pair in circle(5, turn)]
        assert said == meetings


def _plan(ruleset: str, count: int) -> dict:
    return {"name": "Friday", "ruleset": ruleset, "players": [f"P{n}" for n in range(count)],
            "tables": 2, "rounds": 3, "movement": "partners"}  # fmt: skip


def test_partners_kept_is_refused_in_words_for_rules_without_partners() -> None:
    with pytest.raises(NightRefused) as refused:
        read_plan(_plan("joker", 8))
    assert refused.value.field == "movement"
    assert str(refused.value) == (
        "Joker (Georgia) is played without partners: only a partnership game can keep its partners"
    )


def test_partners_kept_is_refused_in_words_for_an_odd_count() -> None:
    with pytest.raises(NightRefused) as refused:
        read_plan(_plan("back-alley-pagat", 9))
    assert refused.value.field == "players"
    assert "an even number of players" in str(refused.value) and "has 9" in str(refused.value)
    assert read_plan(_plan("back-alley-pagat", 8)).movement is Movement.PARTNERS
