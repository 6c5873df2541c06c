"""Each game's results as stored beside it: rows for the home page's list and the players' stats.

Only rows and queries here: the service layer (`scorekeeper.games`) counts a
game's results (`scorekeeper.summary`) and writes them in the same transaction
as the change to the game; a reader that finds them older than the game has them
counted again. Every function that writes is called inside a write transaction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..summary import GameSummary
from .store import Connection

#: Games on one page of the home page's list.
PAGE_SIZE = 20


@dataclass(frozen=True)
class GameFilter:
    """Which games a list shows: a player (name key), a ruleset name, a day range, finished."""

    player: str = ""
    ruleset: str = ""
    since: str = ""  #: first day, YYYY-MM-DD (UTC), or ""
    until: str = ""  #: last day, YYYY-MM-DD (UTC), or ""
    finished: bool | None = None


@dataclass(frozen=True)
class ListedGame:
    """One game as the home page lists it, from its stored results."""

    id: str
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
    def cursor(self) -> str:
        """Return where this game stands in the list: the place to page on from."""
        return f"{int(not self.complete)}~{self.updated}~{self.id}"


@dataclass(frozen=True)
class GamePage:
    """One page of the list, and the cursors of the pages before and after it (or "")."""

    games: list[ListedGame]
    newer: str
    older: str


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def put_results(
    db: Connection,
    game_id: str,
    *,
    version: int,
    stamp: str,
    created: str,
    updated: str,
    summary: GameSummary,
) -> None:
    """Store a game's results as counted at this version, over any kept before."""
    db.execute("delete from result_points where game_id = ?", [game_id])
    db.execute("delete from result_seats where game_id = ?", [game_id])
    db.execute(
        "insert or replace into game_results (game_id, game_version, stamp, created, updated,"
        " ruleset, players, sides, totals, winners, complete, deals, next_deal, schedule,"
        " bids_made, bids_missed) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            game_id,
            version,
            stamp,
            created,
            updated,
            summary.ruleset,
            _dump(list(summary.players)),
            _dump(list(summary.sides)),
            _dump(list(summary.totals)),
            None if summary.winners is None else _dump(list(summary.winners)),
            int(summary.complete),
            summary.deals,
            summary.next_number,
            summary.schedule,
            summary.bids_made,
            summary.bids_missed,
        ],
    )
    db.conn.executemany(
        "insert into result_seats values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                s.seat,
                s.key,
                s.name,
                s.side,
                s.side_name,
                s.total,
                s.place,
                int(s.won),
                s.bids,
                s.bids_made,
                s.boards,
                s.boards_made,
            )
            for s in summary.seats
        ],
    )
    db.conn.executemany(
        "insert into result_points values (?, ?, ?, ?, ?, ?)",
        [
            (game_id, s.seat, s.key, cards, points, deals)
            for s in summary.seats
            for cards, points, deals in s.points
        ],
    )


def touch_results(db: Connection, game_id: str, *, version: int, updated: str) -> None:
    """Move a game's results on to a version that changed no deal (a tap of the next deal)."""
    db.execute(
        "update game_results set game_version = ?, updated = ? where game_id = ?",
        [version, updated, game_id],
    )


def stale_results(db: Connection, stamp: str) -> list[str]:
    """Return the games whose results are missing, older than the game, or counted otherwise."""
    rows = db.execute(
        "select games.id from games left join game_results on game_results.game_id = games.id"
        " where game_results.game_id is null or game_results.game_version != games.version"
        " or game_results.stamp != ?",
        [stamp],
    )
    return [game_id for (game_id,) in rows]


def _where(chosen: GameFilter) -> tuple[list[str], list[Any]]:
    clauses: list[str] = []
    values: list[Any] = []
    if chosen.player:
        clauses.append("game_id in (select game_id from result_seats where key = ?)")
        values.append(chosen.player)
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
    game_id, updated, ruleset, sides, totals, winners, complete, deals, next_deal, schedule = row
    return ListedGame(
        id=game_id,
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


#: Where a game stands in the list: games being played first, then the latest changed first.
LIST_ORDER = "(1 - complete, updated, game_id)"


def list_results(
    db: Connection,
    chosen: GameFilter,
    *,
    older_than: str = "",
    newer_than: str = "",
    size: int = PAGE_SIZE,
) -> GamePage:
    """Return one page of games from their stored results: being played first, then the latest.

    `older_than` and `newer_than` are a listed game's cursor: the page after it, or before it.
    """
    clauses, values = _where(chosen)
    newer = bool(newer_than) and not older_than
    cursor = newer_than if newer else older_than
    place = cursor.split("~", 2)
    if len(place) == 3 and place[0] in ("0", "1"):
        clauses.append(f"{LIST_ORDER} {'>' if newer else '<'} (?, ?, ?)")
        values += [int(place[0]), place[1], place[2]]
    else:
        cursor = ""
    where = f"where {' and '.join(clauses)}" if clauses else ""
    order = "asc" if newer else "desc"
    rows = db.execute(
        "select game_id, updated, ruleset, sides, totals, winners, complete, deals, next_deal,"
        f" schedule from game_results {where} order by 1 - complete {order}, updated {order},"
        f" game_id {order} limit ?",
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


def result_rulesets(db: Connection) -> list[str]:
    """Return the name of every ruleset a stored game was played under, by name."""
    rows = db.execute("select distinct ruleset from game_results order by ruleset")
    return [name for (name,) in rows]


# The players' stats, counted by SQLite over every stored game ---------------------------------


def seat_totals(db: Connection) -> list[tuple[Any, ...]]:
    """Return per player key: games, finished, wins, bids, made, boards, boards made."""
    return db.execute(
        "select s.key, count(*), sum(r.complete), sum(s.won), sum(s.bids), sum(s.bids_made),"
        " sum(s.boards), sum(s.boards_made) from result_seats s"
        " join game_results r on r.game_id = s.game_id group by s.key"
    ).fetchall()


def spellings(db: Connection) -> list[tuple[str, str, int, str]]:
    """Return per player key and spelling: how many games wrote it so, and the latest one."""
    return db.execute(
        "select s.key, s.name, count(*), max(r.updated) from result_seats s"
        " join game_results r on r.game_id = s.game_id group by s.key, s.name"
    ).fetchall()


def points_by_cards(db: Connection) -> list[tuple[str, int, int, int]]:
    """Return per player key and hand size: the side's points and the deals scored."""
    return db.execute(
        "select key, cards, sum(points), sum(deals) from result_points group by key, cards"
    ).fetchall()


def meetings(db: Connection) -> list[tuple[str, str, int, int, int]]:
    """Return per pair of players on different sides of finished games: wins, losses, ties."""
    return db.execute(
        "select a.key, b.key, sum(a.total > b.total), sum(a.total < b.total),"
        " sum(a.total = b.total) from result_seats a"
        " join result_seats b on b.game_id = a.game_id and b.side != a.side"
        " join game_results r on r.game_id = a.game_id where r.complete"
        " group by a.key, b.key"
    ).fetchall()


def player_games(db: Connection, key: str) -> list[tuple[Any, ...]]:
    """Return a player's games, newest first: id, updated, ruleset, side, total, place, ..."""
    return db.execute(
        "select r.game_id, r.updated, r.ruleset, s.side_name, s.total, s.place,"
        " json_array_length(r.totals), r.complete, s.won from result_seats s"
        " join game_results r on r.game_id = s.game_id where s.key = ?"
        " order by r.updated desc, r.game_id desc",
        [key],
    ).fetchall()
