"""Sheets to PDF: the scoresheet view-model through a Jinja template and WeasyPrint.

layout.py plans the page (which way up, the bands, the rows' height); the template
lays the sheet out as planned; WeasyPrint prints it.
"""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import STATIC, TEMPLATES, TRANSLATIONS
from ..machine.config import LANGUAGES
from ..presentation.scoresheet import build_blank_sheet, build_game_sheet
from ..presentation.sheet_grid import Sheet
from ..rules import GameResult, Ruleset, ScoreError
from ..rules.sentences import render, say
from ..screen.bidi import isolate
from .fetcher import static_url_fetcher
from .layout import HEADINGS, PAPERS, Plan, plan

#: The most rows a sheet prints: a schedule of 104 deals, and as many thrown in and dealt again.
MAX_SHEET_ROWS = 208


@functools.cache
def _catalog(language: str) -> Any:
    """Return the app's catalog of the language (English: the words as written)."""
    from babel.support import NullTranslations, Translations

    if language != "en" and language in LANGUAGES:
        return Translations.load(str(TRANSLATIONS), [language])
    return NullTranslations()


@functools.cache
def environment(language: str = "en") -> Any:
    """Return the sheet's Jinja environment, its words in the language (the app's catalogs)."""
    import jinja2

    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=False,
        extensions=["jinja2.ext.i18n"],
    )
    catalog = _catalog(language)
    environment.install_gettext_translations(catalog, newstyle=True)  # type: ignore[attr-defined]
    environment.filters["isolate"] = isolate
    environment.filters["say"] = lambda said: say(said, catalog)
    environment.filters["named"] = lambda name: render(name, catalog)
    environment.filters["css_content"] = css_content
    environment.globals["language"] = lambda: language
    environment.globals["headings"] = HEADINGS
    return environment


def css_content(words: str) -> str:
    """Write words with page blanks ("Scorekeeper · page {page} of {pages}") as a CSS
    `content` value: the words as strings, each blank the page counter it names."""
    values = []
    for index, part in enumerate(re.split(r"\{(page|pages)\}", str(words))):
        if index % 2:
            values.append(f"counter({part})")
        elif part:
            values.append('"' + re.sub(r'(["\\])', r"\\\1", part) + '"')
    return " ".join(values)


def _paper(paper: str) -> str:
    if not isinstance(paper, str) or paper.lower() not in PAPERS:
        raise ValueError(f"paper must be letter or a4, not {paper!r}")
    return paper.lower()


def sheet_plan(sheet: Sheet, *, paper: str = "letter", language: str = "en") -> Plan:
    """Return how the sheet goes onto this paper: the way up, its bands, its rows' height,
    its columns as wide as its words need in the language."""
    catalog = _catalog(language)
    return plan(sheet, _paper(paper), say=lambda said: say(said, catalog))


def sheet_html(sheet: Sheet, *, paper: str = "letter", language: str = "en") -> str:
    """Return the sheet as the HTML WeasyPrint lays out, its words in the language."""
    chosen = sheet_plan(sheet, paper=paper, language=language)
    template = environment(language).get_template("sheets/sheet.html")
    return template.render(sheet=chosen.sheet, plan=chosen)


def sheet_pdf(
    sheet: Sheet, *, paper: str = "letter", static_root: Path = STATIC, language: str = "en"
) -> bytes:
    """Render a sheet to PDF bytes, loading nothing but files of static_root.

    A sheet of more than MAX_SHEET_ROWS rows is refused before any layout: WeasyPrint's
    time and memory grow with the rows (2,000 rows took 37 s and 665 MB).
    """
    if sheet.row_count > MAX_SHEET_ROWS:
        raise ScoreError(
            f"this sheet would have {sheet.row_count} rows; a printed sheet holds at most "
            f"{MAX_SHEET_ROWS} (a game's schedule and its thrown-in deals)"
        )
    html = sheet_html(sheet, paper=paper, language=language)
    return pdf_from_html(html, static_root=static_root)


def pdf_from_html(html: str, *, static_root: Path = STATIC) -> bytes:
    """Lay out HTML as a PDF; relative URLs point into static_root, and nothing else loads."""
    return laid_out(html, static_root=static_root).write_pdf()


def laid_out(html: str, *, static_root: Path = STATIC) -> Any:
    """Return WeasyPrint's layout of HTML (its pages' boxes), as the PDF is drawn from it."""
    from weasyprint import HTML

    base_url = Path(static_root).resolve().as_uri() + "/"
    fetcher = static_url_fetcher(static_root)
    return HTML(string=html, base_url=base_url, url_fetcher=fetcher).render()


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
    language: str = "en",
) -> bytes:
    """Return the PDF of a blank sheet to score a game on with a pencil."""
    sheet = build_blank_sheet(ruleset, players=players, first_dealer=first_dealer)
    return sheet_pdf(sheet, paper=paper, static_root=static_root, language=language)
