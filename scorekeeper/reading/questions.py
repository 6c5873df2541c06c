"""What a sheet read answers: the game as read, each box's value, and the questions, a box
the reader is not sure of each; and when a box is one.

A bid or a count of tricks is what the game is made of, and what the person is asked about.
A side's score and running total (WRITTEN) are the family's own numbers, read to check the
rules' against and never stored: a question on one asks that side's bids and tricks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: A box: its deal, its side, its seat (the bidder's; None for a team's), what it holds.
Box = tuple[int, int, int | None, str]
#: The share of a row's weight a box's value must hold for it to be taken without asking.
SURE = 0.98
#: The least chance a box's own reading gives its value for it to be taken without asking when
#: another value the rules allow would give the row the same totals.
OWN = 0.9
#: The boxes a side's numbers are written in, checked against the rules' (never stored).
WRITTEN = ("score", "total")


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
    values: dict[Box, str]
    questions: list[Question]
    #: each total the sheet reads clearly otherwise than the rules' in a row read surely (a
    #: slip of the family's sum, or a misread): said to the person, never asked
    noted: list[Question] = field(default_factory=list)

    def asked_by(self, question: Question) -> list[Box]:
        """Return the bids and counts of tricks a question asks the person about: its own box,
        or, for a side's score or total the reading does not bear out, that side's bids and
        tricks in its row (the numbers written are the rules'; what may be wrong is those)."""
        if question.holds not in WRITTEN:
            return [(question.deal, question.side, question.seat, question.holds)]
        return [
            key for key in self.values
            if key[:2] == (question.deal, question.side) and key[3] in ("bid", "tricks")
        ]  # fmt: skip

    def asked(self) -> set[Box]:
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
