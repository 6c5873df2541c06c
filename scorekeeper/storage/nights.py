"""Club nights as rows: the night and its plan, its players, its rounds, its tables' cards."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..night import NightPlan, RoundPlay, RoundSeating, SeatedTable, TablePlay, read_plan
from .games import NotFound, StoredGame, get_game, new_id
from .migrations import now
from .rulesets import ruleset_lookup
from .store import Connection


@dataclass(frozen=True)
class NightPlayer:
    """A player of the night: plays from round `arrived`, and before round `left` if set."""

    name: str
    arrived: int
    left: int | None


@dataclass(frozen=True)
class NightTableRow:
    """A round's table: its game, its card's key, the phone scoring it and since when."""

    round: int
    number: int
    game_id: str
    card: str
    scorer: str | None
    claimed: str | None
    takeover_hash: str | None  #: the hash of the one-time code that lets a phone take over


@dataclass(frozen=True)
class NightRoundRow:
    number: int
    started: str
    ended: str | None
    sitting_out: tuple[str, ...]


@dataclass(frozen=True)
class NightRows:
    """A night as stored: its plan (as its file holds it), players, rounds and tables."""

    id: str
    created: str
    name: str
    plan: dict[str, Any]
    players: tuple[NightPlayer, ...]
    rounds: tuple[NightRoundRow, ...]
    tables: tuple[NightTableRow, ...]


def insert_night(
    db: Connection,
    name: str,
    plan: dict[str, Any],
    arrived: Sequence[int],
    *,
    created: str | None = None,
) -> str:
    """Store a new night and its players (each from the round they arrive at); return its id."""
    night_id = new_id()
    db["nights"].insert(
        {"id": night_id, "created": created or now(), "name": name, "plan": json.dumps(plan)}
    )
    for position, (player, first) in enumerate(zip(plan["players"], arrived, strict=True)):
        _insert_player(db, night_id, position, player, first)
    return night_id


def _insert_player(db: Connection, night_id: str, position: int, name: str, arrived: int) -> None:
    db["night_players"].insert(
        {"night_id": night_id, "position": position, "name": name, "arrived": arrived}
    )


def add_night_player(db: Connection, night_id: str, name: str, arrived: int, plan: Any) -> None:
    """Add a late player, playing from round `arrived`, and store the plan that lists them."""
    (count,) = db.execute(
        "select count(*) from night_players where night_id = ?", [night_id]
    ).fetchone()
    _insert_player(db, night_id, count, name, arrived)
    db.execute("update nights set plan = ? where id = ?", [json.dumps(plan), night_id])


def set_player_left(db: Connection, night_id: str, name: str, before: int | None) -> None:
    """Say a player plays no round from `before` on (None: they play again)."""
    db.execute(
        "update night_players set left = ? where night_id = ? and name = ?",
        [before, night_id, name],
    )


def get_night(db: Connection, night_id: str) -> NightRows:
    """Return a night's rows, or raise NotFound."""
    found = db.rows("select * from nights where id = ?", [night_id])
    if not found:
        raise NotFound(night_id)
    row = found[0]
    players = db.rows(
        "select name, arrived, left from night_players where night_id = ? order by position",
        [night_id],
    )
    rounds = db.rows(
        "select number, started, ended, sitting_out from night_rounds where night_id = ?"
        " order by number",
        [night_id],
    )
    tables = db.rows(
        "select round, number, game_id, card, scorer, claimed, takeover_hash from night_tables"
        " where night_id = ? order by round, number",
        [night_id],
    )
    return NightRows(
        id=row["id"],
        created=row["created"],
        name=row["name"],
        plan=json.loads(row["plan"]),
        players=tuple(NightPlayer(p["name"], p["arrived"], p["left"]) for p in players),
        rounds=tuple(
            NightRoundRow(
                r["number"], r["started"], r["ended"], tuple(json.loads(r["sitting_out"]))
            )
            for r in rounds
        ),
        tables=tuple(NightTableRow(**t) for t in tables),
    )


def night_list(db: Connection, most: int = 50) -> list[dict[str, Any]]:
    """Return the latest nights, newest first: id, name, created."""
    return db.rows("select id, name, created from nights order by created desc, id limit ?", [most])


def insert_round(
    db: Connection,
    night_id: str,
    number: int,
    sitting_out: Sequence[str],
    games: Sequence[str],
    *,
    started: str | None = None,
    ended: str | None = None,
) -> None:
    """Store a round begun (now, or when a night's file says, and perhaps ended): who sits it
    out, and a table (with a new card) for each game."""
    db["night_rounds"].insert(
        {
            "night_id": night_id,
            "number": number,
            "started": started or now(),
            "ended": ended,
            "sitting_out": json.dumps(list(sitting_out), ensure_ascii=False),
        }
    )
    for table, game_id in enumerate(games, start=1):
        db["night_tables"].insert(
            {
                "night_id": night_id,
                "round": number,
                "number": table,
                "game_id": game_id,
                "card": secrets.token_urlsafe(12),
            }
        )


def set_round_ended(db: Connection, night_id: str, number: int) -> None:
    """Mark a round ended as it stands."""
    db.execute(
        "update night_rounds set ended = ? where night_id = ? and number = ? and ended is null",
        [now(), night_id, number],
    )


