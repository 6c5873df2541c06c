"""The scoresheet as a view-model: every word and number a scoresheet shows.

One model for both sheets: the scoresheet page (scoresheet_page.py) and the PDF
(sheets/render.py) draw the same rows, cells and totals from it. A scored game (or a
ruleset and a table of players) in, frozen dataclasses of words and numbers out: no
ruleset object, no stored row, so the page's model can be sent as JSON as it is.

The sides are laid out in bands, a grid each: at most PLAYERS_PER_GRID side by side,
as a portrait page prints them. `in_bands` regroups the same rows for a wider page
(the PDF's landscape) or for one table holding every side (the phone's page).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..house_rules.words import rule_lines
from ..rules import (
    BidKind,
    DealResult,
    Exact,
    GameFileError,
    GameResult,
    RainbowBonus,
    Ruleset,
    read_players,
    trump_label,
)
from ..rules.scoring import score_side
from ..rules.sentences import Lines, Sentence
from ..screen.bidi import isolate, isolate_all

if TYPE_CHECKING:
    from ..storage import Connection, StoredGame

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

    @property
    def row_count(self) -> int:
        """Return how many deal rows the sheet prints, over all its grids."""
        return sum(len(grid.rows) for grid in self.grids)

    @property
    def sides(self) -> tuple[SideHead, ...]:
        """Return every side's head, in seating order, over all the grids."""
        return tuple(side for grid in self.grids for side in grid.sides)


def build_blank_sheet(
    ruleset: Ruleset, *, players: Sequence[str] | int, first_dealer: int | None = None
) -> Sheet:
    """Lay out a blank sheet for this ruleset and table (names, or only how many players)."""
    if not isinstance(players, int) and not any(name.strip() for name in players):
        players = len(players)
    if isinstance(players, int):
        ruleset.check_players(players)
        names: tuple[str, ...] = ("",) * players
    else:
        names = tuple(name.strip() for name in read_players(list(players), ruleset))
    count = len(names)
    _check_dealer(first_dealer, count)
    known = first_dealer is not None and all(names)
    schedule = ruleset.schedule(count)
    rows = []
    for number, cards in enumerate(schedule, 1):
        dealer = names[(first_dealer + number - 1) % count] if known else ""  # type: ignore[operator]
        rows.append(_open_row(ruleset, count, number, cards, dealer))
    notes = []
    if known and ruleset.throws_in():
        if ruleset.redeal == "next":
            notes.append(
                Sentence(
                    "Dealers are filled in as if no deal is thrown in; after a throw-in "
                    "the next player deals again, so cross out the names below it."
                )
            )
        else:
            notes.append(
                Sentence(
                    "Dealers are filled in as if no deal is thrown in; after a throw-in "
                    "the same dealer deals again, so the names below it still hold."
                )
            )
    return Sheet(
        ruleset=ruleset.name,
        rules=tuple(rule_lines(ruleset)),
        heading=Sentence("Scoresheet"),
        blank=True,
        date="",
        seating=tuple(enumerate(names, 1)),
        status="",
        grids=_grids(_heads(ruleset, names), rows),
        notes=tuple(notes),
        legend=(),
    )


