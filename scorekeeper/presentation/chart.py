"""The score chart of a stored game, drawn once per game text and language (`screen.chart`
draws it)."""

from __future__ import annotations

from ..screen.chart import score_chart_svg
from ..storage import StoredGame
from .memo import TextCache

_CHARTS: TextCache[str] = TextCache()


def game_chart(stored: StoredGame, language: str = "en") -> str:
    """Return a stored game's chart in a language ("en", "ka"), drawn once per game text
    (every tap reloads the page)."""
    return _CHARTS.get(
        (stored.read.text, language), lambda: score_chart_svg(stored.result(), language=language)
    )
