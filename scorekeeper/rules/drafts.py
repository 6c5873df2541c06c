"""A deal in progress kept as the game's draft, read back: its taps replayed, what it carries.

Storage keeps the deal being entered as its draft (`DraftDeal.to_draft`): its position, its
taps, the note of a deal taken back into them and the note change undo may take back.
Every tap reloads its page, which reads the same draft again, so a deal replayed lately is
kept and not replayed again.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .deal_checks import DealSetup
from .entry import DraftDeal, Step, replay
from .lately import Lately
from .records import Game

#: Deals replayed lately: every tap reloads its page, which replays the same taps again.
REPLAYS_KEPT = 64
_replayed: Lately[tuple[int, int, tuple[Step, ...]], DraftDeal] = Lately(REPLAYS_KEPT)


def from_draft(game: Game, setup: DealSetup, draft: Any) -> DraftDeal:
    """Return the deal in progress from a stored draft (an empty one if it is for another deal),
    with the note it carries and the note change it may undo."""
    deal = _replayed_draft(game, setup, draft)
    note = noted = None
    if isinstance(draft, dict) and draft.get("position") == setup.index:
        kept, change = draft.get("note"), draft.get("noted")
        note = kept if isinstance(kept, str) and kept else None
        if isinstance(change, list) and len(change) == 1 and isinstance(change[0], str | None):
            noted = (change[0],)
    if deal.note == note and deal.noted == noted:
        return deal
    # A deal replayed lately is kept by its taps alone: what a draft carries besides is its own.
    return replace(deal, note=note, noted=noted)


def _replayed_draft(game: Game, setup: DealSetup, draft: Any) -> DraftDeal:
    """Return the deal a draft's taps replay to.

    The same game (one object while its text is unchanged) and taps replay to the same
    deal, so a deal replayed lately, or just tapped (`remember`), is not replayed again.
    """
    if not isinstance(draft, dict) or draft.get("position") != setup.index:
        return DraftDeal(game, setup)
    steps = draft.get("steps")
    if not isinstance(steps, list):
        return DraftDeal(game, setup)
    try:
        key = (id(game), setup.index, tuple((str(kind), str(value)) for kind, value in steps))
    except (TypeError, ValueError):  # a step that is not a pair: replay stops there
        return replay(game, setup, steps)
    kept = _replayed.get(key)
    if kept is not None and kept.game is game and kept.setup == setup:
        return kept
    return remember(replay(game, setup, steps), key[2])


def remember(deal: DraftDeal, steps: tuple[Step, ...] | None = None) -> DraftDeal:
    """Keep a deal as what its taps (by default its own) replay to; return it."""
    key = (id(deal.game), deal.setup.index, deal.steps if steps is None else steps)
    _replayed.put(key, deal)
    return deal
