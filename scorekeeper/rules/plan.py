"""What scoring asks of a ruleset on every deal, worked out once per table size.

A game of 26 deals asks the same questions of its ruleset on every deal (the cards of
this slot, who bids first, which numbers may be bid, whether boards or rainbows may be
said). A `Plan` holds the answers, each asked of the `Ruleset` once and kept in its memo,
so scoring looks them up instead of working them out again.
"""

from __future__ import annotations

from .ruleset import Ruleset


class DealRules:
    """What may be bid and paid on a deal of this many cards."""

    __slots__ = ("boards", "cards", "numbers", "one_card", "rainbow_bid", "rainbow_bonus")

    def __init__(self, ruleset: Ruleset, cards: int) -> None:
        self.cards = cards
        self.numbers = ruleset.numeric_bids(cards)  #: the numbers anyone may bid (0 a pass)
        self.boards = ruleset.board is not None
        self.rainbow_bid = ruleset.has_rainbow_bid(cards)
        self.one_card = ruleset.is_one_card(cards)
        self.rainbow_bonus = ruleset.pays_rainbow_bonus(cards)


class Plan:
    """A ruleset's answers for a table of this many players, by deal."""

    __slots__ = (
        "by_cards",
        "fits_all",
        "free_bids",
        "no_levels",
        "orders",
        "pairs",
        "players",
        "ruleset",
        "schedule",
        "sides",
    )

    def __init__(self, ruleset: Ruleset, players: int) -> None:
        self.ruleset = ruleset
        self.players = players
        #: The cards of each deal: none for a table the ruleset does not seat, since a deal
        #: set up by hand may still be judged there; `score_game` refuses such a table first.
        self.schedule = ruleset.schedules.get(players, ())
        #: Seats in bidding order, by dealer.
        self.orders = tuple(ruleset.bidding_order(players, dealer) for dealer in range(players))
        self.sides = ruleset.seats_by_side(players)
        #: Pairs: each partner is scored on their own tricks, the pair's scores added.
        self.pairs = ruleset.pairs
        #: Neither the dealer's hook nor a pass limit: each bid is legal or not on its own.
        self.free_bids = not ruleset.dealer_hook and ruleset.pass_limit is None
        self.no_levels: tuple[None, ...] = (None,) * players
        #: Team tricks and "no trump" are both allowed: `check_fits` has nothing to refuse.
        self.fits_all = ruleset.partnership and ruleset.allows_no_trump()
        self.by_cards = {cards: DealRules(ruleset, cards) for cards in set(self.schedule)}

    def deal(self, cards: int) -> DealRules:
        """Return what may be bid and paid with this many cards (worked out once)."""
        rules = self.by_cards.get(cards)
        if rules is None:  # not on the schedule: a deal set up by hand
            rules = self.by_cards[cards] = DealRules(self.ruleset, cards)
        return rules


def plan(ruleset: Ruleset, players: int) -> Plan:
    """Return the ruleset's plan for this many players, worked out on first use."""
    key = ("plan", players)
    found = ruleset.memo.get(key)
    if found is None:
        found = ruleset.memo[key] = Plan(ruleset, players)
    return found
