"""What a printed sheet's QR code and short code say, and what they are read back as.

A blank sheet's QR code holds a link carrying the whole table it was printed for: its
id, the ruleset's slug (a house ruleset's too), the names in seating order (or how many
players) and the first dealer. The link is signed with the app's secret key (an HMAC), so
a link changed by hand, or made up, is refused: printing stores nothing, and only a sheet
this server (or `scorekeeper sheet` beside it) printed can start a game here. A game's
sheet holds its watch link instead. Both print the sheet's short code beside the QR code
(`storage.sheet_codes`), which a person types to find the game again.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import Game, read_game
from ..rules.errors import Refused
from ..rules.sentences import Sentence
from ..storage import Connection, find_any_ruleset
from ..storage.sheet_codes import (
    ALPHABET,
    CODE_LENGTH,
    SHEET_ID_BYTES,
    code_of,
    games_of_code,
    sheet_id_bytes,
    sheet_id_of,
)

#: The link's layout: its version, the sheet's id, the players, the first dealer, then
#: the ruleset's slug and the names (UTF-8, apart by a control character no name may hold).
VERSION = 1
APART = "\x1f"
#: The signature's bytes: 96 bits of an HMAC-SHA256, more than any guessing reaches.
SIGNATURE_BYTES = 12
#: What the key signs here, so no other signature of the app's key passes for a sheet's.
PURPOSE = b"scorekeeper blank sheet\0"

LINK_WRONG = Sentence(
    "This sheet's link is not right: part of it was changed or lost, or the sheet was "
    "printed by another Scorekeeper. Scan the QR code on the sheet again; if it still fails, "
    "start the game from New game."
)


class SheetLinkRefused(Refused):
    """A sheet's link, or a code typed, that is not one this server printed: why, in words."""


@dataclass(frozen=True)
class BlankSheet:
    """The table a blank sheet was printed for, as its link carries it."""

    sheet: str  #: the sheet's id (`storage.sheet_codes`)
    ruleset: str  #: the ruleset's slug
    players: tuple[str, ...] | int  #: the names in seating order, or how many players
    first_dealer: int | None  #: the first dealer's seat (from 0), when the sheet names one

    @property
    def code(self) -> str:
        """Return the sheet's short code, as printed."""
        return shown(code_of(self.sheet))

    @property
    def ready(self) -> bool:
        """Say whether the sheet names the whole table: players and first dealer."""
        return not isinstance(self.players, int) and self.first_dealer is not None


def blank_sheet(
    sheet: str, ruleset: str, players: Sequence[str] | int, first_dealer: int | None
) -> BlankSheet:
    """Return the table a blank sheet prints: names as printed (no names at all: how many)."""
    if not isinstance(players, int):
        names = tuple(name.strip() for name in players)
        players = names if any(names) else len(names)
    return BlankSheet(sheet, ruleset, players, first_dealer)


def shown(code: str) -> str:
    """Return a short code as printed, in two groups of three: "K7Q-4MZ"."""
    return f"{code[:3]}-{code[3:]}"


def sign(blank: BlankSheet, key: str) -> str:
    """Return the sheet's link token: its table, signed with the app's key."""
    names = () if isinstance(blank.players, int) else blank.players
    count = blank.players if isinstance(blank.players, int) else len(names)
    if any(APART in part for part in (blank.ruleset, *names)):
        raise ValueError("a name or a slug holds a control character")
    dealer = 0 if blank.first_dealer is None else blank.first_dealer + 1
    body = bytes([VERSION, count, dealer]) + sheet_id_bytes(blank.sheet)
    body += APART.join((blank.ruleset, *names)).encode()
    return base64.urlsafe_b64encode(body + _signature(body, key)).decode().rstrip("=")


def read_token(token: str, key: str) -> BlankSheet:
    """Return the table a sheet's link token carries; raise SheetLinkRefused for a token this
    server did not sign (changed, cut short, made up, or signed under another key)."""
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (binascii.Error, ValueError):
        raise SheetLinkRefused(LINK_WRONG) from None
    body, signature = raw[:-SIGNATURE_BYTES], raw[-SIGNATURE_BYTES:]
    head = 3 + SHEET_ID_BYTES
    if len(body) <= head or not hmac.compare_digest(signature, _signature(body, key)):
        raise SheetLinkRefused(LINK_WRONG)
    version, count, dealer = body[0], body[1], body[2]
    if version != VERSION:
        raise SheetLinkRefused(LINK_WRONG)
    ruleset, *names = body[head:].decode().split(APART)
    if names and len(names) != count:
        raise SheetLinkRefused(LINK_WRONG)
    players = tuple(names) if names else count
    first = dealer - 1 if dealer else None
    return BlankSheet(sheet_id_of(body[3:head]), ruleset, players, first)


def _signature(body: bytes, key: str) -> bytes:
    return hmac.new(key.encode(), PURPOSE + body, hashlib.sha256).digest()[:SIGNATURE_BYTES]


def game_of_blank_sheet(db: Connection, blank: BlankSheet) -> Game:
    """Return the game a ready blank sheet starts: its rules, its players in their seats, its
    first dealer, no deal yet. Raise NotFound for rules kept here no more, ScoreError for a
    table they refuse."""
    assert blank.ready and not isinstance(blank.players, int)
    found = find_any_ruleset(db, blank.ruleset)
    return read_game(
        {
            "ruleset": found.game_ref,
            "players": list(blank.players),
            "first_dealer": blank.first_dealer,
            "deals": [],
        }
    )


#: Crockford's reading of what a person may type for a character of the code.
_TYPED = str.maketrans({"O": "0", "I": "1", "L": "1", "-": None, " ": None})


def read_code(typed: str) -> str:
    """Return a short code as typed ("k7q-4mz", "K7Q 4MZ", O for 0, I or L for 1) in its
    printed characters; raise SheetLinkRefused saying what is wrong with it."""
    code = typed.strip().upper().translate(_TYPED)
    if not code:
        raise SheetLinkRefused(Sentence("Type the code printed beside the sheet's QR code."))
    wrong = [char for char in code if char not in ALPHABET]
    if wrong:
        raise SheetLinkRefused(
            Sentence(
                "“{char}” is in no sheet's code: a code has the digits and the capital "
                "letters but I, L, O and U.",
                char=wrong[0],
            )
        )
    if len(code) != CODE_LENGTH:
        raise SheetLinkRefused(
            Sentence(
                "A sheet's code has {length} characters, like K7Q-4MZ; this has {count}.",
                length=CODE_LENGTH,
                count=len(code),
            )
        )
    return code


@dataclass(frozen=True)
class CodePage:
    """The page finding a game by its sheet's code: what was typed, and the game or why not."""

    typed: str
    game_id: str | None = None  #: the game the code finds (the page goes on to it)
    problem: str | None = None  #: what is wrong with the code, or why it finds no game


def code_page(db: Connection, typed: str) -> CodePage:
    """Find the game a sheet's code names (the last one started, in the rare case of two)."""
    try:
        code = read_code(typed)
    except SheetLinkRefused as refused:
        return CodePage(typed, problem=refused.message)
    found = games_of_code(db, code)
    if found:
        return CodePage(typed, game_id=found[0])
    return CodePage(typed, problem=Sentence(
        "No game was started from the sheet with code {code} here yet (check each character "
        "against the sheet). To start its game, scan the sheet's QR code with the phone that "
        "will keep score.",
        code=shown(code),
    ))  # fmt: skip
