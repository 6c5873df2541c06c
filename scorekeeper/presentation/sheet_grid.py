"""The scoresheet's shape: its boxes, rows, grids of sides, bands and parts.

Frozen dataclasses of words and numbers, no ruleset object and no stored row, so the
scoresheet page's model is sent as JSON as it is. The sides are laid out in bands, a grid
each: at most PLAYERS_PER_GRID side by side, as a portrait page prints them; `in_bands`
regroups the same rows for a wider page (the PDF's landscape) or for one table holding
every side (the phone's page), and `sheet_part` cuts a long sheet into parts of rows. What
goes into the boxes, for a game or a blank schedule, is `scoresheet.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

#: The most players one grid holds side by side; more players get several grids.
PLAYERS_PER_GRID = 5

MADE = "✓"
SET = "✗"


@dataclass(frozen=True)
class Cell:
    """One box of the grid: its text, a small note under it, and how to mark it."""

    text: str = ""
    note: str = ""
    mark: str = ""  #: MADE, SET or ""
    struck: bool = False  #: a partner's bid that does not count beside a board


@dataclass(frozen=True)
class SideCells:
    """One side's boxes in one deal: a bid per player of the side, tricks, score, running total."""

    bids: tuple[Cell, ...]
    took: Cell
    score: Cell
    total: Cell


@dataclass(frozen=True)
class Row:
    """One line of the grid: a slot of the schedule, played, to play, or thrown in."""

    number: int
    cards: int
    tags: tuple[str, ...]  #: what is special about this slot: "rainbow", "set bonus", …
    dealer: str
    trump: str
    cells: tuple[SideCells, ...]  #: empty for a thrown-in deal
    thrown_in: str = ""  #: what happened, for a thrown-in deal
    current: bool = False  #: the deal to play next
    set_end: bool = False  #: the last deal of one of Joker's sets
    position: int | None = None  #: a played deal's place in the game file (to correct it)
    note: str = ""  #: what the table wrote beside the deal (marked in its row, said below)


@dataclass(frozen=True)
class SideHead:
    """The head of one side's columns, and its total at the foot."""

    title: str  #: "Ann & Cy", "Ann", or "" for a name to write in
    hint: str  #: "team 1: seats 1 & 3", "seat 2"
    bidders: tuple[tuple[int, str], ...]  #: (seat from 1, name) over a team's bid columns
    total: str = ""
    winner: bool = False


@dataclass(frozen=True)
class Grid:
    """One table of the sheet: some sides as columns, one row per deal."""

    sides: tuple[SideHead, ...]
    rows: tuple[Row, ...]

    @property
    def bid_columns(self) -> int:
        """Return how many bid boxes each side has (2 for a team, 1 for a player)."""
        return max(len(side.bidders) for side in self.sides) or 1


@dataclass(frozen=True)
class SheetLink:
    """What a printed sheet carries in its corner: a QR code of a link, and a code to type."""

    url: str  #: the link the QR code holds
    code: str  #: the sheet's short code, as printed: "K7Q-4MZ"


@dataclass(frozen=True)
class Sheet:
    """A whole scoresheet, blank or filled in."""

    ruleset: str  #: the name of the rules the sheet is for
    rules: tuple[str, ...]  #: those rules in plain words, for the PDF's rules box
    heading: str
    blank: bool
    date: str  #: "" on a blank sheet, for a pencil
    seating: tuple[tuple[int, str], ...]  #: (seat number from 1, name or "")
    status: str  #: who won, or how far the game went
    grids: tuple[Grid, ...]
    notes: tuple[str, ...]
    legend: tuple[str, ...]
    total_label: str = "Final"  #: what the foot of the grid holds: "Final" or "So far"
    link: SheetLink | None = None  #: the QR code and code in its corner, on paper

    @property
    def row_count(self) -> int:
        """Return how many deal rows the sheet prints, over all its grids."""
        return sum(len(grid.rows) for grid in self.grids)

    @property
    def deal_notes(self) -> tuple[tuple[int, str], ...]:
        """Return (deal number, note) of every deal with a note, as the sheet lists them."""
        rows = self.grids[0].rows if self.grids else ()
        return tuple((row.number, row.note) for row in rows if row.note)

    @property
    def sides(self) -> tuple[SideHead, ...]:
        """Return every side's head, in seating order, over all the grids."""
        return tuple(side for grid in self.grids for side in grid.sides)


