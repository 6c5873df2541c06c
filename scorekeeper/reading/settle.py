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
from dataclasses import dataclass, field
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

#: The share of a row's weight a box's value must hold for it to be taken without asking.
SURE = 0.98
#: The boxes a side's numbers are written in, checked against the rules' (never stored).
WRITTEN = ("score", "total")
#: A number written clearly: its reading at least this sure. A side's box read as another
#: number at least as likely as not, the rules' at under AGAINST, says the row is otherwise.
CLEAR, AGAINST = 0.9, 0.05
#: The most amounts a side's total is checked off the rules' by (the latest kept).
MOST_SHIFTS = 3
#: The least chance a box's own reading gives its value for it to be taken without asking when
#: another value the rules allow would give the row the same totals.
OWN = 0.9
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


@dataclass
class Question:
    """A box the reader is not sure of: where it is, what it read most likely, and the rest."""

    deal: int
    side: int
    seat: int | None
    holds: str
    best: str
    chance: float
    others: list[str] = field(default_factory=list)
    why: str = ""

    def to_json(self) -> dict[str, Any]:
        """Return the question as read-sheet writes it."""
        return {
            "deal": self.deal, "side": self.side, "seat": self.seat, "holds": self.holds,
            "best": self.best, "chance": round(self.chance, 3), "others": self.others,
            "why": self.why,
        }  # fmt: skip


@dataclass
class SheetRead:
    """A sheet read: the game as read (a game file), each box's value, and the questions."""

    game: dict[str, Any]
    values: dict[tuple[int, int, int | None, str], str]
    questions: list[Question]
    #: each total the sheet reads clearly otherwise than the rules' in a row read surely (a
    #: slip of the family's sum, or a misread): said to the person, never asked
    noted: list[Question] = field(default_factory=list)

    def asked_by(self, question: Question) -> list[tuple[int, int, int | None, str]]:
        """Return the bids and counts of tricks a question asks the person about: its own box,
        or, for a side's score or total the reading does not bear out, that side's bids and
        tricks in its row (the numbers written are the rules'; what may be wrong is those)."""
        if question.holds not in WRITTEN:
            return [(question.deal, question.side, question.seat, question.holds)]
        return [
            key for key in self.values
            if key[:2] == (question.deal, question.side) and key[3] in ("bid", "tricks")
        ]  # fmt: skip

    def asked(self) -> set[tuple[int, int, int | None, str]]:
        """Return every bid and count of tricks the person is asked about."""
        return {key for question in self.questions for key in self.asked_by(question)}

    def to_json(self) -> dict[str, Any]:
        """Return what read-sheet writes: the game read, and the questions asked about it."""
        return {
            "game": self.game,
            "deals_read": len(self.game["deals"]),
            "questions": [question.to_json() for question in self.questions],
            "noted": [noted.to_json() for noted in self.noted],
        }


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


