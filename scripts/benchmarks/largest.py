"""The largest game Scorekeeper accepts: every limit at its maximum.

20 players with 100-character names, a house ruleset with an 80-character name and a
104-deal schedule, and one thrown-in deal for each deal of it (208 deals in all). The
benchmarks measure every page of it, and `tests/web/test_largest_game.py` holds each
page to its budget.
"""

from __future__ import annotations

import copy
from typing import Any

from scorekeeper.rules import BUILTIN_DOCUMENTS, MAX_NAME_LENGTH
from scorekeeper.rules.parts import (
    MAX_DEALS,
    MAX_DECK,
    MAX_PLAYERS,
    NAME_LENGTH,
    THROWN_IN_PER_DEAL,
)

#: Cards each in every deal: as many as 20 players can be dealt from the largest deck.
CARDS = MAX_DECK // MAX_PLAYERS


def largest_ruleset() -> dict[str, Any]:
    """Return the house ruleset of the largest game: Individual Back Alley for 20 players."""
    document = copy.deepcopy(BUILTIN_DOCUMENTS["back-alley-individual"])
    document.update(
        name=("Twenty at the table, a hundred and four deals, " * 2)[:NAME_LENGTH],
        players=[MAX_PLAYERS, MAX_PLAYERS],
        deck=MAX_DECK,
        schedule={str(MAX_PLAYERS): [CARDS] * MAX_DEALS},
        one_card=None,
    )
    return document


def player_name(seat: int) -> str:
    """Return a 100-character name, every one different, with letters of three scripts."""
    stem = f"{seat:02d} ანა & Ann “the Hook” Ольга "
    return (stem * 10)[: MAX_NAME_LENGTH - 1] + "."


def played_deal(number: int) -> dict[str, Any]:
    """Return a played deal: every player bids one and the tricks go round."""
    tricks = [0] * MAX_PLAYERS
    for trick in range(CARDS):
        tricks[(number + trick * 3) % MAX_PLAYERS] += 1
    return {"bids": [1] * MAX_PLAYERS, "tricks": tricks, "trump": "hearts"}


def largest_game() -> dict[str, Any]:
    """Return the largest game file: every deal of the schedule, each thrown in once first."""
    deals: list[dict[str, Any]] = []
    for number in range(1, MAX_DEALS + 1):
        deals += [{"bids": ["pass"] * MAX_PLAYERS}] * THROWN_IN_PER_DEAL
        deals.append(played_deal(number))
    return {
        "ruleset": largest_ruleset(),
        "players": [player_name(seat) for seat in range(MAX_PLAYERS)],
        "first_dealer": 0,
        "deals": deals,
    }
