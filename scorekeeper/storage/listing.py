"""The home page's list of games, in pages, from each game's stored results (`results.py`).

Only queries here, and only reads: a page of games (being played first, then the latest
changed), the archive's count and the rulesets games were played under. The service
layer (`scorekeeper.standings`) keeps the results stored with every change.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ..rules import name_key, sides_ahead
from .store import Connection

#: Games on one page of the home page's list.
PAGE_SIZE = 20
#: A listed game's place, as `ListedGame.cursor` writes it: being played (1) or not (0), when
#: it last changed (the ISO time `schema.now` stamps), and the order it was stored in.
_CURSOR = re.compile(
    r"([01])~(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:[+-]\d{2}:\d{2})?)~(\d{1,19})", re.ASCII
)
#: SQLite's integers are 64-bit: a place past them is none the list gave.
_LAST_SEQ = 2**63 - 1


class BadCursor(ValueError):
    """A page of the list asked for from a place the list never gave out."""


def read_cursor(text: str) -> tuple[int, str, int]:
    """Read a listed game's cursor (see `ListedGame.cursor`), or raise BadCursor."""
    found = _CURSOR.fullmatch(text)
    if found is None or int(found.group(3)) > _LAST_SEQ:
        raise BadCursor(text)
    return int(found.group(1)), found.group(2), int(found.group(3))


@dataclass(frozen=True)
class GameFilter:
    """Which games a list shows: a player (any capitals), a ruleset name, a day range, finished,
    and whether the list is of the games moved to the archive rather than of the others."""

    player: str = ""
    ruleset: str = ""
    since: str = ""  #: first day, YYYY-MM-DD (UTC), or ""
    until: str = ""  #: last day, YYYY-MM-DD (UTC), or ""
    finished: bool | None = None
    archived: bool = False


@dataclass(frozen=True)
class ListedGame:
    """One game as the home page lists it, from its stored results."""

    id: str
    seq: int
    updated: str
    ruleset: str
    sides: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...] | None
    complete: bool
    deals: int
    next_deal: int | None
    schedule: int

    @property
    def leaders(self) -> tuple[int, ...]:
        """Return the sides ahead (several when level); none before a deal is recorded."""
        return sides_ahead(self.totals) if self.deals and self.totals else ()

    @property
    def cursor(self) -> str:
        """Return where this game stands in the list: the place to page on from."""
        return f"{int(not self.complete)}~{self.updated}~{self.seq}"


@dataclass(frozen=True)
class GamePage:
    """One page of the list, and the cursors of the pages before and after it (or "")."""

    games: list[ListedGame]
    newer: str
    older: str


def _where(chosen: GameFilter) -> tuple[list[str], list[Any]]:
    # Games moved to the archive are off the list until brought back, and listed on their own:
    # the archive's ids from an index of them; the list checks each game it reaches by its
    # key, so neither reads more than the page it shows, whatever the database holds.
    clauses: list[str] = [
        "game_id in (select id from games where archived is not null)"
        if chosen.archived
        else "not exists (select 1 from games where games.id = game_results.game_id"
        " and games.archived is not null)"
    ]
    values: list[Any] = []
    if chosen.player:
        clauses.append("game_id in (select game_id from result_seats where key = ?)")
        values.append(name_key(chosen.player))
    if chosen.ruleset:
        clauses.append("ruleset = ?")
        values.append(chosen.ruleset)
    if chosen.since:
        clauses.append("updated >= ?")
        values.append(chosen.since)
    if chosen.until:
        clauses.append("updated < ?")
        values.append(chosen.until + "~")  # every time of that day sorts before "~"
    if chosen.finished is not None:
        clauses.append("complete = ?")
        values.append(int(chosen.finished))
    return clauses, values


def _listed(row: tuple[Any, ...]) -> ListedGame:
    game_id, seq, updated, ruleset, sides, totals, winners, complete, deals, next_deal, schedule = (
        row
    )
    return ListedGame(
        id=game_id,
        seq=seq,
        updated=updated,
        ruleset=ruleset,
        sides=tuple(json.loads(sides)),
        totals=tuple(json.loads(totals)),
        winners=None if winners is None else tuple(json.loads(winners)),
        complete=bool(complete),
        deals=deals,
        next_deal=next_deal,
        schedule=schedule,
    )


#: Where a game stands in the list: games being played first, then the latest changed first
#: (the latest stored first among games changed within the same second, as in an import).
LIST_ORDER = "(1 - complete, updated, seq)"


def list_results(
    db: Connection,
    chosen: GameFilter,
    *,
    older_than: str = "",
    newer_than: str = "",
    size: int = PAGE_SIZE,
) -> GamePage:
    """Return one page of games from their stored results: being played first, then the latest.

    `older_than` and `newer_than` are a listed game's cursor: the page after it, or before it
    (raise BadCursor for one the list never gave out).
    """
    clauses, values = _where(chosen)
    newer = bool(newer_than) and not older_than
    cursor = newer_than if newer else older_than
    if cursor:
        clauses.append(f"{LIST_ORDER} {'>' if newer else '<'} (?, ?, ?)")
        values += list(read_cursor(cursor))
    where = f"where {' and '.join(clauses)}" if clauses else ""
    order = "asc" if newer else "desc"
    rows = db.execute(
        "select game_id, seq, updated, ruleset, sides, totals, winners, complete, deals,"
        f" next_deal, schedule from game_results {where} order by 1 - complete {order},"
        f" updated {order}, seq {order} limit ?",
        [*values, size + 1],
    ).fetchall()
    more = len(rows) > size
    games = [_listed(row) for row in rows[:size]]
    if newer:
        games.reverse()
    first, last = (games[0].cursor, games[-1].cursor) if games else ("", "")
    if newer:
        return GamePage(games, first if more else "", last)
    return GamePage(games, first if cursor else "", last if more else "")


def archived_count(db: Connection) -> int:
    """Count the games in the archive (an indexed count, whatever the archive's size)."""
    (count,) = db.execute("select count(*) from games where archived is not null").fetchone()
    return int(count)
