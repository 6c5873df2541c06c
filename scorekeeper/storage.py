"""Storage: games, deals, drafts, editors and house rulesets in SQLite, through sqlite-utils.

What is stored is what was said at the table (the game file's deals), never a
score: every score is recomputed by the rules engine. Every write that reads
first runs inside `BEGIN IMMEDIATE` (see `write`), so two phones writing to
the same game are serialised and a stale write is refused, never merged.
No Flask here.
"""

from __future__ import annotations

import collections
import contextlib
import json
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from .rules import (
    BUILTIN_DOCUMENTS,
    DealRecord,
    Game,
    GameResult,
    Ruleset,
    builtin_rulesets,
    name_key,
    read_deal,
    read_game,
    score_game,
)
from .rules.errors import ScoreError

BUSY_TIMEOUT_MS = 10_000
migrations = Migrations("scorekeeper")


@migrations()
def m001_games_and_deals(db: Database) -> None:
    """Games, their deals as said at the table, editors and idempotent replies."""
    db["games"].create(
        {
            "id": str,
            "created": str,
            "updated": str,
            "version": int,
            "ruleset": str,  # the game file's "ruleset": a slug, or a house document (JSON)
            "players": str,  # JSON list of names in seating order
            "first_dealer": int,
            "edit_key": str,
            "draft": str,  # JSON: the deal being entered on the table page, or null
        },
        pk="id",
        not_null={"id", "created", "updated", "version", "ruleset", "players", "edit_key"},
    )
    db["deals"].create(
        {"game_id": str, "position": int, "body": str, "created": str},
        pk=("game_id", "position"),
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "position", "body"},
    )
    db["editors"].create(
        {"game_id": str, "device": str, "created": str},
        pk=("game_id", "device"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db["replies"].create(
        {"key": str, "status": int, "body": str, "location": str, "created": str},
        pk="key",
    )
    db["games"].create_index(["updated"])


@migrations()
def m002_house_rulesets(db: Database) -> None:
    """House rulesets a family saved, by slug."""
    db["house_rulesets"].create(
        {"slug": str, "name": str, "document": str, "created": str, "updated": str},
        pk="slug",
        not_null={"slug", "name", "document"},
    )


def now() -> str:
    """Return the time now, in UTC, as ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def open_database(path: str | Path) -> Database:
    """Open (and migrate) the database: WAL, a busy timeout, foreign keys on."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    db = Database(conn)
    with db.ensure_autocommit_on():
        db.execute("PRAGMA journal_mode=WAL")
    db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    db.execute("PRAGMA synchronous=NORMAL")  # in WAL mode: durable against a crash of the app
    db.execute("PRAGMA foreign_keys=ON")
    if str(path) != ":memory:":
        db.__dict__["_writers"] = _writers(Path(path).resolve())
    if migrations.pending(db):
        with write(db):
            pass  # take the write lock so two workers never migrate at once
        migrations.apply(db)
    return db


@contextlib.contextmanager
def write(db: Database) -> Iterator[Database]:
    """Run a block as one transaction that holds the write lock from its first read."""
    # Threads of this process queue for the write lock here, in turn. Left to SQLite, a
    # writer that finds the lock taken sleeps and retries (1, 2, 5, 10 … 100 ms), so with
    # eight phones writing at once some waited 60 ms while others went straight through.
    # Another process still waits in BEGIN IMMEDIATE; after the busy timeout, so do we.
    writers = db.__dict__.get("_writers")
    queued = writers is not None and writers.acquire(timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.rollback()
            raise
        else:
            db.execute("COMMIT")
    finally:
        if queued and writers is not None:
            writers.release()


_WRITERS: dict[Path, threading.RLock] = {}


def _writers(path: Path) -> threading.RLock:
    """Return the lock this process's writers to one database file take in turn."""
    return _WRITERS.setdefault(path, threading.RLock())  # one step: atomic under the GIL


class NotFound(LookupError):
    """No game has this id."""


class Conflict(Exception):
    """The write is for a deal or version that is no longer current."""

    def __init__(self, message: str, current: StoredGame) -> None:
        super().__init__(message)
        self.message = message
        self.current = current


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: its id and version, the game file, and the deal being entered."""

    id: str
    version: int
    game: Game
    created: str
    updated: str
    edit_key: str
    draft: Any

    def result(self) -> GameResult:
        """Score the game (scores are never stored; they are recomputed, once per game text)."""
        read = self.__dict__.get("_read")
        if read is None:
            read = ReadGame(self.game)
            object.__setattr__(self, "_read", read)  # frozen: the game cannot change under it
        return read.result()


class ReadGame:
    """A game read from its stored text, and its result once asked for.

    Reading and scoring are pure, so every load of the same text (the page, then
    the next tap, then a second phone's poll) shares one: see `_read_game`.
    """

    def __init__(self, game: Game, result: GameResult | None = None) -> None:
        self.game = game
        self._result = result

    def result(self) -> GameResult:
        """Return the game's result, scoring it the first time."""
        if self._result is None:
            self._result = score_game(self.game)
        return self._result

    def keep(self, game: Game, result: GameResult) -> None:
        """Take the result the write that stored this very game already computed."""
        if self._result is None and game == self.game:
            self._result = result


#: Games read lately, by their stored text: a key is the text itself, so it never goes stale.
_READ: collections.OrderedDict[tuple[Any, ...], ReadGame] = collections.OrderedDict()
_READ_LOCK = threading.Lock()
READ_CACHE_SIZE = 64  # a game's text changes with every deal: 64 covers every live table


def new_id() -> str:
    """Return a random, unguessable id."""
    return secrets.token_urlsafe(12)


def _row_to_game(db: Database, row: dict[str, Any]) -> StoredGame:
    bodies = tuple(
        deal["body"]
        for deal in db.query(
            "select body from deals where game_id = ? order by position", [row["id"]]
        )
    )
    read = _read_game(row["ruleset"], row["players"], row["first_dealer"], bodies)
    stored = StoredGame(
        id=row["id"],
        version=row["version"],
        game=read.game,
        created=row["created"],
        updated=row["updated"],
        edit_key=row["edit_key"],
        draft=json.loads(row["draft"]) if row["draft"] else None,
    )
    object.__setattr__(stored, "_read", read)
    return stored


def _read_game(ruleset: str, players: str, first_dealer: int, bodies: tuple[str, ...]) -> ReadGame:
    """Read a stored game's text into a Game, or take the one already read from the same text."""
    key = (ruleset, players, first_dealer, bodies)
    with _READ_LOCK:
        read = _READ.get(key)
        if read is not None:
            _READ.move_to_end(key)
            return read
    document = {
        "ruleset": json.loads(ruleset),
        "players": json.loads(players),
        "first_dealer": first_dealer,
        "deals": [json.loads(body) for body in bodies],
    }
    read = ReadGame(read_game(document))
    with _READ_LOCK:
        read = _READ.setdefault(key, read)
        while len(_READ) > READ_CACHE_SIZE:
            _READ.popitem(last=False)
    return read


def get_game(db: Database, game_id: str) -> StoredGame:
    """Load a game by id, or raise NotFound."""
    rows = list(db.query("select * from games where id = ?", [game_id]))
    if not rows:
        raise NotFound(game_id)
    return _row_to_game(db, rows[0])


def list_games(db: Database) -> list[StoredGame]:
    """Return every game, the most recently changed first."""
    return [_row_to_game(db, row) for row in db.query("select * from games order by updated desc")]


def create_game(db: Database, game: Game, *, device: str | None = None) -> StoredGame:
    """Store a new game (checked by scoring it first). Call inside `write(db)`.

    The creating device becomes an editor of the game.
    """
    score_game(game)
    game_id = new_id()
    stamp = now()
    db["games"].insert(
        {
            "id": game_id,
            "created": stamp,
            "updated": stamp,
            "version": 1,
            "ruleset": json.dumps(game.to_json()["ruleset"], ensure_ascii=False),
            "players": json.dumps(list(game.players), ensure_ascii=False),
            "first_dealer": game.first_dealer,
            "edit_key": secrets.token_urlsafe(18),
            "draft": None,
        }
    )
    _insert_deals(db, game_id, game.deals, start=1)
    if device:
        add_editor(db, game_id, device)
    return get_game(db, game_id)


def _insert_deals(db: Database, game_id: str, deals: Any, *, start: int) -> None:
    stamp = now()
    db["deals"].insert_all(
        (
            {
                "game_id": game_id,
                "position": position,
                "body": json.dumps(deal.to_json(), ensure_ascii=False),
                "created": stamp,
            }
            for position, deal in enumerate(deals, start)
        ),
    )


def _bump(db: Database, game_id: str, *, draft: Any = ...) -> None:
    changes: dict[str, Any] = {"updated": now()}
    if draft is not ...:
        changes["draft"] = None if draft is None else json.dumps(draft, ensure_ascii=False)
    sets = ", ".join(f"{column} = ?" for column in changes)
    db.execute(
        f"update games set version = version + 1, {sets} where id = ?",
        [*changes.values(), game_id],
    )


def _check_version(current: StoredGame, expected_version: int | None) -> None:
    if expected_version is not None and expected_version != current.version:
        raise Conflict(
            "Someone else changed this game in the meantime; here is the game as it is now.",
            current,
        )


def record_deal(
    db: Database,
    game_id: str,
    record: DealRecord,
    *,
    position: int,
    expected_version: int | None = None,
) -> StoredGame:
    """Add the next deal (in one transaction), refusing a stale or illegal one.

    Call inside `write(db)`. `position` is the deal's place in the game file,
    1-based, counting thrown-in deals; it must be the next one.
    """
    current = get_game(db, game_id)
    _check_version(current, expected_version)
    if position != len(current.game.deals) + 1:
        raise Conflict(
            f"Deal {position} is not the next deal to record "
            f"({len(current.game.deals) + 1} is); here is the game as it is now.",
            current,
        )
    after = current.game.with_deals([*current.game.deals, record])
    scored = score_game(after)
    _insert_deals(db, game_id, [record], start=position)
    _bump(db, game_id, draft=None)
    return _scored(get_game(db, game_id), after, scored)


def _scored(stored: StoredGame, game: Game, result: GameResult) -> StoredGame:
    """Give a just-written game the result already computed for it, rather than scoring it again."""
    read = stored.__dict__.get("_read")
    if read is not None:
        read.keep(game, result)
    return stored


def replace_deal(
    db: Database,
    game_id: str,
    position: int,
    record: DealRecord,
    *,
    expected_version: int | None = None,
) -> StoredGame:
    """Correct an earlier deal; the whole game must still be legal after it. Call inside write."""
    current = get_game(db, game_id)
    _check_version(current, expected_version)
    deals = list(current.game.deals)
    if not 1 <= position <= len(deals):
        raise NotFound(f"deal {position}")
    deals[position - 1] = record
    after = current.game.with_deals(deals)
    scored = score_game(after)
    db.execute(
        "update deals set body = ? where game_id = ? and position = ?",
        [json.dumps(record.to_json(), ensure_ascii=False), game_id, position],
    )
    _bump(db, game_id)
    return _scored(get_game(db, game_id), after, scored)


def delete_last_deal(
    db: Database, game_id: str, position: int, *, expected_version: int | None = None
) -> tuple[StoredGame, DealRecord]:
    """Undo the last deal; refuse any other. Call inside write. Returns the game and the deal."""
    current = get_game(db, game_id)
    _check_version(current, expected_version)
    if not current.game.deals:
        raise Conflict("There is no deal to undo.", current)
    if position != len(current.game.deals):
        raise Conflict(
            f"Only the last deal ({len(current.game.deals)}) can be undone, not deal {position}.",
            current,
        )
    removed = current.game.deals[-1]
    db.execute("delete from deals where game_id = ? and position = ?", [game_id, position])
    _bump(db, game_id)
    return get_game(db, game_id), removed


def save_draft(
    db: Database, game_id: str, draft: Any, *, expected_version: int | None = None
) -> StoredGame:
    """Keep the deal being entered (bids so far, trump, …) so a reload or a second phone sees it."""
    current = get_game(db, game_id)
    _check_version(current, expected_version)
    _bump(db, game_id, draft=draft)
    return get_game(db, game_id)


def add_editor(db: Database, game_id: str, device: str) -> None:
    """Let this device record and change the game."""
    db["editors"].insert({"game_id": game_id, "device": device, "created": now()}, ignore=True)


def is_editor(db: Database, game_id: str, device: str | None) -> bool:
    """Say whether this device may record and change the game."""
    if not device:
        return False
    rows = db.query("select 1 from editors where game_id = ? and device = ?", [game_id, device])
    return any(True for _ in rows)


def recall_reply(db: Database, key: str) -> dict[str, Any] | None:
    """Return the reply already given to a request with this idempotency key, if any."""
    rows = list(db.query("select * from replies where key = ?", [key]))
    return rows[0] if rows else None


def remember_reply(
    db: Database, key: str, *, status: int, body: str = "", location: str = ""
) -> None:
    """Keep the reply to a request with this idempotency key (inside the write's transaction)."""
    db["replies"].insert(
        {"key": key, "status": status, "body": body, "location": location, "created": now()},
        replace=True,
    )


def known_player_names(db: Database) -> list[str]:
    """Return every player name used in earlier games, most used first (case-insensitive)."""
    counts: dict[str, tuple[int, str]] = {}
    for row in db.query("select players from games order by updated desc"):
        for name in json.loads(row["players"]):
            key = name_key(name)
            seen, shown = counts.get(key, (0, name))
            counts[key] = (seen + 1, shown)
    return [shown for _, shown in sorted(counts.values(), key=lambda item: (-item[0], item[1]))]


def parse_deal(game: Game, raw: Any, position: int) -> DealRecord:
    """Read one deal sent by a form or the API, as the game file would hold it."""
    return read_deal(raw, index=position, players=game.players, ruleset=game.ruleset)


def backup_database(source: str | Path | None, out: str | Path) -> None:
    """Write a consistent copy of the database, even while the app is writing (VACUUM INTO)."""
    from .config import default_database_path

    source_path = Path(source) if source else default_database_path()
    if not source_path.exists():
        raise ScoreError(f"there is no database at {source_path}")
    target = Path(out)
    if target.exists():
        raise ScoreError(f"{target} already exists; choose a new file for the backup")
    conn = sqlite3.connect(str(source_path), timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        conn.execute("VACUUM INTO ?", [str(target)])
    finally:
        conn.close()


# House rulesets -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RulesetChoice:
    """A ruleset a new game can be played under: a built-in or a family's saved house rules."""

    slug: str
    ruleset: Ruleset
    house: bool


def slugify(name: str) -> str:
    """Turn a ruleset's name into a slug for its address: "Grandpa's rules" → "grandpas-rules"."""
    kept = "".join(
        ch if ch.isalnum() else "-" for ch in name.casefold() if ch.isalnum() or ch in " -_"
    )
    slug = "-".join(part for part in kept.split("-") if part)[:60]
    return slug or "house-rules"


def save_house_ruleset(db: Database, document: dict[str, Any], *, slug: str | None = None) -> str:
    """Validate and save a house ruleset (a base and changes, or complete). Call inside write.

    Returns its slug. A built-in's slug cannot be taken.
    """
    ruleset = Ruleset.from_document(document)
    chosen = slug or slugify(ruleset.name)
    if chosen in BUILTIN_DOCUMENTS:
        chosen = f"{chosen}-house"
    stamp = now()
    existing = db["house_rulesets"].count_where("slug = ?", [chosen])
    row = {
        "slug": chosen,
        "name": ruleset.name,
        "document": json.dumps(document, ensure_ascii=False),
        "updated": stamp,
    }
    if existing:
        db["house_rulesets"].update(chosen, row)
    else:
        db["house_rulesets"].insert({**row, "created": stamp})
    return chosen


def get_house_ruleset(db: Database, slug: str) -> tuple[dict[str, Any], Ruleset]:
    """Return a saved house ruleset's document (as saved) and the validated Ruleset."""
    rows = list(db.query("select document from house_rulesets where slug = ?", [slug]))
    if not rows:
        raise NotFound(slug)
    document = json.loads(rows[0]["document"])
    return document, Ruleset.from_document(document, slug=slug)


def delete_house_ruleset(db: Database, slug: str) -> None:
    """Forget a house ruleset; games played under it keep their own copy. Call inside write."""
    db.execute("delete from house_rulesets where slug = ?", [slug])


def ruleset_choices(db: Database) -> list[RulesetChoice]:
    """Return every ruleset a new game can use: the built-ins, then saved house rulesets."""
    choices = [RulesetChoice(r.slug or "", r, False) for r in builtin_rulesets()]
    for row in db.query("select slug, document from house_rulesets order by name"):
        try:
            ruleset = Ruleset.from_document(json.loads(row["document"]), slug=row["slug"])
        except ScoreError:
            continue  # a ruleset that no longer validates is shown on the rules pages, not offered
        choices.append(RulesetChoice(row["slug"], ruleset, True))
    return choices


def game_ruleset_ref(db: Database, slug: str) -> str | dict[str, Any]:
    """Return what a new game's file says for this ruleset.

    A built-in is named by its slug; a house ruleset is copied into the game as a
    complete document, so editing the house rules later never changes a past game.
    """
    if slug in BUILTIN_DOCUMENTS:
        return slug
    _, ruleset = get_house_ruleset(db, slug)
    return dict(ruleset.document)
