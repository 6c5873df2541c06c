"""Legal deals for a table's game, made up by the engine's own bid choices (for the tests)."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.rules import PASS, BidKind, GameResult, bid_choices


def next_deal(result: GameResult, rng: random.Random) -> dict[str, Any]:
    """Return the game's next deal as the game file writes it: legal bids (never all passes,
    so no deal is thrown in), and tricks adding up to the cards."""
    setup = result.next
    assert setup is not None, "the game is over"
    game = result.game
    players = len(game.players)
    bids: dict[int, Any] = {}
    said = []
    for seat in setup.order:
        allowed = [
            choice.bid
            for choice in bid_choices(game.ruleset, setup.cards, said, players)
            if choice.allowed and choice.bid.kind is BidKind.NUMBER
        ]
        numbers = [bid for bid in allowed if bid != PASS]
        last = seat == setup.order[-1] and all(bid == PASS for bid in said)
        bid = rng.choice(numbers if last and numbers else allowed)
        said.append(bid)
        bids[seat] = bid.to_json()
    tricks = [0] * players
    for _ in range(setup.cards):
        tricks[rng.randrange(players)] += 1
    deal: dict[str, Any] = {"bids": [bids[seat] for seat in range(players)]}
    if game.ruleset.partnership:
        deal["team_tricks"] = [tricks[0] + tricks[2], tricks[1] + tricks[3]]
    else:
        deal["tricks"] = tricks
    return deal
