"""Bad input: every kind docs/game-format.md names, in process and through `scorekeeper score`.

The command must exit with status 1, print nothing on stdout and exactly one line on stderr;
that line starts "scorekeeper: ", then "deal N:" (N 1-based, counting thrown-in deals) when it
is about a deal, and names the player when it is about one player.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.rules import (
    GameFileError,
    GameOverError,
    IllegalBid,
    RulesetError,
    ScoreError,
    TricksError,
    load_game_text,
    score_game,
)

from .conftest import FOUR, game, lead_in, run_cli

P = "pass"
OK_DEAL = {"bids": [1, P, P, P], "team_tricks": [1, 12]}  # a legal deal 1 of pagat
PASSES = {"bids": [P, P, P, P]}


def pagat(*deals: Any, **changes: Any) -> str:
    document = game("back-alley-pagat", list(deals))
    document.update(changes)
    return json.dumps(document)


def doc(slug: str, *deals: Any, players: list[str] | None = None, first_dealer: int = 0) -> str:
    return json.dumps(game(slug, list(deals), players=players, first_dealer=first_dealer))


def without(key: str) -> str:
    document = game("back-alley-pagat", [OK_DEAL])
    del document[key]
    return json.dumps(document)


# id, game file text, error class, deal named (None: the game as a whole), player named
BAD = [
    # The file as a whole.
    ("malformed JSON", '{"ruleset": "back-alley-pagat",', GameFileError, None, None),
    ("empty file", "", GameFileError, None, None),
    ("JSON nested too deeply", "[" * 100_000, GameFileError, None, None),
    ("a bid of 5000 digits", pagat({"bids": ["9" * 5000, P, P, P], "team_tricks": [1, 12]}),
     GameFileError, 1, "Ann"),
    ("not an object", "[1, 2, 3]", GameFileError, None, None),
    ("a bare string", '"back-alley-pagat"', GameFileError, None, None),
    ("unknown field", pagat(OK_DEAL, scores=[1, 2]), GameFileError, None, None),
    ("no ruleset", without("ruleset"), GameFileError, None, None),
    ("unknown ruleset", pagat(ruleset="back-alley"), RulesetError, None, None),
    ("ruleset not a name", pagat(ruleset=7), GameFileError, None, None),
    ("no players", without("players"), GameFileError, None, None),
    ("players not a list", pagat(players="Ann, Bob, Cy, Dee"), GameFileError, None, None),
    ("three players for pagat", pagat(players=["Ann", "Bob", "Cy"]), GameFileError, None, None),
    ("five players for joker", doc("joker", players=[*FOUR, "Eve"]), GameFileError, None, None),
    ("one player for bluke", doc("bluke", players=["Ann"]), GameFileError, None, None),
    ("16 for bluke", doc("bluke", players=[f"P{i}" for i in range(16)]), GameFileError, None,
     None),
    ("duplicate names", pagat(players=["Ann", "Bob", "Ann", "Dee"]), GameFileError, None, "Ann"),
    ("duplicate names, other case", pagat(players=["Ann", "Bob", "Cy", "ANN"]), GameFileError,
     None, "ANN"),
    ("duplicate names, spaces", pagat(players=["Ann", "Bob ", "Cy", "bob"]), GameFileError,
     None, "bob"),
    ("blank name", pagat(players=["Ann", "", "Cy", "Dee"]), GameFileError, None, None),
    ("spaces for a name", pagat(players=["Ann", "   ", "Cy", "Dee"]), GameFileError, None, None),
    ("name not text", pagat(players=["Ann", 2, "Cy", "Dee"]), GameFileError, None, None),
    ("first_dealer too big", pagat(first_dealer=4), GameFileError, None, None),
    ("first_dealer negative", pagat(first_dealer=-1), GameFileError, None, None),
    ("first_dealer text", pagat(first_dealer="0"), GameFileError, None, None),
    ("first_dealer true", pagat(first_dealer=True), GameFileError, None, None),
    ("first_dealer fraction", pagat(first_dealer=1.5), GameFileError, None, None),
    ("deals not a list", pagat(deals={"bids": [1, 0, 0, 0]}), GameFileError, None, None),
    # One deal's shape.
    ("deal not an object", pagat(OK_DEAL, [1, 0, 0, 0]), GameFileError, 2, None),
    ("unknown deal field", pagat({**OK_DEAL, "score": 5}), GameFileError, 1, None),
    ("bids missing", pagat({"team_tricks": [1, 12]}), GameFileError, 1, None),
    ("three bids", pagat({"bids": [1, P, P], "team_tricks": [1, 12]}), GameFileError, 1, None),
    ("five bids", pagat({"bids": [1, P, P, P, P], "team_tricks": [1, 12]}), GameFileError, 1,
     None),
    ("unknown bid word", pagat({"bids": [1, "bore", P, P], "team_tricks": [1, 12]}),
     GameFileError, 1, "Bob"),
    ("fractional bid", pagat({"bids": [1, P, 2.5, P], "team_tricks": [1, 12]}), GameFileError,
     1, "Cy"),
    ("negative bid", pagat({"bids": [1, P, P, -2], "team_tricks": [1, 12]}), GameFileError, 1,
     "Dee"),
    ("null bid", pagat({"bids": [None, P, P, P], "team_tricks": [1, 12]}), GameFileError, 1,
     "Ann"),
    # Bids the rules forbid.
    ("bid above n-1", pagat({"bids": [P, 13, P, P], "team_tricks": [1, 12]}), IllegalBid, 1,
     "Bob"),
    ("bid above n", doc("back-alley-catsatcards", {"bids": [P, P, 14, P], "team_tricks": [1, 12]}),
     IllegalBid, 1, "Cy"),
    ("bid above n on deal 2", pagat(OK_DEAL, {"bids": [P, P, 12, P], "team_tricks": [1, 11]}),
     IllegalBid, 2, "Cy"),
    ("pass in bluke", doc("bluke", {"bids": [1, 1, P, 1], "tricks": [13, 0, 0, 0]}), IllegalBid,
     1, "Cy"),
    ("0 in bluke", doc("bluke", {"bids": [0, 1, 1, 1], "tricks": [13, 0, 0, 0]}), IllegalBid, 1,
     "Ann"),
    ("board in bluke", doc("bluke", {"bids": [1, 1, 1, "board"], "tricks": [13, 0, 0, 0]}),
     IllegalBid, 1, "Dee"),
    ("board in joker", doc("joker", {"bids": ["board", 0, 0, 0], "tricks": [1, 0, 0, 0]}),
     IllegalBid, 1, "Ann"),
    ("rainbow in pagat", pagat({"bids": [P, "rainbow", P, P], "team_tricks": [1, 12]}),
     IllegalBid, 1, "Bob"),
    ("rainbow in bridge", doc("back-alley-bridge", *lead_in("back-alley-bridge", 4),
                              {"bids": ["rainbow", 1, 1, 1], "team_tricks": [2, 2]}),
     IllegalBid, 5, "Ann"),
    ("rainbow on 7 cards", doc("back-alley-seven", {"bids": [P, P, "rainbow", P],
                                                    "tricks": [7, 0, 0, 0]}), IllegalBid, 1, "Cy"),
    ("number on a 1-card individual deal",
     doc("back-alley-individual", *lead_in("back-alley-individual", 13),
         {"bids": [P, P, P, 1], "tricks": [0, 0, 0, 1]}), IllegalBid, 14, "Dee"),
    ("dealer's hook", doc("joker", {"bids": [0, 0, 1, 0], "tricks": [0, 0, 1, 0]}), IllegalBid,
     1, "Ann"),
    ("dealer's hook, Dee deals", doc("joker", {"bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0]},
                                     first_dealer=3), IllegalBid, 1, "Dee"),
    ("bad bid counted after a thrown-in deal", pagat(PASSES, {"bids": [P, P, P, 13],
                                                              "team_tricks": [1, 12]}),
     IllegalBid, 2, "Dee"),
    # Tricks.
    ("tricks do not add up", pagat({"bids": [1, P, P, P], "tricks": [1, 1, 1, 1]}), TricksError,
     1, None),
    ("team tricks do not add up", pagat({"bids": [1, P, P, P], "team_tricks": [7, 7]}),
     TricksError, 1, None),
    ("too many tricks", doc("bluke", {"bids": [1, 1, 1, 1], "tricks": [13, 1, 0, 0]}),
     TricksError, 1, None),
    ("negative tricks", doc("bluke", {"bids": [1, 1, 1, 1], "tricks": [7, 7, -1, 0]}),
     TricksError, 1, "Cy"),
    ("negative team tricks", pagat({"bids": [1, P, P, P], "team_tricks": [14, -1]}),
     TricksError, 1, "Bob & Dee"),
    ("missing tricks", pagat({"bids": [1, P, P, P]}), TricksError, 1, None),
    ("missing tricks on deal 3", pagat(OK_DEAL, PASSES, {"bids": [P, 1, P, P]}), TricksError, 3,
     None),
    ("tricks on a thrown-in deal", pagat({"bids": [P, P, P, P], "tricks": [13, 0, 0, 0]}),
     TricksError, 1, None),
    ("team tricks on a thrown-in deal", pagat({"bids": [P, P, P, P], "team_tricks": [13, 0]}),
     TricksError, 1, None),
    ("tricks for three seats", pagat({"bids": [1, P, P, P], "tricks": [13, 0, 0]}),
     GameFileError, 1, None),
    ("tricks as text", pagat({"bids": [1, P, P, P], "tricks": ["13", 0, 0, 0]}), GameFileError,
     1, None),
    ("three team tricks", pagat({"bids": [1, P, P, P], "team_tricks": [13, 0, 0]}),
     GameFileError, 1, None),
    ("team_tricks in bluke", doc("bluke", {"bids": [1, 1, 1, 1], "team_tricks": [7, 6]}),
     GameFileError, 1, None),
    ("team_tricks in joker", doc("joker", {"bids": [0, 0, 0, 0], "team_tricks": [1, 0]}),
     GameFileError, 1, None),
    ("tricks and team_tricks", pagat({"bids": [1, P, P, P], "tricks": [13, 0, 0, 0],
                                      "team_tricks": [13, 0]}), GameFileError, 1, None),
    ("tricks and team_tricks, both null", pagat({"bids": [P, P, P, P], "tricks": None,
                                                  "team_tricks": None}), GameFileError, 1, None),
    ("tricks null beside team_tricks", pagat({"bids": [1, P, P, P], "tricks": None,
                                              "team_tricks": [1, 12]}), GameFileError, 1, None),
    ("team tricks true", pagat({"bids": [1, P, P, P], "team_tricks": [True, 12]}),
     GameFileError, 1, None),
    ("tricks true", pagat({"bids": [1, P, P, P], "tricks": [True, 12, 0, 0]}), GameFileError,
     1, None),
    # Rainbows and trump.
    ("rainbows on the 12-card deal", doc("back-alley-bridge", {"bids": [1, 1, 1, 1],
                                                               "team_tricks": [6, 6],
                                                               "rainbows": [0]}),
     GameFileError, 1, None),
    ("rainbows in pagat", pagat({**OK_DEAL, "rainbows": [1]}), GameFileError, 1, None),
    ("rainbows in seven", doc("back-alley-seven", *lead_in("back-alley-seven", 3),
                              {"bids": [1, P, P, P], "tricks": [4, 0, 0, 0], "rainbows": [0]}),
     GameFileError, 4, None),
    ("rainbow seat 4", doc("back-alley-bridge", *lead_in("back-alley-bridge", 4),
                           {"bids": [1, 1, 1, 1], "team_tricks": [2, 2], "rainbows": [4]}),
     GameFileError, 5, None),
    ("rainbow seat twice", doc("back-alley-bridge", *lead_in("back-alley-bridge", 4),
                               {"bids": [1, 1, 1, 1], "team_tricks": [2, 2], "rainbows": [2, 2]}),
     GameFileError, 5, "Cy"),
    ("rainbows not a list", doc("back-alley-bridge", *lead_in("back-alley-bridge", 4),
                                {"bids": [1, 1, 1, 1], "team_tricks": [2, 2], "rainbows": 0}),
     GameFileError, 5, None),
    ("rainbows on a thrown-in deal", doc("back-alley-bridge", *lead_in("back-alley-bridge", 4),
                                         {"bids": [0, 0, 0, 0], "rainbows": [0]}),
     GameFileError, 5, None),
    ("unknown trump", pagat({**OK_DEAL, "trump": "stars"}), GameFileError, 1, None),
    ("trump not text", pagat({**OK_DEAL, "trump": 3}), GameFileError, 1, None),
    ("no trump without jokers", doc("back-alley-individual", {"bids": [1, P, P, P],
                                                              "tricks": [13, 0, 0, 0],
                                                              "trump": "none"}),
     GameFileError, 1, None),
    # The end of the game.
    ("a 14th bridge deal", doc("back-alley-bridge", *lead_in("back-alley-bridge", 13),
                                           lead_in("back-alley-bridge", 1)[0]),
     GameOverError, 14, None),
    ("a 25th joker deal", doc("joker", *lead_in("joker", 24), lead_in("joker", 1)[0]),
     GameOverError, 25, None),
    ("a thrown-in deal after the end",
     doc("back-alley-individual", *lead_in("back-alley-individual", 14), {"bids": [P] * 4}),
     GameOverError, 15, None),
]  # fmt: skip

CASES = [
    pytest.param(text, kind, deal, name, id=case_id) for case_id, text, kind, deal, name in BAD
]


@pytest.mark.parametrize(("text", "kind", "deal", "name"), CASES)
def test_bad_input_in_process(text: str, kind: type[ScoreError], deal, name) -> None:
    with pytest.raises(ScoreError) as caught:
        score_game(load_game_text(text))
    error = caught.value
    assert isinstance(error, kind), f"{type(error).__name__}: {error}"
    assert error.deal == deal
    message = str(error)
    if deal is None:
        assert not re.match(r"deal \d+:", message)
    else:
        assert message.startswith(f"deal {deal}: ")
    if name is not None:
        assert name in message
    assert "\n" not in message


def assert_one_line_error(status: int, stdout: str, stderr: str, deal, name) -> None:
    """Check docs/game-format.md's rule for bad input on the command line."""
    assert status == 1
    assert stdout == ""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert stderr.endswith("\n")
    assert lines[0].startswith("scorekeeper: ")  # the program's name, then what is wrong
    said = lines[0].removeprefix("scorekeeper: ")
    if deal is None:
        assert not re.match(r"deal \d+:", said)
    else:
        assert said.startswith(f"deal {deal}: ")
    if name is not None:
        assert name in lines[0]


