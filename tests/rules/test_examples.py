"""The golden games of tests/data/examples: the output must match every field expected."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import load_game_text, read_game, score_game

from .conftest import EXAMPLES, SLUGS, run_cli

GAMES = sorted(EXAMPLES.glob("*.game.json"))


def expected_for(path: Path) -> dict[str, Any]:
    return json.loads(path.with_name(path.name.replace(".game.json", ".expected.json")).read_text())


def assert_matches(expected: Any, actual: Any, where: str = "output") -> None:
    """Assert that every field of `expected` is in `actual` with the same value."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where} should be an object"
        for key, value in expected.items():
            assert key in actual, f"{where} has no field {key!r}"
            assert_matches(value, actual[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list), f"{where} should be a list"
        assert len(actual) == len(expected), f"{where} has {len(actual)} items, not {len(expected)}"
        for i, (want, got) in enumerate(zip(expected, actual, strict=True)):
            assert_matches(want, got, f"{where}[{i}]")
    else:
        assert actual == expected, f"{where}: expected {expected!r}, got {actual!r}"


def test_the_examples_are_there() -> None:
    # One golden game per built-in ruleset, plus the partial game of docs/game-format.md.
    names = {path.name.removesuffix(".game.json") for path in GAMES}
    assert names == {*SLUGS, "format-example"}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name.removesuffix(".game.json"))
def test_golden_game_in_process(path: Path) -> None:
    result = score_game(load_game_text(path.read_text()))
    assert_matches(expected_for(path), result.to_json())


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name.removesuffix(".game.json"))
def test_golden_game_on_the_command_line(path: Path) -> None:
    done = run_cli("score", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    output = json.loads(done.stdout)
    assert_matches(expected_for(path), output)
    # The fields the expected files leave out are still printed, in the documented shape.
    assert len(output["sides"]) == len(output["totals"])
    for deal in output["deals"]:
        if deal["thrown_in"]:
            assert deal["explain"] is None
        else:
            assert len(deal["explain"]) == len(output["sides"])
            assert all(
                sentences and all(isinstance(s, str) for s in sentences)
                for sentences in deal["explain"]
            )


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name.removesuffix(".game.json"))
def test_golden_game_survives_export(path: Path) -> None:
    game = load_game_text(path.read_text())
    again = read_game(json.loads(json.dumps(game.to_json())))
    assert score_game(again).to_json() == score_game(game).to_json()


def test_format_example_sides_are_named_as_in_game_format() -> None:
    output = score_game(load_game_text((EXAMPLES / "format-example.game.json").read_text()))
    assert output.to_json()["sides"] == ["Ann & Cy", "Bob & Dee"]


def test_golden_totals_are_sums_of_their_deals() -> None:
    # A check of the expected files themselves, so a typo there cannot hide an engine bug.
    for path in GAMES:
        expected = expected_for(path)
        running = [0] * len(expected["totals"])
        for deal in expected["deals"]:
            if deal["scores"] is not None:
                running = [a + b for a, b in zip(running, deal["scores"], strict=True)]
            assert deal["totals"] == running, path.name
        assert expected["totals"] == running, path.name
