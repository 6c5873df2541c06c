"""The service layer: every change to a game, for the pages, the JSON API and the command.

Each call loads the game once, checks the version the caller saw once, writes in
one transaction, and returns the game as it is afterwards, already scored. A
request that must happen once (a form's one-time token, the API's
Idempotency-Key) runs through `once`, which keeps its reply in the same
transaction as the change. No Flask here: callers parse their requests, call
these, and render what they return.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jinja2.utils import htmlsafe_json_dumps

from .results import keep_results, keep_version
from .rules import DealRecord, DealSetup, Game, GameOverError, ScoreError, read_deal, score_game
from .storage import (
    KEEP_DRAFT,
    Connection,
    NotFound,
    Reply,
    StoredGame,
    add_editor,
    delete_archived_game,
    game_exists,
    get_game,
    get_game_for,
    insert_game,
    is_editor,
    new_edit_key,
    recall_reply,
    remember_reply,
    set_archived,
    update_game,
)
from .table_state import DraftDeal, back_one, from_draft, replay, taps_of

WATCH_ONLY = (
    "This phone can watch the game but not change it. Open the game's edit link "
    "from the scorekeeper's phone to keep score here too."
)
STALE = "Someone else changed this game in the meantime; here is the game as it is now."


class NotAllowed(Exception):
    """This device may watch the game but not change it."""

    def __init__(self, message: str = WATCH_ONLY) -> None:
        super().__init__(message)
        self.message = message


class Conflict(Exception):
    """The change is for a deal or a version that is no longer current."""

    def __init__(self, message: str, current: StoredGame) -> None:
        super().__init__(message)
        self.message = message
        self.current = current


class NoSuchDeal(NotFound):
    """The game has no deal at this place."""


class KeyReused(Exception):
    """A one-time key sent again with a different request."""

    def __init__(self, reply: Reply) -> None:
        super().__init__("this key was already used for a different request")
        self.reply = reply


# Requests that happen once ----------------------------------------------------------------------


@dataclass(frozen=True)
class Once:
    """A request that must take effect once: its key, and a hash of what it asks."""

    key: str
    fingerprint: str = ""

    @classmethod
    def of(cls, *parts: str, body: bytes | str = b"") -> Once:
        """Make the key from its parts (who, how, where, the key sent) and hash the body."""
        raw = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else body
        return cls(":".join(parts), hashlib.sha256(raw).hexdigest())


def once(db: Connection, request: Once | None, work: Callable[[], Reply]) -> tuple[Reply, bool]:
    """Run a write once per key, in one transaction; return its reply and whether it is a replay.

    A repeat of the same request gets the first reply and changes nothing; the same
    key with a different request raises KeyReused. Only successful replies are kept,
    so a refused request may be sent again.
    """
    with db.write():
        if request is not None:
            saved = recall_reply(db, request.key)
            if saved is not None:
                if saved.fingerprint and saved.fingerprint != request.fingerprint:
                    raise KeyReused(saved)
                return saved, True
        reply = work()
        if request is not None and reply.status < 400:
            kept = Reply(reply.status, reply.body, reply.location, request.fingerprint)
            remember_reply(db, request.key, kept)
    return reply, False


# Reading ---------------------------------------------------------------------------------------


def load(db: Connection, game_id: str) -> StoredGame:
    """Return a stored game, or raise NotFound."""
    return get_game(db, game_id)


def load_for(db: Connection, game_id: str, device: str | None) -> tuple[StoredGame, bool]:
    """Return a stored game and whether this device may change it, or raise NotFound."""
    return get_game_for(db, game_id, device)


def may_change(db: Connection, game_id: str, device: str | None) -> bool:
    """Say whether this device may record and change the game."""
    return is_editor(db, game_id, device)


def check_may_change(db: Connection, game_id: str, device: str | None) -> None:
    """Raise NotFound for an unknown game, NotAllowed unless this device may change it."""
    if not is_editor(db, game_id, device):
        if not game_exists(db, game_id):
            raise NotFound(game_id)
        raise NotAllowed()


def _load_to_change(
    db: Connection, game_id: str, device: str | None, version: int | None
) -> StoredGame:
    """Load a game to change it: it exists, this device may change it, the version is current."""
    current, editor = get_game_for(db, game_id, device)
    if not editor:
        raise NotAllowed()
    if version is not None and version != current.version:
        raise Conflict(STALE, current)
    return current


def _save(
    db: Connection, current: StoredGame, deals: Sequence[DealRecord], *, draft: Any = None
) -> StoredGame:
    """Score the game with these deals (refusing any that breaks the rules) and store it."""
    after = current.game.with_deals(deals)
    result = score_game(after)
    stored = update_game(db, current, after, result=result, draft=draft)
    keep_results(db, stored, result)
    return stored


def _save_draft(db: Connection, current: StoredGame, draft: Any) -> StoredGame:
    """Store the deal being entered; the deals, and so the results, stay as they are."""
    stored = update_game(db, current, current.game, result=current.result(), draft=draft)
    keep_version(db, stored)
    return stored


# Starting and bringing in games ---------------------------------------------------------------


def start_game(db: Connection, game: Game, *, device: str | None) -> StoredGame:
    """Store a new game (checked by scoring it); the device that starts it may change it."""
    result = score_game(game)
    with db.write():
        stored = insert_game(db, game, result)
        keep_results(db, stored, result)
        if device:
            add_editor(db, stored.id, device)
    return stored


def import_games(db: Connection, games: Sequence[Game], *, device: str | None) -> int:
    """Store checked games in one transaction, all or none; return how many were stored."""
    with db.write():
        for game in games:
            start_game(db, game, device=device)
    return len(games)


def join(db: Connection, game_id: str, edit_key: str, device: str) -> StoredGame:
    """Let a device change the game, given the game's edit link; raise NotFound for a wrong key."""
    with db.write():
        stored = get_game(db, game_id)
        if edit_key != stored.edit_key:
            raise NotFound(game_id)
        add_editor(db, game_id, device)
    return stored


