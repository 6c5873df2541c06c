"""What the JSON API answers about a game, as plain data: the whole game, one deal, a change.

The whole game carries every deal's scores and totals but not its explanation: a
long game of many players would otherwise send a megabyte of sentences on every read.
Each deal, with its explanation, is its own answer.
"""

from __future__ import annotations

from typing import Any

from ..storage import Connection, NotFound, StoredGame, get_game, get_game_for


def whole_game(db: Connection, game_id: str, device: str | None) -> tuple[StoredGame, dict, bool]:
    """Return a game, its answer (id, version, game file, scores without explanations) and
    whether this device may change it; raise NotFound for an unknown game."""
    stored, standing = get_game_for(db, game_id, device)
    return stored, game_answer(stored), standing.scores


def game_answer(stored: StoredGame) -> dict[str, Any]:
    """Return a game as the API shows it: id, version, game file, scores without explanations."""
    result = stored.result().to_json()
    for deal in result["deals"]:
        del deal["explain"]
    return {
        "id": stored.id,
        "version": stored.version,
        "game": stored.game.to_json(),
        "result": result,
    }


def one_deal(stored: StoredGame, position: int) -> dict[str, Any]:
    """Return one deal scored, with its explanation, by its place in the game file."""
    deals = stored.result().deals
    if not 1 <= position <= len(deals):
        raise NotFound(f"deal {position}")
    return {"position": position, **deals[position - 1].to_json()}


def what_changed(stored: StoredGame, position: int | None) -> dict[str, Any]:
    """Return what a write changed: the deal written (or none), the totals, the version."""
    result = stored.result()
    deal = None
    if position is not None and position <= len(result.deals):
        deal = one_deal(stored, position)
    return {
        "id": stored.id,
        "version": stored.version,
        "deal": deal,
        "deals": len(result.deals),
        "sides": list(result.sides),
        "totals": list(result.totals),
        "complete": result.complete,
        "winners": None if result.winners is None else list(result.winners),
        "next": None if result.next is None else result.next.to_json(),
    }


def game_file(db: Connection, game_id: str) -> dict[str, Any]:
    """Return a stored game as its game file (docs/game-format.md), to export."""
    return get_game(db, game_id).game.to_json()
