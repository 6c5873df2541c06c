"""The night's leaderboard, counted from each table's scored game, every number explained.

Places: each round, a side's place at its table earns the scale's points for it; sides tied
share the points of the places they tie for, evenly. Totals: each round, a side's score less
its table's average score. A player earns their side's. A round sat out counts the average
(the scale's average for places, 0 for totals), so sitting out neither helps nor hurts; a
round missed (not yet come, or gone home) counts nothing. A table still playing counts as it
stands, said so; a table with no deal yet counts nothing yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..rules import GameResult
from ..rules.sentences import Sentence
from .evening import Counting, CountingKind


@dataclass(frozen=True)
class TablePlay:
    """One table of a round as played: its number and its game scored (None before a deal)."""

    table: int
    result: GameResult | None


@dataclass(frozen=True)
class RoundPlay:
    """One round as played: its tables, who sat it out, and whether the host ended it (its
    tables then count as they stand, no longer playing)."""

    number: int
    tables: Sequence[TablePlay]
    sitting_out: Sequence[str] = ()
    ended: bool = False


@dataclass(frozen=True)
class Counted:
    """What one round gave one player, and why, in words."""

    round: int
    points: Fraction | None  #: None: the round counts nothing for this player (yet)
    why: str
    table: int | None = None


@dataclass(frozen=True)
class BoardRow:
    """A player's line on the leaderboard."""

    place: int
    tied: bool
    player: str
    total: Fraction
    why: str
    rounds: tuple[Counted, ...] = field(default=())
    members: tuple[str, ...] = ()  #: a partnership's two players (its line names them)


@dataclass(frozen=True)
class Board:
    """The leaderboard: its rows, best first, and whether a table is still playing."""

    rows: tuple[BoardRow, ...]
    playing: bool


def number_text(value: Fraction, *, signed: bool = False) -> str:
    """Write a number of points as a person reads it: 3, 1.75, +35, -20.5 (two decimals at most)."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    if text == "-0":
        text = "0"
    return f"+{text}" if signed and value > 0 else text


def _place_points(totals: Sequence[int], side: int, scale: Sequence[int]) -> tuple[Fraction, str]:
    mine = totals[side]
    higher = sum(1 for total in totals if total > mine)
    tied = sum(1 for total in totals if total == mine)
    earned = [scale[place] if place < len(scale) else 0 for place in range(higher, higher + tied)]
    points = Fraction(sum(earned), tied)
    if tied == 1:
        said = Sentence(
            "place {place} of {sides} with a score of {score}: {points}",
            place=higher + 1,
            sides=len(totals),
            score=mine,
            points=number_text(points),
        )
    else:
        said = Sentence(
            "places {first} to {last} of {sides}, tied at {score}: ({each}) ÷ {n} = {points}",
            first=higher + 1,
            last=higher + tied,
            sides=len(totals),
            score=mine,
            each=" + ".join(map(str, earned)),
            n=tied,
            points=number_text(points),
        )
    return points, said


def _total_points(totals: Sequence[int], side: int) -> tuple[Fraction, str]:
    average = Fraction(sum(totals), len(totals))
    points = totals[side] - average
    said = Sentence(
        "a score of {score} against the table's average of {average} ({sum} ÷ {sides}): {points}",
        score=totals[side],
        average=number_text(average),
        sum=sum(totals),
        sides=len(totals),
        points=number_text(points, signed=True),
    )
    return points, said


def _table_counts(counting: Counting, number: int, play: TablePlay) -> dict[str, Counted]:
    result = play.result
    if result is None or not result.deals:
        return {
            name: Counted(number, None, Sentence("round {n}: no deal yet", n=number), play.table)
            for name in (result.game.players if result else ())
        }
    counts = {}
    game = result.game
    for seat, name in enumerate(game.players):
        side = game.side_of(seat)
        if counting.kind is CountingKind.PLACES:
            points, said = _place_points(result.totals, side, counting.scale)
        else:
            points, said = _total_points(result.totals, side)
        why = Sentence("round {n}, table {table}: {said}", n=number, table=play.table, said=said)
        if not result.complete:
            why = Sentence(
                "{why} (so far: {done} of {deals} deals)",
                why=why,
                done=len(result.deals),
                deals=len(result.schedule),
            )
        counts[name] = Counted(number, points, why, play.table)
    return counts


def _still_playing(played: RoundPlay, table: TablePlay) -> bool:
    """Say whether a table may still change the board: its game goes on, its round not ended."""
    return bool(table.result and not table.result.complete and not played.ended)


def _sat_out(counting: Counting, number: int) -> Counted:
    if counting.kind is CountingKind.PLACES:
        points = Fraction(sum(counting.scale), len(counting.scale))
        why = Sentence(
            "round {n}: sat out: {points}, the average of the scale {scale}",
            n=number,
            points=number_text(points),
            scale="-".join(map(str, counting.scale)),
        )
        return Counted(number, points, why)
    return Counted(
        number, Fraction(0), Sentence("round {n}: sat out: 0, a table's average", n=number)
    )


def count_night(counting: Counting, players: Sequence[str], rounds: Sequence[RoundPlay]) -> Board:
    """Count the leaderboard: every player's points round by round, the total, the places."""
    per_player: dict[str, list[Counted]] = {name: [] for name in players}
    playing = False
    for played in rounds:
        counts: dict[str, Counted] = {}
        for table in played.tables:
            counts.update(_table_counts(counting, played.number, table))
            playing = playing or _still_playing(played, table)
        for name in played.sitting_out:
            counts[name] = _sat_out(counting, played.number)
        for name in per_player:
            per_player[name].append(
                counts.get(
                    name,
                    Counted(played.number, None, Sentence("round {n}: not there", n=played.number)),
                )
            )
    return _ranked(counting, per_player, playing)


