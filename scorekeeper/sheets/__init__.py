"""Printable scoresheets: a view-model of the sheet, and its PDF (WeasyPrint).

`build_game_sheet` and `build_blank_sheet` are pure; `render_game_sheet` and
`render_blank_sheet` return PDF bytes. WeasyPrint is imported only while a
sheet renders, so importing this package costs nothing.
"""

from .render import PAPERS, render_blank_sheet, render_game_sheet, sheet_html, sheet_pdf
from .view import Sheet, build_blank_sheet, build_game_sheet

__all__ = [
    "PAPERS",
    "Sheet",
    "build_blank_sheet",
    "build_game_sheet",
    "render_blank_sheet",
    "render_game_sheet",
    "sheet_html",
    "sheet_pdf",
]
