"""A bidding screen's worths, worked out once and kept: the same as each bid's worth afresh.

Every bidding screen of every golden game (each deal's bids as the table said them, a bidder
at a time, every bid offered): `bid_worths`, asked twice (the second answer the one kept),
equals `bid_worth` worked out afresh for each bid. The kept screens are bounded.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import bid_choices, read_game, score_game
from scorekeeper.rules.bidding import number
from scorekeeper.rules.game import passes_used
from scorekeeper.rules.worth import SCREENS_KEPT, _worked_out, bid_worth, bid_worths
from tests.conftest import EXAMPLES, example

GOLDEN = sorted(path.name.removesuffix(".game.json") for path in EXAMPLES.glob("*.game.json"))


@pytest.mark.parametrize("name", GOLDEN)
def test_kept_worths_are_the_worths_afresh(name: str) -> None:
    result = score_game(read_game(example(name)))
    game = result.game
    screens = 0
    for deal in result.deals:
        setup = deal.setup
        used = passes_used(game, setup.number)
        for said in range(len(deal.record.bids)):
            so_far = deal.record.bids[:said]
            seat = setup.order[said]
            offered = [
                choice.bid
                for choice in bid_choices(
                    game.ruleset,
                    setup.cards,
                    so_far,
                    len(game.players),
                    passes_used=used[seat] if used else 0,
                )
                if choice.allowed
            ]
            fresh = tuple(bid_worth(game, setup, so_far, bid) for bid in offered)
            assert bid_worths(game, setup, so_far, offered) == fresh
            assert bid_worths(game, setup, so_far, offered) == fresh  # the kept answer
            screens += 1
    assert screens >= 8  # every golden game has two deals or more of four bidders


def test_kept_worths_are_bounded() -> None:
    game = read_game(example("joker"))
    setup = score_game(game).deals[-1].setup
    # More screens than are kept: one per first bid said, many times over.
    for tricks in range(SCREENS_KEPT + 10):
        bid_worths(game, setup._replace(index=1000 + tricks), [number(1)], [number(0)])
    assert SCREENS_KEPT == 256
    assert len(_worked_out._kept) == SCREENS_KEPT
