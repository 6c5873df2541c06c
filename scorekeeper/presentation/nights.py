"""What a club night's pages show, as plain data: the host's pages, the leaderboard a phone or
a TV watches, a table card opened on a phone, and the printed cards and results."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..night import Board, CountingKind, Movement, count_night, count_partnerships, number_text
from ..rules.sentences import Sentence
from ..storage import Connection, ruleset_choices
from ..storage.nights import Night, NightTable, load_night, night_list, night_stamp, table_of_card


@dataclass(frozen=True)
class BoardLine:
    """A line of the leaderboard: place, player, total, and each number's words."""

    place: str
    player: str
    total: str
    why: str
    rounds: tuple[str, ...]
    gone: bool


@dataclass(frozen=True)
class TableLine:
    """A table of a round on the host's page and the results: who sits, how far, who scores."""

    number: int
    round: int
    players: tuple[str, ...]
    dealer: str
    game_id: str
    card: str
    progress: str
    over: bool
    scorer: str
    code_out: bool  #: a take-over code is made and not yet used (shown once, when made)
    places: tuple[tuple[str, str, int], ...]  #: (place, side, score), best first
    partners: tuple[str, ...]  #: the partnerships at the table ("Ann & Cy"), in a team game


@dataclass(frozen=True)
class NightPage:
    """A night as its pages show it."""

    id: str
    name: str
    rules: str
    counting: str
    movement: str
    rounds_planned: int
    round: int  #: the round being played or last played (0 before the first)
    round_open: bool  #: a table of that round is still playing
    can_start: bool
    tables: tuple[TableLine, ...]  #: the current round's
    earlier: tuple[tuple[int, tuple[TableLine, ...], tuple[str, ...]], ...]  #: every round
    sitting_out: tuple[str, ...]
    players: tuple[tuple[str, str], ...]  #: (name, how they stand tonight)
    board: tuple[BoardLine, ...]
    partnerships: tuple[BoardLine, ...]  #: a team game's partnerships' leaderboard
    playing: bool
    stamp: str


def board_stamp(db: Connection, night_id: str) -> str:
    """Return the leaderboard's entity tag: it changes whenever the leaderboard may."""
    return f'"night-{night_id}-{night_stamp(db, night_id)}"'


def _counting(night: Night) -> str:
    counting = night.plan.counting
    if counting.kind is CountingKind.TOTALS:
        return Sentence("totals: each round's score against its table's average")
    return Sentence(
        "places: {scale} points for the places at a table",
        scale="\u2011".join(map(str, counting.scale)),  # no-break hyphens: one word
    )


def _progress(table: NightTable) -> str:
    result = table.stored.result()
    if result.complete:
        return Sentence("game over")
    return Sentence("deal {done} of {deals}", done=len(result.deals), deals=len(result.schedule))


def _scorer(table: NightTable) -> str:
    if table.row.scorer is None:
        return Sentence("waiting for a phone to open the card")
    return Sentence("scored on a phone since {time}", time=clock(table.row.claimed))


def clock(stamp: str | None) -> str:
    """Write a stored time as the hour and minute on the server's clock."""
    if not stamp:
        return ""
    return datetime.fromisoformat(stamp).astimezone().strftime("%H:%M")


def _table_line(table: NightTable) -> TableLine:
    result = table.stored.result()
    game = result.game
    order = sorted(range(len(result.sides)), key=lambda side: -result.totals[side])
    places = []
    for side in order:
        higher = sum(1 for total in result.totals if total > result.totals[side])
        places.append((str(higher + 1), result.sides[side], result.totals[side]))
    return TableLine(
        number=table.row.number,
        round=table.row.round,
        players=game.players,
        dealer=game.players[game.first_dealer],
        game_id=table.stored.id,
        card=table.row.card,
        progress=_progress(table),
        over=table.over,
        scorer=_scorer(table),
        code_out=table.row.takeover_hash is not None,
        places=tuple(places) if result.deals else (),
        partners=result.sides if game.ruleset.has_teams else (),
    )


def _lines(board: Board, signed: bool, gone: set[str]) -> tuple[BoardLine, ...]:
    return tuple(
        BoardLine(
            place=f"{row.place}=" if row.tied else str(row.place),
            player=row.player,
            total=number_text(row.total, signed=signed),
            why=row.why,
            rounds=tuple(counted.why for counted in row.rounds),
            gone=row.player in gone,
        )
        for row in board.rows
    )


