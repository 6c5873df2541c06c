"""A club night's changes: set it up, seat and start each round, end one, welcome a late
player or let one go home, and say which phone scores each table.

Each table of a round is an ordinary game (`games.start_game`), started by nobody: the first
phone to open the table's card becomes its creator through the host's creator-link
machinery, so it scores exactly as a table does, offline too. A second phone opening the
card is told who scores, and takes over only with the one-time code the host's page shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..night import NightRefused, check_entered, read_plan, seat_round
from ..rules import read_game
from ..rules.sentences import Plural, Sentence
from ..storage import (
    Connection,
    NotFound,
    new_edit_key,
    set_creator_key,
    use_creator_key,
)
from ..storage.nights import (
    Night,
    NightTableRow,
    add_night_player,
    get_night,
    insert_night,
    insert_round,
    load_night,
    miss_takeover,
    set_player_left,
    set_round_ended,
    set_scorer,
    set_takeover_code,
    table_of_card,
    takeover_matches,
)
from ..storage.rulesets import game_ruleset_ref, ruleset_lookup
from .games import start_game


class TableTaken(Exception):
    """Another phone scores this card's table: since when, and which table."""

    def __init__(self, night_id: str, table: NightTableRow) -> None:
        super().__init__(f"table {table.number} is scored on another phone")
        self.night_id, self.table = night_id, table


def create_night(db: Connection, document: Any) -> str:
    """Set up a night from its plan's fields; return its id (NightRefused says what is wrong)."""
    plan = read_plan(document, lookup=ruleset_lookup(db))
    if isinstance(plan.ruleset_ref, str):
        # A house ruleset is copied into the night, as into a game, so later edits change neither.
        plan = replace(plan, ruleset_ref=game_ruleset_ref(db, plan.ruleset_ref))
    with db.write():
        return insert_night(db, plan.name, plan.to_json(), [1] * len(plan.players))


def _still_playing(night: Night, number: int) -> Sentence:
    busy = night.still_playing(number)
    return Sentence(
        "round {n} is still being played at {tables}: end it as it stands, or let them finish",
        n=number,
        tables=", ".join(
            str(
                Sentence(
                    "table {table} (deal {done} of {deals})",
                    table=t.row.number,
                    done=len(t.stored.result().deals),
                    deals=len(t.stored.result().schedule),
                )
            )
            for t in busy
        ),
    )


def start_round(
    db: Connection, night_id: str, entered: Sequence[Sequence[str]] | None = None
) -> int:
    """Seat the next round (drawn, or as the host typed it) and start a game at each table;
    return its number. Refused while the last round is still being played."""
    with db.write():
        night = load_night(db, night_id)
        plan, number = night.plan, len(night.rounds) + 1
        if number > plan.rounds:
            raise NightRefused(
                Plural(
                    "the night has {n} round: it is over",
                    "the night has {n} rounds: all are played",
                    plan.rounds,
                ),
                field="round",
            )
        if night.rounds and night.still_playing(number - 1):
            raise NightRefused(_still_playing(night, number - 1), field="round")
        present = night.present(number)
        if entered:
            seating = check_entered(entered, present, plan.sizes(), plan.tables)
        else:
            seating = seat_round(
                present=present,
                earlier=night.seatings(),
                ruleset=plan.ruleset,
                sizes=plan.sizes(),
                most_tables=plan.tables,
                movement=plan.movement,
                seed=plan.seed,
            )
        if not seating.tables:
            raise NightRefused(Sentence("too few players are here to seat a table"), field="round")
        lookup = ruleset_lookup(db)
        games = []
        for table in seating.tables:
            game = read_game(
                {
                    "ruleset": plan.ruleset_ref,
                    "players": list(table.players),
                    "first_dealer": table.first_dealer,
                },
                lookup=lookup,
            )
            games.append(start_game(db, game, device=None).id)
        insert_round(db, night_id, number, seating.sitting_out, games)
    return number


