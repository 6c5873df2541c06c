"""The players' stats a page at a time: ranked by any sort, one player, their opponents, their
games, the pairs that met most, the names and rulesets played most.

The running sums are kept by `results.py`; here they are only read, and every query reads
a page's worth of rows through an index in its own order (migration m010), so the players
pages cost the same with ten players or a hundred thousand. A page starts after (or
before) a player of the last one: the player's key is the place, and the values of its
row are where the index is entered.
"""

from __future__ import annotations

from typing import Any

from .results import kept_number
from .store import Connection

#: How the players can be ranked: the columns of each sort's index, every one ascending with
#: the best first (m010 makes them), the player's key last so each place is one player's.
ORDERS = {
    "made": ("made_first", "made_rate", "less_bids", "key"),
    "wins": ("less_wins", "win_rate", "key"),
    "games": ("less_games", "key"),
    "boards": ("less_boards_made", "less_boards", "key"),
    "name": ("key",),
}
#: A player's sums as `Totals` rows hold them.
TOTALS = "key, games, finished, wins, bids, bids_made, boards, boards_made"
#: key, games, finished, wins, bids, bids made, boards, boards made
Totals = tuple[str, int, int, int, int, int, int, int]


class NoSuchPlace(LookupError):
    """A page of the players asked for from a player the list does not hold."""


def ranked(
    db: Connection, by: str, *, after: str = "", before: str = "", size: int
) -> tuple[list[Totals], bool]:
    """Return a page of players' sums, best first by `by` (one of ORDERS): the first page, or
    the one after (or before) the player with that key; and whether more lie beyond it.

    Raise NoSuchPlace for a key no player has.
    """
    columns = ORDERS[by]
    order = ", ".join(columns)
    where, values = "", []
    place = before or after
    if place:
        row = db.execute(f"select {order} from player_totals where key = ?", [place]).fetchone()
        if row is None:
            raise NoSuchPlace(place)
        marks = ", ".join("?" * len(columns))
        where, values = f"where ({order}) {'<' if before else '>'} ({marks})", list(row)
    backwards = " desc" if before else ""
    rows = db.execute(
        f"select {TOTALS} from player_totals {where}"
        f" order by {', '.join(column + backwards for column in columns)} limit ?",
        [*values, size + 1],
    ).fetchall()
    more = len(rows) > size
    page = rows[:size]
    if before:
        page.reverse()
    return page, more


def best_made(db: Connection, most: int) -> tuple[list[Totals], bool]:
    """Return the players who make their bids most often (up to `most` on a tie), and whether
    more share that rate."""
    top = db.execute(
        "select made_rate from player_totals where made_first = 0"
        " order by made_first, made_rate, less_bids, key limit 1"
    ).fetchone()
    if top is None:
        return [], False
    rows = db.execute(
        f"select {TOTALS} from player_totals where made_first = 0 and made_rate = ?"
        " order by made_first, made_rate, less_bids, key limit ?",
        [top[0], most + 1],
    ).fetchall()
    return rows[:most], len(rows) > most


def totals_of(db: Connection, key: str) -> Totals | None:
    """Return one player's sums, or None for a key no player has."""
    return db.execute(f"select {TOTALS} from player_totals where key = ?", [key]).fetchone()


def spellings_of(db: Connection, keys: list[str]) -> list[tuple[str, str, int, str]]:
    """Return these players' spellings: key, name, how many games wrote it so, the latest."""
    return _of(db, "select key, name, games, latest from player_spellings", keys)


def points_of(db: Connection, keys: list[str]) -> list[tuple[str, int, int, int]]:
    """Return these players' points by hand size: key, cards, the side's points, deals."""
    rows = _of(db, "select key, cards, points, deals from player_points", keys)
    return [(key, cards, kept_number(points), deals) for key, cards, points, deals in rows]


def _of(db: Connection, select: str, keys: list[str]) -> list[Any]:
    if not keys:
        return []
    marks = ", ".join("?" * len(keys))
    return db.execute(f"{select} where key in ({marks})", keys).fetchall()


#: A head-to-head record: the player's key, the opponent's, wins, losses, ties.
Meeting = tuple[str, str, int, int, int]
_MEETINGS = (
    "select a.key, b.key, m.wins, m.losses, m.ties from player_meetings m"
    " join player_totals a on a.id = m.player join player_totals b on b.id = m.other"
)


def pairs_met_most(db: Connection, most: int) -> list[Meeting]:
    """Return the pairs that met most in finished games, each pair once (the player with more
    wins first, the first by name on a tie), up to `most`."""
    return db.execute(
        f"{_MEETINGS} where (m.wins, b.key) > (m.losses, a.key)"
        " order by m.less_played, m.player, m.other limit ?",
        [most],
    ).fetchall()


def opponents_of(db: Connection, key: str, most: int) -> tuple[list[Meeting], bool]:
    """Return a player's record against the opponents met most (up to `most`), and whether
    there are more."""
    rows = db.execute(
        f"{_MEETINGS} where m.player = (select id from player_totals where key = ?)"
        " order by m.less_played, m.other limit ?",
        [key, most + 1],
    ).fetchall()
    return rows[:most], len(rows) > most


def games_of(
    db: Connection, key: str, *, older_than: int | None = None, size: int
) -> tuple[list[tuple[Any, ...]], int | None]:
    """Return a page of a player's games, the latest stored first (after `older_than`, a
    game's place in that order): id, updated, ruleset, side, total, place, sides, complete,
    won; and the place the next page starts after, or None on the last."""
    rows = db.execute(
        "select r.game_id, r.updated, r.ruleset, s.side_name, s.total, s.place,"
        " json_array_length(r.totals), r.complete, s.won, s.seq from result_seats s"
        " join game_results r on r.game_id = s.game_id where s.key = ? and s.seq < ?"
        " order by s.seq desc limit ?",
        [key, older_than if older_than is not None else 2**63 - 1, size + 1],
    ).fetchall()
    page = [(*row[:4], kept_number(row[4]), *row[5:9]) for row in rows[:size]]
    return page, (rows[size - 1][9] if len(rows) > size else None)


def played_most(db: Connection, most: int) -> list[Totals]:
    """Return the players in the most games (for the names New game offers)."""
    return db.execute(
        f"select {TOTALS} from player_totals order by less_games, key limit ?", [most]
    ).fetchall()


def rulesets_played_most(db: Connection, most: int) -> list[str]:
    """Return the names of the rulesets the most games were played under, up to `most`."""
    rows = db.execute(
        "select ruleset from result_rulesets order by less_games, ruleset limit ?", [most]
    )
    return [name for (name,) in rows]
