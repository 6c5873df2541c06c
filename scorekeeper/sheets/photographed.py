"""The sheet a photo's QR code names, and its boxes, laid out again as it was printed.

A blank sheet's QR code holds its signed link (`presentation.sheet_links`): the rules, the
players (or how many) and the first dealer it was printed for. Only a link this server
signed is taken. The sheet is laid out again from it by the very functions that printed it
(`presentation.scoresheet.build_blank_sheet`, then `boxes.printed_with_boxes`, which
`scorekeeper sheet --boxes` writes), so its boxes are where the printed ones are: one
geometry. The link does not say the paper or the language the sheet was printed in (a
column is as wide as its words), so the reader tries the likeliest first, then the others.
The game the sheet already started, if any, is the game its rows continue.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlsplit

from ..presentation.scoresheet import build_blank_sheet
from ..presentation.sheet_grid import SheetLink
from ..presentation.sheet_links import BlankSheet, SheetLinkRefused, read_token
from ..rules import Ruleset
from ..rules.sentences import Sentence
from ..storage import Connection, NotFound, find_any_ruleset, get_game
from ..storage.sheet_codes import game_of_sheet

#: A blank sheet's link, and a game's printed sheet's (its watch page).
BLANK_LINK = re.compile(r"/sheet/([A-Za-z0-9_-]+)/?$")
WATCH_LINK = re.compile(r"/games/[^/]+/watch/?$")
#: Sheets laid out and kept, so a second photo of one sheet is not laid out again.
KEPT_LAYOUTS = 16

NOT_OURS = Sentence(
    "the QR code in this photo is not one this Scorekeeper printed: it was changed, or the "
    "sheet was printed by another Scorekeeper (read it there, or type it in from paper)"
)
NOT_A_SHEETS_CODE = Sentence(
    "the QR code in this photo is not a Scorekeeper sheet's: photograph the blank sheet the "
    "game was written on, its QR code and its four corner marks in the picture"
)
A_GAMES_SHEET = Sentence(
    "this is the printed sheet of a game kept here already, not a blank sheet filled in with "
    "a pencil: its deals are in the game"
)
NO_TABLE = Sentence(
    "this sheet was printed without its players' names or its first dealer, and no game was "
    "started from it: scan its QR code to start the game, then photograph the sheet again"
)


@dataclass(frozen=True)
class NamedSheet:
    """The blank sheet a photo's QR code names, and the game written on it."""

    blank: BlankSheet
    link: SheetLink  #: as printed: its QR code's link and its code
    ruleset: Ruleset  #: the rules it was printed for (its layout's)
    table: dict[str, Any]  #: the game as a game file starts it: ruleset, players, first dealer
    game_id: str | None  #: the game started from the sheet, whose rows it continues


def sheet_named(db: Connection, links: Sequence[str], key: str) -> NamedSheet:
    """Return the blank sheet the first of a photo's QR codes that is a sheet's names.

    Raise SheetLinkRefused, in words, for a code that is not a blank sheet this server
    printed, or a sheet whose players nothing says.
    """
    token = url = None
    for link in links:
        path = urlsplit(link).path
        found = BLANK_LINK.search(path)
        if found:
            token, url = found.group(1), link
            break
        if WATCH_LINK.search(path):
            raise SheetLinkRefused(A_GAMES_SHEET)
    if token is None or url is None:
        raise SheetLinkRefused(NOT_A_SHEETS_CODE)
    try:
        blank = read_token(token, key)
    except SheetLinkRefused:
        raise SheetLinkRefused(NOT_OURS) from None
    game_id = game_of_sheet(db, blank.sheet)
    try:
        found_rules = find_any_ruleset(db, blank.ruleset)
    except NotFound:
        raise SheetLinkRefused(
            Sentence(
                "this sheet was printed for the rules “{ruleset}”, which are kept here no more",
                ruleset=blank.ruleset,
            )
        ) from None
    if game_id is not None:
        game = get_game(db, game_id).game.to_json()
        table = {k: game[k] for k in ("ruleset", "players", "first_dealer")}
    elif blank.ready:
        table = {
            "ruleset": found_rules.game_ref,
            "players": list(blank.players),  # type: ignore[arg-type]
            "first_dealer": blank.first_dealer,
        }
    else:
        raise SheetLinkRefused(NO_TABLE)
    return NamedSheet(blank, SheetLink(url, blank.code), found_rules.ruleset, table, game_id)


def boxes_files(
    named: NamedSheet, papers: Sequence[str], languages: Sequence[str]
) -> Iterator[dict[str, Any]]:
    """Yield the sheet's boxes file laid out on each paper in each language, in that order
    (each laid out only when asked for: the first that fits the photo ends the search)."""
    for paper in papers:
        for language in languages:
            yield {**_laid_out(named, paper, language), **named.table}


_kept: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
_keeping = threading.Lock()


def _laid_out(named: NamedSheet, paper: str, language: str) -> dict[str, Any]:
    """Return the sheet's boxes file, laid out as it printed (kept for the next photo)."""
    from .boxes import printed_with_boxes

    blank = named.blank
    key = (named.ruleset, blank.players, blank.first_dealer, named.link, paper, language)
    with _keeping:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
    sheet = build_blank_sheet(named.ruleset, players=blank.players, first_dealer=blank.first_dealer)
    sheet = replace(sheet, link=named.link)
    count = blank.players if isinstance(blank.players, int) else len(blank.players)
    seats = named.ruleset.seats_by_side(count)
    _, described = printed_with_boxes(sheet, seats, named.table, paper=paper, language=language)
    with _keeping:
        _kept[key] = described
        while len(_kept) > KEPT_LAYOUTS:
            _kept.popitem(last=False)
    return described
