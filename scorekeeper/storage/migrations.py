"""The database's tables, created and changed only through migrations (sqlite-utils)."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from .sheet_codes import new_sheet_id

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


@migrations()
def m003_reply_fingerprints(db: Database) -> None:
    """What each kept reply was asked, so a key reused for another request is caught."""
    db["replies"].add_column("fingerprint", str)


@migrations()
def m004_game_results(db: Database) -> None:
    """Each game's results as last scored, so lists and stats need not rescore every game.

    Kept beside the game, keyed by the game's version and the stamp of the rules that
    counted them; a reader that finds either out of date counts them again.
    """
    db["game_results"].create(
        {
            "game_id": str,
            "seq": int,  # the game's place in the order games were stored (its rowid)
            "game_version": int,
            "stamp": str,
            "created": str,
            "updated": str,
            "ruleset": str,  # the ruleset's name
            "players": str,  # JSON list of names in seating order
            "sides": str,  # JSON list of side names
            "totals": str,  # JSON list of totals by side
            "winners": str,  # JSON list of winning sides, or null while playing
            "complete": int,
            "deals": int,  # deals played, counting thrown-in deals
            "next_deal": int,  # the slot to deal next, or null when finished
            "schedule": int,  # deals in the schedule
            "bids_made": int,
            "bids_missed": int,
        },
        pk="game_id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "game_version", "stamp", "updated", "ruleset", "complete"},
    )
    db["result_seats"].create(
        {
            "game_id": str,
            "seat": int,
            "key": str,  # the name whatever its capitals
            "name": str,
            "side": int,
            "side_name": str,
            "total": int,
            "place": int,
            "won": int,
            "bids": int,
            "bids_made": int,
            "boards": int,
            "boards_made": int,
        },
        pk=("game_id", "seat"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db["result_points"].create(
        {"game_id": str, "seat": int, "key": str, "cards": int, "points": int, "deals": int},
        pk=("game_id", "seat", "cards"),
        foreign_keys=[("game_id", "games", "id")],
    )
    # Every player's numbers summed over every game's rows above, kept summed as each game's
    # rows change, so /players reads one row per player, whatever the archive's size.
    db["player_totals"].create(
        {"key": str, "games": int, "finished": int, "wins": int, "bids": int, "bids_made": int,
         "boards": int, "boards_made": int},
        pk="key",
    )  # fmt: skip
    db["player_spellings"].create(
        {"key": str, "name": str, "games": int, "latest": str}, pk=("key", "name")
    )
    db["player_points"].create(
        {"key": str, "cards": int, "points": int, "deals": int}, pk=("key", "cards")
    )
    db["player_meetings"].create(
        {"key": str, "other": str, "wins": int, "losses": int, "ties": int}, pk=("key", "other")
    )
    db["result_rulesets"].create({"ruleset": str, "games": int}, pk="ruleset")
    # The home page lists games still being played first, then the most recently changed.
    db.execute("create index game_results_listing on game_results (1 - complete, updated, seq)")
    db["game_results"].create_index(["ruleset", "updated"])
    db["result_seats"].create_index(["key", "game_id"])


@migrations()
def m005_house_ruleset_owners(db: Database) -> None:
    """Who may change each house ruleset: its editors, and the key of its edit link.

    Rulesets saved before owners existed get a key but no editor: see
    `storage.rulesets.may_edit_ruleset` for who may change them.
    """
    db["house_rulesets"].add_column("edit_key", str)
    db["ruleset_editors"].create(
        {"slug": str, "device": str, "created": str},
        pk=("slug", "device"),
    )
    for (slug,) in db.execute("select slug from house_rulesets").fetchall():
        key = secrets.token_urlsafe(18)
        db.execute("update house_rulesets set edit_key = ? where slug = ?", [key, slug])


@migrations()
def m006_archived_games(db: Database) -> None:
    """When a game was moved to the archive (off the home list, still kept), or null."""
    db["games"].add_column("archived", str)
    db["games"].create_index(["archived"])


@migrations()
def m007_reply_ages(db: Database) -> None:
    """Kept replies by age, so those too old to be asked again are let go cheaply."""
    db["replies"].create_index(["created"])


@migrations()
def m008_game_creators(db: Database) -> None:
    """Who started each game, which phones lost scoring, and the edit links replaced.

    The phone that started a game alone takes scoring back, moves the game to the archive
    and deletes it; an edit link lets its holder score and fix deals. A game stored before
    gets for its creator the phone that became its editor first: the phone that started
    it or, if another phone since took scoring back, that phone (the only one left). A
    game with no editor (imported on the command line) has none until the host opens
    `scorekeeper edit-link GAME --creator`. Keys replaced before this migration were not
    kept: such a link says only that it is not right.
    """
    db["games"].add_column("creator", str)  # the device that started it (or was given it)
    db["games"].add_column("creator_key", str)  # sha256 of the host's one-use creator link
    db["editors"].add_column("revoked", str)  # when the creator stopped this phone scoring
    db["replaced_keys"].create(
        {"game_id": str, "key_hash": str, "replaced": str},  # sha256 of a replaced edit key
        pk=("game_id", "key_hash"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db.execute(
        "update games set creator = (select device from editors"
        " where editors.game_id = games.id order by editors.rowid limit 1)"
    )


@migrations()
def m009_smaller_rows(db: Database) -> None:
    """Keep each row once, and a head-to-head record by two numbers instead of two names.

    A table keyed by its primary key alone (a deal by its game and place, a player's
    spellings by their name) kept every key twice: in the row and in the index beside it.
    Kept WITHOUT ROWID, the row is stored in the key's own order, once. A finished game adds
    a head-to-head row for every two players on different sides, so a table of twenty
    players with long names added 380 rows of two names each: 270 KB for a 40 KB game
    file. Each player's sums now carry a number (`player_totals.id`) and the head-to-head
    rows name the two players by it.
    """
    for table in ("deals", "result_seats", "result_points", "player_spellings", "player_points"):
        _without_rowid(db, table)
    db["result_seats"].create_index(["key", "game_id"])  # dropped with the table it was on
    db.execute("alter table player_totals rename to player_totals_by_name")
    db.execute(
        "create table player_totals (id integer primary key, key text not null unique,"
        " games integer, finished integer, wins integer, bids integer, bids_made integer,"
        " boards integer, boards_made integer)"
    )
    db.execute(
        "insert into player_totals (key, games, finished, wins, bids, bids_made, boards,"
        " boards_made) select key, games, finished, wins, bids, bids_made, boards, boards_made"
        " from player_totals_by_name"
    )
    db.execute("drop table player_totals_by_name")
    db.execute("alter table player_meetings rename to player_meetings_by_name")
    db.execute(
        "create table player_meetings (player integer not null, other integer not null,"
        " wins integer, losses integer, ties integer, primary key (player, other))"
        " without rowid"
    )
    db.execute(
        "insert into player_meetings select a.id, b.id, m.wins, m.losses, m.ties"
        " from player_meetings_by_name m join player_totals a on a.key = m.key"
        " join player_totals b on b.key = m.other"
    )
    db.execute("drop table player_meetings_by_name")


@migrations()
def m010_players_in_pages(db: Database) -> None:
    """Rank the players, and list a player's games, a page at a time through indexes.

    /players read every player's sums and every pair's record to show them all: 143 MB
    and 31.9 s after one big import. Each way of ranking the players is now a column of
    its own, computed by SQLite (a generated column), each sort's columns an index with
    the best first, so a page is read from the index in its order and the next page from
    a place in it, whatever the number of players; likewise the pairs that met most,
    each player's opponents, a player's games (by the order the games were stored) and
    the rulesets played most.
    """
    generated = {
        "player_totals": {
            "made_first": "bids = 0",  # players with a bid counted rank first by made rate
            "made_rate": "coalesce(-(1.0 * bids_made / bids), 0)",
            "less_bids": "-bids",
            "less_wins": "-wins",
            "win_rate": "coalesce(-(1.0 * wins / finished), 0)",
            "less_games": "-games",
            "less_boards_made": "-boards_made",
            "less_boards": "-boards",
        },
        "player_meetings": {"less_played": "-(wins + losses + ties)"},
        "result_rulesets": {"less_games": "-games"},
    }
    for table, columns in generated.items():
        for column, expression in columns.items():
            db.execute(
                f"alter table {table} add column {column} generated always as ({expression})"
            )
    for name, table, columns in (
        ("players_by_made", "player_totals", "made_first, made_rate, less_bids, key"),
        ("players_by_wins", "player_totals", "less_wins, win_rate, key"),
        ("players_by_games", "player_totals", "less_games, key"),
        ("players_by_boards", "player_totals", "less_boards_made, less_boards, key"),
        ("pairs_by_games", "player_meetings", "less_played, player, other"),
        ("opponents_by_games", "player_meetings", "player, less_played, other"),
        ("rulesets_by_games", "result_rulesets", "less_games, ruleset"),
    ):
        db.execute(f"create index {name} on {table} ({columns})")
    db["result_seats"].add_column("seq", int)  # the game's place in the order games were stored
    db.execute(
        "update result_seats set seq ="
        " (select seq from game_results where game_results.game_id = result_seats.game_id)"
    )
    # A seat's index holds its primary key too (game, seat): by player and place, it also
    # finds a player's games for the list's filter, as the index it replaces did.
    db.execute("create index seats_by_player on result_seats (key, seq)")
    db.execute("drop index idx_result_seats_key_game_id")


@migrations()
def m011_ruleset_keepers(db: Database) -> None:
    """Find the house rulesets each phone keeps, and whether a phone ever kept score here.

    A phone may keep only so many house rulesets, and the host may remove the rulesets
    nobody plays whose phones never started or scored a game: both ask by phone.
    """
    db["ruleset_editors"].create_index(["device"])
    db["editors"].create_index(["device"])
    db["games"].create_index(["creator"])


@migrations()
def m012_archived_by_id(db: Database) -> None:
    """Find the archived games' ids from an index alone.

    The list of archived games asks which ids are archived; the index on `archived` alone
    held no id (a game's id is not its rowid), so that read every game in the database.
    """
    db.execute("create index games_archived_ids on games (archived, id)")


@migrations()
def m013_game_sheets(db: Database) -> None:
    """The paper sheet each game goes with, so a sheet's QR code and code find its game.

    A game started from a blank sheet keeps that sheet's id (one game per sheet: a unique
    index); every other game, those stored before included, is given one of its own, so
    its printed sheet carries a code that finds it (`storage.sheet_codes`).
    """
    db["games"].add_column("sheet", str)
    for (game_id,) in db.execute("select id from games").fetchall():
        db.execute("update games set sheet = ? where id = ?", [new_sheet_id(), game_id])
    db.execute("create unique index games_by_sheet on games (sheet)")


@migrations()
def m014_club_nights(db: Database) -> None:
    """Club nights: the plan, who came and when, each round, and each round's tables.

    A table of a round is an ordinary game (`game_id`) with the night's card for it: the
    card's key is in the card's QR code; the phone that scores it, and the hash of the
    one-time code the host's page shows to let another phone take over (and how many wrong
    codes were typed for it), are kept beside it.
    """
    db["nights"].create(
        {"id": str, "created": str, "name": str, "plan": str},
        pk="id",
        not_null={"id", "created", "name", "plan"},
    )
    db["night_players"].create(
        {"night_id": str, "position": int, "name": str, "arrived": int, "left": int},
        pk=("night_id", "position"),
        foreign_keys=[("night_id", "nights", "id")],
        not_null={"night_id", "position", "name", "arrived"},
    )
    db["night_rounds"].create(
        {"night_id": str, "number": int, "started": str, "ended": str, "sitting_out": str},
        pk=("night_id", "number"),
        foreign_keys=[("night_id", "nights", "id")],
        not_null={"night_id", "number", "started", "sitting_out"},
    )
    db["night_tables"].create(
        {
            "night_id": str,
            "round": int,
            "number": int,
            "game_id": str,
            "card": str,
            "scorer": str,
            "claimed": str,
            "takeover_hash": str,
            "takeover_misses": int,
        },
        pk=("night_id", "round", "number"),
        foreign_keys=[("night_id", "nights", "id"), ("game_id", "games", "id")],
        not_null={"night_id", "round", "number", "game_id", "card", "takeover_misses"},
        defaults={"takeover_misses": 0},
    )
    db.execute("create unique index night_tables_by_card on night_tables (card)")
    db.execute("create index night_tables_by_game on night_tables (game_id)")


def _without_rowid(db: Database, table: str) -> None:
    """Make a table keyed by its primary key alone, its rows as they were."""
    (sql,) = db.execute(
        "select sql from sqlite_master where type = 'table' and name = ?", [table]
    ).fetchone()
    db.execute(f"alter table [{table}] rename to [{table}_with_rowid]")
    db.execute(f"{sql} without rowid")
    db.execute(f"insert into [{table}] select * from [{table}_with_rowid]")
    db.execute(f"drop table [{table}_with_rowid]")


def now() -> str:
    """Return the time now, in UTC, as ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="seconds")
