"""Where a printed sheet's boxes are: every box a pencil writes a number in, and the corner
marks a photo of the sheet is straightened by, read from the very layout the PDF is drawn
from (WeasyPrint's pages), so the boxes file and the PDF cannot disagree.

The template names each box (`data-box`: its deal, its side, which bid column, what it
holds); `printed_with_boxes` lays a sheet out once and returns its PDF and, from the same
pages, each named box's page, position and size in points from the page's top left corner.
`scorekeeper sheet --boxes FILE.json` writes them (docs/sheet-reading.md describes the file).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import STATIC
from ..presentation.sheet_grid import Sheet
from .render import laid_out, sheet_html

#: WeasyPrint lays out in CSS pixels: 96 an inch, 72 points.
POINTS_PER_PX = 0.75
#: The boxes file's name for itself, and its version.
FORMAT = "scorekeeper sheet boxes"
VERSION = 1
#: The corners, in the order the marks are listed (templates/sheets/sheet.html).
CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")


def printed_with_boxes(
    sheet: Sheet,
    seats: Sequence[Sequence[int]],
    table: Mapping[str, Any],
    *,
    paper: str = "letter",
    language: str = "en",
    static_root: Path = STATIC,
) -> tuple[bytes, dict[str, Any]]:
    """Lay a sheet out once; return its PDF and where its boxes and corner marks print.

    `seats` are each side's seats (from 0, as `Ruleset.seats_by_side` gives them): a box
    says whose bid it holds by seat, from 1 as the sheet prints it. `table` is the game the
    sheet is for as a game file starts it (its ruleset, players and first dealer), kept in
    the boxes file so a reader of the sheet needs nothing else.
    """
    document = laid_out(sheet_html(sheet, paper=paper, language=language), static_root=static_root)
    pages, boxes = [], []
    for number, page in enumerate(document.pages, 1):
        marks = {}
        for box in _named(page._page_box):
            place = _place(box)
            name = box.element.get("data-box")
            if name is None:
                corner = next(c for c in CORNERS if c in box.element.get("class", "").split())
                marks[corner] = place
                continue
            deal, side, column, holds = name.split()
            side_seats = seats[int(side)]
            seat = side_seats[int(column)] if holds == "bid" or len(side_seats) == 1 else None
            boxes.append(
                {
                    "page": number,
                    **place,
                    "deal": int(deal),
                    "side": int(side) + 1,
                    "seat": None if seat is None else seat + 1,
                    "holds": holds,
                }
            )
        pages.append(
            {
                "page": number,
                "width": _pt(page.width),
                "height": _pt(page.height),
                "marks": [{"corner": corner, **marks[corner]} for corner in CORNERS],
            }
        )
    rows = sheet.grids[0].rows
    described = {
        "format": FORMAT,
        "version": VERSION,
        "units": "points (1/72 inch) from the top left corner of the page",
        "paper": paper,
        "link": sheet.link.url if sheet.link else None,
        "code": sheet.link.code if sheet.link else None,
        **table,
        "sides": [
            {"side": side + 1, "seats": [s + 1 for s in seats[side]]} for side in range(len(seats))
        ],
        "deals": [{"deal": row.number, "cards": row.cards} for row in rows if not row.thrown_in],
        "pages": pages,
        "boxes": boxes,
    }
    return document.write_pdf(), described


def _named(box: Any) -> Iterator[Any]:
    """Yield the boxes of a page's layout that are a named box or a corner mark."""
    element = getattr(box, "element", None)
    named = element is not None and getattr(box, "element_tag", "") in ("td", "i")
    if named and (element.get("data-box") or "mark" in element.get("class", "").split()):
        yield box
        return
    for child in getattr(box, "children", ()) or ():
        yield from _named(child)


def _place(box: Any) -> dict[str, float]:
    """Return a laid-out box's border box in points: x, y, width, height."""
    return {
        "x": _pt(box.border_box_x()),
        "y": _pt(box.border_box_y()),
        "width": _pt(box.border_width()),
        "height": _pt(box.border_height()),
    }


def _pt(pixels: float) -> float:
    return round(pixels * POINTS_PER_PX, 2)
