"""Where a printed sheet's QR code and code lead: a blank sheet's game (started the first time
its link is opened), New game for a sheet without names, a game found by its sheet's code.

The links are made here too (for the pages that print sheets, and for `scorekeeper sheet`):
a sheet's QR code holds the server's address by number, not by name. A printed sheet
cannot offer a second code for the phones that do not resolve `.local` names, as the game
page does; the address opens on every phone on the home network.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for

from ..presentation.sheet_grid import SheetLink
from ..presentation.sheet_links import (
    BlankSheet,
    SheetLinkRefused,
    blank_sheet,
    code_page,
    game_of_blank_sheet,
    read_token,
    sign,
)
from ..rules import ScoreError
from ..rules.sentences import Sentence
from ..service import games
from ..storage import NotFound
from ..storage.sheet_codes import game_of_sheet, new_sheet_id
from .db import get_db
from .devices import COOKIE, current_device
from .errors import refusal
from .quotas import charge, quota
from .sharing import offered
from .slow import slow
from .table import game_url
from .trust import secure_origin

bp = Blueprint("sheet_links", __name__)


def rules_gone(ruleset: str) -> Sentence:
    """Say that a sheet's rules are kept here no more, and what to do instead."""
    return Sentence(
        "This sheet was printed for the rules “{ruleset}”, which are kept here no more. "
        "Start the game from New game with other rules.",
        ruleset=ruleset,
    )


def by_address(endpoint: str, **values: Any) -> str:
    """Return a page's address for paper: the server's address by number (see the module)."""
    return offered(endpoint, **values)[-1]


def new_blank_link(slug: str, players: list[str] | int, first_dealer: int | None) -> SheetLink:
    """Make a new blank sheet's link: a new sheet id, its table signed with the app's key."""
    blank = blank_sheet(new_sheet_id(), slug, players, first_dealer)
    token = sign(blank, current_app.config["SECRET_KEY"])
    return SheetLink(by_address("sheet_links.open_sheet", token=token), blank.code)


def watch_link(game_id: str) -> str:
    """Return the link a game's printed sheet holds: its watch page, by address."""
    return by_address("table.watch", game_id=game_id)


def after_sheet_opened(game_id: str) -> str:
    """Return where a sheet's QR code leads once its game is found: the game's table page.

    The one place to change should a game from paper have a page of its own to go on from.
    """
    return game_url(game_id)


@bp.get("/sheet/<token>")
@slow
def open_sheet(token: str) -> Response:
    """A blank sheet's QR code: its game (started now, the first time), or New game."""
    db = get_db()
    try:
        blank = read_token(token, current_app.config["SECRET_KEY"])
    except SheetLinkRefused as refused:
        return refusal(404, refused.message, follow=Sentence("New game"), to=_new_game())
    found = game_of_sheet(db, blank.sheet)
    if found is not None:
        return _redirect(after_sheet_opened(found))
    if not blank.ready:
        return _redirect(url_for("games.new_game", sheet=token))
    if _known_only_at_the_secure_address():
        here = url_for("sheet_links.open_sheet", token=token, here="1")
        return render_template("sheet_open.html", here=here)  # type: ignore[return-value]
    try:
        game = game_of_blank_sheet(db, blank)
    except NotFound:
        return refusal(422, rules_gone(blank.ruleset), follow=Sentence("New game"), to=_new_game())
    except ScoreError as error:
        return refusal(422, f"This sheet's game cannot be started: {error}")
    charge("games")  # a new game of this phone's, as from New game (this phone's quota)
    stored, _ = games.start_from_sheet(db, game, blank.sheet, device=current_device())
    return _redirect(after_sheet_opened(stored.id))


def _known_only_at_the_secure_address() -> bool:
    """Say whether this phone may be known to the server at its secure address alone.

    The QR code holds the plain address. A phone that trusts the secure one keeps its cookie
    there, marked secure, so the plain address sees a phone it does not know: a game started
    here would belong to nobody the phone can be. Such a request is shown a page that moves
    a trusting phone to the secure address first (secure.js); any other opens the game here.
    """
    return (
        not request.is_secure
        and bool(secure_origin())
        and COOKIE not in request.cookies
        and not request.args.get("here")
    )


def _new_game() -> str:
    return url_for("games.new_game")


def _redirect(target: str) -> Response:
    return redirect(target, code=303)  # type: ignore[return-value]


@bp.get("/sheet-code")
@slow
@quota("sheet codes")
def find_code() -> Any:
    """Find a game by the code printed on its sheet."""
    typed = request.args.get("code", "")
    if "code" not in request.args:
        return render_template("sheet_code.html", page=None)
    page = code_page(get_db(), typed)
    if page.game_id is not None:
        return _redirect(after_sheet_opened(page.game_id))
    return render_template("sheet_code.html", page=page), 404


def sheet_of_token(token: str) -> BlankSheet | None:
    """Return the table a New game form's sheet link carries, or None for none or a wrong one."""
    if not token:
        return None
    try:
        return read_token(token, current_app.config["SECRET_KEY"])
    except SheetLinkRefused:
        return None
