"""Every change to a game: start, join, hand over, archive, delete, record, correct, undo.

Who may do what: the phone that started a game (its creator) may do everything; a phone
that opened the edit link may record and fix deals; any other phone may watch. Taking
scoring back (revoking every edit link), moving to the archive and deleting stay with
the creator, and with the host, whose `scorekeeper edit-link GAME --creator` prints a
one-use link that makes a phone the creator.

Each call loads the game once, checks the version the caller saw once, writes in
one transaction, and returns the game as it is afterwards, already scored. The
table's taps are in `taps.py`; a request that must happen once runs through
`once.py`, which keeps its reply in the same transaction as the change. No Flask
here: callers parse their requests, call these, and render what they return.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from ..rules import DealRecord, Game, read_deal, score_game
from ..standings.results import store_results, store_results_version
from ..storage import (
    KEEP_DRAFT,
    Connection,
    Standing,
    StoredGame,
    add_editor,
    delete_archived_game,
    get_game,
    get_game_for,
    insert_game,
    new_edit_key,
    set_archived,
    set_creator_key,
    standing,
    update_game,
    use_creator_key,
    was_edit_key,
)
from ..storage.sheet_codes import game_of_sheet
from .errors import (
    LINK_REPLACED,
    LINK_WRONG,
    SCORING_MOVED,
    STALE,
    WATCH_ONLY,
    Conflict,
    LinkRefused,
    NoSuchDeal,
    NotAllowed,
    creator_link_wrong,
    creator_only,
)

# Who may change a game --------------------------------------------------------------------------


def open_to_change(db: Connection, game_id: str, device: str | None) -> StoredGame:
    """Return a game this device may score (to draw a form against it): raise NotFound for
    an unknown game, NotAllowed (saying why) for a phone that may only watch."""
    stored, found = get_game_for(db, game_id, device)
    if not found.scores:
        raise _may_not_score(found)
    return stored


def _may_not_score(standing: Standing) -> NotAllowed:
    """Say why a device that may not score is refused: it never could, or scoring moved."""
    return NotAllowed(SCORING_MOVED if standing is Standing.REPLACED else WATCH_ONLY)


def check_may_change(db: Connection, game_id: str, device: str | None) -> None:
    """Raise NotFound for an unknown game, NotAllowed unless this device may score it."""
    found = standing(db, game_id, device)
    if not found.scores:
        raise _may_not_score(found)


def check_may_manage(db: Connection, game_id: str, device: str | None) -> None:
    """Raise NotFound for an unknown game, NotAllowed unless this device started it."""
    if standing(db, game_id, device) is not Standing.CREATOR:
        # An id from before ids began with a letter or digit may begin with a dash: `--` keeps
        # the command line from reading it as an option.
        shown = f"-- {game_id}" if game_id.startswith("-") else game_id
        raise NotAllowed(creator_only(shown))


def load_to_change(
    db: Connection, game_id: str, device: str | None, version: int | None
) -> StoredGame:
    """Load a game to change it: it exists, this device may score it, the version is current."""
    current, found = get_game_for(db, game_id, device)
    if not found.scores:
        raise _may_not_score(found)
    if version is not None and version != current.version:
        raise Conflict(STALE, current)
    return current


def save_deals(
    db: Connection, current: StoredGame, deals: Sequence[DealRecord], *, draft: Any = None
) -> StoredGame:
    """Score the game with these deals (refusing any that breaks the rules) and store it."""
    after = current.game.with_deals(deals)
    result = score_game(after)
    stored = update_game(db, current, after, result=result, draft=draft)
    store_results(db, stored, result)
    return stored


def save_draft(db: Connection, current: StoredGame, draft: Any) -> StoredGame:
    """Store the deal being entered; the deals, and so the results, stay as they are."""
    stored = update_game(db, current, current.game, result=current.result(), draft=draft)
    store_results_version(db, stored)
    return stored


# Starting games -------------------------------------------------------------------------------


def start_game(db: Connection, game: Game, *, device: str | None) -> StoredGame:
    """Store a new game (checked by scoring it); the device that starts it is its creator."""
    result = score_game(game)
    with db.write():
        stored = insert_game(db, game, result, creator=device)
        store_results(db, stored, result)
    return stored


def start_from_sheet(
    db: Connection, game: Game, sheet: str, *, device: str | None
) -> tuple[StoredGame, bool]:
    """Return the game started from this blank sheet, starting it now if none was; and say
    whether it was started now.

    One sheet, one game: two phones opening the sheet's link at once take turns for the
    write lock, and the second finds the first's game (the unique index on a game's sheet
    stands behind this).
    """
    result = score_game(game)
    with db.write():
        found = game_of_sheet(db, sheet)
        if found is not None:
            return get_game(db, found), False
        stored = insert_game(db, game, result, creator=device, sheet=sheet)
        store_results(db, stored, result)
    return stored, True


def check_edit_link(db: Connection, game_id: str, edit_key: str) -> None:
    """Refuse an edit link that lets no phone score the game; change nothing.

    Raise NotFound for an unknown game, LinkRefused for a key replaced (410) or never
    the game's (404).
    """
    stored = get_game(db, game_id)
    if secrets.compare_digest(edit_key.encode(), stored.edit_key.encode()):
        return
    if was_edit_key(db, game_id, edit_key):
        raise LinkRefused(410, LINK_REPLACED)
    raise LinkRefused(404, LINK_WRONG)


def join(db: Connection, game_id: str, edit_key: str, device: str) -> None:
    """Let a device score the game, given its edit link (refused as `check_edit_link` says)."""
    with db.write():
        check_edit_link(db, game_id, edit_key)
        add_editor(db, game_id, device)


def take_creation(db: Connection, game_id: str, creator_key: str, device: str) -> None:
    """Make a device the game's creator, given the host's one-use creator link.

    The phone that was the creator stays an editor, until the new creator stops other
    phones scoring. Raise NotFound for an unknown game, LinkRefused for a wrong or used key.
    """
    with db.write():
        standing(db, game_id, device)  # NotFound for a game there is none of
        if not use_creator_key(db, game_id, creator_key, device):
            raise LinkRefused(404, creator_link_wrong(game_id))


def creator_link_key(db: Connection, game_id: str) -> str:
    """Make a one-use creator link for the host to hand a phone; return its key (NotFound)."""
    with db.write():
        standing(db, game_id, None)
        return set_creator_key(db, game_id)


def hand_over(db: Connection, game_id: str, device: str | None) -> StoredGame:
    """Take scoring back: a new edit link, and only the creator's phone keeps scoring."""
    with db.write():
        check_may_manage(db, game_id, device)
        assert device is not None  # a game's creator is a device
        new_edit_key(db, game_id, keep=device)
    return get_game(db, game_id)


