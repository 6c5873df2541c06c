"""The paper grid: a game typed in from its sheet, as its page draws it, online and offline.

`paper` answers the page's script (static/paper.js) with JSON: the row being typed, checked
cell by cell (`rules.paper.check_row`), the grid of every row when asked (the deals
recorded, then the rest of the schedule), and whether totals written on the sheet agree.
Its words come said in the page's language. The phone asks it through `phone.py` once its
copy of the rules runs; until then the server asks it for the page (`web/paper.py`): one
function, so a row is checked alike with or without a server.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules import DealResult, Game, GameResult, trump_label
from ..rules.paper import (
    TYPED_INTO,
    Cell,
    Option,
    RowCheck,
    Typed,
    check_row,
    recorded_row,
    sheet_total,
)
from ..rules.records import TRUMP_WORDS, TRUMPS
from ..rules.sentences import Plural, Sentence, say
from .drawing import catalog
from .markup import isolated_names

#: The most sheet totals one question checks (a row's sides, a few rows at once).
MOST_TOTALS = 40


def paper(result: GameResult, asked: dict[str, Any], language: str) -> dict[str, Any]:
    """Answer the grid's question about a game: the row typed (`typed`), the whole grid
    (`grid`: true) and totals written on the sheet (`sheet`: [{position, side, said}])."""
    words = catalog(language)
    names = result.game.players

    def said(sentence: Any) -> str:
        return isolated_names(say(sentence, words), names) if sentence else ""

    answer: dict[str, Any] = {}
    if result.next is not None and "typed" in asked:
        check = check_row(result, typed_from(asked.get("typed")))
        scored = check.result.deals[-1] if check.result is not None else None
        answer["row"] = row_json(result, check, scored, said)
        if check.result is not None:
            answer["after"] = grid_json(check.result, said)
    if asked.get("grid"):
        answer["grid"] = grid_json(result, said)
    answer["checks"] = [
        check_json(result, position, side, value, said)
        for position, side, value in totals_asked(result, asked.get("sheet"))
    ]
    return answer


def typed_from(raw: Any) -> Typed:
    """Read a row as the page sends it: {"bids": {seat: "3"}, "tricks": {…}, "trump", …}."""
    raw = raw if isinstance(raw, dict) else {}

    def by_seat(found: Any) -> dict[int, str]:
        if not isinstance(found, dict):
            return {}
        return {int(key): str(value) for key, value in found.items() if str(key).isdigit()}

    rainbows = raw.get("rainbows")
    return Typed(
        bids=by_seat(raw.get("bids")),
        tricks=by_seat(raw.get("tricks")),
        trump=str(raw.get("trump") or ""),
        rainbows=tuple(
            seat for seat in (rainbows if isinstance(rainbows, list) else []) if type(seat) is int
        ),
        thrown_in=raw.get("thrown_in") is True,
    )


def totals_asked(result: GameResult, raw: Any) -> list[tuple[int, int, int]]:
    """Return the sheet totals asked about that name a deal and a side of this game."""
    if not isinstance(raw, list):
        return []
    found = []
    for each in raw[:MOST_TOTALS]:
        if not isinstance(each, dict):
            continue
        position, side, value = each.get("position"), each.get("side"), each.get("said")
        if all(type(n) is int for n in (position, side, value)) and (
            1 <= position <= len(result.deals) and 0 <= side < len(result.sides)
        ):
            found.append((position, side, value))
    return found


def grid_json(result: GameResult, said: Callable[[Any], str]) -> dict[str, Any]:
    """Say every row of the game's sheet: its sides' columns, the deals recorded, the next
    deal's row (`current`, nothing typed yet) and the rest of the schedule (`upcoming`)."""
    game = result.game
    ruleset = game.ruleset
    players = game.players
    sides = []
    for side, seats in enumerate(ruleset.seats_by_side(len(players))):
        takers = (side,) if ruleset.partnership else seats
        sides.append(
            {"name": result.sides[side], "seats": list(seats), "took": list(takers), "side": side}
        )
    upcoming = [
        {"number": number, "cards": cards, "dealer": players[dealer]}
        for number, cards, dealer in result.slots_ahead()[1:]  # the first is `current`
    ]
    trumps = [t for t in TRUMPS if t != "none" or ruleset.allows_no_trump()]
    current = None
    if result.next is not None:
        current = row_json(result, check_row(result, Typed({}, {})), None, said)
    return {
        "players": list(players),
        "sides": sides,
        "rows": [
            row_json(result, recorded_row(result, scored), scored, said) for scored in result.deals
        ],
        "current": current,
        "upcoming": upcoming,
        "totals": [list(scored.totals) for scored in result.deals],
        "names": list(result.sides),
        "over": result.next is None,
        "throws_in": ruleset.redeal is not None,
        "trumps": [
            {"raw": t, "shown": trump_shown(t, said), "said": trump_said(t, said)} for t in trumps
        ],
    }


