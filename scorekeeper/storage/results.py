"""Each game's results as stored beside it, and the players' stats summed over them.

Only rows and queries here: the service counts a game's results
(`standings.summary`) and writes them in the same transaction as the change to
the game; at start-up, results older than their game are counted again
(`standings.results`). Every function that writes is called inside a write
transaction.
The home page's list of games is read from these rows in `listing.py`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .migrations import now
from .store import Connection


@dataclass(frozen=True)
class SeatSummary:
    """One player's part of a game, as stored: their side and its total, their bids and boards."""

    seat: int
    name: str  #: as anyone sees it at this game: composed, trimmed, nothing invisible
    key: str  #: the name whatever its capitals (`name_key`)
    side: int
    side_name: str
    total: int  #: the side's total
    place: int  #: 1 for first (ties share a place)
    won: bool  #: finished, and the side is among the winners
    bids: int
    bids_made: int
    boards: int
    boards_made: int
    #: (cards each, the side's points over those deals, scored deals) for every hand size played
    points: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class GameSummary:
    """A game's results: totals by side, winners, how far it is, bids made and missed."""

    ruleset: str  #: the ruleset's name, as the game's own copy says it
    players: tuple[str, ...]
    sides: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...] | None
    complete: bool
    deals: int  #: deals played, counting thrown-in deals
    next_number: int | None  #: the slot of the schedule to deal next (None when finished)
    schedule: int  #: deals in the schedule
    bids_made: int
    bids_missed: int
    seats: tuple[SeatSummary, ...]


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


#: SQLite's integers are 64-bit; a game kept from before the input limits may score more.
_SQLITE_INT = 2**63 - 1


def _fit(number: int) -> int | str:
    """Return a number as SQLite can keep it exactly: itself, or its digits when too large.

    The digits carry a leading "=": SQLite would turn a bare numeral too large for its
    integers into an inexact REAL, even in a column of integers.
    """
    return number if -_SQLITE_INT <= number <= _SQLITE_INT else f"={number}"


def kept_number(stored: int | str) -> int:
    """Return a number kept by `_fit` as the integer it is."""
    return stored if isinstance(stored, int) else int(stored.removeprefix("="))


#: A seat's numbers as its row holds them: key, name, side, total, won, bids, made, boards, made.
SeatRow = tuple[str, str, int, int, int, int, int, int, int]
#: A seat's points by hand size: key, cards, points, deals.
PointsRow = tuple[str, int, int, int]


@dataclass
class Sums:
    """What one game adds to the running sums of every player (and of its ruleset)."""

    totals: dict[str, list[int]]  #: key → games, finished, wins, bids, made, boards, made
    spellings: dict[tuple[str, str], int]
    points: dict[tuple[str, int], list[int]]  #: (key, cards) → points, deals
    meetings: dict[tuple[str, str], list[int]]  #: (key, other) → wins, losses, ties
    rulesets: dict[str, int]

    @classmethod
    def of(
        cls, ruleset: str, complete: bool, seats: list[SeatRow], points: list[PointsRow]
    ) -> Sums:
        """Return one game's part of the sums, from its seats' rows."""
        totals = {
            key: [1, int(complete), won, bids, made, boards, boards_made]
            for key, _, _, _, won, bids, made, boards, boards_made in seats
        }
        meetings: dict[tuple[str, str], list[int]] = {}
        if complete:
            for key, _, side, total, *_ in seats:
                for other, _, other_side, other_total, *_ in seats:
                    # Two seats of a game stored before names were checked may be one
                    # person by today's key: nobody plays against themself.
                    if side != other_side and key != other:
                        record = meetings.setdefault((key, other), [0, 0, 0])
                        difference = total - other_total
                        record[0 if difference > 0 else 1 if difference < 0 else 2] += 1
        return cls(
            totals,
            {(seat[0], seat[1]): 1 for seat in seats},
            {(key, cards): [sum_points, deals] for key, cards, sum_points, deals in points},
            meetings,
            {ruleset: 1},
        )

    def minus(self, other: Sums) -> Sums:
        """Return what changes when this game's part replaces `other` (its part before)."""

        def apart(mine: dict[Any, Any], theirs: dict[Any, Any]) -> dict[Any, Any]:
            changed = {}
            for key in mine.keys() | theirs.keys():
                new, old = mine.get(key), theirs.get(key)
                if isinstance(new or old, list):
                    zero = [0] * len(new or old)
                    change = [a - b for a, b in zip(new or zero, old or zero, strict=True)]
                    if any(change):
                        changed[key] = change
                elif (new or 0) != (old or 0):
                    changed[key] = (new or 0) - (old or 0)
            return changed

        return Sums(
            apart(self.totals, other.totals),
            apart(self.spellings, other.spellings),
            apart(self.points, other.points),
            apart(self.meetings, other.meetings),
            apart(self.rulesets, other.rulesets),
        )


