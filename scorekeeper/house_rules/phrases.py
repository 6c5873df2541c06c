"""The pieces every ruleset's words are made of: a rule at each length, a page section, ordinals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules.sentences import Lines, Sentence, render


def N_(pattern: str) -> str:
    """Mark a pattern for the catalog (gettext's `N_`): it is said as a `Sentence` once its
    blanks are known."""
    return pattern


@dataclass(frozen=True)
class RuleWords:
    """One rule of a ruleset in words, at each length the app shows it."""

    sentences: tuple[str, ...] = ()  #: the rules page (none: another rule's section says it)
    lines: tuple[str, ...] = ()  #: the PDF rules box
    facts: tuple[tuple[str, str], ...] = ()  #: (what, value) pairs that "what changed" compares
    rows: tuple[tuple[str, str], ...] = ()  #: a small table on the rules page

    def summary(self) -> str:
        """Say the whole rule in one phrase: its first fact, then the others by name."""
        return Lines(
            [
                value if n == 0 else Lines((Lowered(what), value))
                for n, (what, value) in enumerate(self.facts)
            ],
            ", ",
        )


class Lowered(Sentence):
    """A sentence said in lower case in English ("points per bid"), as it is in any other
    language: a fact's name inside another fact."""

    said: str

    def __new__(cls, said: str) -> Lowered:
        made = str.__new__(cls, cls.english(str(said)))
        made.msgid = said.msgid if isinstance(said, Sentence) else str(said)
        made.values = {}  # said whole by `pattern`, its own values in it
        made.said = said
        return made

    @staticmethod
    def english(text: str) -> str:
        return text.lower()

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.said,))

    def pattern(self, catalog: Any) -> str:
        said = render(self.said, catalog) if isinstance(self.said, Sentence) else None
        if said is None:
            said = catalog.gettext(self.said)
        # Left in English (no catalog, or none for it): cased as the English is.
        return self.english(said) if said == str(self.said) else said


class Capitalized(Lowered):
    """A sentence that starts with a capital in English ("Deal 3: …"), a refusal made to be
    said inside another sentence shown on its own."""

    @staticmethod
    def english(text: str) -> str:
        return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Section:
    """One part of a rules page: a heading and its sentences."""

    key: str
    title: str
    sentences: tuple[str, ...]
    rows: tuple[tuple[str, str], ...] = ()  #: a small table (e.g. deals by player count)


ORDINALS = {
    1: Sentence("first"),
    2: Sentence("second"),
    3: Sentence("third"),
    4: Sentence("fourth"),
    5: Sentence("fifth"),
    6: Sentence("sixth"),
}


def ordinal(level: int) -> str:
    """Say "first", "second", … for a board level."""
    return ORDINALS.get(level) or Sentence("{n}th", n=level)


def nth(seat: int) -> str:
    """Say "1st", "2nd", … for a seat."""
    short = {1: Sentence("1st"), 2: Sentence("2nd"), 3: Sentence("3rd")}
    return short.get(seat) or Sentence("{n}th", n=seat)


def minus(points: int) -> str:
    """Write points with a true minus sign, as a player reads them: −500, 0, 20."""
    return f"−{-points:,}" if points < 0 else f"{points:,}"
