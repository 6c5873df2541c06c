"""The scoresheet page's rows, worked out from the stored game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules import DealResult, GameResult, trump_label
from ..storage import StoredGame

# The scoresheet ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetCell:
    """One side in one row of the sheet."""

    bid: str
    took: str
    score: str
    total: int


@dataclass(frozen=True)
class SheetRow:
    """One row of the paper sheet: a deal played, thrown in, or still to come."""

    position: int | None  #: place in the game file (for editing), None for deals to come
    number: int
    cards: int
    dealer: str
    trump: str
    cells: tuple[SheetCell, ...]
    thrown_in: bool = False
    current: bool = False


@dataclass(frozen=True)
class Sheet:
    sides: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    result: GameResult


def scoresheet_rows(stored: StoredGame) -> Sheet:
    """Lay the game out as the paper sheet: every deal of the schedule, played or not."""
    result = stored.result()
    game = stored.game
    rows: list[SheetRow] = []
    for position, deal in enumerate(result.deals, 1):
        cells = tuple(_cell(game, deal, side) for side in range(len(result.sides)))
        rows.append(
            SheetRow(
                position,
                deal.setup.number,
                deal.setup.cards,
                game.players[deal.setup.dealer],
                trump_label(deal.record.trump),
                cells,
                thrown_in=deal.thrown_in,
            )
        )
    schedule = result.schedule
    upcoming = result.next
    if upcoming is not None:
        dealer = upcoming.dealer
        for number in range(upcoming.number, len(schedule) + 1):
            blank = tuple(SheetCell("", "", "", 0) for _ in result.sides)
            rows.append(
                SheetRow(
                    None,
                    number,
                    schedule[number - 1],
                    game.players[dealer],
                    "",
                    blank,
                    current=number == upcoming.number,
                )
            )
            dealer = (dealer + 1) % len(game.players)
    return Sheet(result.sides, tuple(rows), result.totals, result)


def _cell(game: Any, deal: DealResult, side: int) -> SheetCell:
    seats = game.side_seats(side)
    said = []
    for seat in seats:
        bid = deal.record.bids[seat]
        said.append(bid.label(deal.levels[seat]))
    if deal.sides is None or deal.side_tricks is None:
        return SheetCell(" ".join(said), "", "", deal.totals[side])
    return SheetCell(
        " ".join(said),
        str(deal.side_tricks[side]),
        f"{deal.sides[side].score:+d}",
        deal.totals[side],
    )