def table_of_card(db: Connection, card: str) -> tuple[str, NightTableRow]:
    """Return the night and the table a card's key belongs to, or raise NotFound."""
    rows = db.rows(
        "select night_id, round, number, game_id, card, scorer, claimed, takeover_hash"
        " from night_tables where card = ?",
        [card],
    )
    if not rows:
        raise NotFound(card)
    row = rows[0]
    return row.pop("night_id"), NightTableRow(**row)


def set_scorer(db: Connection, card: str, device: str) -> None:
    """Record the phone that scores a card's table from now, and use up any take-over code."""
    db.execute(
        "update night_tables set scorer = ?, claimed = ?, takeover_hash = null,"
        " takeover_misses = 0 where card = ?",
        [device, now(), card],
    )


#: Wrong codes typed for one take-over code before it is void (the host makes a new one):
#: with a million codes, five guesses find it once in 200,000 codes the host makes.
TAKEOVER_TRIES = 5


def _code_hash(card: str, code: str) -> str:
    # Salted with the card's key, so one code hashes differently at every table.
    return hashlib.sha256(f"{card}:{code}".encode()).hexdigest()


def set_takeover_code(db: Connection, card: str) -> str:
    """Make a one-time code that lets another phone take a table over; keep only its hash
    (the host's page shows the code once, when it is made)."""
    code = f"{secrets.randbelow(1_000_000):06d}"
    db.execute(
        "update night_tables set takeover_hash = ?, takeover_misses = 0 where card = ?",
        [_code_hash(card, code), card],
    )
    return code


def takeover_matches(table: NightTableRow, code: str) -> bool:
    """Say whether a typed code is the table's one-time take-over code (compared in
    constant time, by hash)."""
    if table.takeover_hash is None:
        return False
    typed = _code_hash(table.card, "".join(code.split()))
    return hmac.compare_digest(typed, table.takeover_hash)


def miss_takeover(db: Connection, card: str) -> int:
    """Count a wrong code typed for a table; void its code after TAKEOVER_TRIES wrong ones.
    Return how many tries the code has left (0: void, or none was made)."""
    db.execute(
        "update night_tables set takeover_misses = takeover_misses + 1"
        " where card = ? and takeover_hash is not null",
        [card],
    )
    db.execute(
        "update night_tables set takeover_hash = null where card = ? and takeover_misses >= ?",
        [card, TAKEOVER_TRIES],
    )
    (misses, kept) = db.execute(
        "select takeover_misses, takeover_hash from night_tables where card = ?", [card]
    ).fetchone()
    return 0 if kept is None else TAKEOVER_TRIES - misses


@dataclass(frozen=True)
class NightTable:
    """A table of a round: its card, its game as stored, and the phone that scores it."""

    row: NightTableRow
    stored: StoredGame

    @property
    def over(self) -> bool:
        return self.stored.result().complete


@dataclass(frozen=True)
class Night:
    """A night as it stands: its plan, its players, its rounds and their tables."""

    id: str
    created: str
    plan: NightPlan
    players: tuple[NightPlayer, ...]
    rounds: tuple[NightRoundRow, ...]
    tables: tuple[NightTable, ...]

    def present(self, number: int) -> list[str]:
        """Return the players who play round `number` (arrived, not yet gone home)."""
        return [
            p.name
            for p in self.players
            if p.arrived <= number and (p.left is None or p.left > number)
        ]

    def tables_of(self, number: int) -> list[NightTable]:
        """Return a round's tables, by number."""
        return [table for table in self.tables if table.row.round == number]

    def still_playing(self, number: int) -> list[NightTable]:
        """Return a round's tables whose game is not over, unless the host ended the round."""
        if self.rounds[number - 1].ended:
            return []
        return [table for table in self.tables_of(number) if not table.over]

    def seatings(self) -> list[RoundSeating]:
        """Return each round's seating as played."""
        return [
            RoundSeating(
                tuple(
                    SeatedTable(t.stored.game.players, t.stored.game.first_dealer)
                    for t in self.tables_of(played.number)
                ),
                played.sitting_out,
            )
            for played in self.rounds
        ]

    def plays(self) -> list[RoundPlay]:
        """Return each round as played, for the leaderboard."""
        return [
            RoundPlay(
                played.number,
                [TablePlay(t.row.number, t.stored.result()) for t in self.tables_of(played.number)],
                played.sitting_out,
                played.ended is not None,
            )
            for played in self.rounds
        ]


def load_night(db: Connection, night_id: str) -> Night:
    """Return a night with every table's game read (NotFound for an unknown night)."""
    rows = get_night(db, night_id)
    plan = read_plan(rows.plan, lookup=ruleset_lookup(db))
    tables = tuple(NightTable(row, get_game(db, row.game_id)) for row in rows.tables)
    return Night(rows.id, rows.created, plan, rows.players, rows.rounds, tables)


def night_stamp(db: Connection, night_id: str) -> str:
    """Return what changes whenever the leaderboard may: the rounds, who plays, every deal."""
    row = db.execute(
        "select (select count(*) || '.' || count(ended) from night_rounds where night_id = ?),"
        " (select count(*) || '.' || coalesce(sum(left), 0) from night_players"
        "  where night_id = ?),"
        " (select coalesce(sum(g.version), 0) || '.' || count(*) from night_tables t"
        "  join games g on g.id = t.game_id where t.night_id = ?)",
        [night_id, night_id, night_id],
    ).fetchone()
    return "-".join(map(str, row))
