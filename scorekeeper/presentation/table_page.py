"""The table page of a stored game, for this phone: `screen.page` builds it, this loads it.

`table_page` is the one call that builds it. The deal in progress is the stored draft
replayed through the rules (`rules.entry`); the chart and what was filled in for the
scorer in the last deal are worked out once per game text. The phone builds the very
same model with the same code (`screen.phone`) when the server is out of reach.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import trump_label
from ..rules.drafts import from_draft
from ..rules.entry import DraftDeal
from ..rules.lately import Lately
from ..rules.sentences import Plural, Sentence
from ..screen.page import TablePage, last_deal_filled, table_page_of
from ..storage import Connection, GameText, Standing, StoredGame, get_game_for
from .chart import game_chart

#: What was filled in for the scorer in the last deal, by game text, worked out lately.
_FILLED: Lately[GameText, tuple[str, ...]] = Lately(64)

__all__ = ["TablePage", "build_table_page", "deal_in_progress", "describe_tap", "table_page"]


def table_page(db: Connection, game_id: str, device: str | None, language: str = "en") -> TablePage:
    """Build the table page of a game for this phone, its chart in the page's language
    (raise NotFound for an unknown game)."""
    stored, standing = get_game_for(db, game_id, device)
    return build_table_page(stored, standing, language)


def build_table_page(stored: StoredGame, standing: Standing, language: str = "en") -> TablePage:
    """Build the table page from a game already loaded, for a phone that is this to it."""
    result = stored.result()
    return table_page_of(
        stored.id,
        stored.version,
        result,
        deal_in_progress(stored) if result.next is not None else None,
        editor=standing.scores,
        creator=standing is Standing.CREATOR,
        replaced=standing is Standing.REPLACED,
        edit_key=stored.edit_key,
        archived=stored.archived is not None,
        chart_svg=game_chart(stored, language),
        last_filled=_FILLED.get_or_make(stored.read.text, lambda: last_deal_filled(result)),
    )


def deal_in_progress(stored: StoredGame) -> DraftDeal:
    """Return the deal being tapped in, replayed from the stored draft."""
    setup = stored.result().next
    assert setup is not None, "a finished game has no deal in progress"
    return from_draft(stored.game, setup, stored.draft)


def describe_tap(players: Sequence[str], step: str) -> str:
    """Say a tap in words, for a message that it was not saved ("bid 3")."""
    kind, _, value = step.partition(":")
    if kind == "undo":
        return Sentence("undo")
    if kind == "note":
        return Sentence("the note on the last deal")
    if kind == "trump":
        return Sentence("trump {suit}", suit=trump_label(value) or value)
    if kind == "bid":
        return Sentence("bid {bid}", bid=Sentence("pass") if value == "pass" else value)
    if kind == "tricks" and value.isdigit() and len(value) < 4:
        return Plural("{n} trick", "{n} tricks", int(value))
    if kind == "rainbow" and value.isdigit() and int(value) < len(players):
        return Sentence("{name}'s rainbow", name=players[int(value)])
    return step[:40]
