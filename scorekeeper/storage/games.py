"""Games as stored: the game row, its deals as said at the table, its draft, its creator and
its editors, and the edit links it replaced.

Only rows here: what a change means (which deal comes next, whether a version is
stale) is decided by the service layer, `scorekeeper.service`. Every function that
writes is called inside a write transaction (`Connection.write`).
"""

from __future__ import annotations

import enum
import hashlib
import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..rules import DealRecord, Game, GameResult, read_game, stored_values
from .migrations import now
from .results import drop_results
from .sheet_codes import new_sheet_id
from .store import Connection, GameText, ReadGame


class NotFound(LookupError):
    """No game (or deal, or ruleset) has this id."""


class Standing(enum.Enum):
    """What a device is to a game, as its rows say (the service decides what each may do)."""

    WATCHER = "watcher"  #: has the game's link, nothing more
    REPLACED = "replaced"  #: opened an edit link; the creator has since stopped other phones
    EDITOR = "editor"  #: opened the game's edit link
    CREATOR = "creator"  #: started the game, or was given it by the host's creator link

    @property
    def scores(self) -> bool:
        """Say whether the device may record and fix deals."""
        return self in (Standing.EDITOR, Standing.CREATOR)


def key_hash(key: str) -> str:
    """Return what is kept of a link's key once it may no longer be used as one."""
    return hashlib.sha256(key.encode()).hexdigest()


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: id, version, the game read from its text, the deal being entered."""

    id: str
    version: int
    created: str
    updated: str
    edit_key: str
    draft: Any
    read: ReadGame
    archived: str | None = None  #: when the game was moved to the archive, if it is there
    sheet: str | None = None  #: the id of its paper sheet (`sheet_codes`)

    @property
    def game(self) -> Game:
        return self.read.game

    def result(self) -> GameResult:
        """Score the game (scores are never stored; they are recomputed, once per game text)."""
        return self.read.result()


def new_id() -> str:
    """Return a random, unguessable id that does not begin with a dash (a command line
    would read `scorekeeper edit-link -x…` as an option)."""
    while (made := secrets.token_urlsafe(12)).startswith("-"):
        pass
    return made


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _text_of(row: dict[str, Any], bodies: tuple[str, ...]) -> GameText:
    """Return what a game's reading depends on: exactly its stored text."""
    return (row["ruleset"], row["players"], row["first_dealer"], bodies)


def _read(text: GameText) -> ReadGame:
    ruleset, players, first_dealer, bodies = text
    document = {
        "ruleset": json.loads(ruleset),
        "players": json.loads(players),
        "first_dealer": first_dealer,
        "deals": [json.loads(body) for body in bodies],
    }
    with stored_values():  # a game stored before the input limits still opens
        return ReadGame(text, read_game(document))


def _stored(row: dict[str, Any], read: ReadGame) -> StoredGame:
    return StoredGame(
        id=row["id"],
        version=row["version"],
        created=row["created"],
        updated=row["updated"],
        edit_key=row["edit_key"],
        draft=json.loads(row["draft"]) if row["draft"] else None,
        read=read,
        archived=row.get("archived"),
        sheet=row.get("sheet"),
    )


def _loaded(db: Connection, row: dict[str, Any], bodies: tuple[str, ...]) -> StoredGame:
    text = _text_of(row, bodies)
    return _stored(row, db.store.reads.get_or_make(text, lambda: _read(text)))


def _bodies(db: Connection, game_id: str) -> tuple[str, ...]:
    rows = db.execute("select body from deals where game_id = ? order by position", [game_id])
    return tuple(body for (body,) in rows.fetchall())


def get_game(db: Connection, game_id: str) -> StoredGame:
    """Load a game by id, or raise NotFound."""
    rows = db.rows("select * from games where id = ?", [game_id])
    if not rows:
        raise NotFound(game_id)
    return _loaded(db, rows[0], _bodies(db, game_id))


#: A device's rows beside the game row: whether it started the game, and its editor row
#: (null: none; 1: scoring; 0: stopped by the creator).
_STANDING = (
    "games.creator = ? as is_creator,"
    " (select revoked is null from editors where game_id = games.id and device = ?) as editing"
)


def _as(device: str | None) -> tuple[str, str]:
    """Return the device twice, as `_STANDING` asks for it ("" for none: no row matches)."""
    return device or "", device or ""


def _standing(row: dict[str, Any]) -> Standing:
    if row["is_creator"]:
        return Standing.CREATOR
    if row["editing"] is None:
        return Standing.WATCHER
    return Standing.EDITOR if row["editing"] else Standing.REPLACED


