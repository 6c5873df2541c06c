"""What the table's pages show, worked out from the stored game (so the views stay thin)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import request, url_for

from ..rules import (
    TRUMPS,
    DealRecord,
    DealResult,
    GameResult,
    IllegalBid,
    Ruleset,
    ScoreError,
    TricksError,
    bid_choices,
    name_key,
    read_game,
    trump_label,
)
from ..rules.draw import RANKS, SUITS, DrawnCard, draw_for_seats
from ..storage import (
    NotFound,
    StoredGame,
    create_game,
    game_ruleset_ref,
    get_game,
    known_player_names,
    recall_reply,
    remember_reply,
    ruleset_choices,
    write,
)
from ..table_state import DraftDeal, from_draft
from .devices import current_device
from .forms import MAX_SEATS, DrawForm, NewGameForm


def flat_pairs(rescued: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Turn a rescued form ({name: value or [values]}) back into form pairs."""
    pairs: list[tuple[str, str]] = []
    for key, value in rescued.items():
        for item in value if isinstance(value, list) else [value]:
            pairs.append((str(key), str(item)))
    return pairs


def form_errors(form: Any) -> bool:
    """Say whether any field of the form (or the form itself) has an error to show."""
    return bool(form.errors or getattr(form, "problem", None))


# New game ------------------------------------------------------------------------------------


def ruleset_options(db: Any) -> list[tuple[str, str, Ruleset]]:
    """Return (slug, label, ruleset) for every ruleset a new game may use."""
    options = []
    for choice in ruleset_choices(db):
        rules = choice.ruleset
        if rules.min_players == rules.max_players:
            count = f"{rules.min_players} players"
        else:
            count = f"{rules.min_players}–{rules.max_players} players"
        teams = ", 2 teams" if rules.partnership else ""
        house = " (house rules)" if choice.house else ""
        options.append((choice.slug, f"{rules.name}{house} · {count}{teams}", rules))
    return options


def new_game_defaults(db: Any, args: Mapping[str, str]) -> dict[str, Any]:
    """Return the new-game form's starting values; `?from=<game id>` copies that game's table."""
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
            return {"ruleset": slug, "players": list(before.game.players), "dealer": str(dealer)}
    return {"ruleset": "back-alley-pagat", "players": ["", "", "", ""], "dealer": "0"}


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


def known_names(db: Any, form: NewGameForm) -> list[str]:
    """Return remembered names not yet at the table (to add with one tap)."""
    taken = {name_key(name) for name in form.names()}
    return [name for name in known_player_names(db) if name_key(name) not in taken][:12]


def start_game(db: Any, form: NewGameForm) -> str | None:
    """Create the game (or go to the draw); return where to go next, or None with an error."""
    names = form.names()
    dealer = form.dealer.data or "0"
    try:
        ref = game_ruleset_ref(db, form.ruleset.data or "")
    except NotFound:
        form.ruleset.errors = ["Choose the rules from the list."]
        return None
    first = 0
    if dealer == "random":
        first = secrets.randbelow(max(len(names), 1))
    elif _seat_in(dealer, len(names)):
        first = int(dealer)
    try:
        game = read_game(
            {"ruleset": ref, "players": names, "first_dealer": first, "deals": []},
            lookup=_lookup,
        )
    except ScoreError as error:
        form.problem = str(error)  # type: ignore[attr-defined]
        return None
    if dealer == "draw":
        return url_for("table.draw", ruleset=form.ruleset.data, player=names)
    return create_game_once(db, game, form.nonce.data or "")


def create_game_once(db: Any, game: Any, nonce: str) -> str:
    """Create the game and return its page; a repeat of the same form (nonce) creates nothing."""
    with write(db):
        saved = recall_reply(db, f"form:{nonce}")
        if saved is not None:
            return str(saved["location"])
        stored = create_game(db, game, device=current_device())
        target = url_for("table.game", game_id=stored.id)
        remember_reply(db, f"form:{nonce}", status=303, location=target)
    return target


def _lookup(ref: Any) -> Ruleset:
    from ..rules import default_lookup

    return default_lookup(ref)


@dataclass(frozen=True)
class DrawSetup:
    """The draw for seats: the ruleset and what can be drawn."""

    slug: str
    ruleset: Ruleset
    ranks: tuple[str, ...] = tuple(reversed(RANKS))
    suits: tuple[str, ...] = SUITS


def draw_setup(db: Any, slug: str, names: list[str]) -> DrawSetup | None:
    """Return the draw for these players under this ruleset, or None if it makes no sense."""
    for choice_slug, _, ruleset in ruleset_options(db):
        if choice_slug == slug and 2 <= len(names) <= MAX_SEATS:
            return DrawSetup(slug, ruleset)
    return None


