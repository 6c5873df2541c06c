"""Every change to a game through the service, on a real SQLite file: one call, one version
check, one transaction; a refused change changes nothing.

The scores are the ones a player works out with the pagat rules (docs/rules.md): a side's
bid is its players' bids added up (pass counts 0); made, it scores 5 a trick bid and 1 a
trick over; set, it loses 5 a trick bid. Ann and Cy play Bob and Dee.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper.rules import ScoreError, read_game
from scorekeeper.service import games
from scorekeeper.service.errors import Conflict, NotAllowed
from scorekeeper.storage import get_game, open_database
from tests.conftest import EXAMPLES, example

SCORER = "the scorer's phone"
WATCHER = "a watching phone"
#: 13 cards: 3+1 = 4 against 2+2 = 4; Ann and Cy take 7 (20 + 3), Bob and Dee 6 (20 + 2).
FIRST = {"bids": [3, 2, 1, 2], "team_tricks": [7, 6]}
#: 12 cards: 2+2 = 4 against 3+1 = 4; Ann and Cy take 3 (set: −20), Bob and Dee 9 (20 + 5).
SECOND = {"bids": [2, 3, 2, 1], "team_tricks": [3, 9]}


@pytest.fixture
def db(tmp_path):
    connection = open_database(tmp_path / "games.sqlite")
    yield connection
    connection.close()


def start(db) -> str:
    document = {"ruleset": "back-alley-pagat", "players": ["Ann", "Bob", "Cy", "Dee"]}
    document |= {"first_dealer": 0, "deals": []}
    return games.start_game(db, read_game(document), device=SCORER).id


def record(db, game_id: str, deal: dict[str, Any], **kwargs: Any):
    number = len(get_game(db, game_id).game.deals) + 1
    return games.record_deal(db, game_id, deal, device=SCORER, number=number, **kwargs)


def test_deals_recorded_one_by_one_give_the_totals_worked_out_by_hand(db) -> None:
    game_id = start(db)
    assert record(db, game_id, FIRST).result().totals == (23, 22)
    stored = record(db, game_id, SECOND)
    assert stored.result().totals == (3, 47)
    assert get_game(db, game_id).version == stored.version


def test_a_correction_rescores_every_later_deal(db) -> None:
    game_id = start(db)
    record(db, game_id, FIRST)
    record(db, game_id, SECOND)
    # Deal 1 was 4 tricks to 9: Ann and Cy made exactly 4 (20), Bob and Dee 4 with 9 (25).
    fixed = {"bids": [3, 2, 1, 2], "team_tricks": [4, 9]}
    stored = games.correct_deal(db, game_id, 1, fixed, device=SCORER)
    assert [deal.totals for deal in stored.result().deals] == [(20, 25), (0, 50)]


def test_a_stale_version_changes_nothing(db) -> None:
    game_id = start(db)
    seen = record(db, game_id, FIRST).version
    record(db, game_id, SECOND, version=seen)
    with pytest.raises(Conflict):
        games.correct_deal(db, game_id, 1, SECOND, device=SCORER, version=seen)
    assert get_game(db, game_id).result().totals == (3, 47)


def test_a_phone_that_may_only_watch_changes_nothing(db) -> None:
    game_id = start(db)
    record(db, game_id, FIRST)
    before = get_game(db, game_id).version
    with pytest.raises(NotAllowed):
        games.record_deal(db, game_id, SECOND, device=WATCHER, number=2)
    with pytest.raises(NotAllowed):
        games.undo_deal(db, game_id, 1, device=WATCHER)
    assert get_game(db, game_id).version == before


def test_a_deal_the_rules_refuse_changes_nothing(db) -> None:
    game_id = start(db)
    record(db, game_id, FIRST)
    before = get_game(db, game_id)
    with pytest.raises(ScoreError):  # 12 cards: the team tricks add up to 13
        record(db, game_id, {"bids": [2, 3, 2, 1], "team_tricks": [4, 9]})
    after = get_game(db, game_id)
    assert (after.version, after.game.deals) == (before.version, before.game.deals)


def test_only_the_last_deal_can_be_undone(db) -> None:
    game_id = start(db)
    record(db, game_id, FIRST)
    record(db, game_id, SECOND)
    with pytest.raises(Conflict, match="Only the last deal"):
        games.undo_deal(db, game_id, 1, device=SCORER)
    assert games.undo_deal(db, game_id, 2, device=SCORER).result().totals == (23, 22)


def test_the_golden_pagat_game_recorded_through_the_service_ends_as_the_golden_file_says(
    db,
) -> None:
    golden = example("back-alley-pagat")
    document = {**golden, "deals": []}
    game_id = games.start_game(db, read_game(document), device=SCORER).id
    for deal in golden["deals"]:
        stored = record(db, game_id, deal)
    expected = json.loads((EXAMPLES / "back-alley-pagat.expected.json").read_text())
    assert list(stored.result().totals) == expected["totals"]
