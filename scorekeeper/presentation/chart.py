"""The score chart of a stored game, drawn once per game text (`screen.chart` draws it)."""

from __future__ import annotations

from ..rules.lately import Lately
from ..screen.chart import score_chart_svg
from ..storage import GameText, StoredGame

#: Charts drawn lately, by game text: a few for each game being played at once.
_CHARTS: Lately[GameText, str] = Lately(64)


def game_chart(stored: StoredGame) -> str:
    """Return a stored game's chart, drawn once per game text (every tap reloads the page)."""
    return _CHARTS.get_or_make(stored.read.text, lambda: score_chart_svg(stored.result()))