def _ranked(
    counting: Counting,
    rounds: dict[str, list[Counted]],
    playing: bool,
    members: dict[str, tuple[str, ...]] | None = None,
) -> Board:
    """Add up each line's rounds, say the sum, and place the lines best first, ties shared."""
    signed = counting.kind is CountingKind.TOTALS
    totals = {}
    for name, counted in rounds.items():
        parts = [c.points for c in counted if c.points is not None]
        total = sum(parts, Fraction(0))
        # Each later part added or taken away as written by hand: 31 + 0.5, 3.5 - 0.5.
        shown = "".join(
            f" - {number_text(-p)}" if p < 0 else f" + {number_text(p)}" for p in parts[1:]
        )
        why = Sentence(
            "{parts} = {total}",
            parts=f"{number_text(parts[0])}{shown}" if parts else "0",
            total=number_text(total, signed=signed),
        )
        totals[name] = (total, why)
    order = sorted(rounds, key=lambda name: (-totals[name][0], name.casefold()))
    rows = []
    for name in order:
        total = totals[name][0]
        above = sum(1 for other in rounds if totals[other][0] > total)
        alike = sum(1 for other in rounds if totals[other][0] == total)
        rows.append(
            BoardRow(
                above + 1,
                alike > 1,
                name,
                total,
                totals[name][1],
                tuple(rounds[name]),
                (members or {}).get(name, ()),
            )
        )
    return Board(tuple(rows), playing)


def count_partnerships(counting: Counting, rounds: Sequence[RoundPlay]) -> Board:
    """Count the partnerships' leaderboard of a team game: each two who played as partners,
    their side's points in every round they played together, the average in a round both sat
    out, nothing in the others; "Ann & Cy" named as they first sat."""
    names: dict[frozenset[str], str] = {}
    together: dict[tuple[int, frozenset[str]], Counted] = {}
    playing = False
    for played in rounds:
        for table in played.tables:
            result = table.result
            if result is None or not result.game.ruleset.has_teams:
                continue
            playing = playing or _still_playing(played, table)
            counts = _table_counts(counting, played.number, table)
            game = result.game
            for seats, label in zip(
                game.ruleset.seats_by_side(len(game.players)), result.sides, strict=True
            ):
                pair = frozenset(game.players[seat] for seat in seats)
                names.setdefault(pair, label)
                together[played.number, pair] = counts[game.players[seats[0]]]
    per_pair: dict[str, list[Counted]] = {}
    for pair, label in names.items():
        per_pair[label] = [
            together.get((played.number, pair))
            or (
                _sat_out(counting, played.number)
                if pair <= set(played.sitting_out)
                else Counted(
                    played.number,
                    None,
                    Sentence("round {n}: not partners this round", n=played.number),
                )
            )
            for played in rounds
        ]
    members = {label: tuple(sorted(pair)) for pair, label in names.items()}
    return _ranked(counting, per_pair, playing, members)
