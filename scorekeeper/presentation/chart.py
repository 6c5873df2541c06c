"""The score chart of a stored game, drawn once per game text and language (`screen.chart`
draws it)."""

from __future__ import annotations

from ..rules.lately import Lately
from ..screen.chart import score_chart_svg
from ..storage import GameText, StoredGame

#: Charts drawn lately, by game text: a few for each game being played at once.
_CHARTS: Lately[GameText, str] = Lately(64)


def game_chart(stored: StoredGame, language: str = "en") -> str:
    """Return a stored game's chart in a language ("en", "ka"), drawn once per game text
    (every tap reloads the page)."""
    return _CHARTS.get_or_make(
        (stored.read.text, language), lambda: score_chart_svg(stored.result(), language=language)
    )