#: Boxes (a row of one side) in one part of a long sheet, on the phone and on paper: every
#: row of a 26-deal game of 20 sides, or 52 rows of the longest schedule at 20 (the
#: largest game holds 208 rows).
CELLS_PER_PART = 1040


@dataclass(frozen=True)
class SheetPart:
    """One part of a long sheet, as its links name it."""

    number: int  #: from 1
    first: int  #: the deal number of its first row
    last: int  #: the deal number of its last row
    current: bool  #: the part shown


class NoSuchPart(LookupError):
    """A part of the sheet that is not there."""


def rows_per_part(sides: int) -> int:
    """Return how many rows one part of the sheet holds for this many sides."""
    return max(1, CELLS_PER_PART // max(1, sides))


def sheet_part(sheet: Sheet, part: int | None = None) -> tuple[Sheet, list[SheetPart]]:
    """Return the rows of one part of a long sheet (in every grid) and the list of parts.

    With no part asked for, the part holding the deal to play next (or the last deal)
    is given. A sheet that fits in one part comes back whole, with no parts listed.
    Raise NoSuchPart for a part the sheet does not have.
    """
    rows = sheet.grids[0].rows
    size = rows_per_part(len(sheet.sides))
    count = max(1, -(-len(rows) // size))
    if part is None:
        current = next((i for i, row in enumerate(rows) if row.current), len(rows) - 1)
        part = max(0, current) // size + 1
    if not 1 <= part <= count:
        raise NoSuchPart(part)
    if count == 1:
        return sheet, []
    start, stop = (part - 1) * size, part * size
    grids = tuple(replace(grid, rows=grid.rows[start:stop]) for grid in sheet.grids)
    parts = [
        SheetPart(
            number,
            rows[(number - 1) * size].number,
            rows[min(number * size, len(rows)) - 1].number,
            number == part,
        )
        for number in range(1, count + 1)
    ]
    return replace(sheet, grids=grids), parts


def in_bands(sheet: Sheet, size: int) -> Sheet:
    """Return the same sheet with its sides regrouped into balanced bands of at most `size`."""
    if [len(grid.sides) for grid in sheet.grids] == _band_sizes(len(sheet.sides), size):
        return sheet
    rows = tuple(
        replace(row, cells=tuple(cell for grid in sheet.grids for cell in grid.rows[at].cells))
        for at, row in enumerate(sheet.grids[0].rows)
    )
    return replace(sheet, grids=grids_of(sheet.sides, rows, size))


def _band_sizes(count: int, size: int) -> list[int]:
    """Return how many sides each band holds: as even as can be, the bigger bands first."""
    bands = -(-count // max(size, 1))
    even, extra = divmod(count, bands)
    return [even + (1 if index < extra else 0) for index in range(bands)]


def grids_of(
    heads: tuple[SideHead, ...], rows: Sequence[Row], size: int = PLAYERS_PER_GRID
) -> tuple[Grid, ...]:
    """Split the sides into balanced grids of at most `size`, each with every row."""
    out = []
    start = 0
    for band in _band_sizes(len(heads), size):
        stop = start + band
        picked = range(start, stop)
        out.append(
            Grid(
                sides=heads[start:stop],
                rows=tuple(
                    row
                    if row.thrown_in
                    else replace(row, cells=tuple(row.cells[i] for i in picked))
                    for row in rows
                ),
            )
        )
        start = stop
    return tuple(out)