@pytest.mark.parametrize(("text", "kind", "deal", "name"), CASES)
def test_bad_input_through_the_command(text: str, kind, deal, name, write_json, capsys) -> None:
    status = main(["score", write_json(text)])
    captured = capsys.readouterr()
    assert_one_line_error(status, captured.out, captured.err, deal, name)


# A real `scorekeeper score` process for one case of every kind (the full table runs above).
IN_A_SUBPROCESS = {
    "malformed JSON", "JSON nested too deeply", "a bid of 5000 digits", "not an object",
    "unknown ruleset", "three players for pagat",
    "duplicate names, other case", "blank name", "first_dealer too big", "unknown field",
    "three bids", "unknown bid word", "negative bid", "bid above n-1", "pass in bluke",
    "board in joker", "rainbow in pagat", "dealer's hook",
    "bad bid counted after a thrown-in deal", "tricks do not add up", "negative tricks",
    "missing tricks", "tricks on a thrown-in deal", "team_tricks in bluke",
    "tricks and team_tricks", "rainbows on the 12-card deal", "unknown trump",
    "a 14th bridge deal", "unknown deal field",
}  # fmt: skip


@pytest.mark.parametrize(
    ("text", "kind", "deal", "name"), [case for case in CASES if case.id in IN_A_SUBPROCESS]
)
def test_bad_input_in_a_subprocess(text: str, kind, deal, name, write_json) -> None:
    done = run_cli("score", write_json(text))
    assert_one_line_error(done.returncode, done.stdout, done.stderr, deal, name)


