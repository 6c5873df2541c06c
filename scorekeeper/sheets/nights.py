"""A club night on paper: a card for each table of the round (its number, the round, the
seats, a QR code that opens the card on the phone that will score it) and the night's
results (every round's tables and places, and the leaderboard with each total's sum)."""

from __future__ import annotations

from pathlib import Path

from .. import STATIC
from ..presentation.nights import NightPage
from .layout import PAPERS
from .qr_code import draw_code
from .render import environment, pdf_from_html


def night_cards_html(
    page: NightPage, links: dict[str, str], *, paper: str = "a4", language: str = "en"
) -> str:
    """Return the round's table cards as HTML, a card a page; `links` are the cards' links."""
    codes = {card: draw_code(link).svg for card, link in links.items()}
    template = environment(language).get_template("sheets/night_cards.html")
    return template.render(page=page, links=links, codes=codes, page_size=PAPERS[paper][0])


def night_cards_pdf(
    page: NightPage,
    links: dict[str, str],
    *,
    paper: str = "a4",
    language: str = "en",
    static_root: Path = STATIC,
) -> bytes:
    """Print the round's table cards, a card a page, on A4 or Letter (`layout.PAPERS`)."""
    html = night_cards_html(page, links, paper=paper, language=language)
    return pdf_from_html(html, static_root=static_root)


def night_results_pdf(
    page: NightPage, *, paper: str = "a4", language: str = "en", static_root: Path = STATIC
) -> bytes:
    """Print the night's results on A4 or Letter: the leaderboard, then each round's tables
    and places."""
    template = environment(language).get_template("sheets/night_results.html")
    html = template.render(page=page, page_size=PAPERS[paper][0])
    return pdf_from_html(html, static_root=static_root)
