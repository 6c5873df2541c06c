"""What the game page shows, worked out from the stored game (so the views stay thin)."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from ..games import deal_in_progress, last_deal_filled, tap_plan
from ..rules import DealResult, GameResult, sides_ahead, trump_label
from ..storage import StoredGame
from ..table_state import DraftDeal


@dataclass(frozen=True)
class SideLine:
    """One side's line in a scored deal: name, points, explanation, running total."""

    name: str
    score: int
    explain: tuple[str, ...]
    total: int


@dataclass(frozen=True)
class GamePage:
    """Everything the game page shows."""

    result: GameResult
    deal: DraftDeal | None
    last: DealResult | None
    last_lines: tuple[SideLine, ...]
    deal_count: int
    leaders: tuple[int, ...]
    filled: tuple[str, ...] = ()  #: values filled in for the scorer after the last tap
    plan: Markup | None = None  #: the deal's plan for table.js, as JSON (`games.tap_plan`)


def game_page(stored: StoredGame) -> GamePage:
    """Work out the game page from the stored game and its draft."""
    result = stored.result()
    deal = None
    if result.next is not None:
        deal = deal_in_progress(stored, result.next)
    last = result.deals[-1] if result.deals else None
    lines: tuple[SideLine, ...] = ()
    if last is not None and last.sides is not None:
        lines = tuple(
            SideLine(name, side.score, tuple(side.explain), total)
            for name, side, total in zip(result.sides, last.sides, last.totals, strict=True)
        )
    leaders = sides_ahead(result.totals) if result.deals else ()
    filled = tuple(deal.filled_words()) if deal is not None else ()
    if deal is None or not deal.steps:
        filled = last_deal_filled(stored)
    plan = Markup(tap_plan(stored, deal)) if deal is not None else None
    return GamePage(result, deal, last, lines, len(result.schedule), leaders, filled, plan)


def describe_tap(stored: StoredGame, step: str) -> str:
    """Say a tap in words, for a message that it was not saved ("bid 3")."""
    kind, _, value = step.partition(":")
    if kind == "undo":
        return "undo"
    if kind == "trump":
        return f"trump {trump_label(value) or value}"
    if kind == "bid":
        return f"bid {value}"
    if kind == "tricks":
        return f"{value} tricks"
    if kind == "rainbow" and value.isdigit() and int(value) < len(stored.game.players):
        return f"{stored.game.players[int(value)]}'s rainbow"
    return step[:40]
