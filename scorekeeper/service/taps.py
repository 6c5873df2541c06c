"""The table's taps: one tap at a time of the deal being entered, the deal recorded on its last.

The deal in progress is kept as the game's draft (the taps made so far); each tap
replays it through the rules (`rules.entry.take_tap`, the very code the phone runs),
and stores the draft again, or the game once its deals changed. No Flask here.
"""

from __future__ import annotations

from ..rules.drafts import from_draft, remember
from ..rules.entry import take_tap
from ..standings.results import store_results
from ..storage import Connection, StoredGame, update_game
from .games import load_to_change, save_draft


def tap(
    db: Connection, game_id: str, step: str, *, device: str | None, version: int | None
) -> StoredGame:
    """Take one tap of the deal being entered ("bid:3", "tricks:5", "undo", …).

    The deal is recorded on its last tap; undo drops the last tap, or takes back the
    last deal down to its last tap when no tap of the next deal is made yet.
    """
    with db.write():
        current = load_to_change(db, game_id, device, version)
        upcoming = current.result().next
        deal = from_draft(current.game, upcoming, current.draft) if upcoming else None
        tapped = take_tap(current.game, deal, step)
        if tapped.result is None and tapped.deal is None:
            return current  # a note written again as it was, on a game over: nothing changed
        if tapped.result is None:
            assert tapped.deal is not None  # only the draft changed
            return save_draft(db, current, remember(tapped.deal).to_draft())
        # A deal recorded leaves the next one untouched; a deal undone leaves its taps.
        recorded = len(tapped.game.deals) > len(current.game.deals)
        draft = None if recorded or tapped.deal is None else tapped.deal.to_draft()
        stored = update_game(db, current, tapped.game, result=tapped.result, draft=draft)
        store_results(db, stored, tapped.result)
        return stored