def _kept_sums(db: Connection, game_id: str) -> Sums:
    """Return a stored game's part of the running sums, from its rows as they are."""
    row = db.execute(
        "select ruleset, complete from game_results where game_id = ?", [game_id]
    ).fetchone()
    if row is None:
        return Sums({}, {}, {}, {}, {})
    seats = [
        (key, name, side, kept_number(total), *rest)
        for key, name, side, total, *rest in db.execute(
            "select key, name, side, total, won, bids, bids_made, boards, boards_made"
            " from result_seats where game_id = ?",
            [game_id],
        )
    ]
    points = [
        (key, cards, kept_number(sum_points), deals)
        for key, cards, sum_points, deals in db.execute(
            "select key, cards, points, deals from result_points where game_id = ?", [game_id]
        )
    ]
    return Sums.of(row[0], bool(row[1]), seats, points)  # type: ignore[arg-type]


def _add(db: Connection, change: Sums, updated: str) -> None:
    """Add a change to the running sums; forget players, pairs and rulesets left at nothing."""
    run = db.conn.executemany
    run(
        "insert into player_totals (key, games, finished, wins, bids, bids_made, boards,"
        " boards_made) values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (key) do update"
        " set games = games + excluded.games, finished = finished + excluded.finished,"
        " wins = wins + excluded.wins, bids = bids + excluded.bids,"
        " bids_made = bids_made + excluded.bids_made, boards = boards + excluded.boards,"
        " boards_made = boards_made + excluded.boards_made",
        [(key, *numbers) for key, numbers in change.totals.items()],
    )
    # A game's names never change and its time only moves on: the latest is the largest.
    run(
        "insert into player_spellings values (?, ?, ?, ?) on conflict (key, name) do update"
        " set games = games + excluded.games, latest = max(latest, excluded.latest)",
        [(key, name, games, updated) for (key, name), games in change.spellings.items()],
    )
    _add_points(db, change.points)
    numbered = _numbers(db, {key for pair in change.meetings for key in pair})
    meetings = {(numbered[a], numbered[b]): record for (a, b), record in change.meetings.items()}
    run(
        "insert into player_meetings values (?, ?, ?, ?, ?) on conflict (player, other) do update"
        " set wins = wins + excluded.wins, losses = losses + excluded.losses,"
        " ties = ties + excluded.ties",
        [(player, other, *record) for (player, other), record in meetings.items()],
    )
    run(
        "insert into result_rulesets values (?, ?) on conflict (ruleset) do update"
        " set games = games + excluded.games",
        list(change.rulesets.items()),
    )
    # Only a row this change touched can have come down to nothing: each is looked up by
    # its key, never by reading the whole table (a club's pairs of players run to thousands).
    emptied: list[tuple[str, dict[Any, Any]]] = [
        ("player_totals where key = ? and games <= 0", change.totals),
        ("player_spellings where key = ? and name = ? and games <= 0", change.spellings),
        ("player_points where key = ? and cards = ? and deals <= 0", change.points),
        ("player_meetings where player = ? and other = ? and wins+losses+ties <= 0", meetings),
        ("result_rulesets where ruleset = ? and games <= 0", change.rulesets),
    ]
    for where, keys in emptied:
        if keys:
            run(f"delete from {where}", [key if isinstance(key, tuple) else (key,) for key in keys])