def test_every_subprocess_case_is_in_the_table() -> None:
    assert {case.id for case in CASES} >= IN_A_SUBPROCESS


@pytest.mark.parametrize("text", ["{", '{"ruleset": "nope", "players": []}', "[]"])
def test_bad_input_on_standard_input(text: str) -> None:
    done = run_cli("score", "-", stdin=text)
    assert done.returncode != 0
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1


def test_a_missing_file() -> None:
    done = run_cli("score", "/no/such/game.json")
    assert done.returncode != 0
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert "/no/such/game.json" in done.stderr


@pytest.mark.parametrize(
    ("slug", "deal"),
    [
        ("back-alley-individual", {"bids": [1, P, P, P], "team_tricks": [1, 12]}),
        ("back-alley-individual", {"bids": [1, P, P, P], "tricks": [1, 12, 0, 0],
                                   "trump": "none"}),
        ("joker", {"bids": [1, 0, 0, 0], "team_tricks": [1, 0]}),
    ],
)  # fmt: skip
def test_a_game_moved_to_another_ruleset_is_checked_again(slug: str, deal) -> None:
    # `scorekeeper score --ruleset` builds a Game read under pagat and scores it under another.
    from dataclasses import replace

    from scorekeeper.rules import find_ruleset, read_game

    read = read_game(game("back-alley-pagat", [deal]))
    with pytest.raises(GameFileError) as caught:
        score_game(replace(read, ruleset=find_ruleset(slug), ruleset_ref=slug))
    assert caught.value.deal == 1
