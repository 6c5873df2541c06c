"""What a bid is worth while it is said: the preview equals the score the deal gets once recorded.

For every built-in ruleset, every ready-made Joker variant and house variants of boards and
their multipliers, rainbows, a miss penalty, a made pass, a khishti and a pass limit; every
table size each seats, every deal size of its schedule, bidders first, in the middle and
last (the dealer's hook), every bid they may say: each deal the preview scored is written
into a game file after the deals before it and scored by `score_game`, and the side's score
must be the preview's, with the tricks what the preview says they are.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import (
    BUILTIN_DOCUMENTS,
    BidKind,
    DealRecord,
    Game,
    bid_choices,
    builtin_document,
    read_game,
    score_game,
)
from scorekeeper.rules.bidding import PASS, Bid, number
from scorekeeper.rules.entry import DraftDeal
from scorekeeper.rules.game import passes_used
from scorekeeper.rules.variants import VARIANTS, variant_document
from scorekeeper.rules.worth import bid_worth

JOKER_SCORING = builtin_document("joker")["scoring"]
#: House rules beside the ones Scorekeeper brings: what a family may write.
HOUSE = {
    "boards-escalate-hook-pass-limit": {
        "base": "back-alley-individual",
        "name": "House boards",
        "board": {"per_trick": 5, "multipliers": [1, 2, 4]},
        "dealer_hook": True,
        "pass_limit": {"passes": 2, "per": "game"},
    },
    "bridge-multipliers": {
        "base": "back-alley-bridge",
        "name": "House bridge",
        "board": {"per_trick": 20, "multipliers": [3, 6, 9]},
    },
    "joker-made-pass-miss-penalty-khishti": {
        "base": "joker",
        "name": "House Joker",
        "schedule": [1, 2, 3, 4, 5, 9],
        "scoring": {**JOKER_SCORING, "sets": [[1, 2], [3, 4]]},
        "made_pass": 50,
        "miss_penalty": {"fixed": -100, "short": -50, "over": 0},
        "khishti": {"fixed": -300, "per_card": -10},
        "premia": {"of": "sum", "times": 2, "strike": "always"},
    },
}
RULESETS: dict[str, Any] = {
    **{slug: slug for slug in BUILTIN_DOCUMENTS},
    **{slug: variant_document(slug) for slug in VARIANTS},
    **HOUSE,
}
OFF = {"made": 0, "short": -1, "over": 1}


def least(game: Game, cards: int, said: list[Bid], seat: int, *, passing: bool = False) -> Bid:
    """Return the lowest bid above a pass the seat may say (a pass where nothing else is), or
    the lowest of all where `passing`."""
    number, players = len(game.deals) + 1, len(game.players)
    used = passes_used(game, number) or (0,) * players
    allowed = [
        choice.bid
        for choice in bid_choices(game.ruleset, cards, said, players, passes_used=used[seat])
        if choice.allowed
    ]
    numbers = [bid for bid in allowed if bid.kind is BidKind.NUMBER and (passing or bid.tricks)]
    return (numbers or allowed)[0]


def earlier_deals(reference: Any, players: int, slots: int) -> list[dict[str, Any]]:
    """Return deals that fill the schedule's first slots: the first bidder bids the least and
    takes every trick, everyone else bids the least above a pass and takes none. Whoever bids
    first changes from deal to deal, so no side makes every bid of a set and no set's bonus
    is paid or struck on the deal under test."""
    deals: list[dict[str, Any]] = []
    for _ in range(slots):
        game = read_game(game_file(reference, players, deals))
        setup = score_game(game).next
        assert setup is not None
        said: list[Bid] = []
        for seat in setup.order:
            said.append(least(game, setup.cards, said, seat, passing=not said))
        bids = dict(zip(setup.order, said, strict=True))
        deal: dict[str, Any] = {"bids": [bids[seat].to_json() for seat in range(players)]}
        if game.ruleset.partnership:
            first = game.ruleset.side_of(setup.order[0])
            deal["team_tricks"] = [setup.cards, 0] if first == 0 else [0, setup.cards]
        else:
            deal["tricks"] = [
                setup.cards if seat == setup.order[0] else 0 for seat in range(players)
            ]
        deals.append(deal)
    return deals


def game_file(reference: Any, players: int, deals: list[dict[str, Any]]) -> dict[str, Any]:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu"]
    names += [f"P{seat}" for seat in range(len(names), players)]
    return {"ruleset": reference, "players": names[:players], "first_dealer": 0, "deals": deals}


def side_target(game: Game, cards: int, bids: tuple[Bid, ...], side: int) -> int:
    """The tricks a side must take to make its bids, counted afresh: every card for a board,
    one for a rainbow, else the numbers it bid."""
    seats = game.ruleset.seats_by_side(len(game.players))[side]
    if any(bids[seat].kind is BidKind.BOARD for seat in seats):
        return cards
    return sum(1 if bids[seat].kind is BidKind.RAINBOW else bids[seat].tricks for seat in seats)


def side_tricks(game: Game, record: DealRecord, side: int) -> int:
    if record.team_tricks is not None:
        return record.team_tricks[side]
    assert record.tricks is not None
    return sum(record.tricks[seat] for seat in game.ruleset.seats_by_side(len(game.players))[side])


def check_table(reference: Any, players: int) -> int:
    """Check every preview at a table of this size; return how many were compared."""
    compared = 0
    ruleset = read_game(game_file(reference, players, [])).ruleset
    schedule = ruleset.schedule(players)
    firsts = sorted({schedule.index(cards) for cards in schedule})
    deals = earlier_deals(reference, players, max(firsts))
    for slot in firsts:
        before = deals[:slot]
        game = read_game(game_file(reference, players, before))
        setup = score_game(game).next
        assert setup is not None and setup.cards == schedule[slot]
        places = sorted({0, players // 2, players - 1})
        for place in places:
            # The bids before, as the table takes them: 1 and pass by turns, where allowed.
            deal = DraftDeal(game, setup)
            for index in range(place):
                allowed = [choice.bid for choice in deal.choices() if choice.allowed]
                wanted = PASS if index % 2 else number(1)
                bid = wanted if wanted in allowed else allowed[0]
                deal = deal.tap("bid", str(bid.to_json()))
            for choice in deal.choices():
                if choice.allowed:
                    compared += check_bid(
                        reference, players, before, game, setup, list(deal.bids), choice.bid
                    )
    return compared


def check_bid(reference, players, before, game, setup, said, bid) -> int:
    worth = bid_worth(game, setup, said, bid)
    bidder = setup.order[len(said)]
    if worth.thrown_in:
        return 0
    compared = 0
    for outcome, record in worth.deals:
        in_order = [record.bids[seat] for seat in setup.order]
        assert in_order[: len(said)] == said and in_order[len(said)] == bid
        target = side_target(game, setup.cards, record.bids, worth.side)
        assert side_tricks(game, record, worth.side) == target + OFF[outcome], (outcome, record)
        document = game_file(reference, players, [*before, record.to_json()])
        recorded = score_game(read_game(document)).deals[-1]
        assert recorded.sides is not None
        score = recorded.sides[worth.side].score
        shown = getattr(worth, outcome)
        if outcome == "over" and shown is None:
            assert score == worth.made, (outcome, record, score, worth)
        else:
            assert score == shown, (outcome, record, score, worth)
        compared += 1
    assert game.ruleset.side_of(bidder) == worth.side
    return compared


@pytest.mark.parametrize("slug", list(RULESETS))
def test_the_preview_is_the_recorded_score_at_every_table(slug: str) -> None:
    reference = RULESETS[slug]
    ruleset = read_game(game_file(reference, 4 if slug != "bluke" else 2, [])).ruleset
    compared = sum(check_table(reference, players) for players in sorted(ruleset.schedules))
    assert compared > 0
