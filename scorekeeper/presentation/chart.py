"""The score chart of a stored game, drawn once per game text (`screen.chart` draws it)."""

from __future__ import annotations

from ..screen.chart import score_chart_svg
from ..storage import StoredGame
from .memo import TextCache

_CHARTS: TextCache[str] = TextCache()


def game_chart(stored: StoredGame) -> str:
    """Return a stored game's chart, drawn once per game text (every tap reloads the page)."""
    return _CHARTS.get(stored.read.text, lambda: score_chart_svg(stored.result()))