def get_game_for(db: Connection, game_id: str, device: str | None) -> tuple[StoredGame, Standing]:
    """Load a game and say what this device is to it, in one read of the game row."""
    rows = db.rows(f"select games.*, {_STANDING} from games where id = ?", [*_as(device), game_id])
    if not rows:
        raise NotFound(game_id)
    return _loaded(db, rows[0], _bodies(db, game_id)), _standing(rows[0])


def standing(db: Connection, game_id: str, device: str | None) -> Standing:
    """Say what this device is to a game, or raise NotFound."""
    rows = db.rows(f"select {_STANDING} from games where id = ?", [*_as(device), game_id])
    if not rows:
        raise NotFound(game_id)
    return _standing(rows[0])


def last_changed(db: Connection) -> str | None:
    """Return when any game was last changed (a tap, a deal, a new game), or None for none."""
    # The index on games.updated makes this one look at the index's end.
    row = db.execute("select max(updated) from games").fetchone()
    return row[0] if row else None


def game_ids(db: Connection) -> list[str]:
    """Return every game's id, in the order the games were stored."""
    # rowid is the order games were stored in, so an import keeps the order of an export.
    return [game_id for (game_id,) in db.execute("select id from games order by rowid")]


def insert_game(
    db: Connection,
    game: Game,
    result: GameResult | None = None,
    *,
    creator: str | None = None,
    sheet: str | None = None,
) -> StoredGame:
    """Store a new game and its deals (already checked by the caller); return it as stored.

    The `creator` device is also made an editor. The game keeps the id of the blank `sheet`
    it was started from, or is given a sheet id of its own.
    """
    stamp = now()
    row = {
        "id": new_id(),
        "created": stamp,
        "updated": stamp,
        "version": 1,
        "ruleset": _dump(game.to_json()["ruleset"]),
        "players": _dump(list(game.players)),
        "first_dealer": game.first_dealer,
        "edit_key": secrets.token_urlsafe(18),
        "draft": None,
        "sheet": sheet or new_sheet_id(),
    }
    db["games"].insert({**row, "creator": creator})
    if creator:
        add_editor(db, row["id"], creator)
    bodies = insert_deals(db, row["id"], game.deals, start=1)
    return _kept(db, row, bodies, game, result)


def insert_deals(
    db: Connection, game_id: str, deals: Iterable[DealRecord], *, start: int
) -> tuple[str, ...]:
    """Store deals from this place in the game file on; return their stored text."""
    stamp = now()
    rows = [
        (game_id, position, _dump(deal.to_json()), stamp)
        for position, deal in enumerate(deals, start)
    ]
    # Plain SQL: sqlite-utils' insert_all reads the table's columns first, on every deal.
    db.conn.executemany(
        "insert into deals (game_id, position, body, created) values (?, ?, ?, ?)", rows
    )
    return tuple(body for _, _, body, _ in rows)


#: Leave the draft as it is (an earlier deal corrected while the next is being entered).
KEEP_DRAFT: Any = object()


def update_game(
    db: Connection,
    stored: StoredGame,
    game: Game,
    *,
    result: GameResult | None = None,
    draft: Any = None,
) -> StoredGame:
    """Store a changed game over the stored one (deals, draft), one version on; return it.

    Only the deals that differ are written; the game read is kept under its new text,
    with its result when the caller has already scored it. `draft` is the deal being
    entered now (None for none, KEEP_DRAFT to leave it).
    """
    before, after = stored.game.deals, game.deals
    game_id = stored.id
    ruleset, players, first_dealer, kept = stored.read.text
    bodies = list(kept)
    for position in range(len(after) + 1, len(before) + 1):
        db.execute("delete from deals where game_id = ? and position = ?", [game_id, position])
    del bodies[len(after) :]
    for position, (old, new) in enumerate(zip(before, after, strict=False), 1):
        if old != new:
            body = _dump(new.to_json())
            db.execute(
                "update deals set body = ? where game_id = ? and position = ?",
                [body, game_id, position],
            )
            bodies[position - 1] = body
    if len(after) > len(before):
        bodies += insert_deals(db, game_id, after[len(before) :], start=len(before) + 1)
    stamp = now()
    if draft is KEEP_DRAFT:
        draft = stored.draft
    changes = {"version": stored.version + 1, "updated": stamp, "draft": _draft(draft)}
    db.execute(
        "update games set version = ?, updated = ?, draft = ? where id = ?",
        [*changes.values(), game_id],
    )
    row = {
        "id": game_id,
        "created": stored.created,
        "edit_key": stored.edit_key,
        "ruleset": ruleset,
        "players": players,
        "first_dealer": first_dealer,
        "sheet": stored.sheet,
        **changes,
    }
    return _kept(db, row, tuple(bodies), game, result)


