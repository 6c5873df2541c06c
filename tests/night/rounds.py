"""A night's rounds seated one after another, as the host starts them (for the tests)."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.night import Movement, RoundSeating, seat_round
from scorekeeper.rules import Ruleset


def seat_rounds(
    players: Sequence[str],
    count: int,
    ruleset: Ruleset,
    sizes: Sequence[int],
    most: int,
    *,
    seed: int,
    movement: Movement = Movement.REDRAW,
) -> list[RoundSeating]:
    """Seat `count` rounds of a night, each moved on from the ones before."""
    earlier: list[RoundSeating] = []
    for _ in range(count):
        earlier.append(
            seat_round(
                present=players,
                earlier=earlier,
                ruleset=ruleset,
                sizes=sizes,
                most_tables=most,
                movement=movement,
                seed=seed,
            )
        )
    return earlier