def build_game_sheet(result: GameResult, *, date: datetime.date | str | None = None) -> Sheet:
    """Lay out a game's sheet: every deal played, the rest of the schedule left open."""
    game = result.game
    ruleset = game.ruleset
    names = game.players
    count = len(names)
    schedule = result.schedule
    rows: list[Row] = []
    for position, deal in enumerate(result.deals, 1):
        following = result.deals[position] if position < len(result.deals) else None
        rows.append(replace(_played_row(result, deal, following), position=position))
    if result.next is not None:
        upcoming = result.next
        for number in range(upcoming.number, len(schedule) + 1):
            dealer = names[(upcoming.dealer + number - upcoming.number) % count]
            row = _open_row(ruleset, count, number, schedule[number - 1], dealer)
            rows.append(replace(row, current=number == upcoming.number))
    heads = _heads(ruleset, names)
    winners = result.winners or ()
    heads = tuple(
        replace(head, total=str(total), winner=side in winners)
        for side, (head, total) in enumerate(zip(heads, result.totals, strict=True))
    )
    played = sum(1 for deal in result.deals if not deal.thrown_in)
    notes = []
    if result.complete:
        heading = Sentence("Completed game")
        best = result.totals[winners[0]]
        who = _join([result.sides[side] for side in winners])
        if len(winners) > 1:
            status = Sentence("Winners (tied): {who} with {best}", who=who, best=best)
        else:
            status = Sentence("Winner: {who} with {best}", who=who, best=best)
    else:
        heading = Sentence("Game in progress")
        status = Sentence(
            "{played} of {deals} deals played; totals so far", played=played, deals=len(schedule)
        )
        if ruleset.throws_in() and played < len(schedule) - 1:
            notes.append(
                Sentence("Dealers of the deals still to play assume no deal is thrown in.")
            )
    if isinstance(date, datetime.date):
        date = date.isoformat()
    return Sheet(
        ruleset=ruleset.name,
        rules=tuple(rule_lines(ruleset)),
        heading=heading,
        blank=False,
        date=date or datetime.date.today().isoformat(),
        seating=tuple(enumerate(names, 1)),
        status=status,
        grids=_grids(heads, rows),
        notes=tuple(notes),
        legend=(
            Sentence("{mark} bid made", mark=MADE),
            Sentence("{mark} set (bid missed)", mark=SET),
        ),
        total_label=Sentence("Final") if result.complete else Sentence("So far"),
    )


def stored_sheet(db: Connection, game_id: str) -> Sheet:
    """Lay out the sheet of a stored game (raise NotFound for an unknown game)."""
    from ..storage import get_game  # here: `scorekeeper sheet` reads files, not a database

    return build_stored_sheet(get_game(db, game_id))


def build_stored_sheet(stored: StoredGame) -> Sheet:
    """Lay out a stored game's sheet, dated the day the game was started."""
    played = datetime.date.fromisoformat(stored.created[:10])
    return build_game_sheet(stored.result(), date=played)


def _check_dealer(first_dealer: int | None, count: int) -> None:
    if first_dealer is None:
        return
    if isinstance(first_dealer, bool) or not 0 <= first_dealer < count:
        raise GameFileError(
            f"the first dealer must be a seat from 0 to {count - 1}, not {first_dealer}"
        )


