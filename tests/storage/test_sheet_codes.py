"""A game's paper sheet: every game keeps a sheet id (one sheet, one game), games stored before
are given one, and a sheet's short code finds its game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlite_utils import Database

from scorekeeper.storage import open_database
from scorekeeper.storage.migrations import migrations
from scorekeeper.storage.sheet_codes import (
    ALPHABET,
    SHEET_ID_LENGTH,
    code_of,
    games_of_code,
    new_sheet_id,
    sheet_id_bytes,
    sheet_id_of,
)

STAMP = "2026-01-01T00:00:00+00:00"


def test_the_alphabet_has_no_letter_a_person_could_misread() -> None:
    assert len(ALPHABET) == len(set(ALPHABET)) == 32
    assert not set("ILOU") & set(ALPHABET)


def test_a_sheet_id_goes_to_bytes_and_back() -> None:
    for _ in range(200):
        sheet = new_sheet_id()
        assert len(sheet) == SHEET_ID_LENGTH and set(sheet) <= set(ALPHABET)
        assert sheet_id_of(sheet_id_bytes(sheet)) == sheet
    assert sheet_id_of(bytes(10)) == "0" * 16 and sheet_id_of(b"\xff" * 10) == "Z" * 16


def test_games_stored_before_get_a_sheet_each_and_a_sheet_holds_one_game(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    old = Database(path)
    migrations.apply(old, stop_before="m013_game_sheets")
    for game_id in ("first", "second"):
        old["games"].insert(
            {"id": game_id, "created": STAMP, "updated": STAMP, "version": 1,
             "ruleset": '"bluke"', "players": '["Ann", "Bob"]', "first_dealer": 0,
             "edit_key": f"key-of-{game_id}", "draft": None}
        )  # fmt: skip
    old.close()
    db = open_database(path)
    sheets = dict(db.execute("select id, sheet from games").fetchall())
    assert len(set(sheets.values())) == 2
    assert all(len(sheet) == SHEET_ID_LENGTH for sheet in sheets.values())
    assert games_of_code(db, code_of(sheets["first"])) == ["first"]
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("update games set sheet = ? where id = 'second'", [sheets["first"]])
    db.close()