def end_round(db: Connection, night_id: str) -> None:
    """End the round being played as it stands (its tables count as they are)."""
    with db.write():
        night = load_night(db, night_id)
        if not night.rounds:
            raise NightRefused(Sentence("no round has begun yet"), field="round")
        set_round_ended(db, night_id, len(night.rounds))


def add_player(db: Connection, night_id: str, name: str) -> None:
    """Welcome a late player: they play from the next round on."""
    with db.write():
        night = load_night(db, night_id)
        plan = night.plan.with_player(name)
        add_night_player(db, night_id, plan.players[-1], len(night.rounds) + 1, plan.to_json())


def player_leaves(db: Connection, night_id: str, name: str, *, back: bool = False) -> None:
    """Let a player go home after the round being played (or, `back`, play again)."""
    with db.write():
        night = load_night(db, night_id)
        if name not in {p.name for p in night.players}:
            raise NightRefused(Sentence("{name} is not playing tonight", name=name), field="player")
        set_player_left(db, night_id, name, None if back else len(night.rounds) + 1)


def _card_table(db: Connection, night_id: str, card: str) -> NightTableRow:
    """Return a card's table, refusing a card of another night or of a round that is over."""
    try:
        found, table = table_of_card(db, card)
    except NotFound:
        raise NightRefused(
            Sentence("this card is not one of this night's: ask the host for your table's card"),
            field="card",
        ) from None
    if found != night_id:
        other = get_night(db, found)
        raise NightRefused(
            Sentence(
                "this card is from another night ({other}): ask the host for tonight's card",
                other=other.name,
            ),
            field="card",
        )
    rounds = get_night(db, night_id).rounds
    if table.round != len(rounds):
        raise NightRefused(
            Sentence(
                "this card is for round {card}; round {now} is being played: ask the host for "
                "this round's card",
                card=table.round,
                now=len(rounds),
            ),
            field="card",
        )
    return table


def _make_scorer(db: Connection, table: NightTableRow, device: str) -> None:
    """Give the table's game to this phone, as the host's creator link would."""
    use_creator_key(db, table.game_id, set_creator_key(db, table.game_id), device)
    set_scorer(db, table.card, device)


def claim_table(db: Connection, night_id: str, card: str, device: str) -> str:
    """Let the phone that opens a card first score its table; return the table's game id.

    The same phone again is welcome; another raises TableTaken."""
    with db.write():
        table = _card_table(db, night_id, card)
        if table.scorer is None:
            _make_scorer(db, table, device)
        elif table.scorer != device:
            raise TableTaken(night_id, table)
        return table.game_id


def card_table(db: Connection, night_id: str, card: str) -> NightTableRow:
    """Return the table a card opens, refused in words as `claim_table` refuses it."""
    return _card_table(db, night_id, card)


def allow_takeover(db: Connection, night_id: str, round_number: int, table: int) -> str:
    """Make the one-time code that lets another phone take a table over (the host's)."""
    with db.write():
        rows = get_night(db, night_id)
        found = [t for t in rows.tables if (t.round, t.number) == (round_number, table)]
        if not found:
            raise NotFound(f"{night_id}/{round_number}/{table}")
        return set_takeover_code(db, found[0].card)


def take_over(db: Connection, night_id: str, card: str, code: str, device: str) -> str:
    """Make this phone the table's scorer, given the host's one-time code; every other phone
    stops scoring it. Return the game id. A wrong code is counted, and the fifth voids it."""
    with db.write():
        table = _card_table(db, night_id, card)
        if takeover_matches(table, code):
            _make_scorer(db, table, device)
            new_edit_key(db, table.game_id, keep=device)
            return table.game_id
        left = miss_takeover(db, card)
    if left:
        said = Sentence(
            "that is not the code for table {table}: the host's page shows it beside the "
            "table, after “Let another phone score”",
            table=table.number,
        )
    else:
        said = Sentence(
            "that is not the code for table {table}, and no code for it may be typed now: "
            "ask the host to make a new one with “Let another phone score”",
            table=table.number,
        )
    raise NightRefused(said, field="code")