def finish_draw(
    db: Any, form: DrawForm, setup: DrawSetup, names: list[str], errors: dict[str, str]
) -> str | None:
    """Seat the table from the cards drawn and create the game; return its address."""
    cards = []
    for seat, name in enumerate(names):
        rank, suit = request.form.get(f"rank-{seat}", ""), request.form.get(f"suit-{seat}", "")
        if not rank or not suit:
            errors[str(seat)] = f"Tap the card {name} drew: its rank and its suit."
            continue
        try:
            cards.append(DrawnCard.parse(rank, suit))
        except ScoreError as error:
            errors[str(seat)] = str(error)
    if errors:
        return None
    try:
        seating = draw_for_seats(names, cards, partnership=setup.ruleset.partnership)
        game = read_game(
            {
                "ruleset": game_ruleset_ref(db, setup.slug),
                "players": list(seating.players),
                "first_dealer": seating.first_dealer,
            }
        )
    except ScoreError as error:
        errors["form"] = str(error)
        return None
    return create_game_once(db, game, form.nonce.data or "")


# The game page -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SideLine:
    """One side's line in a scored deal: name, points, explanation, running total."""

    name: str
    score: int
    explain: tuple[str, ...]
    total: int


@dataclass(frozen=True)
class GamePage:
    """Everything the game page shows."""

    result: GameResult
    deal: DraftDeal | None
    last: DealResult | None
    last_lines: tuple[SideLine, ...]
    schedule_length: int
    leaders: tuple[int, ...]

    @property
    def deal_count(self) -> int:
        return self.schedule_length


def game_page(stored: StoredGame, *, editor: bool) -> GamePage:
    """Work out the game page from the stored game and its draft."""
    result = stored.result()
    deal = None
    if result.next is not None:
        deal = from_draft(stored.game, result.next, stored.draft)
    last = result.deals[-1] if result.deals else None
    lines: tuple[SideLine, ...] = ()
    if last is not None and last.sides is not None:
        lines = tuple(
            SideLine(name, side.score, tuple(side.explain), total)
            for name, side, total in zip(result.sides, last.sides, last.totals, strict=True)
        )
    best = max(result.totals) if result.deals else None
    leaders = tuple(i for i, t in enumerate(result.totals) if t == best) if best is not None else ()
    return GamePage(result, deal, last, lines, len(result.schedule), leaders)


def describe_tap(stored: StoredGame, step: str) -> str:
    """Say a tap in words, for a message that it was not saved ("Bob bids 3")."""
    kind, _, value = step.partition(":")
    if kind == "undo":
        return "undo"
    if kind == "trump":
        return f"trump {trump_label(value) or value}"
    if kind == "bid":
        return f"bid {value}"
    if kind == "tricks":
        return f"{value} tricks"
    if kind == "rainbow" and value.isdigit() and int(value) < len(stored.game.players):
        return f"{stored.game.players[int(value)]}'s rainbow"
    return step[:40]


# The scoresheet ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetCell:
    """One side in one row of the sheet."""

    bid: str
    took: str
    score: str
    total: int


@dataclass(frozen=True)
class SheetRow:
    """One row of the paper sheet: a deal played, thrown in, or still to come."""

    position: int | None  #: place in the game file (for editing), None for deals to come
    number: int
    cards: int
    dealer: str
    trump: str
    cells: tuple[SheetCell, ...]
    thrown_in: bool = False
    current: bool = False


@dataclass(frozen=True)
class Sheet:
    sides: tuple[str, ...]
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    result: GameResult


def scoresheet_rows(stored: StoredGame) -> Sheet:
    """Lay the game out as the paper sheet: every deal of the schedule, played or not."""
    result = stored.result()
    game = stored.game
    rows: list[SheetRow] = []
    for position, deal in enumerate(result.deals, 1):
        cells = tuple(_cell(game, deal, side) for side in range(len(result.sides)))
        rows.append(
            SheetRow(
                position,
                deal.setup.number,
                deal.setup.cards,
                game.players[deal.setup.dealer],
                trump_label(deal.record.trump),
                cells,
                thrown_in=deal.thrown_in,
            )
        )
    schedule = result.schedule
    upcoming = result.next
    if upcoming is not None:
        dealer = upcoming.dealer
        for number in range(upcoming.number, len(schedule) + 1):
            blank = tuple(SheetCell("", "", "", 0) for _ in result.sides)
            rows.append(
                SheetRow(
                    None,
                    number,
                    schedule[number - 1],
                    game.players[dealer],
                    "",
                    blank,
                    current=number == upcoming.number,
                )
            )
            dealer = (dealer + 1) % len(game.players)
    return Sheet(result.sides, tuple(rows), result.totals, result)


def _cell(game: Any, deal: DealResult, side: int) -> SheetCell:
    seats = game.side_seats(side)
    said = []
    for seat in seats:
        bid = deal.record.bids[seat]
        said.append(bid.label(deal.levels[seat]))
    if deal.sides is None or deal.side_tricks is None:
        return SheetCell(" ".join(said), "", "", deal.totals[side])
    return SheetCell(
        " ".join(said),
        str(deal.side_tricks[side]),
        f"{deal.sides[side].score:+d}",
        deal.totals[side],
    )


