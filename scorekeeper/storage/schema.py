"""The database's tables, created and changed only through migrations (sqlite-utils)."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

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
def m004_house_ruleset_owners(db: Database) -> None:
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


def now() -> str:
    """Return the time now, in UTC, as ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="seconds")