def hand_over(db: Connection, game_id: str, device: str | None) -> StoredGame:
    """Revoke every edit link given out: a new link, and only this device keeps scoring."""
    with db.write():
        _, editor = get_game_for(db, game_id, device)
        if not editor or device is None:
            raise NotAllowed()
        new_edit_key(db, game_id, keep=device)
    return get_game(db, game_id)


def archive(db: Connection, game_id: str, device: str | None, *, archived: bool = True) -> None:
    """Move a game off the home list into the archive, or bring it back (its scorers only)."""
    with db.write():
        check_may_change(db, game_id, device)
        set_archived(db, game_id, archived)


def delete_for_good(db: Connection, game_id: str, device: str | None) -> StoredGame:
    """Delete a game that is in the archive (its scorers only); return it as it was.

    A game still on the list is never deleted: the archive is deleting's undo window.
    """
    with db.write():
        check_may_change(db, game_id, device)
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
        current = _load_to_change(db, game_id, device, version)
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
        return _save(db, current, [*deals, record])


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
        current = _load_to_change(db, game_id, device, version)
        deals = list(current.game.deals)
        if not 1 <= position <= len(deals):
            raise NoSuchDeal(f"deal {position}")
        game = current.game
        deals[position - 1] = read_deal(
            raw, index=position, players=game.players, ruleset=game.ruleset
        )
        return _save(db, current, deals, draft=KEEP_DRAFT)


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
        current = _load_to_change(db, game_id, device, version)
        deals = current.result().deals
        if deals and position != len(deals) and position == deals[-1].setup.number:
            position = len(deals)  # the last deal named by its slot number
        if not deals:
            raise Conflict("There is no deal to undo.", current)
        if position != len(deals):
            raise Conflict(
                f"Only the last deal ({len(deals)}) can be undone, not deal {position}.", current
            )
        return _save(db, current, current.game.deals[:-1])


