"""A photographed sheet read into a game: each box read, then the rules asked row by row which
reading holds, and every box still in doubt made a question, never a guess.

A row's readings are weighed together: each bid and each count of tricks by the model's
chance for it, and the row by the chance that each side's score and running total the
family wrote read as the rules give them for that row (a total, as the sheet's own sum has
carried it down: one slip of the pencil is one question, not one in every row after it).
Readings the rules refuse (a bid not allowed, tricks that do not add up to the cards) weigh
nothing. A box is taken as read when its value holds in at least SURE of the weight of the
row's readings the rules allow; otherwise it is a question, with the value read most likely
and the others. A side whose numbers written do not bear the reading out is a question,
which asks its bids and tricks; in such a row, and in one none of whose likeliest readings
is allowed (a box misread outright, every number its least sure boxes could hold then
weighed), a box given a value the model did not see is asked, never put right silently.
A row nothing of which is written ends the game read.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..rules import GameResult, ScoreError, read_game, score_game
from ..rules.paper import Typed, check_row
from ..rules.sentences import Sentence
from .cells import Reading, cut, read_box
from .photo import (
    NotASheet,
    NotThisSheet,
    find_marks,
    flattened,
    open_photo,
    straighten,
    turnings,
)
from .questions import OWN, SURE, WRITTEN, Question, SheetRead
from .written import Family

#: The most readings of one row weighed; past it, the surest boxes are taken as read first.
MOST_READINGS = 400
#: The most readings weighed again when none of a row's likeliest holds (a box misread
#: outright), every number each box could hold given at least UNREAD's chance.
MOST_WIDENED = 2000
UNREAD = 1e-4
#: How far inside a box's edge no ruled line may be, in points.
INSIDE = 3.5
#: The least share of a sheet's ruled box edges found where the boxes file puts them for the
#: photo to be that sheet.
LEAST_EDGES = 0.75
#: How far either side of a ruled line its row's paper is measured, in pixels (2 points), and
#: how much darker than that paper the line is.
BESIDE, LINE = 6, 0.10


def read_photo(data: bytes, described: Mapping[str, Any]) -> SheetRead:
    """Read a photo of the sheet the boxes file describes (one page: the first).

    Raise NotASheet, in words, when the photo is not of that sheet.
    """
    return read_page(open_photo(data), described)


def read_page(grey: np.ndarray, described: Mapping[str, Any]) -> SheetRead:
    """Read a photo already opened (grey) of the sheet the boxes file describes.

    Raise NotThisSheet when it is a sheet's photo, but its boxes are not where this one's are.
    """
    flat = flattened(_smaller(grey))
    marks = find_marks(flat)
    page = described["pages"][0]
    boxes = [box for box in described["boxes"] if box["page"] == page["page"]]
    best, best_score = None, -1.0
    for way in turnings(marks):
        straight = straighten(flat, way, page)
        score = _edges_found(straight, boxes)
        if score > best_score:
            best, best_score = straight, score
    if best is None or best_score < LEAST_EDGES:
        raise NotThisSheet(
            Sentence(
                "this photo is not of the sheet given: its boxes are not where that sheet "
                "prints them (photograph the whole page, the four corner marks in the picture)"
            )
        )
    readings = {_key(box): read_box(cut(best, box)) for box in boxes}
    return resolve(described, readings)


def _smaller(grey: np.ndarray, longest: int = 3000) -> np.ndarray:
    """Return the photo at most `longest` pixels on its long side: more only costs time."""
    import cv2

    side = max(grey.shape)
    if side <= longest:
        return grey
    scale = longest / side
    return cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)


def _edges_found(page: np.ndarray, boxes: Sequence[Mapping[str, Any]]) -> float:
    """Return the share of the sheet's columns and rows of boxes found ruled where the file
    says: a line along the whole column (row) at each side, and none just inside them (a
    sheet ruled otherwise has its lines elsewhere; a pencil writes away from a box's edges)."""
    from .photo import SCALE

    found, lines = 0, 0
    ways = ((False, ("x", "width", "y", "height")), (True, ("y", "height", "x", "width")))
    for turned, (start, size, across, length) in ways:
        spans: dict[tuple[float, float], list[float]] = {}
        for box in boxes:
            span = spans.setdefault((box[start], box[size]), [box[across], box[across]])
            span[0] = min(span[0], box[across])
            span[1] = max(span[1], box[across] + box[length])
        image = page.T if turned else page
        for (at, wide), (first, last) in spans.items():
            strip = image[round(first * SCALE) : round(last * SCALE)]
            sides = [_line_down(strip, edge * SCALE) for edge in (at, at + wide)]
            inside = [_line_down(strip, edge * SCALE) for edge in (at + INSIDE, at + wide - INSIDE)]
            found += min(sides) >= 0.7 and max(inside) < 0.3
            lines += 1
    return found / max(1, lines)


def _line_down(strip: np.ndarray, x: float) -> float:
    """Return the share of a strip's rows darker within a point of x than the paper of the
    same row either side of it (a grey row is its own paper, not a line)."""
    at, width = round(x), strip.shape[1]
    near = strip[:, max(0, at - 2) : at + 3]
    if not near.size:
        return 0.0
    beside = np.maximum(strip[:, max(0, at - BESIDE)], strip[:, min(width - 1, at + BESIDE)])
    return float((near.min(axis=1) < beside - LINE).mean())


def _key(box: Mapping[str, Any]) -> tuple[int, int, int | None, str]:
    return box["deal"], box["side"], box["seat"], box["holds"]


def resolve(
    described: Mapping[str, Any], readings: Mapping[tuple[int, int, int | None, str], Reading]
) -> SheetRead:
    """Settle each row's readings with the rules; return the game read and the questions."""
    document = {
        "ruleset": described["ruleset"],
        "players": described["players"],
        "first_dealer": described.get("first_dealer") or 0,
        "deals": [],
    }
    result = score_game(read_game(document))
    ruleset = result.game.ruleset
    if ruleset.has_teams and not ruleset.partnership:
        raise NotASheet(
            Sentence("a sheet of these rules (each pair's tricks in one box) is not read yet")
        )
    family = Family([[seat - 1 for seat in side["seats"]] for side in described["sides"]])
    values: dict[tuple[int, int, int | None, str], str] = {}
    questions: list[Question] = []
    noted: list[Question] = []
    for deal in described["deals"]:
        row = {key: reading for key, reading in readings.items() if key[0] == deal["deal"]}
        if all(reading.empty for reading in row.values()):
            break
        if result.next is None:
            break
        after, row_values, row_questions = _settle(result, deal["deal"], family, row)
        values.update(row_values)
        questions += row_questions
        noted += family.noted(row, row_values, row_questions)
        family.carry(row, row_values)
        if after is None:
            break  # no reading of the row holds: the rows after it cannot be scored
        result = after
    document["deals"] = [scored.record.to_json() for scored in result.deals]
    return SheetRead(document, values, questions, noted)


def _settle(
    result: GameResult,
    number: int,
    family: Family,
    row: Mapping[tuple[int, int, int | None, str], Reading],
) -> tuple[GameResult | None, dict[Any, str], list[Question]]:
    """Weigh a row's readings; return the game with the likeliest legal one, and its boxes."""
    cards = result.next.cards if result.next else 0
    asked = [key for key in row if key[3] in ("bid", "tricks")]
    # A bid or a count of tricks is a number from 0 to the cards dealt: each is weighed by
    # the chance the box holds it, the likeliest few kept.
    choices = {key: _likeliest(row[key], cards) for key in asked}
    _narrow(choices, MOST_READINGS)
    weighed, after = _weigh(result, number, family, row, asked, choices)
    # None of the likeliest holds: a box was misread outright (a 1 read as a 7 the cards
    # rule out). Every number each box could hold is weighed, the surest boxes kept as
    # read, and a box whose value the model did not see is asked, however the rules lean.
    widened = not weighed
    if widened:
        choices = {key: _every(row[key], cards) for key in asked}
        _narrow(choices, MOST_WIDENED)
        weighed, after = _weigh(result, number, family, row, asked, choices)
    if not weighed:
        return None, {}, _unsettled(number, row)
    whole = sum(weight for weight, _ in weighed)
    _, chosen = max(weighed, key=lambda option: option[0])
    sides = family.asked(row, chosen, weighed, whole)
    # A row in doubt (a side's numbers written do not bear it out, or none of its likeliest
    # readings held) is not put right silently: a box taken as other than the model read it
    # is asked, however the rules lean.
    doubtful = widened or bool(sides)
    questions = []
    for key, value in chosen.items():
        if key[3] in WRITTEN:
            continue
        held = sum(w for w, other in weighed if other.get(key) == value) / whole
        own = row[key].chance(value)
        if held >= SURE and not _alike(key, chosen, weighed, own) and not (doubtful and own < OWN):
            continue
        others = [v for v, _ in row[key].values if v != value][:3]
        questions.append(Question(*key, value, held, others))
    return after, chosen, questions + sides


def _weigh(
    result: GameResult,
    number: int,
    family: Family,
    row: Mapping[tuple[int, int, int | None, str], Reading],
    asked: Sequence[tuple[int, int, int | None, str]],
    choices: Mapping[Any, list[tuple[str, float]]],
) -> tuple[list[tuple[float, dict[Any, str]]], GameResult | None]:
    """Weigh each reading of a row the rules allow; return them and the game with the likeliest."""
    partnership = result.game.ruleset.partnership
    cards = result.next.cards if result.next else 0
    weighed: list[tuple[float, dict[Any, str]]] = []
    best: tuple[float, GameResult | None] = (-1.0, None)
    for picks in itertools.product(*(choices[key] for key in asked)):
        chosen = {key: value for key, (value, _) in zip(asked, picks, strict=True)}
        tricks = {key: value for key, value in chosen.items() if key[3] == "tricks"}
        if not all(v.isdigit() for v in chosen.values()):
            continue
        if sum(int(v) for v in tricks.values()) != cards:
            continue
        bids = {key[2] - 1: value for key, value in chosen.items() if key[3] == "bid"}
        by_taker = {(key[1] - 1 if partnership else key[2] - 1): v for key, v in tricks.items()}
        typed = Typed(bids, by_taker)
        try:
            checked = check_row(result, typed)
        except ScoreError:
            continue
        if not checked.complete or checked.result is None:
            continue
        weight = math.prod(chance for _, chance in picks)
        for key, written in family.written(checked.result, number).items():
            reading = row.get(key)
            if reading is not None and not reading.empty:
                weight *= max(family.chance(row, key, written), 1e-4)
                chosen[key] = written
        weighed.append((weight, chosen))
        if weight > best[0]:
            best = (weight, checked.result)
    return weighed, best[1]


def _alike(
    key: Any, chosen: Mapping[Any, str], weighed: Sequence[tuple[float, dict]], own: float
) -> bool:
    """Say whether a bid or a count of tricks read below OWN could be another the rules allow
    that gives the row the same totals: the totals written cannot tell them apart, only the
    eye can (a bid set by the same tricks scores alike in some rules)."""
    if own >= OWN:
        return False
    totals = {k: v for k, v in chosen.items() if k[3] in WRITTEN}
    return any(
        other.get(key) != chosen[key] and all(other.get(k) == v for k, v in totals.items())
        for _, other in weighed
    )


def _likeliest(reading: Reading, cards: int, keep: int = 4) -> list[tuple[str, float]]:
    """Return the likeliest numbers from 0 to `cards` a box holds, with their chances."""
    if reading.empty:
        return [("", 1.0)]
    weighed = sorted(
        ((str(n), reading.chance(str(n))) for n in range(cards + 1)), key=lambda v: -v[1]
    )
    return [value for value in weighed[:keep] if value[1] > 1e-4] or weighed[:1]


def _every(reading: Reading, cards: int) -> list[tuple[str, float]]:
    """Return every number from 0 to `cards` a box could hold, likeliest first, none nil."""
    if reading.empty:
        return [("", 1.0)]
    weighed = ((str(n), max(reading.chance(str(n)), UNREAD)) for n in range(cards + 1))
    return sorted(weighed, key=lambda value: -value[1])


def _narrow(choices: dict[Any, list[tuple[str, float]]], most: int) -> None:
    """Take the surest boxes as read until the row's readings are no more than `most`."""
    surest = sorted(choices, key=lambda key: -choices[key][0][1])
    for key in surest:
        if math.prod(len(options) for options in choices.values()) <= most:
            return
        choices[key] = choices[key][:1]


def _unsettled(number: int, row: Mapping[Any, Reading]) -> list[Question]:
    """Ask about every box of a row no reading of which the rules allow."""
    why = f"no reading of deal {number}'s row checks out under the rules"
    return [
        Question(*key, reading.values[0][0] if reading.values else "",
                 reading.values[0][1] if reading.values else 0.0,
                 [v for v, _ in reading.values[1:4]], why)
        for key, reading in sorted(row.items(), key=lambda item: str(item[0]))
    ]  # fmt: skip


__all__ = [
    "NotASheet",
    "NotThisSheet",
    "Question",
    "SheetRead",
    "read_page",
    "read_photo",
    "resolve",
]