#: "No trump" as a deal's row shows it, in the narrow first column.
NO_TRUMP_SHORT = Sentence("NT")


def trump_shown(trump: str, said: Callable[[Any], str], short: bool = False) -> str:
    """Show a trump as the grid does: a suit's symbol, or "no trump" in the reader's words
    (short in a deal's row); nothing when none is noted."""
    if trump == "none":
        return said(NO_TRUMP_SHORT if short else trump_label(trump))
    return str(trump_label(trump))


def trump_said(trump: str, said: Callable[[Any], str]) -> str:
    """Say a trump as a screen reader reads it: the suit's name, or "no trump"."""
    return said(trump_label(trump) if trump == "none" else TRUMP_WORDS.get(trump, ""))


def row_json(
    result: GameResult, check: RowCheck, scored: DealResult | None, said: Callable[[Any], str]
) -> dict[str, Any]:
    """Say one row: its deal, its cells in the order they are filled, and, once it is a
    deal, its scores and running totals."""
    game, setup = result.game, check.setup
    players = game.players
    dealer = players[setup.dealer]
    title = Plural(
        "Deal {number}: {n} card, {dealer} deals",
        "Deal {number}: {n} cards, {dealer} deals",
        setup.cards,
        number=setup.number,
        dealer=dealer,
    )
    record = check.record
    trump = check.trump
    row: dict[str, Any] = {
        "position": setup.index,
        "number": setup.number,
        "cards": setup.cards,
        "dealer": dealer,
        "title": said(title),
        "trump": {
            "raw": trump.raw,
            "shown": trump_shown(trump.raw, said, short=True),
            "said": trump_said(trump.raw, said),
            "state": trump.state,
            "words": said(trump.words),
        },
        "cells": [cell_json(game, setup.number, cell, said) for cell in check.cells],
        "keys": [cell.key for cell in check.cells if cell.state in TYPED_INTO],
        "complete": check.complete,
        "thrown_in": check.thrown_in,
        "problem": said(check.problem),
        "asks_rainbows": game.ruleset.pays_rainbow_bonus(setup.cards),
        "rainbows": list(record.rainbows or ()) if record is not None else [],
        "deal": record.to_json() if record is not None else None,
        "scores": None,
        "totals": None,
        "made": None,
        "note": "",
    }
    if scored is not None:
        row["totals"] = list(scored.totals)
        if scored.sides is not None:
            row["scores"] = [side.score for side in scored.sides]
            row["made"] = [side.made for side in scored.sides]
        else:
            row["note"] = said(Sentence("everyone passed: thrown in, dealt again"))
    return row


def cell_json(game: Game, number: int, cell: Cell, said: Callable[[Any], str]) -> dict[str, Any]:
    """Say one cell: its value (in words, and as short as the sheet's box), how it stands."""
    kind, _, who = cell.key.partition("-")
    if kind == "bid":
        label = Sentence(
            "{name}'s bid in deal {number}", name=game.players[int(who)], number=number
        )
    else:
        # A team's tricks in a partnership ("took-1" is the second team), else a player's.
        name = game.sides[int(who)] if game.ruleset.partnership else game.players[int(who)]
        label = Sentence("tricks {name} took in deal {number}", name=name, number=number)
    return {
        "key": cell.key,
        "raw": cell.raw,
        "said": said(cell.said),
        "shown": said(shown(kind, cell.raw, cell.said, cell.level)),
        "state": cell.state,
        "words": said(cell.words),
        "label": said(label),
        "options": [option_json(option, said) for option in cell.options],
    }


def option_json(option: Option, said: Callable[[Any], str]) -> dict[str, str]:
    """Say a value beyond one digit, as a button beside the cell says it."""
    return {"raw": option.raw, "said": said(option.said)}


def shown(kind: str, raw: str, words: str, level: int | None) -> str:
    """Return a value as short as the sheet's box: "3", a pass "–", a board "B" (a double
    board "2B"), a rainbow "R"."""
    if kind == "bid" and raw in ("0", "pass"):
        return "–"
    if raw == "board":
        return Sentence("{level}B", level=level) if level and level > 1 else Sentence("B")
    if raw == "rainbow":
        return Sentence("R")
    return raw or words


def check_json(
    result: GameResult, position: int, side: int, value: int, said: Callable[[Any], str]
) -> dict[str, Any]:
    """Say whether one total written on the sheet agrees with the rules, and if not, why."""
    differs = sheet_total(result, position, side, value)
    return {
        "position": position,
        "side": side,
        "said": value,
        "agrees": differs is None,
        "total": result.deals[position - 1].totals[side],
        "words": said(differs) if differs else said(Sentence("agrees with the rules")),
    }