def _draft(draft: Any) -> str | None:
    return None if draft is None else _dump(draft)


def _kept(
    db: Connection,
    row: dict[str, Any],
    bodies: tuple[str, ...],
    game: Game,
    result: GameResult | None,
) -> StoredGame:
    """Return a just-written game, and keep its reading under its new text for the next load
    (a reading already kept under it stays: every load of one text shares one)."""
    text = _text_of(row, bodies)
    return _stored(row, db.store.reads.put(text, ReadGame(text, game, result), replace=False))


def delete_game_rows(db: Connection, game_id: str) -> None:
    """Forget a game: its deals, its editors, its replaced keys, its stored results and its row."""
    drop_results(db, game_id)
    for table in ("deals", "editors", "replaced_keys"):
        db.execute(f"delete from {table} where game_id = ?", [game_id])
    db.execute("delete from games where id = ?", [game_id])


def add_editor(db: Connection, game_id: str, device: str) -> None:
    """Let this device record and change the game (again, if the creator had stopped it)."""
    db.execute(
        "insert into editors (game_id, device, created) values (?, ?, ?)"
        " on conflict (game_id, device) do update set revoked = null",
        [game_id, device, now()],
    )


def new_edit_key(db: Connection, game_id: str, keep: str) -> str:
    """Give the game a new edit link and let only the `keep` device go on changing it.

    The old key is kept as a hash, so its link can say it was replaced; the other phones
    are kept as stopped, so a tap from one can say that scoring moved.
    """
    key = secrets.token_urlsafe(18)
    stamp = now()
    db.execute(
        "insert or ignore into replaced_keys (game_id, key_hash, replaced)"
        " select id, ?, ? from games where id = ?",
        [key_hash(get_edit_key(db, game_id)), stamp, game_id],
    )
    db.execute("update games set edit_key = ? where id = ?", [key, game_id])
    db.execute(
        "update editors set revoked = ? where game_id = ? and device != ? and revoked is null",
        [stamp, game_id, keep],
    )
    return key


def get_edit_key(db: Connection, game_id: str) -> str:
    """Return the key of the game's edit link now, or raise NotFound."""
    row = db.execute("select edit_key from games where id = ?", [game_id]).fetchone()
    if row is None:
        raise NotFound(game_id)
    return str(row[0])


def was_edit_key(db: Connection, game_id: str, key: str) -> bool:
    """Say whether this key was the game's edit key before the creator replaced it."""
    rows = db.execute(
        "select 1 from replaced_keys where game_id = ? and key_hash = ?", [game_id, key_hash(key)]
    ).fetchall()
    return bool(rows)


def set_creator_key(db: Connection, game_id: str) -> str:
    """Make the game a one-use creator link for the host to hand a phone; return its key.

    Only its hash is kept: the link works once, and a new one replaces an unused one.
    """
    key = secrets.token_urlsafe(18)
    db.execute("update games set creator_key = ? where id = ?", [key_hash(key), game_id])
    return key


def creator_key_matches(db: Connection, game_id: str, key: str) -> bool:
    """Say whether this key is the game's creator link's, not yet used."""
    rows = db.execute(
        "select 1 from games where id = ? and creator_key = ?", [game_id, key_hash(key)]
    ).fetchall()
    return bool(rows)


def use_creator_key(db: Connection, game_id: str, key: str, device: str) -> bool:
    """Make this device the game's creator (and an editor) if the key is its creator link's.

    Say whether it was; the link is used up either way it was right.
    """
    changed = db.execute(
        "update games set creator = ?, creator_key = null where id = ? and creator_key = ?",
        [device, game_id, key_hash(key)],
    ).rowcount
    if changed:
        add_editor(db, game_id, device)
    return bool(changed)


def set_archived(db: Connection, game_id: str, archived: bool) -> None:
    """Move a game to the archive (off the home list, kept whole) or bring it back."""
    stamp = now() if archived else None
    db.execute("update games set archived = ? where id = ?", [stamp, game_id])


def delete_archived_game(db: Connection, game_id: str) -> bool:
    """Delete a game from the archive for good (deals, editors and all); say whether it was."""
    if not db.execute(
        "select 1 from games where id = ? and archived is not null", [game_id]
    ).fetchall():
        return False
    delete_game_rows(db, game_id)
    return True


def created_by(db: Connection, device: str | None, game_ids: list[str]) -> set[str]:
    """Return which of these games this device started (or was given by a creator link)."""
    if not device or not game_ids:
        return set()
    marks = ", ".join("?" * len(game_ids))
    rows = db.execute(
        f"select id from games where creator = ? and id in ({marks})", [device, *game_ids]
    )
    return {game_id for (game_id,) in rows}