@dataclass
class Family:
    """What the family writes beside each row: each side's score for the deal and its running
    total, which the reader checks the rules' against. A total may stand off the rules' by
    an amount carried down from a row above (a slip of the family's pencil, or a row asked
    about): it is checked as the sheet's own sum goes on, so one slip is one question, not
    one in every row after it."""

    sides: list[list[int]]  #: each side's seats (from 0)
    #: each side's amounts its total may be off the rules' by
    shifts: dict[int, tuple[int, ...]] = field(default_factory=dict)

    def written(self, result: GameResult, number: int) -> dict[Any, str]:
        """Return what the family writes for each side of the row the rules just scored: the
        deal's score and the running total, as the rules give them."""
        scored = result.deals[-1]
        written = {}
        for side, total in enumerate(scored.totals):
            seat = _seat_of(self.sides, side)
            if scored.sides is not None:
                written[(number, side + 1, seat, "score")] = str(scored.sides[side].score)
            written[(number, side + 1, seat, "total")] = str(total)
        return written

    def chance(self, row: Mapping[Any, Reading], key: Any, value: str) -> float:
        """Return the chance a side's box reads as the rules' number (a total, as the rules'
        plus what the sheet's sum carried down)."""
        if key[3] != "total" or not _whole(value):
            return row[key].chance(value)
        shifts = self.shifts.get(key[1], (0,))
        return max(row[key].chance(str(int(value) + shift)) for shift in shifts)

    def carry(self, row: Mapping[Any, Reading], chosen: Mapping[Any, str]) -> None:
        """Note, after a row, what each side's total written may be off the rules' below it:
        what it was off by, when it reads so still (or all it might have been, when it does
        not: the total may only be misread), and what it reads clearly off by now."""
        for key, value in chosen.items():
            if key[3] != "total" or row[key].empty or not _whole(value):
                continue
            total, reading = int(value), row[key]
            shifts = self.shifts.get(key[1], (0,))
            kept = [shift for shift in shifts if reading.chance(str(total + shift)) >= 0.5]
            kept = kept or list(shifts)
            top, chance = reading.values[0]
            if chance >= CLEAR and _whole(top) and int(top) - total not in kept:
                kept.append(int(top) - total)
            self.shifts[key[1]] = tuple(kept[-MOST_SHIFTS:])

    def _misread(
        self,
        row: Mapping[Any, Reading],
        chosen: Mapping[Any, str],
        weighed: Sequence[tuple[float, dict[Any, str]]],
        keys: Sequence[Any],
    ) -> bool:
        """Say whether a side's numbers written that do not read as the rules' are rather
        misread than a sign of another reading: the side's bids and tricks are read surely
        (OWN), and no other reading the rules allow reads its numbers written as likely."""
        side = keys[0][1]
        boxes = [k for k in chosen if k[1] == side and k[3] not in WRITTEN]
        if not all(row[k].chance(chosen[k]) >= OWN for k in boxes):
            return False

        def fits(reading: Mapping[Any, str]) -> float:
            return math.prod(self.chance(row, k, reading[k]) for k in keys)

        mine = fits(chosen)
        return all(
            fits(other) <= mine for _, other in weighed if any(other[k] != chosen[k] for k in keys)
        )

    def noted(
        self, row: Mapping[Any, Reading], chosen: Mapping[Any, str], asked: Sequence[Question]
    ) -> list[Question]:
        """Return each total of a side not asked about that reads clearly otherwise than the
        rules' (and than the sheet's sum carried down): the person is told, not asked."""
        sides = {question.side for question in asked if question.holds in WRITTEN}
        noted = []
        for key, value in chosen.items():
            if key[3] != "total" or key[1] in sides or not row[key].values:
                continue
            top, chance = row[key].values[0]
            if chance >= CLEAR and self.chance(row, key, value) < AGAINST:
                why = f"the sheet looks like {top}; the rules give {value}"
                noted.append(Question(*key, value, chance, [top], why))
        return noted

    def asked(
        self,
        row: Mapping[Any, Reading],
        chosen: Mapping[Any, str],
        weighed: Sequence[tuple[float, dict[Any, str]]],
        whole: float,
    ) -> list[Question]:
        """Ask about each side whose numbers written do not bear out the reading chosen: its
        score and total as the rules give them hold less than SURE of the row's weight,
        neither reads as the rules' at least as likely as not, or one reads clearly as
        another number. The question is on the side's total (its score when no total is
        written), saying what the sheet looks like when that is not the rules' number."""
        by_side: dict[int, list[Any]] = {}
        for key in chosen:
            if key[3] in WRITTEN:
                by_side.setdefault(key[1], []).append(key)
        questions = []
        for keys in by_side.values():
            held = sum(w for w, other in weighed if all(other.get(k) == chosen[k] for k in keys))
            held /= whole
            chances = {key: self.chance(row, key, chosen[key]) for key in keys}
            own = max(chances.values())
            against = any(row[k].values[0][1] >= 0.5 and chances[k] < AGAINST for k in keys)
            if held >= SURE and (
                own >= CLEAR
                or (own >= 0.5 and not against)
                or self._misread(row, chosen, weighed, keys)
            ):
                continue
            key = max(keys, key=lambda k: WRITTEN.index(k[3]))  # the total, if written
            value, reading = chosen[key], row[key]
            others = [v for v, _ in reading.values if v != value][:3]
            why = ""
            if key[3] == "total" and reading.values and chances[key] < 0.5:
                why = f"the sheet looks like {reading.values[0][0]}; the rules give {value}"
            questions.append(Question(*key, value, held * own, others, why))
        return questions


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


def _whole(value: str) -> bool:
    """Say whether a number as written is a whole number ("-20"), one a sum may be off by."""
    return value.removeprefix("-").isdigit()


def _seat_of(sides: Sequence[Sequence[int]], side: int) -> int | None:
    """Return the seat (from 1) a side's own boxes are named by: a player's, none for a team."""
    return sides[side][0] + 1 if len(sides[side]) == 1 else None


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