def _numbers(db: Connection, keys: set[str]) -> dict[str, int]:
    """Return the number each player's head-to-head rows know them by (their sums' id: every
    player met has sums, written just before)."""
    if not keys:
        return {}
    marks = ", ".join("?" * len(keys))
    rows = db.execute(f"select key, id from player_totals where key in ({marks})", list(keys))
    return dict(rows.fetchall())


def _add_points(db: Connection, change: dict[tuple[str, int], list[int]]) -> None:
    """Add to the players' points by hand size, in Python: the sums stay exact at any size."""
    if not change:
        return
    keys = sorted({key for key, _ in change})
    marks = ", ".join("?" * len(keys))
    kept = {
        (key, cards): (kept_number(points), deals)
        for key, cards, points, deals in db.execute(
            f"select key, cards, points, deals from player_points where key in ({marks})", keys
        )
    }
    rows = []
    for (key, cards), (points, deals) in change.items():
        old_points, old_deals = kept.get((key, cards), (0, 0))
        rows.append((key, cards, _fit(old_points + points), old_deals + deals))
    db.conn.executemany("insert or replace into player_points values (?, ?, ?, ?)", rows)


def drop_results(db: Connection, game_id: str) -> None:
    """Forget a deleted game's results, taking its part out of the players' running sums."""
    before = _kept_sums(db, game_id)
    for table in ("result_points", "result_seats", "game_results"):
        db.execute(f"delete from {table} where game_id = ?", [game_id])
    _add(db, Sums({}, {}, {}, {}, {}).minus(before), now())


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
    """Store a game's results as counted at this version, over any kept before.

    The players' running sums lose what the game's old rows gave them and gain what
    its new rows give.
    """
    before = _kept_sums(db, game_id)
    db.execute("delete from result_points where game_id = ?", [game_id])
    db.execute("delete from result_seats where game_id = ?", [game_id])
    db.execute(
        "insert or replace into game_results (game_id, seq, game_version, stamp, created, updated,"
        " ruleset, players, sides, totals, winners, complete, deals, next_deal, schedule,"
        " bids_made, bids_missed) values"
        " (?, (select rowid from games where id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            game_id,
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
    seats: list[SeatRow] = [
        (s.key, s.name, s.side, s.total, int(s.won), s.bids, s.bids_made, s.boards, s.boards_made)
        for s in summary.seats
    ]
    (seq,) = db.execute("select seq from game_results where game_id = ?", [game_id]).fetchone()
    db.conn.executemany(
        "insert into result_seats (game_id, seat, seq, side_name, place, key, name, side, total,"
        " won, bids, bids_made, boards, boards_made)"
        " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, s.seat, seq, s.side_name, s.place, *row[:3], _fit(row[3]), *row[4:])
            for s, row in zip(summary.seats, seats, strict=True)
        ],
    )
    points: list[PointsRow] = [
        (s.key, cards, sum_points, deals)
        for s in summary.seats
        for cards, sum_points, deals in s.points
    ]
    db.conn.executemany(
        "insert into result_points (game_id, seat, key, cards, points, deals)"
        " values (?, ?, ?, ?, ?, ?)",
        [
            (game_id, s.seat, s.key, cards, _fit(sum_points), deals)
            for s in summary.seats
            for cards, sum_points, deals in s.points
        ],
    )
    after = Sums.of(summary.ruleset, summary.complete, seats, points)
    _add(db, after.minus(before), updated)


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


#: Every table of stored results and their running sums, as `m004_game_results` made them.
RESULT_TABLES = (
    "player_totals",
    "player_spellings",
    "player_points",
    "player_meetings",
    "result_rulesets",
    "result_points",
    "result_seats",
    "game_results",
)
