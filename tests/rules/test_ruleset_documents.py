"""Ruleset documents: the built-ins round-trip, and house rules are validated."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scorekeeper.rules import (
    BUILTIN_DOCUMENTS,
    Ruleset,
    RulesetError,
    ScoreError,
    builtin_document,
    find_ruleset,
    read_game,
    score,
)

from .conftest import SLUGS, game, lead_in, scored

KEYS = [
    "name", "players", "deck", "partnership", "schedule", "first_bidder", "bids", "board",
    "scoring", "dealer_hook", "redeal", "rainbow", "one_card", "lead",
]  # fmt: skip


@pytest.mark.parametrize("slug", SLUGS)
def test_builtin_document_round_trips(slug: str) -> None:
    builtin = find_ruleset(slug)
    assert list(builtin.document) == KEYS
    printed = json.loads(json.dumps(builtin.document))
    again = Ruleset.from_document(printed, slug=slug)
    assert again == builtin
    assert again.schedules == builtin.schedules
    assert (again.board, again.scoring, again.rainbow) == (
        builtin.board,
        builtin.scoring,
        builtin.rainbow,
    )
    # Without a slug it is a house ruleset that plays exactly the same.
    house = Ruleset.from_document(printed)
    for field in ("min_players", "max_players", "deck", "partnership", "schedules", "min_bid",
                  "max_bid", "board", "scoring", "dealer_hook", "redeal", "rainbow",
                  "one_card_board", "lead", "first_bidder"):  # fmt: skip
        assert getattr(house, field) == getattr(builtin, field), field


@pytest.mark.parametrize("slug", SLUGS)
def test_base_alone_plays_like_the_base(slug: str) -> None:
    house = Ruleset.from_document({"base": slug})
    assert house.name.startswith(find_ruleset(slug).name)
    assert house.schedules == find_ruleset(slug).schedules
    assert house.scoring == find_ruleset(slug).scoring


def test_builtin_document_is_a_copy() -> None:
    document = builtin_document("back-alley-pagat")
    document["board"]["multipliers"].append(99)
    document["schedule"].clear()
    assert BUILTIN_DOCUMENTS["back-alley-pagat"]["board"]["multipliers"] == [1, 2, 3, 4]
    assert find_ruleset("back-alley-pagat").board.multipliers == (1, 2, 3, 4)


def test_house_rule_changes_only_what_it_says() -> None:
    house = Ruleset.from_document({"base": "back-alley-pagat", "redeal": "same", "name": "Ours"})
    assert (house.name, house.redeal) == ("Ours", "same")
    assert house.scoring == find_ruleset("back-alley-pagat").scoring
    assert house.board == find_ruleset("back-alley-pagat").board


def test_inline_house_ruleset_in_a_game_file() -> None:
    ours = {"base": "back-alley-pagat", "redeal": "same", "schedule": [3, 2, 1]}
    output = scored(ours, [{"bids": ["pass"] * 4}, {"bids": [1, 0, 0, 0], "team_tricks": [3, 0]}])
    assert output["ruleset"] == ours
    # Thrown in, redealt by the same dealer; then Ann's 1 took 3 with Cy: 5 + 2.
    assert [(d["number"], d["dealer"], d["cards"]) for d in output["deals"]] == [
        (1, 0, 3),
        (1, 0, 3),
    ]
    assert output["totals"] == [7, 0]
    assert output["next"] == {"number": 2, "cards": 2, "dealer": 1}
    # The exported file keeps the house ruleset and scores the same.
    again = read_game(json.loads(json.dumps(score(game(ours, [])).game.to_json())))
    assert again.ruleset.redeal == "same"


def test_house_rule_may_change_the_failed_rainbow() -> None:
    # The seven-card Decision: "-40 … and a house rule may change it".
    ours = {"base": "back-alley-seven", "rainbow": {"bid": {"made": 40, "failed": 0}}}
    deals = [
        *lead_in("back-alley-seven", 3),
        {"bids": ["rainbow", 1, 1, 1], "tricks": [0, 1, 1, 2]},
    ]
    assert scored(ours, deals)["deals"][-1]["scores"] == [0, 5, 5, 6]


def test_house_rule_bridge_with_plain_multipliers() -> None:
    ours = {"base": "back-alley-bridge", "board": {"per_trick": 5, "multipliers": [1]}}
    result = scored(ours, [{"bids": [0, "board", "board", 0], "team_tricks": [12, 0]}])
    # Every board single, 5 a trick: Cy's board made 5 x 12 = 60; Bob's lost: -60.
    assert result["deals"][0]["scores"] == [60, -60]


def bad(**changes: Any) -> dict[str, Any]:
    return {"base": "back-alley-pagat", **changes}


def full(**changes: Any) -> dict[str, Any]:
    document = copy.deepcopy(BUILTIN_DOCUMENTS["back-alley-pagat"])
    document.update(changes)
    return document


INVALID = [
    pytest.param([], id="not an object"),
    pytest.param("back-alley-pagat", id="a slug is not a document"),
    pytest.param(bad(colour="red"), id="unknown key"),
    pytest.param({"base": "back-alley", "redeal": "same"}, id="unknown base"),
    pytest.param({"base": 3}, id="base not a slug"),
    pytest.param({k: v for k, v in full().items() if k != "lead"}, id="no base, a key missing"),
    pytest.param(full(extra=1), id="no base, unknown key"),
    pytest.param(bad(name=""), id="blank name"),
    pytest.param(bad(name=5), id="name not text"),
    pytest.param(bad(schedule=[]), id="empty schedule"),
    pytest.param(bad(schedule=[3, 0, 3]), id="card count 0"),
    pytest.param(bad(schedule=[3, -1]), id="negative card count"),
    pytest.param(bad(schedule=[2.5]), id="fractional card count"),
    pytest.param(bad(schedule="13…1"), id="schedule not a list"),
    pytest.param(bad(schedule=[13, 14]), id="4 x 14 = 56 cards > 54"),
    pytest.param({"base": "joker", "schedule": [10]}, id="joker 4 x 10 = 40 > 36"),
    pytest.param({"base": "back-alley-individual", "deck": 36}, id="4 x 13 = 52 > 36"),
    pytest.param({"base": "bluke", "players": [2, 16]}, id="bluke schedule has no 16"),
    pytest.param({"base": "bluke", "schedule": {"4": [3]}}, id="schedule misses 2 players"),
    pytest.param({"base": "bluke", "players": [2, 2], "schedule": {"2": [1], "3": [1]}},
                 id="schedule names 3 players who cannot play"),
    pytest.param({"base": "bluke", "players": [5, 5], "schedule": {"5": [11]}},
                 id="bluke 5 x 11 = 55 > 54"),
    pytest.param({"base": "bluke", "schedule": {str(p): [] for p in range(2, 16)}},
                 id="empty schedule by players"),
    pytest.param(bad(players=[2, 4]), id="partnership of 2-4"),
    pytest.param(bad(players=[4, 5]), id="partnership of 4-5"),
    pytest.param({"base": "bluke", "partnership": True}, id="bluke in partnership"),
    pytest.param(bad(partnership="yes"), id="partnership not a flag"),
    pytest.param(bad(players=[1, 4], partnership=False), id="one player"),
    pytest.param(bad(players=[4, 2], partnership=False), id="fewest more than most"),
    pytest.param(bad(players=4), id="players not a pair"),
    pytest.param(bad(deck=0), id="deck 0"),
    pytest.param(bad(deck="54"), id="deck not a number"),
    pytest.param(bad(board={"per_trick": 10, "multipliers": [1, -2]}), id="negative multiplier"),
    pytest.param(bad(board={"per_trick": 10, "multipliers": []}), id="no multipliers"),
    pytest.param(bad(board={"per_trick": -10, "multipliers": [1]}), id="negative per trick"),
    pytest.param(bad(board={"per_trick": 10}), id="board without multipliers"),
    pytest.param(bad(board={"per_trick": 10, "multipliers": [1], "x": 1}), id="board extra key"),
    pytest.param(bad(scoring={"type": "at-least", "per_bid": -5, "over": 1, "set_per_bid": 5}),
                 id="negative per_bid"),
    pytest.param(bad(scoring={"type": "at-least", "per_bid": 5, "over": -1, "set_per_bid": 5}),
                 id="negative over"),
    pytest.param(bad(scoring={"type": "at-least", "per_bid": 5, "over": 1, "set_per_bid": -5}),
                 id="negative set_per_bid"),
    pytest.param(bad(scoring={"type": "at-least", "per_bid": 5, "over": 1}), id="missing key"),
    pytest.param(bad(scoring={"type": "most", "per_bid": 5}), id="unknown scoring type"),
    pytest.param({"base": "joker", "scoring": {**BUILTIN_DOCUMENTS["joker"]["scoring"],
                                               "made_base": -50}}, id="negative made_base"),
    pytest.param({"base": "joker", "scoring": {**BUILTIN_DOCUMENTS["joker"]["scoring"],
                                               "sets": [[1, 30]]}}, id="set beyond the game"),
    pytest.param({"base": "joker", "scoring": {**BUILTIN_DOCUMENTS["joker"]["scoring"],
                                               "sets": [[1, 8], [5, 12]]}}, id="sets overlap"),
    pytest.param({"base": "joker", "scoring": {**BUILTIN_DOCUMENTS["joker"]["scoring"],
                                               "sets": [[8, 1]]}}, id="set backwards"),
    pytest.param(bad(bids={"min": 2, "max": "n"}), id="min bid 2"),
    pytest.param(bad(bids={"min": -1, "max": "n"}), id="min bid -1"),
    pytest.param(bad(bids={"min": True, "max": "n"}), id="min bid true"),
    pytest.param(bad(bids={"min": 0, "max": "n+1"}), id="max bid n+1"),
    pytest.param(bad(bids={"min": 0}), id="bids without max"),
    pytest.param(bad(first_bidder="across"), id="first bidder across"),
    pytest.param(bad(lead="lowest"), id="lead lowest"),
    pytest.param(bad(redeal="always"), id="redeal always"),
    pytest.param(bad(redeal=True), id="redeal true"),
    pytest.param(bad(dealer_hook="yes"), id="dealer hook not a flag"),
    pytest.param(bad(rainbow={"bonus": -10}), id="negative rainbow bonus"),
    pytest.param(bad(rainbow="yes"), id="rainbow not an object"),
    pytest.param(bad(rainbow={"bid": {"made": -40, "failed": -40}}), id="negative made rainbow"),
    pytest.param(bad(rainbow={"bid": {"made": 40}}), id="rainbow bid without failed"),
    pytest.param(bad(rainbow={"bonus": 10, "bid": {"made": 40, "failed": -40}}),
                 id="rainbow bonus and bid"),
    pytest.param({"base": "bluke", "one_card": {"board": 13}}, id="one_card without boards"),
    pytest.param(bad(one_card={"board": -13}), id="negative one-card board"),
    pytest.param(bad(one_card=13), id="one_card not an object"),
]  # fmt: skip


@pytest.mark.parametrize("document", INVALID)
def test_invalid_ruleset_document(document: Any) -> None:
    with pytest.raises(RulesetError) as caught:
        Ruleset.from_document(document)
    assert caught.value.deal is None
    assert str(caught.value)
    assert "\n" not in str(caught.value)


def test_invalid_inline_ruleset_names_no_deal() -> None:
    with pytest.raises(ScoreError) as caught:
        score(game(bad(schedule=[]), []))
    assert caught.value.deal is None


def test_rainbow_failed_may_be_negative_or_zero() -> None:
    for failed in (-40, 0, -100):
        house = Ruleset.from_document(bad(rainbow={"bid": {"made": 40, "failed": failed}}))
        assert house.rainbow.failed == failed


def test_a_deal_exactly_filling_the_deck_is_fine() -> None:
    # Joker's 4 x 9 = 36 and individual Back Alley's 4 x 13 = 52 use the whole deck.
    assert max(find_ruleset("joker").schedule(4)) * 4 == 36
    assert max(find_ruleset("back-alley-individual").schedule(4)) * 4 == 52
    Ruleset.from_document({"base": "back-alley-pagat", "deck": 52})  # 4 x 13 = 52