def _join(names: Sequence[str]) -> str:
    names = isolate_all(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _heads(ruleset: Ruleset, names: Sequence[str]) -> tuple[SideHead, ...]:
    heads = []
    for side, seats in enumerate(ruleset.seats_by_side(len(names))):
        if ruleset.has_teams:  # a partnership, or Joker's pairs: two seats under each head
            title = " & ".join(isolate_all(names[seat] for seat in seats)) if all(names) else ""
            hint = Sentence(
                "team {team}: seats {first} & {second}",
                team=side + 1,
                first=seats[0] + 1,
                second=seats[1] + 1,
            )
            heads.append(SideHead(title, hint, tuple((seat + 1, names[seat]) for seat in seats)))
        else:
            heads.append(SideHead(isolate(names[side]), Sentence("seat {seat}", seat=side + 1), ()))
    return tuple(heads)


def _tags(ruleset: Ruleset, number: int, cards: int) -> tuple[str, ...]:
    tags = []
    if ruleset.pays_rainbow_bonus(cards):
        tags.append(Sentence("rainbow"))
    if ruleset.has_rainbow_bid(cards):
        tags.append(Sentence("rainbow bid"))
    if ruleset.is_one_card(cards):
        tags.append(Sentence("pass/board"))
    if _ends_set(ruleset, number):
        tags.append(Sentence("set bonus"))
    return tuple(tags)


def _ends_set(ruleset: Ruleset, number: int) -> bool:
    scoring = ruleset.scoring
    return isinstance(scoring, Exact) and any(last == number for _, last in scoring.sets)


def _open_row(ruleset: Ruleset, count: int, number: int, cards: int, dealer: str) -> Row:
    empty = Cell()
    cells = tuple(
        SideCells(tuple(empty for _ in seats) if ruleset.has_teams else (empty,), *[empty] * 3)
        for seats in ruleset.seats_by_side(count)
    )
    return Row(
        number=number,
        cards=cards,
        tags=_tags(ruleset, number, cards),
        dealer=dealer,
        trump="",
        cells=cells,
        set_end=_ends_set(ruleset, number),
    )


def _trump(trump: str | None) -> str:
    return "NT" if trump == "none" else trump_label(trump)


def _played_row(result: GameResult, deal: DealResult, following: DealResult | None) -> Row:
    game = result.game
    ruleset = game.ruleset
    setup, record = deal.setup, deal.record
    names = game.players
    row = Row(
        number=setup.number,
        cards=setup.cards,
        tags=_tags(ruleset, setup.number, setup.cards),
        dealer=isolate(names[setup.dealer]),
        trump=_trump(record.trump),
        cells=(),
        set_end=_ends_set(ruleset, setup.number),
    )
    if deal.thrown_in:
        upcoming = following.setup if following is not None else result.next
        redealer = names[upcoming.dealer] if upcoming is not None else ""
        if upcoming is not None and upcoming.dealer == setup.dealer:
            message = Sentence(
                "everyone passed: thrown in, redealt by {dealer} (the same dealer)",
                dealer=redealer,
            )
        else:
            message = Sentence("everyone passed: thrown in, redealt by {dealer}", dealer=redealer)
        return replace(row, thrown_in=message)
    assert deal.sides is not None and deal.side_tricks is not None
    rainbows = record.rainbows or ()
    cells = []
    for side, seats in enumerate(ruleset.seats_by_side(len(names))):
        board_seats = [seat for seat in seats if record.bids[seat].kind is BidKind.BOARD]
        bids = []
        for seat in seats:
            bid = record.bids[seat]
            bids.append(
                Cell(
                    text=bid.label(deal.levels[seat]),
                    note="rainbow" if seat in rainbows else "",
                    struck=bool(board_seats) and seat not in board_seats and bid.tricks > 0,
                )
            )
        score = deal.sides[side]
        cells.append(
            SideCells(
                bids=tuple(bids),
                took=Cell(str(deal.side_tricks[side]), mark=MADE if score.made else SET),
                score=Cell(str(score.score), note=_bonus_note(result, deal, side, seats)),
                total=Cell(str(deal.totals[side])),
            )
        )
    return replace(row, cells=tuple(cells))


def _bonus_note(result: GameResult, deal: DealResult, side: int, seats: Sequence[int]) -> str:
    """Say what bonus is inside a side's score: rainbows held, or Joker's set bonus."""
    game = result.game
    ruleset = game.ruleset
    record = deal.record
    assert deal.sides is not None and deal.side_tricks is not None
    notes = []
    if isinstance(ruleset.rainbow, RainbowBonus) and ruleset.pays_rainbow_bonus(deal.setup.cards):
        held = sum(1 for seat in seats if seat in (record.rainbows or ()))
        if held:
            notes.append(Sentence("rainbow +{points}", points=held * ruleset.rainbow.bonus))
    if _ends_set(ruleset, deal.setup.number):
        # The set bonus is whatever the game added on top of this deal's own score.
        own = score_side(
            ruleset,
            deal.setup.cards,
            seats,
            game.players,
            record.bids,
            deal.levels,
            deal.side_tricks[side],
            record.rainbows or (),
        )
        bonus = deal.sides[side].score - own.score
        if bonus:
            notes.append(Sentence("set bonus +{points}", points=bonus))
    return Lines(notes, ", ")


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
    return replace(sheet, grids=_grids(sheet.sides, rows, size))


def _band_sizes(count: int, size: int) -> list[int]:
    """Return how many sides each band holds: as even as can be, the bigger bands first."""
    bands = -(-count // max(size, 1))
    even, extra = divmod(count, bands)
    return [even + (1 if index < extra else 0) for index in range(bands)]


def _grids(
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