def _board(night: Night) -> tuple[tuple[BoardLine, ...], tuple[BoardLine, ...], bool]:
    """Return the players' leaderboard, the partnerships' (a team game's that keeps its
    partners), and whether a table still plays."""
    counting, plays = night.plan.counting, night.plays()
    board: Board = count_night(counting, night.plan.players, plays)
    signed = counting.kind is CountingKind.TOTALS
    gone = {p.name for p in night.players if p.left is not None and p.left <= len(night.rounds)}
    # Partners drawn afresh each round make a board of pairs who played once: only a night
    # that keeps its partners (or its tables) has partnerships worth ranking.
    kept = night.plan.movement is not Movement.REDRAW
    pairs = count_partnerships(counting, plays) if night.plan.ruleset.has_teams and kept else None
    both_gone = {row.player for row in pairs.rows if set(row.members) <= gone} if pairs else set()
    return (
        _lines(board, signed, gone),
        _lines(pairs, signed, both_gone) if pairs else (),
        board.playing,
    )


def _movement(movement: Movement) -> str:
    if movement is Movement.REDRAW:
        return Sentence("a new draw each round, meeting as few people again as can be")
    if movement is Movement.PARTNERS:
        return Sentence("partners kept, partnerships moved between tables to meet new opponents")
    return Sentence("fixed tables while the same people play")


def _player_state(night: Night, name: str) -> str:
    player = next(p for p in night.players if p.name == name)
    now = len(night.rounds) + 1
    if player.left is not None:
        return Sentence("went home after round {n}", n=player.left - 1)
    if player.arrived > 1:
        return Sentence("plays from round {n}", n=player.arrived)
    if night.rounds and name in night.rounds[-1].sitting_out:
        return Sentence("sits out round {n}", n=now - 1)
    return Sentence("playing")


def night_page(db: Connection, night_id: str) -> NightPage:
    """Build a night's page: its round, its tables, its players, its leaderboard (NotFound)."""
    night = load_night(db, night_id)
    current = len(night.rounds)
    open_tables = night.still_playing(current) if current else []
    board, partnerships, playing = _board(night)
    earlier = tuple(
        (
            played.number,
            tuple(_table_line(t) for t in night.tables_of(played.number)),
            played.sitting_out,
        )
        for played in night.rounds
    )
    return NightPage(
        id=night.id,
        name=night.plan.name,
        rules=night.plan.ruleset.name,
        counting=_counting(night),
        movement=_movement(night.plan.movement),
        rounds_planned=night.plan.rounds,
        round=current,
        round_open=bool(open_tables),
        can_start=current < night.plan.rounds and not open_tables,
        tables=earlier[-1][1] if earlier else (),
        earlier=earlier,
        sitting_out=night.rounds[-1].sitting_out if night.rounds else (),
        players=tuple((name, _player_state(night, name)) for name in night.plan.players),
        board=board,
        partnerships=partnerships,
        playing=playing,
        stamp=board_stamp(db, night_id),
    )


@dataclass(frozen=True)
class HostPage:
    """The host's page: the latest nights, and the form for a new one as last sent."""

    nights: tuple[tuple[str, str, str], ...]  #: (id, name, created)
    rulesets: tuple[tuple[str, str], ...]  #: (slug, name)
    partnership_rules: tuple[str, ...]  #: the names of those played in partnerships
    form: dict[str, str]
    error: str | None
    field: str  #: the field the error is about


def host_page(
    db: Connection, form: dict[str, str], error: str | None = None, field: str = ""
) -> HostPage:
    """Build the host's page, with the new night's form as last sent (and what is wrong)."""
    choices = ruleset_choices(db)
    return HostPage(
        nights=tuple((n["id"], n["name"], n["created"]) for n in night_list(db)),
        rulesets=tuple((found.slug, found.ruleset.name) for found in choices),
        partnership_rules=tuple(
            found.ruleset.name for found in choices if found.ruleset.partnership
        ),
        form=form,
        error=error,
        field=field,
    )


@dataclass(frozen=True)
class CardPage:
    """A table card opened on a phone: the night, the table, and who scores it."""

    night_id: str
    night: str
    round: int
    table: int
    players: tuple[str, ...]
    card: str
    game_id: str
    scorer: str | None  #: None: nobody yet; "you": this phone; else since when another does


def card_page(db: Connection, night_id: str, card: str, device: str | None) -> CardPage:
    """Build a table card's page for this phone (NotFound for a card there is none of)."""
    found, row = table_of_card(db, card)
    night = load_night(db, found)
    table = next(t for t in night.tables if t.row.card == card)
    if row.scorer is None:
        scorer = None
    elif row.scorer == device:
        scorer = "you"
    else:
        scorer = clock(row.claimed)
    return CardPage(
        night_id=night_id,
        night=night.plan.name,
        round=row.round,
        table=row.number,
        players=table.stored.game.players,
        card=card,
        game_id=row.game_id,
        scorer=scorer,
    )


def round_heading(number: int, rounds: int) -> str:
    """Say which round this is, of how many."""
    return Sentence("round {round} of {n}", round=number, n=rounds)
