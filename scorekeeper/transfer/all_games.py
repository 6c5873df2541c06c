"""Every game in one JSON file: out for safekeeping, back in all at once or not at all.

The file is `{"format": "scorekeeper-archive", "version": 1, "games": [...]}`
where each game is a game file of docs/game-format.md, exactly as `/games/<id>/export.json`
gives it. Importing checks every game before writing any, so a bad game anywhere in the
file means nothing is imported; then the games are written a few at a time
(`service.imports`), so the family's taps go on meanwhile. No Flask here.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable, Iterator
from typing import Any

from ..rules import Game, GameFileError, ScoreError, default_lookup, read_game, score_game
from ..rules.gamefile import RulesetLookup
from ..service.imports import Progress
from ..service.imports import import_games as store_all
from ..storage import Connection, NotFound, Store, game_ids, get_game, ruleset_lookup
from .strict_json import read_json_document

FORMAT = "scorekeeper-archive"
VERSION = 1


def every_game_file(db: Connection) -> Iterator[dict[str, Any]]:
    """Yield every game's file, the oldest first, reading one game at a time."""
    for game_id in game_ids(db):
        try:
            yield get_game(db, game_id).game.to_json()
        except NotFound:
            continue  # deleted while the archive was being written


def export_all(db: Connection) -> dict[str, Any]:
    """Return every game as one archive document, the oldest game first."""
    return {"format": FORMAT, "version": VERSION, "games": list(every_game_file(db))}


def all_games_text(db: Connection) -> Iterator[str]:
    """Yield the archive file's text a game at a time, so memory never holds every game.

    The text is exactly `json.dumps(export_all(db), indent=1, ensure_ascii=False)`.
    """
    yield f'{{\n "format": "{FORMAT}",\n "version": {VERSION},\n "games": ['
    first = True
    for game in every_game_file(db):
        text = json.dumps(game, indent=1, ensure_ascii=False).replace("\n", "\n  ")
        yield ("\n  " if first else ",\n  ") + text
        first = False
    yield "]\n}" if first else "\n ]\n}"


class ArchiveStream:
    """The archive file's text, read through a connection of its own in one snapshot.

    The snapshot is taken as the stream is made (a read transaction: readers never hold up
    a writer), so the file is the archive as it was then. The connection is closed, and
    `then` called once, when the text runs out or the stream is closed, whichever is first:
    a client gone before the first game lets go all the same.
    """

    def __init__(self, store: Store, *, then: Callable[[], None] = lambda: None) -> None:
        self._then = then
        self._done = threading.Lock()
        self._closed = False
        self._db: Connection | None = None
        try:
            self._db = store.open()
            self._db.execute("BEGIN")
            self._db.execute("select count(*) from games").fetchone()  # the snapshot, taken now
        except BaseException:
            self.close()
            raise
        self._text = all_games_text(self._db)

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        if self._closed:
            raise StopIteration
        try:
            return next(self._text)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """End the snapshot, close the connection and call `then`, once."""
        with self._done:
            if self._closed:
                return
            self._closed = True
        try:
            if self._db is not None:
                with contextlib.suppress(Exception):
                    self._db.conn.rollback()
                self._db.close()
        finally:
            self._then()


def read_all_games(
    document: Any, *, most: int | None = None, lookup: RulesetLookup = default_lookup
) -> list[Game]:
    """Check an archive document and every game in it; refuse it whole if any game is bad, or
    if it holds more than `most` games (counted before any is read). `lookup` finds each
    game's ruleset (by this server's slugs too, `storage.ruleset_lookup`)."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise GameFileError(
            f'this is not a Scorekeeper archive (it should say "format": "{FORMAT}"); '
            "a single game file is imported on the Import page"
        )
    if document.get("version") != VERSION:
        raise GameFileError(f"this archive is version {document.get('version')!r}; expected 1")
    raw_games = document.get("games")
    if not isinstance(raw_games, list):
        raise GameFileError("the archive's games must be a list of game files")
    if most is not None and len(raw_games) > most:
        raise GameFileError(
            f"this archive holds {len(raw_games):,} games, and an import here takes at most "
            f"{most:,}; whoever runs Scorekeeper can import it whole on that machine with "
            "`scorekeeper import-all FILE`"
        )
    games = []
    for number, raw in enumerate(raw_games, 1):
        try:
            game = read_game(raw, lookup=lookup)
            score_game(game)
        except ScoreError as error:
            raise GameFileError(f"game {number}: {error}") from None
        games.append(game)
    return games


def read_all_games_text(
    raw: str | bytes, *, most: int | None = None, lookup: RulesetLookup = default_lookup
) -> list[Game]:
    """Read an archive file's text and check every game in it (at most `most` of them)."""
    return read_all_games(read_json_document(raw, what="the archive"), most=most, lookup=lookup)


def import_games(
    db: Connection,
    games: list[Game],
    *,
    device: str | None = None,
    progress: Progress | None = None,
    pause: float | None = None,
) -> int:
    """Store checked games a short transaction at a time; return how many were stored.

    `progress` is told after each transaction; `pause` (seconds between transactions)
    is the service's unless given (0 for a database nobody else is using).
    """
    if pause is None:
        return store_all(db, games, device=device, progress=progress)
    return store_all(db, games, device=device, progress=progress, pause=pause)


def import_all(
    db: Connection, document: Any, *, device: str | None = None, pause: float | None = None
) -> int:
    """Check every game of an archive document, then store them (none if any is bad); return
    the count.

    The games get new ids; the device, if given, becomes the creator of each.
    """
    games = read_all_games(document, lookup=ruleset_lookup(db))
    return import_games(db, games, device=device, pause=pause)
