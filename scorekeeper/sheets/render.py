"""Sheets to PDF: the scoresheet view-model through a Jinja template and WeasyPrint."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..machine.config import STATIC, TEMPLATES
from ..presentation.bidi import isolate
from ..presentation.scoresheet import Grid, Sheet, build_blank_sheet, build_game_sheet
from ..rules import GameResult, Ruleset, ScoreError
from .fetcher import static_url_fetcher

#: Paper by its command-line name: the CSS page size, its width and height in points.
PAPERS = {"letter": ("letter", 612.0, 792.0), "a4": ("A4", 595.28, 841.89)}
#: The page's margins, left and right together and top and bottom (static/sheet.css, @page).
SIDE_MARGINS = 56.0
END_MARGINS = 50.0
#: Room for the head, seating, legend and rules box; and for each grid's head and foot.
PAGE_FURNITURE = 190.0
GRID_FURNITURE = 63.0
#: The least and most height of a grid row, in points: pencil rows are taller.
ROW_HEIGHTS = {True: (16.0, 24.0), False: (12.5, 18.0)}
#: The most rows a sheet prints: a schedule of 104 deals, and as many thrown in and dealt again.
MAX_SHEET_ROWS = 208


@dataclass(frozen=True)
class Layout:
    """Column widths of one grid, in points."""

    number: float
    cards: float
    dealer: float
    trump: float
    bid: float
    took: float
    score: float
    total: float


def grid_layout(grid: Grid, width: float) -> Layout:
    """Share the page's width between the fixed columns and each side's boxes."""
    bids = grid.bid_columns
    boxes = len(grid.sides) * (bids + 3)
    dealer = 62.0 if boxes <= 12 else 48.0
    number, cards, trump = 20.0, 27.0, 24.0
    # Relative widths of a side's boxes: bids and running totals need the most room.
    bid, took, score, total = (1.45 if bids > 1 else 1.3), 1.0, 1.3, 1.5
    unit = (width - number - cards - dealer - trump) / (
        len(grid.sides) * (bids * bid + took + score + total)
    )
    return Layout(number, cards, dealer, trump, bid * unit, took * unit, score * unit, total * unit)


@functools.cache
def _environment() -> Any:
    import jinja2

    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=False,
    )
    environment.filters["isolate"] = isolate
    return environment


def row_height(sheet: Sheet, page_height: float) -> float:
    """Stretch the rows to fill one page where they fit, within readable limits."""
    rows = sum(len(grid.rows) for grid in sheet.grids)
    room = page_height - END_MARGINS - PAGE_FURNITURE - GRID_FURNITURE * len(sheet.grids)
    low, high = ROW_HEIGHTS[sheet.blank]
    return round(max(low, min(high, room / max(rows, 1))), 1)


def _paper(paper: str) -> tuple[str, float, float]:
    try:
        return PAPERS[paper.lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"paper must be letter or a4, not {paper!r}") from None


def sheet_html(sheet: Sheet, *, paper: str = "letter") -> str:
    """Return the sheet as the HTML WeasyPrint lays out."""
    page_size, page_width, page_height = _paper(paper)
    width = page_width - SIDE_MARGINS
    template = _environment().get_template("sheets/sheet.html")
    return template.render(
        sheet=sheet,
        page_size=page_size,
        row_height=row_height(sheet, page_height),
        layouts=[grid_layout(grid, width) for grid in sheet.grids],
    )


def sheet_pdf(sheet: Sheet, *, paper: str = "letter", static_root: Path = STATIC) -> bytes:
    """Render a sheet to PDF bytes, loading nothing but files of static_root.

    A sheet of more than MAX_SHEET_ROWS rows is refused before any layout: WeasyPrint's
    time and memory grow with the rows (2,000 rows took 37 s and 665 MB).
    """
    if sheet.row_count > MAX_SHEET_ROWS:
        raise ScoreError(
            f"this sheet would have {sheet.row_count} rows; a printed sheet holds at most "
            f"{MAX_SHEET_ROWS} (a game's schedule and its thrown-in deals)"
        )
    return pdf_from_html(sheet_html(sheet, paper=paper), static_root=static_root)


def pdf_from_html(html: str, *, static_root: Path = STATIC) -> bytes:
    """Lay out HTML as a PDF; relative URLs point into static_root, and nothing else loads."""
    from weasyprint import HTML

    base_url = Path(static_root).resolve().as_uri() + "/"
    fetcher = static_url_fetcher(static_root)
    return HTML(string=html, base_url=base_url, url_fetcher=fetcher).write_pdf()


def render_game_sheet(
    result: GameResult,
    *,
    paper: str = "letter",
    date: datetime.date | str | None = None,
    static_root: Path = STATIC,
) -> bytes:
    """Return the PDF of a game's sheet: every deal so far, the winners once it is over."""
    return sheet_pdf(build_game_sheet(result, date=date), paper=paper, static_root=static_root)


def render_blank_sheet(
    ruleset: Ruleset,
    *,
    players: Sequence[str] | int,
    first_dealer: int | None = None,
    paper: str = "letter",
    static_root: Path = STATIC,
) -> bytes:
    """Return the PDF of a blank sheet to score a game on with a pencil."""
    sheet = build_blank_sheet(ruleset, players=players, first_dealer=first_dealer)
    return sheet_pdf(sheet, paper=paper, static_root=static_root)
