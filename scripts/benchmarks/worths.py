"""What the bid worths cost a bidding page: every offered bid's worth, worked out in-process.

Every bidding screen of a golden game's deals of one size (each bidder in turn, the bids
said before as the table said them): the worths of every bid offered, worked out afresh
(`bid_worth` for each, as a screen not seen before costs) and drawn again (`bid_worths`,
the screen's worths kept). Process time in microseconds, the median over the rounds of the
mean per screen.
"""

from __future__ import annotations

import time
from typing import Any

from . import example
from .figures import Figure

#: The deals measured: a 9-card Joker deal (4 players) and a 13-card Back Alley one.
DEALS = (("joker", 9, "a 9-card Joker deal"), ("back-alley-pagat", 13, "a 13-card Back Alley deal"))


def worth_figures(rounds: int) -> list[Figure]:
    """Time a bidding page's worths, afresh and drawn again, for each deal size measured."""
    from scorekeeper.rules.worth import bid_worth, bid_worths

    figures = []
    for name, cards, what in DEALS:
        screens = _screens(name, cards)
        fresh = Figure(f"Bid worths of one bidding page, {what}, worked out afresh", "µs")
        kept = Figure(f"Bid worths of one bidding page, {what}, drawn again (kept)", "µs")
        for screen in screens:
            bid_worths(*screen)  # kept, for the second figure
        for _ in range(rounds):
            fresh.runs.append(
                _per_screen(screens, lambda g, s, b, o: [bid_worth(g, s, b, bid) for bid in o])
            )
            kept.runs.append(_per_screen(screens, bid_worths))
        note = f"{len(screens)} screens, {sum(len(s[3]) for s in screens)} bids offered"
        fresh.note = kept.note = note
        figures += [fresh, kept]
    return figures


def _per_screen(screens: list[tuple[Any, ...]], work: Any) -> float:
    """Return the mean process time of `work` over every screen, in µs (each done 5 times)."""
    started = time.process_time()
    for _ in range(5):
        for screen in screens:
            work(*screen)
    return (time.process_time() - started) * 1e6 / (5 * len(screens))


def _screens(name: str, cards: int) -> list[tuple[Any, ...]]:
    """Return every bidding screen of a golden game's deals of `cards` cards: (game, setup,
    bids so far, bids offered)."""
    from scorekeeper.rules import bid_choices, read_game, score_game
    from scorekeeper.rules.game import passes_used

    result = score_game(read_game(example(name)))
    game = result.game
    screens = []
    for deal in result.deals:
        setup = deal.setup
        if setup.cards != cards:
            continue
        used = passes_used(game, setup.number)
        for said in range(len(deal.record.bids)):
            so_far = deal.record.bids[:said]
            passes = used[setup.order[said]] if used else 0
            choices = bid_choices(
                game.ruleset, cards, so_far, len(game.players), passes_used=passes
            )
            offered = tuple(choice.bid for choice in choices if choice.allowed)
            screens.append((game, setup, so_far, offered))
    if not screens:
        raise RuntimeError(f"{name} has no {cards}-card deal")
    return screens
