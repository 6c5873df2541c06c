"""The numbers a family writes beside each row (each side's score for the deal and its
running total), checked against the rules' for the row read: whether they bear the reading
out, what to ask when they do not, and what to say when the sheet's sum is otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules import GameResult
from .cells import Reading
from .questions import OWN, SURE, WRITTEN, Question

#: A number written clearly: its reading at least this sure. A side's box read as another
#: number at least as likely as not, the rules' at under AGAINST, says the row is otherwise.
CLEAR, AGAINST = 0.9, 0.05
#: The most amounts a side's total is checked off the rules' by (the latest kept).
MOST_SHIFTS = 3


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
            seat = seat_of(self.sides, side)
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


def _whole(value: str) -> bool:
    """Say whether a number as written is a whole number ("-20"), one a sum may be off by."""
    return value.removeprefix("-").isdigit()


def seat_of(sides: Sequence[Sequence[int]], side: int) -> int | None:
    """Return the seat (from 1) a side's own boxes are named by: a player's, none for a team."""
    return sides[side][0] + 1 if len(sides[side]) == 1 else None
