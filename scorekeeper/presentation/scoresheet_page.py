"""The scoresheet page as plain data: a game's sheet with every side in one table.

`scoresheet_page` is the one call that builds it. The sheet is the very model the PDF
prints (scoresheet.py), regrouped into a single band: a phone shows up to
SIDES_ON_A_PHONE sides side by side when their names fit its width, and a bigger table
scrolls inside a region of its own, its deal column and totals kept in place (the page
measures the width its words need: static/sheet.js). A long game of many players is shown a
part at a time (`sheet_part`, the same parts the PDF prints), opening on the part of the
deal being played, so no page of the largest game a family can keep outgrows a phone.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..storage import Connection, get_game_for
from .scoresheet import build_stored_sheet
from .sheet_grid import Sheet, SheetPart, in_bands, sheet_part

#: The most sides a phone shows side by side, every running total on the screen (when their
#: names fit; longer names scroll too).
SIDES_ON_A_PHONE = 6


@dataclass(frozen=True)
class ScoresheetPage:
    """The scoresheet page: a game's sheet in one table, and whether this phone may correct it."""

    game_id: str
    version: int
    editor: bool  #: this phone may correct a deal (each played deal's number is a link)
    sheet: Sheet  #: one grid holding every side (the rows of the part shown)
    scrolls: bool  #: more sides than a phone shows side by side: the table always scrolls
    parts: list[SheetPart]  #: the parts of a long sheet; empty when it is one part


def scoresheet_page(
    db: Connection, game_id: str, device: str | None, part: int | None = None
) -> ScoresheetPage:
    """Build a game's scoresheet page for this phone: the part asked for, or the one holding
    the deal being played (raise NotFound for an unknown game, NoSuchPart for a part the
    sheet does not have)."""
    stored, standing = get_game_for(db, game_id, device)
    whole = build_stored_sheet(stored)
    sheet, parts = sheet_part(in_bands(whole, len(whole.sides)), part)
    return ScoresheetPage(
        game_id=stored.id,
        version=stored.version,
        editor=standing.scores,
        sheet=sheet,
        scrolls=len(sheet.sides) > SIDES_ON_A_PHONE,
        parts=parts,
    )
