"""A club night as one file (docs/club-night.md, "The night's file"): its plan, its players
(when each came and went), and each round with every table's game as a game file.

The file carries no table card and no phone: an imported night is a new night whose tables
nobody scores until the host hands out new cards. Everything is checked before anything is
written, and a night is written in one transaction (at most 20 tables × 12 rounds).
"""

from __future__ import annotations

from typing import Any

from ..night import NightRefused, check_entered, read_plan
from ..rules import Game, GameResult, ScoreError, read_game, score_game
from ..rules.sentences import Sentence
from ..standings.results import store_results
from ..storage import Connection, insert_game
from ..storage.nights import (
    insert_night,
    insert_round,
    load_night,
    set_player_left,
)
from ..storage.rulesets import ruleset_lookup

FORMAT = "scorekeeper-night"
VERSION = 1


def export_night(db: Connection, night_id: str) -> dict[str, Any]:
    """Return a night as its file: the plan, the players, every round and its tables' games."""
    night = load_night(db, night_id)
    return {
        "format": FORMAT,
        "version": VERSION,
        "created": night.created,
        "plan": night.plan.to_json(),
        "players": [{"name": p.name, "arrived": p.arrived, "left": p.left} for p in night.players],
        "rounds": [
            {
                "number": played.number,
                "started": played.started,
                "ended": played.ended,
                "sitting_out": list(played.sitting_out),
                "tables": [t.stored.game.to_json() for t in night.tables_of(played.number)],
            }
            for played in night.rounds
        ],
    }


def _refused(said: Sentence) -> NightRefused:
    return NightRefused(said, field="file")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _players(document: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """Check the players' list: the plan's players, in its order, each come and gone once."""
    players = document.get("players")
    if (
        not isinstance(players, list)
        or [p.get("name") if isinstance(p, dict) else None for p in players] != names
    ):
        raise _refused(Sentence("the file's players are not the night's: it is not whole"))
    for player in players:
        arrived, left = player.get("arrived"), player.get("left")
        if not _whole(arrived) or arrived < 1 or not (left is None or _whole(left)):
            raise _refused(
                Sentence("{name}'s rounds in the file are not whole numbers", name=player["name"])
            )
    return players


def _games(
    document: dict[str, Any], plan: Any, players: list[dict[str, Any]], lookup: Any
) -> list[tuple[dict[str, Any], list[tuple[Game, GameResult]]]]:
    """Read and check each round's games; return each round's part of the file and its games
    (scored), in order."""
    rounds = document.get("rounds")
    if not isinstance(rounds, list) or len(rounds) > plan.rounds:
        raise _refused(Sentence("the file's rounds are not a list of at most {n}", n=plan.rounds))
    played = []
    for number, found in enumerate(rounds, start=1):
        if not isinstance(found, dict) or found.get("number") != number:
            raise _refused(Sentence("the file's round {n} is missing", n=number))
        present = [
            p["name"]
            for p in players
            if p["arrived"] <= number and (p["left"] is None or p["left"] > number)
        ]
        games: list[tuple[Game, GameResult]] = []
        for table, game in enumerate(found.get("tables") or [], start=1):
            try:
                read = read_game(game, lookup=lookup)
                result = score_game(read)
            except (ScoreError, ValueError, TypeError) as error:
                raise _refused(
                    Sentence(
                        "round {round}, table {table} of the file: {why}",
                        round=number,
                        table=table,
                        why=str(error),
                    )
                ) from None
            games.append((read, result))
        try:
            seating = check_entered(
                [list(game.players) for game, _ in games], present, plan.sizes(), plan.tables
            )
        except NightRefused as refused:
            raise _refused(
                Sentence("round {n} of the file: {why}", n=number, why=refused.said)
            ) from None
        if sorted(seating.sitting_out) != sorted(found.get("sitting_out") or []):
            raise _refused(Sentence("the file's round {n} does not say who sat out", n=number))
        played.append((found, games))
    return played


def import_night(db: Connection, document: Any) -> str:
    """Store a night from its file as a new night; return its id (NightRefused in words)."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise _refused(Sentence("this is not a night's file (its format is not a night's)"))
    if document.get("version") != VERSION:
        raise _refused(Sentence("this night's file is of a version this server cannot read"))
    lookup = ruleset_lookup(db)
    plan = read_plan(document.get("plan"), lookup=lookup)
    players = _players(document, list(plan.players))
    played = _games(document, plan, players, lookup)
    with db.write():
        night_id = insert_night(
            db,
            plan.name,
            plan.to_json(),
            [p["arrived"] for p in players],
            created=document.get("created") if isinstance(document.get("created"), str) else None,
        )
        for player in players:
            if player["left"] is not None:
                set_player_left(db, night_id, player["name"], player["left"])
        for found, games in played:
            ids = []
            for game, result in games:
                stored = insert_game(db, game, result, creator=None)
                store_results(db, stored, result)
                ids.append(stored.id)
            insert_round(
                db,
                night_id,
                found["number"],
                found.get("sitting_out") or [],
                ids,
                started=found.get("started") if isinstance(found.get("started"), str) else None,
                ended=found.get("ended") if isinstance(found.get("ended"), str) else None,
            )
    return night_id
