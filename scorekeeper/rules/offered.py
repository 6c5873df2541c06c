"""The rulesets offered by slug (the built-ins, then the ready-made variants), and what a table
is told when its rules cannot seat it: the rulesets that can, and the house-rules way."""

from __future__ import annotations

from collections.abc import Sequence

from .parts import MAX_PLAYERS
from .ruleset import Ruleset, builtin_rulesets
from .sentences import Sentence
from .variants import VARIANTS, ready_made_ruleset


def offered_rulesets() -> list[Ruleset]:
    """Return every ruleset offered by slug: the built-ins, then the ready-made variants."""
    return [*builtin_rulesets(), *(ready_made_ruleset(slug) for slug in VARIANTS)]


def seats(ruleset: Ruleset, players: int) -> bool:
    """Say whether this ruleset is played by this many players."""
    return ruleset.min_players <= players <= ruleset.max_players


def players_refusal(refused: str, players: int, takers: Sequence[str]) -> str:
    """Say a ruleset's refusal of this many players, then the rulesets (`takers`, by name) that
    are played by as many, and how house rules can be made for them."""
    if not 2 <= players <= MAX_PLAYERS:
        return refused  # no ruleset, house rules included, seats such a table
    house = Sentence(
        "write house rules for {n} players: on Rules, “New house rules from …” a ruleset, then "
        "change its players and its deals by number of players",
        n=players,
    )
    if not takers:
        return Sentence(
            "{refused}. No ruleset here is played by {n} players: {house}.",
            refused=refused,
            n=players,
            house=house,
        )
    return Sentence(
        "{refused}. For {n} players: {takers}. Or {house}.",
        refused=refused,
        n=players,
        takers=", ".join(takers),
        house=house,
    )


def refused_for_players(refused: str, players: int) -> str:
    """Say a refusal of this many players, naming the offered rulesets played by as many."""
    takers = [found.name for found in offered_rulesets() if seats(found, players)]
    return players_refusal(refused, players, takers)