# The table's taps -----------------------------------------------------------------------------


def deal_in_progress(stored: StoredGame, setup: DealSetup) -> DraftDeal:
    """Return the deal being tapped in, from the stored draft: replayed once per draft.

    The page shows it, then the next tap starts from it: the same taps on the same
    game text always replay to the same deal.
    """
    return stored.read.memo(
        _draft_key(stored, setup), lambda: from_draft(stored.game, setup, stored.draft)
    )


def tap_plan(stored: StoredGame, deal: DraftDeal) -> str:
    """Return the deal's plan for the phone (`DraftDeal.plan`) as JSON safe inside HTML.

    The deal's part is the same for each of its taps, so it is written once per game
    text; the taps made and the version are added for each page.
    """

    def deal_part() -> str:
        return _html_safe_json(deal.deal_plan())[1:-1]

    fixed = stored.read.memo(("plan", deal.setup.index), deal_part)
    steps = _html_safe_json(deal.plan_steps())
    return f'{{{fixed}, "steps": {steps}, "version": {int(stored.version)}}}'


def _html_safe_json(value: Any) -> str:
    # As Jinja's |tojson writes it: no character that could end the <script> holding it.
    return str(htmlsafe_json_dumps(value, ensure_ascii=False))


def _draft_key(stored: StoredGame, setup: DealSetup) -> tuple[str, int, str]:
    return ("draft", setup.index, json.dumps(stored.draft, sort_keys=True))


def last_deal_filled(stored: StoredGame) -> tuple[str, ...]:
    """Say what the table filled in for the scorer in the last deal recorded, if anything."""

    def work_out() -> tuple[str, ...]:
        deals = stored.result().deals
        last = deals[-1] if deals else None
        if last is None or last.thrown_in:
            return ()
        taps = taps_of(stored.game, last.setup, last.record)
        return tuple(replay(stored.game, last.setup, taps).filled_words())

    return stored.read.memo("last deal filled", work_out)


def tap(
    db: Connection, game_id: str, step: str, *, device: str | None, version: int | None
) -> StoredGame:
    """Take one tap of the deal being entered ("bid:3", "tricks:5", "undo", …).

    The deal is recorded on its last tap; undo drops the last tap, or takes back the
    last deal down to its last tap when no tap of the next deal is made yet.
    """
    kind, _, value = step.partition(":")
    with db.write():
        current = _load_to_change(db, game_id, device, version)
        upcoming = current.result().next
        deal = deal_in_progress(current, upcoming) if upcoming else None
        if kind == "undo":
            return _undo_tap(db, current, deal)
        if deal is None:
            raise GameOverError("The game is over: there is no deal left to enter.")
        deal = deal.then(kind, value).fill_forced()
        if deal.complete:
            return _save(db, current, [*current.game.deals, deal.record()])
        stored = _save_draft(db, current, deal.to_draft())
        # The page after the tap shows this deal: its draft would replay to it, tap by tap.
        stored.read.memo(_draft_key(stored, upcoming), lambda: deal)
        return stored


def _undo_tap(db: Connection, current: StoredGame, deal: DraftDeal | None) -> StoredGame:
    """Drop the last tap: from the draft, or else the last recorded deal's final tap."""
    game = current.game
    if deal is not None and deal.steps:
        return _save_draft(db, current, deal.undo().to_draft())
    if not game.deals:
        raise ScoreError("There is nothing to undo yet.")
    removed = game.deals[-1]
    before = game.with_deals(game.deals[:-1])
    result = score_game(before)
    setup = result.next
    assert setup is not None  # the removed deal's slot is free again
    draft = back_one(before, setup, taps_of(before, setup, removed)).to_draft()
    stored = update_game(db, current, before, result=result, draft=draft)
    keep_results(db, stored, result)
    return stored
