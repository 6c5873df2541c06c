"""The new-game form and the draw for seats: from what was tapped to a game ready to start."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from flask import request

from ..house_rules.phrases import Capitalized
from ..presentation.new_game import players_refused
from ..presentation.sheet_links import LINK_WRONG
from ..rules import (
    Game,
    NameRefused,
    PlayersRefused,
    ScoreError,
    read_game,
    read_name,
    visible_name,
)
from ..rules.draw import DrawnCard, draw_for_seats
from ..rules.sentences import Sentence
from ..storage import Connection, NotFound, find_any_ruleset, get_game
from .forms import MAX_SEATS, NewGameForm
from .sheet_links import sheet_of_token


def new_game_defaults(db: Connection, args: Mapping[str, str]) -> dict[str, Any]:
    """Return the new-game form's starting values; `?from=<game id>` copies that game's table,
    `?sheet=<link>` takes a blank sheet's (its QR code leads here when it names no dealer)."""
    blank = sheet_of_token(args.get("sheet", ""))
    if blank is not None:
        seats = blank.players if isinstance(blank.players, int) else len(blank.players)
        names = [""] * seats if isinstance(blank.players, int) else list(blank.players)
        dealer = str(blank.first_dealer or 0)
        sheet = args["sheet"]
        return {"ruleset": blank.ruleset, "players": names, "dealer": dealer, "sheet": sheet}
    source = args.get("from")
    if source:
        try:
            before = get_game(db, source)
        except NotFound:
            before = None
        if before is not None:
            ref = before.game.to_json()["ruleset"]
            slug = ref if isinstance(ref, str) else before.game.ruleset.slug or ""
            dealer = (before.game.first_dealer + 1) % len(before.game.players)
            # A name stored before names were checked comes back as it is seen, so the
            # form does not refuse a character nobody can see to delete.
            players = [visible_name(name) for name in before.game.players]
            return {"ruleset": slug, "players": players, "dealer": str(dealer)}
    return {"ruleset": "back-alley-pagat", "players": ["", "", "", ""], "dealer": "0"}


def sheet_of_form(form: NewGameForm) -> str | None:
    """Return the id of the blank sheet the form's game is played on ("" for none), or None
    with the problem on the form when its link is not one this server printed."""
    if not form.sheet.data:
        return ""
    blank = sheet_of_token(form.sheet.data)
    if blank is None:
        form.problem = LINK_WRONG  # type: ignore[attr-defined]
        return None
    return blank.sheet


def adjust_seats(form: NewGameForm) -> bool:
    """Add or remove a seat, or put a remembered name in the first empty one.

    Return True when the tap was one of these (the form is shown again, not submitted).
    """
    seats = request.form.get("seats", "")
    name = request.form.get("add_name", "").strip()
    if not seats and not name:
        return False
    names = [(entry.data or "").strip() for entry in form.players]
    if seats == "add" and len(names) < MAX_SEATS:
        names.append("")
    elif seats.startswith("remove-") and len(names) > 2:
        index = seats.removeprefix("remove-")
        if index.isdigit() and int(index) < len(names):
            names.pop(int(index))
    if name:
        if "" in names:
            names[names.index("")] = name
        elif len(names) < MAX_SEATS:
            names.append(name)
    while len(form.players):
        form.players.pop_entry()
    for entry in names:
        form.players.append_entry(entry)
    if form.dealer.data not in ("random", "draw") and not _seat_in(form.dealer.data, len(names)):
        form.dealer.data = "0"
    return True


def _seat_in(value: str | None, seats: int) -> bool:
    return bool(value) and str(value).isdigit() and int(str(value)) < seats