# Editing a recorded deal ---------------------------------------------------------------------


class DealEditor:
    """The form to correct one recorded deal: its choices, values and where errors go."""

    def __init__(self, stored: StoredGame, position: int) -> None:
        self.stored = stored
        self.game = stored.game
        self.position = position
        self.result = stored.result()
        self.deal = self.result.deals[position - 1]
        self.cards = self.deal.setup.cards
        self.partnership = self.game.ruleset.partnership

    def bid_options(self) -> list[tuple[str, str]]:
        """Return every bid that could be said with these cards, as (value, label)."""
        options = []
        for choice in bid_choices(self.game.ruleset, self.cards, [], len(self.game.players)):
            value = str(choice.bid.to_json())
            label = "board" if value == "board" else choice.label
            options.append((value, label))
        return options

    def trick_options(self) -> list[tuple[str, str]]:
        return [("", "—")] + [(str(n), str(n)) for n in range(self.cards + 1)]

    def trump_choices(self) -> list[tuple[str, str]]:
        suits = [t for t in TRUMPS if t != "none" or self.game.ruleset.allows_no_trump()]
        return [("", "not noted")] + [(t, trump_label(t)) for t in suits]

    @property
    def asks_rainbows(self) -> bool:
        return self.game.ruleset.pays_rainbow_bonus(self.cards)

    def values_of(self, record: DealRecord) -> dict[str, Any]:
        """Return the form's values for a recorded deal."""
        values: dict[str, Any] = {"trump": record.trump or "", "rainbows": set()}
        for seat, bid in enumerate(record.bids):
            values[f"bid-{seat}"] = str(bid.to_json())
        if self.partnership:
            team = record.team_tricks
            if team is None and record.tricks is not None:
                team = self.game.ruleset.tricks_by_side(record.tricks)
            values["team-0"] = "" if team is None else str(team[0])
            values["team-1"] = "" if team is None else str(team[1])
        else:
            for seat in range(len(self.game.players)):
                taken = "" if record.tricks is None else str(record.tricks[seat])
                values[f"tricks-{seat}"] = taken
        values["rainbows"] = {str(seat) for seat in record.rainbows or ()}
        return values

    def values_from(self, formdata: Any) -> dict[str, Any]:
        """Return the form's values as posted."""
        values: dict[str, Any] = {"trump": formdata.get("trump", "")}
        for seat in range(len(self.game.players)):
            values[f"bid-{seat}"] = formdata.get(f"bid-{seat}", "")
            values[f"tricks-{seat}"] = formdata.get(f"tricks-{seat}", "")
        values["team-0"] = formdata.get("team-0", "")
        values["team-1"] = formdata.get("team-1", "")
        values["rainbows"] = set(formdata.getlist("rainbows"))
        return values

    def raw_deal(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """Return the deal as the game file would hold it, from the form's values."""
        seats = range(len(self.game.players))
        raw: dict[str, Any] = {"bids": [values[f"bid-{seat}"] for seat in seats]}
        if self.partnership:
            if values["team-0"] != "" or values["team-1"] != "":
                raw["team_tricks"] = [_number(values["team-0"]), _number(values["team-1"])]
        elif any(values[f"tricks-{seat}"] != "" for seat in seats):
            raw["tricks"] = [_number(values[f"tricks-{seat}"]) for seat in seats]
        if values["trump"]:
            raw["trump"] = values["trump"]
        if self.asks_rainbows and values["rainbows"]:
            raw["rainbows"] = sorted(int(seat) for seat in values["rainbows"] if seat.isdigit())
        return raw

    def place_error(self, error: ScoreError) -> dict[str, str]:
        """Say where an error belongs: next to a player's bid or tricks, or the whole form."""
        if error.deal is not None and error.deal != self.position:
            return {
                "form": f"That change would make deal {error.deal} illegal — {error.message}. "
                "Nothing was changed."
            }
        message = error.message
        if error.player in self.game.players:
            seat = self.game.players.index(error.player)
            if isinstance(error, IllegalBid):
                return {f"bid-{seat}": message}
            if isinstance(error, TricksError):
                return {f"tricks-{seat}": message}
        if isinstance(error, TricksError):
            return {"tricks": message}
        return {"form": message}

    def context(
        self, form: Any, values: Mapping[str, Any], errors: Mapping[str, str] | None = None
    ) -> dict[str, Any]:
        form.trump.choices = self.trump_choices()
        return {
            "stored": self.stored,
            "editor_view": self,
            "form": form,
            "values": values,
            "errors": errors or {},
        }


def _number(text: Any) -> Any:
    """Return a whole number from a select, or the text itself (so the rules refuse it)."""
    return int(text) if isinstance(text, str) and text.isdigit() else text