def move_to_archive(
    db: Connection, game_id: str, device: str | None, *, archived: bool = True
) -> None:
    """Move a game off the home list into the archive, or bring it back (its creator only).

    It changes a row in place, so it runs when the disk is nearly full too: the way to
    deleting a game, which frees room, goes through the archive.
    """
    with db.write(grows=False):
        check_may_manage(db, game_id, device)
        set_archived(db, game_id, archived)


def delete_for_good(db: Connection, game_id: str, device: str | None) -> StoredGame:
    """Delete a game that is in the archive (its creator only); return it as it was.

    A game still on the list is never deleted: the archive is deleting's undo window.
    Deleting frees room, so it runs when the disk is nearly full too.
    """
    with db.write(grows=False):
        check_may_manage(db, game_id, device)
        current = get_game(db, game_id)
        if not delete_archived_game(db, game_id):
            raise Conflict("Move the game to the archive first.", current)
    return current


# Recording, correcting, undoing deals ---------------------------------------------------------


def record_deal(
    db: Connection,
    game_id: str,
    raw: Any,
    *,
    device: str | None,
    number: int,
    version: int | None = None,
) -> StoredGame:
    """Record the next deal, given as the game file holds it and named by `number`.

    `number` is the deal's place in the game file (counting thrown-in deals) or its
    slot of the schedule. After a thrown-in deal the slot is also the place of a deal
    already recorded, so a repeated number could mean either: only a version can tell.
    """
    with db.write():
        current = load_to_change(db, game_id, device, version)
        deals = current.game.deals
        position = len(deals) + 1
        upcoming = current.result().next
        slot = upcoming.number if upcoming else None
        by_slot = number == slot and (slot == position or version is not None)
        if number != position and not by_slot:
            where = "the game is over" if slot is None else f"deal {position} is"
            raise Conflict(
                f"Deal {number} is not the next deal ({where}, counting thrown-in deals); "
                "here is the game as it is now.",
                current,
            )
        game = current.game
        record = read_deal(raw, index=position, players=game.players, ruleset=game.ruleset)
        return save_deals(db, current, [*deals, record])


def correct_deal(
    db: Connection,
    game_id: str,
    position: int,
    raw: Any,
    *,
    device: str | None,
    version: int | None = None,
) -> StoredGame:
    """Correct a recorded deal; every later deal is rescored, or nothing changes."""
    with db.write():
        current = load_to_change(db, game_id, device, version)
        deals = list(current.game.deals)
        if not 1 <= position <= len(deals):
            raise NoSuchDeal(f"deal {position}")
        game = current.game
        deals[position - 1] = read_deal(
            raw, index=position, players=game.players, ruleset=game.ruleset
        )
        return save_deals(db, current, deals, draft=KEEP_DRAFT)


def undo_deal(
    db: Connection,
    game_id: str,
    position: int,
    *,
    device: str | None,
    version: int | None = None,
) -> StoredGame:
    """Take back the last deal (named by its place, or by its slot of the schedule)."""
    with db.write():
        current = load_to_change(db, game_id, device, version)
        deals = current.result().deals
        if deals and position != len(deals) and position == deals[-1].setup.number:
            position = len(deals)  # the last deal named by its slot number
        if not deals:
            raise Conflict("There is no deal to undo.", current)
        if position != len(deals):
            raise Conflict(
                f"Only the last deal ({len(deals)}) can be undone, not deal {position}.", current
            )
        return save_deals(db, current, current.game.deals[:-1])