def game_from_form(db: Connection, form: NewGameForm) -> Game | None:
    """Read the new-game form into a game with no deals yet, or None with the error on the form.

    A name the rules refuse is said beside its seat; every seat sent is a seat of the game
    (a blank one is refused, never dropped).
    """
    names = form.names()
    dealer = form.dealer.data or "0"
    if form.seats_sent() > MAX_SEATS:
        form.problem = Sentence("A table has at most {seats} seats.", seats=MAX_SEATS)  # type: ignore[attr-defined]
        return None
    try:
        ref = find_any_ruleset(db, form.ruleset.data or "").game_ref
    except NotFound:
        form.ruleset.errors = [Sentence("Choose the rules from the list.")]
        return None
    first = 0
    if dealer == "random":
        first = secrets.randbelow(max(len(names), 1))
    elif _seat_in(dealer, len(names)):
        first = int(dealer)
    # Each seat on its own first, so every seat that needs another name is said at once.
    refused = [_refusal(name, seat) for seat, name in enumerate(names)]
    if not any(refused):
        try:
            return read_game({"ruleset": ref, "players": names, "first_dealer": first, "deals": []})
        except NameRefused as clash:  # two seats, one name
            refused[clash.seat] = clash
        except PlayersRefused as table:  # said beside the rules, with the ones that seat it
            form.ruleset.errors = [sentence(players_refused(db, table))]
            return None
        except ScoreError as error:
            form.problem = sentence(str(error))  # type: ignore[attr-defined]
            return None
    seats = [seat for seat, refusal in enumerate(refused) if refusal]
    for seat in seats:
        form.players.entries[seat].errors = [seat_problem(refused[seat], blank=not names[seat])]
    # Said at the top too: on a phone, seat 12 may be a long way down.
    numbers = [str(seat + 1) for seat in seats]
    form.problem = (  # type: ignore[attr-defined]
        Sentence("Seat {seat} needs another name: see beside it.", seat=numbers[0])
        if len(seats) == 1
        else Sentence(
            "Seats {seats} and {last} need other names: see beside each.",
            seats=", ".join(numbers[:-1]),
            last=numbers[-1],
        )
    )
    return None


def _refusal(name: str, seat: int) -> NameRefused | None:
    try:
        read_name(name, seat)
    except NameRefused as refused:
        return refused
    return None


def sentence(words: str) -> str:
    """Return words as a sentence: a capital first, a full stop last (a `Sentence` stays one,
    said in the reader's language)."""
    said = Capitalized(words)
    return said if words.endswith((".", "!", "?")) else Sentence("{words}.", words=said)


def seat_problem(refused: NameRefused | None, *, blank: bool) -> str:
    """Say beside a seat what is wrong with its name, and what to do about it."""
    if blank or refused is None:
        return Sentence("Every player needs a name: type one, or remove this seat with ✕.")
    return sentence(refused.reason)


def drawn_cards(form: Mapping[str, str], seats: int) -> list[tuple[str, str]]:
    """Return the (rank, suit) tapped for each seat of the draw ("" where none was tapped)."""
    return [(form.get(f"rank-{seat}", ""), form.get(f"suit-{seat}", "")) for seat in range(seats)]


def game_from_draw(
    db: Connection,
    slug: str,
    names: list[str],
    drawn: list[tuple[str, str]],
    errors: dict[str, str],
) -> Game | None:
    """Seat the table from the cards drawn; None with the errors filled in when it cannot.

    Raise NotFound for rules there are none of.
    """
    found = find_any_ruleset(db, slug)
    cards = []
    for seat, (name, (rank, suit)) in enumerate(zip(names, drawn, strict=True)):
        if not rank or not suit:
            errors[str(seat)] = Sentence(
                "Tap the card {name} drew: its rank and its suit.", name=name
            )
            continue
        try:
            cards.append(DrawnCard.parse(rank, suit))
        except ScoreError as error:
            errors[str(seat)] = str(error)
    if errors:
        return None
    try:
        seating = draw_for_seats(names, cards, partnership=found.ruleset.partnership)
        return read_game(
            {
                "ruleset": found.game_ref,
                "players": list(seating.players),
                "first_dealer": seating.first_dealer,
            }
        )
    except ScoreError as error:
        errors["form"] = str(error)
        return None
