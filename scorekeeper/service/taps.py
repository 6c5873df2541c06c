"""The table's taps: one tap at a time of the deal being entered, the deal recorded on its last.

The deal in progress is kept as the game's draft (the taps made so far); each tap
replays it through the rules (`rules.entry`), adds the tap or refuses it, and
stores the draft again, or the deal once it is complete. No Flask here.
"""

from __future__ import annotations

from ..rules import GameOverError, ScoreError, score_game
from ..rules.entry import DraftDeal, back_one, from_draft, remember, taps_of
from ..standings.results import store_results
from ..storage import Connection, StoredGame, update_game
from .games import load_to_change, save_deals, save_draft


def tap(
    db: Connection, game_id: str, step: str, *, device: str | None, version: int | None
) -> StoredGame:
    """Take one tap of the deal being entered ("bid:3", "tricks:5", "undo", …).

    The deal is recorded on its last tap; undo drops the last tap, or takes back the
    last deal down to its last tap when no tap of the next deal is made yet.
    """
    kind, _, value = step.partition(":")
    with db.write():
        current = load_to_change(db, game_id, device, version)
        upcoming = current.result().next
        deal = from_draft(current.game, upcoming, current.draft) if upcoming else None
        if kind == "undo":
            return _undo_tap(db, current, deal)
        if deal is None:
            raise GameOverError("The game is over: there is no deal left to enter.")
        deal = deal.tap(kind, value).fill_forced()
        if deal.complete:
            return save_deals(db, current, [*current.game.deals, deal.record()])
        return save_draft(db, current, remember(deal).to_draft())


def _undo_tap(db: Connection, current: StoredGame, deal: DraftDeal | None) -> StoredGame:
    """Drop the last tap: from the draft, or else the last recorded deal's final tap."""
    game = current.game
    if deal is not None and deal.steps:
        return save_draft(db, current, deal.undo().to_draft())
    if not game.deals:
        raise ScoreError("There is nothing to undo yet.")
    removed = game.deals[-1]
    before = game.with_deals(game.deals[:-1])
    result = score_game(before)
    setup = result.next
    assert setup is not None  # the removed deal's slot is free again
    draft = back_one(before, setup, taps_of(before, setup, removed)).to_draft()
    stored = update_game(db, current, before, result=result, draft=draft)
    store_results(db, stored, result)
    return stored
