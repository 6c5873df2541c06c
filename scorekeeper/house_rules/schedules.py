"""Schedules in words and the editor's schedule tools: shortcuts, card counts, what fits a deck."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..rules.builtins import down_and_up, up_and_down
from ..rules.sentences import Lines, Sentence
from .phrases import N_


def schedule_words(counts: Sequence[int]) -> str:
    """Say a schedule the way people do: "13 down to 1, 1 up to 13"."""
    parts: list[str] = []  # each run "13 down to 1" a Sentence, a lone deal its number
    i = 0
    while i < len(counts):
        j = i
        step = counts[i + 1] - counts[i] if i + 1 < len(counts) else 0
        if step in (1, -1):
            while j + 1 < len(counts) and counts[j + 1] - counts[j] == step:
                j += 1
        if j - i >= 2:
            first, last = counts[i], counts[j]
            parts.append(
                Sentence("{first} down to {last}", first=first, last=last)
                if step < 0
                else Sentence("{first} up to {last}", first=first, last=last)
            )
            i = j + 1
        else:
            parts.append(str(counts[i]))
            i += 1
    return Lines(parts, ", ")


@dataclass(frozen=True)
class Shortcut:
    """A button that fills in a whole schedule from its largest deal."""

    key: str
    label: str  #: with {top} for the largest deal
    make: Callable[[int], list[int]]

    def title(self, top: int) -> str:
        """Return the button's words for this top."""
        return Sentence(self.label, top=top)


SHORTCUTS = (
    Shortcut("down-up", N_("{top} down to 1 and back up"), down_and_up),
    Shortcut(
        "down-up-once",
        N_("{top} down to 1 and back up, one 1-card deal"),
        lambda top: down_and_up(top, ones=1),
    ),
    Shortcut(
        "up-down",
        N_("1 up to {top} and back down"),
        lambda top: [*range(1, top + 1), *range(top, 0, -1)],
    ),
    Shortcut("up-down-once", N_("1 up to {top} and back down, one {top}-card deal"), up_and_down),
    Shortcut("down", N_("{top} down to 1"), lambda top: list(range(top, 0, -1))),
    Shortcut("up", N_("1 up to {top}"), lambda top: list(range(1, top + 1))),
)


def find_shortcut(key: str) -> Shortcut | None:
    """Return the schedule shortcut with this key."""
    return next((shortcut for shortcut in SHORTCUTS if shortcut.key == key), None)


def parse_card_counts(text: str) -> list[int]:
    """Read "13 12 11, 10" into card counts; raise ValueError with a plain message."""
    words = text.replace(",", " ").replace("…", " ").split()
    if not words:
        raise ValueError(Sentence("write the cards of every deal, e.g. 13 12 11 … 1"))
    counts = []
    for word in words:
        if not word.isdigit() or not word.isascii():
            raise ValueError(Sentence("“{word}” is not a number of cards", word=word))
        counts.append(int(word))
    return counts


def most_cards_that_fit(players: int, deck: int) -> int:
    """Return the most cards each player can get and still leave one to turn up (or none over)."""
    return deck // players if deck % players == 0 else (deck - 1) // players
