"""A photographed sheet taken in: opened within its limits, read by the sheet its QR code
names, and the game it was written for found (or started, as scanning its QR code would).

Nothing of the reading is stored: its rows go to the paper grid, pre-filled, where each is
checked by the rules and stored as a deal once the scorer has answered what the reader was
not sure of. A photo refused (too big, not an image, not a sheet of this server's) stores
nothing at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..reading.photo import NotASheet
from ..reading.qr import read_named
from ..reading.settle import SheetRead
from ..rules import ScoreError, read_game
from ..rules.errors import Refused
from ..rules.sentences import Sentence
from ..sheets.photographed import NamedSheet, SheetLinkRefused, boxes_files, sheet_named
from ..storage import Connection, get_game_for
from .games import start_from_sheet

#: A key of the paper grid's cells: "bid-2" (seat 3's bid), "took-1" (the second taker's).
Key = str


class PhotoRefused(Refused):
    """A photo that cannot be taken in, and why, in words (a `Sentence`)."""


@dataclass(frozen=True)
class ReadRow:
    """One row of the sheet as read, for the paper grid: the values typed in for the scorer,
    the cells asked about, and the totals on the sheet the rules do not give."""

    position: int  #: the deal's place in the game (from 1)
    typed: dict[str, dict[str, str]]  #: {"bids": {seat: "3"}, "tricks": {taker: "2"}}
    asked: list[Key]  #: every cell the reader is not sure of: a question, never a guess
    #: each side's total the sheet says otherwise: {side, read, rules, asked (its cells marked)}
    totals: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class PhotoTaken:
    """A photo read: the game its rows go into, and the rows."""

    game_id: str
    started: bool  #: the game was started now, from the sheet
    rows: list[ReadRow]


def take_photo(
    db: Connection,
    data: bytes,
    *,
    key: str,
    device: str | None,
    papers: Sequence[str],
    languages: Sequence[str],
    game_id: str | None = None,
) -> PhotoTaken:
    """Read a photo of a sheet and find (or start) its game; with `game_id`, the photo must
    be of that game's sheet. Raise PhotoRefused, in words, and store nothing, otherwise."""
    named: list[NamedSheet] = []

    def layouts(links: list[str]) -> Iterable[Mapping[str, Any]]:
        named.append(sheet_named(db, links, key))
        return boxes_files(named[-1], papers, languages)

    try:
        _, read = read_named(data, layouts)
    except (NotASheet, SheetLinkRefused) as refused:
        raise PhotoRefused(
            Sentence("This photo cannot be read: {why}.", why=_said(refused))
        ) from None
    sheet = named[-1]
    if game_id is not None and sheet.game_id != game_id:
        raise PhotoRefused(OTHER_SHEET)
    started = False
    if sheet.game_id is None:
        try:
            game = read_game({**sheet.table, "deals": []})
        except ScoreError as error:
            raise PhotoRefused(
                Sentence("This sheet's game cannot be started: {why}", why=error)
            ) from None
        stored, started = start_from_sheet(db, game, sheet.blank.sheet, device=device)
        found = stored.id
    else:
        found = sheet.game_id
    stored, standing = get_game_for(db, found, device)
    if not standing.scores:
        raise PhotoRefused(NOT_SCORING)
    partnership = stored.game.ruleset.partnership
    return PhotoTaken(found, started, grid_rows(read, partnership, len(stored.game.deals)))


OTHER_SHEET = Sentence(
    "This photo is of another game's sheet. Photograph this game's own sheet, or photograph "
    "that one from the home page."
)
NOT_SCORING = Sentence(
    "This phone does not score the game this sheet is for, so it cannot enter its deals: ask "
    "the scorer for the game's edit link and open it first."
)


def _said(refused: Exception) -> str:
    """Return why a photo was refused, as the refusal says it (a `Sentence`, said later)."""
    return getattr(refused, "message", None) or (refused.args[0] if refused.args else "")


def grid_rows(read: SheetRead, partnership: bool, recorded: int) -> list[ReadRow]:
    """Return the rows read as the paper grid types them, from the first deal not yet
    recorded in the game (the deals in it already stay as they are)."""
    by_deal: dict[int, ReadRow] = {}

    def row(number: int) -> ReadRow:
        return by_deal.setdefault(number, ReadRow(number, {"bids": {}, "tricks": {}}, []))

    def cell(deal: int, side: int, seat: int | None, holds: str) -> Key | None:
        if holds == "bid" and seat is not None:
            return f"bid-{seat - 1}"
        if holds == "tricks":
            taker = side - 1 if partnership else (seat or 0) - 1
            return f"took-{taker}"
        return None

    def put(deal: int, side: int, seat: int | None, holds: str, value: str) -> None:
        key = cell(deal, side, seat, holds)
        if key is not None and value:
            kind, _, who = key.partition("-")
            row(deal).typed["bids" if kind == "bid" else "tricks"][who] = value

    for (deal, side, seat, holds), value in read.values.items():
        put(deal, side, seat, holds, value)
    for question in read.questions:
        if (question.deal, question.side, question.seat, question.holds) not in read.values:
            put(question.deal, question.side, question.seat, question.holds, question.best)
        if question.holds == "total" and question.why and question.others:
            row(question.deal).totals.append(
                {"side": question.side - 1, "read": question.others[0], "rules": question.best,
                 "asked": True}
            )  # fmt: skip
        asked = row(question.deal).asked
        keys = [cell(*key) for key in read.asked_by(question)]
        asked += [k for k in keys if k is not None and k not in asked]
    for noted in read.noted:
        row(noted.deal).totals.append(
            {"side": noted.side - 1, "read": noted.others[0], "rules": noted.best, "asked": False}
        )
    rows = [by_deal[number] for number in sorted(by_deal)]
    return [r for r in rows if r.position > recorded]
