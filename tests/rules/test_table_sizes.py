"""A table the rules are not played by: the refusal names the offered rulesets that are played by
as many (the built-ins, then the ready-made ones) and the house-rules way, wherever it is said."""

from __future__ import annotations

import json

import pytest

from scorekeeper.rules import PlayersRefused, read_game
from tests.rules.conftest import run_cli

HOUSE_WAY = (
    "write house rules for {n} players: on Rules, “New house rules from …” a ruleset, then "
    "change its players and its deals by number of players"
)


def names(count: int) -> list[str]:
    return [f"Player {seat}" for seat in range(1, count + 1)]


@pytest.mark.parametrize(
    ("slug", "count", "said"),
    [
        ("back-alley-pagat", 6, "Back Alley (pagat.com) is played by exactly 4 players, not 6. "
         "For 6 players: Bluke, New Jersey Bluke. Or " + HOUSE_WAY.format(n=6) + "."),
        ("joker", 3, "Joker (Georgia) is played by exactly 4 players, not 3. For 3 players: "
         "Individual Back Alley, Bluke, New Jersey Bluke. Or " + HOUSE_WAY.format(n=3) + "."),
        ("bluke", 16, "Bluke is played by 2 to 15 players, not 16. No ruleset here is played "
         "by 16 players: " + HOUSE_WAY.format(n=16) + "."),
        # No ruleset, house rules included, seats 21: the refusal alone.
        ("bluke", 21, "Bluke is played by 2 to 15 players, not 21"),
    ],
)  # fmt: skip
def test_a_refused_table_is_told_the_rulesets_it_can_play(slug: str, count: int, said: str):
    with pytest.raises(PlayersRefused) as refused:
        read_game({"ruleset": slug, "players": names(count)})
    assert str(refused.value) == said
    assert (refused.value.players, refused.value.field) == (count, "players")


def test_the_command_and_the_api_say_it_too(client, tmp_path) -> None:
    game = {"ruleset": "back-alley-pagat", "players": names(6)}
    path = tmp_path / "six.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    done = run_cli("score", str(path))
    assert done.returncode == 1
    assert done.stderr.startswith("scorekeeper: Back Alley (pagat.com) is played by exactly 4")
    assert "For 6 players: Bluke, New Jersey Bluke. Or write house rules" in done.stderr
    from tests.conftest import csrf_token

    answer = client.post("/api/games", json=game, headers={"X-CSRFToken": csrf_token(client)})
    assert answer.status_code == 422
    assert answer.get_json()["error"] == done.stderr.strip().removeprefix("scorekeeper: ")
