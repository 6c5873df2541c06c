"""A game's paper sheet: the sheet's id, the short code printed beside its QR code, and the
game found by either.

A blank sheet is given its id when it is printed, and nothing is stored then: the id
travels in the sheet's signed link (`presentation.sheet_links`), and the game started from
that link keeps it, so one sheet leads to one game (a unique index). Every other game is
given an id of its own when it is stored, so its printed sheet carries a code too. The
short code is the id's first six characters, in Crockford's base32 without I, L, O and U:
no character a person could read as another.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the migrations import this module, and the store imports them
    from .store import Connection

#: Crockford's base32: the digits and the capitals, less I, L, O and U.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: A sheet's id: 10 random bytes (80 bits), 16 characters of the alphabet.
SHEET_ID_BYTES = 10
SHEET_ID_LENGTH = 16
#: The short code a person types: the id's first characters (30 bits).
CODE_LENGTH = 6


def sheet_id_of(raw: bytes) -> str:
    """Return a sheet's id from its bytes, as its characters of the alphabet."""
    number = int.from_bytes(raw, "big")
    return "".join(
        ALPHABET[(number >> shift) & 31] for shift in range(5 * (SHEET_ID_LENGTH - 1), -1, -5)
    )


def sheet_id_bytes(sheet: str) -> bytes:
    """Return a sheet's id as its bytes (raise ValueError for characters not of the alphabet)."""
    if len(sheet) != SHEET_ID_LENGTH:
        raise ValueError(f"a sheet's id has {SHEET_ID_LENGTH} characters")
    number = 0
    for char in sheet:
        number = number * 32 + ALPHABET.index(char)
    return number.to_bytes(SHEET_ID_BYTES, "big")


def new_sheet_id() -> str:
    """Return a new random sheet id."""
    return sheet_id_of(secrets.token_bytes(SHEET_ID_BYTES))


def code_of(sheet: str) -> str:
    """Return the short code printed for a sheet: its id's first characters."""
    return sheet[:CODE_LENGTH]


def game_of_sheet(db: Connection, sheet: str) -> str | None:
    """Return the id of the game started from this sheet, or None when none was."""
    row = db.execute("select id from games where sheet = ?", [sheet]).fetchone()
    return row[0] if row else None


def games_of_code(db: Connection, code: str) -> list[str]:
    """Return the games whose sheet carries this short code, the last started first."""
    # Every id is SHEET_ID_LENGTH characters of the alphabet, and "Z" is its last: the ids
    # starting with the code are a range of the index.
    rows = db.execute(
        "select id from games where sheet between ? and ? order by created desc",
        [code, code + "Z" * (SHEET_ID_LENGTH - len(code))],
    )
    return [game_id for (game_id,) in rows.fetchall()]
