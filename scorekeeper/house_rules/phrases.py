"""The pieces every ruleset's words are made of: a rule at each length, a page section, ordinals."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Ruleset


@dataclass(frozen=True)
class RuleWords:
    """One rule of a ruleset in words, at each length the app shows it."""

    sentences: tuple[str, ...] = ()  #: the rules page (none: another rule's section says it)
    lines: tuple[str, ...] = ()  #: the PDF rules box
    facts: tuple[tuple[str, str], ...] = ()  #: (what, value) pairs that "what changed" compares
    rows: tuple[tuple[str, str], ...] = ()  #: a small table on the rules page

    def summary(self) -> str:
        """Say the whole rule in one phrase: its first fact, then the others by name."""
        return ", ".join(
            value if n == 0 else f"{what.lower()} {value}"
            for n, (what, value) in enumerate(self.facts)
        )


@dataclass(frozen=True)
class Section:
    """One part of a rules page: a heading and its sentences."""

    key: str
    title: str
    sentences: tuple[str, ...]
    rows: tuple[tuple[str, str], ...] = ()  #: a small table (e.g. deals by player count)


def ordinal(level: int) -> str:
    """Say "first", "second", … for a board level."""
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(
        level, f"{level}th"
    )


def nth(seat: int) -> str:
    """Say "1st", "2nd", … for a seat."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(seat, f"{seat}th")


def side_word(ruleset: Ruleset) -> str:
    """Say who scores: a team or a player."""
    return "team" if ruleset.partnership else "player"


def minus(points: int) -> str:
    """Write points with a true minus sign, as a player reads them: −500, 0, 20."""
    return f"−{-points:,}" if points < 0 else f"{points:,}"
