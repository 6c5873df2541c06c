"""The deal a tap leaves is the deal its stored draft replays to, so the page after a tap can
show the one the tap made (and a replay after a restart shows the same)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import read_game, score_game
from scorekeeper.rules.drafts import from_draft, remember
from scorekeeper.rules.entry import DraftDeal, replay, taps_of
from tests.conftest import example


@pytest.mark.parametrize(
    "name", ["back-alley-pagat", "joker", "bluke", "back-alley-individual", "back-alley-bridge"]
)
def test_every_tap_leaves_the_deal_its_draft_replays_to(name: str) -> None:
    game = read_game(example(name))
    result = score_game(game)
    checked = 0
    for deal in result.deals:
        if deal.thrown_in:
            continue
        setup, taps = deal.setup, taps_of(game, deal.setup, deal.record)
        tapped = DraftDeal(game.with_deals(game.deals[: setup.index - 1]), setup)
        fresh = replay(tapped.game, setup, [])
        assert fresh == tapped
        position = 0
        while not tapped.complete:
            tapped = tapped.tap(*taps[position]).fill_forced()
            position = len(tapped.steps)
            again = replay(tapped.game, setup, tapped.to_draft()["steps"])
            assert again == tapped, (name, setup.number, tapped.steps)
            checked += 1
    assert checked > len(result.deals)  # every deal took taps, most of them several


def test_the_only_bid_left_is_marked_filled_in_whether_tapped_or_replayed() -> None:
    # Bluke's 1-card deals: nobody may pass and nobody may bid more than 1, so every bid
    # is the only one possible, the first bidder's included.
    game = read_game(example("bluke"))
    result = score_game(game)
    one_card = next(deal for deal in result.deals if deal.setup.cards == 1)
    setup = one_card.setup
    start = DraftDeal(game.with_deals(game.deals[: setup.index - 1]), setup)
    assert start.forced() == ("bid", "1")
    tapped = start.tap("bid", "1").fill_forced()
    assert tapped.filled[0] == 0  # the first bid, tapped, was the only choice too
    assert replay(start.game, setup, tapped.to_draft()["steps"]) == tapped


def test_a_draft_is_replayed_once_for_its_game_and_a_tapped_deal_is_not_replayed_at_all() -> None:
    game = read_game({**example("back-alley-pagat"), "deals": []})
    setup = score_game(game).next
    assert setup is not None
    draft = {"position": setup.index, "steps": [["trump", "hearts"], ["bid", "3"]]}
    first = from_draft(game, setup, draft)
    assert [kind for kind, _ in first.steps] == ["trump", "bid"]
    assert from_draft(game, setup, draft) is first  # the page after the tap: not replayed
    twin = read_game({**example("back-alley-pagat"), "deals": []})  # the same text, read again
    assert from_draft(twin, setup, draft) == first and from_draft(twin, setup, draft) is not first
    tapped = remember(first.tap("bid", "pass"))
    assert from_draft(game, setup, tapped.to_draft()) is tapped
    assert from_draft(game, setup, {**draft, "position": 99}) == DraftDeal(game, setup)
    broken = {"position": setup.index, "steps": [["trump", "hearts"], "bid"]}
    assert from_draft(game, setup, broken).steps == (("trump", "hearts"),)  # replay stops there
