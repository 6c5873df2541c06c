"""`scorekeeper score GAME --ruleset SLUG_OR_FILE`, and the validation of ruleset documents."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main as scorekeeper
from scorekeeper.rules import Ruleset, RulesetError
from tests.conftest import EXAMPLES

# The same two deals as the compare test: pagat totals 141 / 17; under pagat with bridge
# scoring (10/1/10, boards ×2 ×4 ×8 ×16) 41 + 240 = 281 and 62 - 30 = 32.
TWO_DEALS: dict[str, Any] = {
    "ruleset": "back-alley-pagat",
    "players": ["Ann", "Bob", "Cy", "Dee"],
    "first_dealer": 0,
    "deals": [
        {"bids": [3, 2, 1, 4], "tricks": [4, 2, 1, 6]},
        {"bids": ["pass", 3, "board", "pass"], "tricks": [5, 0, 7, 0]},
    ],
}
BRIDGE_SCORING = {
    "base": "back-alley-pagat",
    "name": "Pagat with bridge scoring",
    "scoring": {"type": "at-least", "per_bid": 10, "over": 1, "set_per_bid": 10},
    "board": {"per_trick": 10, "multipliers": [2, 4, 8, 16]},
}


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = scorekeeper(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path: Path, name: str, document: Any) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document))
    return str(path)


def test_rescore_under_a_house_ruleset_file(tmp_path, capsys) -> None:
    game = write(tmp_path, "game.json", TWO_DEALS)
    status, out, _ = run(capsys, "score", game)
    assert status == 0
    assert json.loads(out)["totals"] == [141, 17]
    rules = write(tmp_path, "rules.json", BRIDGE_SCORING)
    status, out, err = run(capsys, "score", game, "--ruleset", rules)
    assert (status, err) == (0, "")
    result = json.loads(out)
    assert [deal["scores"] for deal in result["deals"]] == [[41, 62], [240, -30]]
    assert result["totals"] == [281, 32]
    assert result["ruleset"] == BRIDGE_SCORING  # the output names the ruleset it used


def test_rescore_under_a_builtin_slug(tmp_path, capsys) -> None:
    game = write(tmp_path, "game.json", TWO_DEALS)
    status, out, _ = run(capsys, "score", game, "--ruleset", "back-alley-catsatcards")
    assert status == 0
    assert json.loads(out)["totals"] == [141, 17]
    assert json.loads(out)["ruleset"] == "back-alley-catsatcards"


def test_a_golden_game_rescored_under_its_own_rules_is_unchanged(capsys) -> None:
    path = str(EXAMPLES / "bluke.game.json")
    expected = json.loads((EXAMPLES / "bluke.expected.json").read_text())
    status, out, _ = run(capsys, "score", path, "--ruleset", "bluke")
    assert status == 0
    assert json.loads(out)["totals"] == expected["totals"]


@pytest.mark.parametrize(
    ("game", "ruleset", "message"),
    [
        (
            TWO_DEALS,
            "back-alley-seven",
            "deal 1: the tricks add up to 13, but with 7 cards each there are 7 tricks",
        ),
        (TWO_DEALS, "bluke", "deal 2: Cy cannot bid board: this ruleset has no boards"),
        (
            {**TWO_DEALS, "deals": [{"bids": [3, 2, 1, 13], "tricks": [4, 2, 1, 6]}]},
            "back-alley-pagat",
            "deal 1: Dee can bid at most 12 with 13 cards",
        ),
        (
            "back-alley-pagat",
            "back-alley-individual",
            "deal 1: only each team's tricks were written down, so the deal cannot be scored "
            "player by player",
        ),
        (
            {"ruleset": "bluke", "players": ["Ann", "Bob", "Cy", "Dee", "Eve"], "deals": []},
            "joker",
            "Joker (Georgia) is played by exactly 4 players, not 5",
        ),
    ],
)
def test_a_deal_illegal_under_the_other_rules_is_one_line_naming_it(
    tmp_path, capsys, game: Any, ruleset: str, message: str
) -> None:
    if isinstance(game, str):
        path = str(EXAMPLES / f"{game}.game.json")
    else:
        path = write(tmp_path, "game.json", game)
    status, out, err = run(capsys, "score", path, "--ruleset", ruleset)
    assert status == 1
    assert out == ""
    assert err == f"scorekeeper: {message}\n"


def test_an_impossible_ruleset_file_is_refused_on_one_line(tmp_path, capsys) -> None:
    game = write(tmp_path, "game.json", TWO_DEALS)
    rules = write(tmp_path, "rules.json", {"base": "back-alley-pagat", "deck": 36})
    status, out, err = run(capsys, "score", game, "--ruleset", rules)
    assert (status, out) == (1, "")
    assert err == (
        "scorekeeper: deal 1 gives 13 cards to each of 4 players: 52 cards, but the deck has 36\n"
    )
    status, _, err = run(capsys, "score", game, "--ruleset", str(tmp_path / "missing.json"))
    assert status == 1
    assert "is neither a built-in ruleset" in err and err.startswith("scorekeeper: ")
    assert err.count("\n") == 1


def test_a_game_file_may_carry_its_house_ruleset_inline(tmp_path, capsys) -> None:
    game = write(tmp_path, "game.json", {**TWO_DEALS, "ruleset": BRIDGE_SCORING})
    status, out, _ = run(capsys, "score", game)
    assert status == 0
    assert json.loads(out)["totals"] == [281, 32]
    status, out, _ = run(capsys, "score", game, "--ruleset", "back-alley-pagat")
    assert json.loads(out)["totals"] == [141, 17]


PAGAT = "back-alley-pagat"


@pytest.mark.parametrize(
    ("document", "field", "message"),
    [
        ({"base": PAGAT, "colour": "red"}, None, "unknown rule 'colour'"),
        ({"base": PAGAT, "schedule": []}, "schedule", "must be a non-empty list of card counts"),
        ({"base": PAGAT, "schedule": [3, 0, 3]}, "schedule", "must be at least 1 (it is 0)"),
        ({"base": PAGAT, "schedule": [3, "x"]}, "schedule", 'must be a whole number, not "x"'),
        ({"base": PAGAT, "schedule": 13}, "schedule", "non-empty list of card counts"),
        (
            {"base": PAGAT, "deck": 36},
            "schedule",
            "deal 1 gives 13 cards to each of 4 players: 52 cards, but the deck has 36",
        ),
        (
            {"base": "bluke", "players": [5, 5], "schedule": [11, 10]},
            "schedule",
            "deal 1 gives 11 cards to each of 5 players: 55 cards, but the deck has 54",
        ),
        (
            {"base": "bluke", "schedule": {"2": [1]}},
            "schedule",
            "the schedule has no deals for 3 players",
        ),
        ({"base": PAGAT, "players": [4, 6]}, "partnership", "a partnership needs exactly 4"),
        ({"base": "bluke", "players": [1, 4]}, "players", "must be at least 2 (it is 1)"),
        ({"base": "bluke", "players": [5, 3]}, "players", "is more than the most"),
        (
            {
                "base": PAGAT,
                "scoring": {"type": "at-least", "per_bid": -5, "over": 1, "set_per_bid": 5},
            },
            "scoring",
            "per bid cannot be negative (it is -5)",
        ),
        (
            {
                "base": PAGAT,
                "scoring": {"type": "at-least", "per_bid": 5, "over": 1, "set_per_bid": -5},
            },
            "scoring",
            "set per bid cannot be negative",
        ),
        (
            {"base": PAGAT, "scoring": {"type": "bridge"}},
            "scoring",
            'scoring must have "type": "at-least" or "exact"',
        ),
        (
            {"base": PAGAT, "board": {"per_trick": -10, "multipliers": [1]}},
            "board",
            "a board's points per trick cannot be negative",
        ),
        (
            {"base": PAGAT, "board": {"per_trick": 10, "multipliers": [1, 0]}},
            "board",
            "a board multiplier must be at least 1 (it is 0)",
        ),
        (
            {"base": PAGAT, "board": {"per_trick": 10, "multipliers": [1, -2]}},
            "board",
            "a board multiplier must be at least 1 (it is -2)",
        ),
        (
            {"base": PAGAT, "board": {"per_trick": 10, "multipliers": []}},
            "board",
            "multipliers must be a non-empty list",
        ),
        (
            {"base": PAGAT, "board": {"per_trick": 10, "multipliers": "1 2 3"}},
            "board",
            "multipliers must be a non-empty list",
        ),
        ({"base": PAGAT, "rainbow": {"bonus": -8}}, "rainbow", "the rainbow bonus cannot be"),
        ({"base": PAGAT, "rainbow": {"pot": 8}}, "rainbow", "rainbow must be null"),
        ({"base": PAGAT, "one_card": {"board": -13}}, "one_card", "cannot be negative"),
        ({"base": "bluke", "one_card": {"board": 13}}, "one_card", "one_card needs boards"),
        (
            {"base": "bluke", "bids": {"min": 1, "max": "n-1"}},
            "bids",
            "with 1 card nobody could bid a number",
        ),
        ({"base": PAGAT, "bids": {"min": 2, "max": "n"}}, "bids", "the lowest bid must be 0 or 1"),
        ({"base": PAGAT, "lead": "dealer"}, "lead", 'lead must be "highest" or "left"'),
        ({"base": PAGAT, "redeal": "always"}, "redeal", "redeal must be null"),
        ({"base": PAGAT, "first_bidder": "me"}, "first_bidder", 'must be "left" or "right"'),
        ({"base": PAGAT, "dealer_hook": "yes"}, "dealer_hook", "must be true or false"),
        ({"base": PAGAT, "name": " "}, "name", "the ruleset needs a name"),
        ({"base": PAGAT, "name": "x" * 81}, "name", "the name is too long"),
        ({"base": "canasta"}, None, 'unknown ruleset "canasta"'),
        ({"name": "Bare"}, None, "a ruleset without a base must give every rule; missing:"),
        (
            {
                "base": "joker",
                "scoring": {
                    **{
                        "type": "exact",
                        "made_base": 50,
                        "made_per_trick": 50,
                        "all_base": 100,
                        "all_per_trick": 100,
                        "missed_per_trick": 10,
                    },
                    "sets": [[1, 30]],
                },
            },
            "scoring",
            "the set of deals 1–30 is not within the game",
        ),
    ],
)
def test_validation_refuses_nonsense_and_names_the_rule(
    document: dict[str, Any], field: str | None, message: str
) -> None:
    with pytest.raises(RulesetError) as refused:
        Ruleset.from_document(document)
    assert message in str(refused.value)
    assert refused.value.field == field
    assert "\n" not in str(refused.value)


def test_the_five_player_variant_fits_the_deck() -> None:
    # 5 players × 10 cards = 50 cards, and one more to turn up for trump: 51 of 54.
    ruleset = Ruleset.from_document(
        {
            "base": "back-alley-individual",
            "name": "Five-handed",
            "players": [5, 5],
            "deck": 54,
            "schedule": [*range(10, 0, -1), *range(1, 11)],
            "first_bidder": "left",
            "board": {"per_trick": 6, "multipliers": [1, 2, 3, 4, 5]},
            "rainbow": {"bonus": 8},
            "one_card": None,
        }
    )
    assert len(ruleset.schedule(5)) == 20
    assert ruleset.board is not None and ruleset.board.multiplier(7) == 5


def test_rainbows_held_count_only_where_the_other_rules_pay_for_them(tmp_path, capsys) -> None:
    game = json.loads((EXAMPLES / "back-alley-bridge.game.json").read_text())
    expected = json.loads((EXAMPLES / "back-alley-bridge.expected.json").read_text())
    held = [0, 0]
    for deal in game["deals"]:
        for seat in deal.get("rainbows", []):
            held[seat % 2] += 1
    assert sum(held) > 0, "the golden bridge game has rainbows"
    rules = write(
        tmp_path,
        "rules.json",
        {"base": "back-alley-bridge", "name": "Bridge, no rainbows", "rainbow": None},
    )
    status, out, _ = run(capsys, "score", str(EXAMPLES / "back-alley-bridge.game.json"),
                         "--ruleset", rules)  # fmt: skip
    assert status == 0
    # Each rainbow was worth 10 to its team; without them each total drops by 10 a rainbow.
    assert json.loads(out)["totals"] == [
        total - 10 * count for total, count in zip(expected["totals"], held, strict=True)
    ]
