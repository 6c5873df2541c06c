"""The parts an editable rule is made of: options, inputs, the ways a rule is played, rules.

`schema.py` declares the ruleset document's rules with these; `variant_schema.py`
the Joker house variants'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..rules import Ruleset
from ..rules.parts import (
    MAX_PLAYERS,
    MAX_POINTS,
)

#: The fewest players any ruleset may seat.
MIN_PLAYERS = 2
#: How many board levels the editor offers (the last one filled in repeats for any later board).
BOARD_LEVELS = 6


@dataclass(frozen=True)
class Option:
    """One answer to a choice: what the form sends, its words, and the document value it means."""

    value: str
    label: str
    means: Any = None


@dataclass(frozen=True)
class Field:
    """One input of the editor: its kind, its range, and where its value sits in the rule."""

    name: str  #: the form input's name
    label: str
    kind: str  #: text, number, choice, cards, sets, levels or by-players
    path: tuple[str | int, ...] = ()  #: where in the rule's value; () is the whole value
    choices: tuple[Option, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    other: str = ""  #: a choice that also takes any whole number: a pattern with {n}
    count: int = 1  #: how many inputs a levels field has
    lost: bool = False  #: a penalty asked as the points lost (500) and kept negative (−500)

    def names(self) -> tuple[str, ...]:
        """Return the names of this field's inputs (several for levels and by-players)."""
        if self.kind == "levels":
            return tuple(f"{self.name}_{level}" for level in range(1, self.count + 1))
        if self.kind == "by-players":
            return tuple(f"{self.name}_{n}" for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
        return (self.name,)


@dataclass(frozen=True)
class Variant:
    """One way a rule can be played: its shape in the document and the inputs that fill it in."""

    value: str  #: what the choice between variants sends
    label: str  #: the choice's words
    shape: Any  #: None, or the constant part of the rule's value ([] for a list, {} a dict)
    fields: tuple[Field, ...] = ()
    spare: str = ""  #: the built-in whose values to offer when a table switches to this variant
    heading: str = ""  #: a short title over its inputs
    offer: Any = None  #: the value to offer when no built-in plays this variant (no spare)


@dataclass(frozen=True)
class Rule:
    """One key of the ruleset document as the editor shows it."""

    key: str
    fields: tuple[Field, ...] = ()  #: inputs the rule always has
    shape: Any = None  #: the constant part of the value, for a rule without variants
    choose: tuple[str, str] = ("", "")  #: the input name and words of the choice of variant
    variants: tuple[Variant, ...] = ()
    note: str = ""  #: a line of help under the inputs
    helpers: tuple[Field, ...] = ()  #: inputs that help fill the rule in but are not saved
    #: Which rulesets' games read the rule (None: every one's); the editor of another
    #: family's ruleset leaves it out, unless the ruleset plays it (its value is not `idle`).
    read_by: Callable[[Ruleset], bool] | None = None
    idle: Any = None  #: the value that plays nothing: no boards, no khishti, no pairs

    def reads(self, ruleset: Ruleset) -> bool:
        """Say whether this ruleset's game reads the rule: its family does, or it plays it."""
        if self.read_by is None or self.read_by(ruleset):
            return True
        value = ruleset.document.get(self.key, self.idle)
        return value != self.idle

    @property
    def switch(self) -> Field | None:
        """Return the choice between the rule's variants (None for a rule without any)."""
        if not self.variants:
            return None
        options = tuple(Option(variant.value, variant.label) for variant in self.variants)
        return Field(self.choose[0], self.choose[1], "choice", choices=options)

    def all_fields(self) -> tuple[Field, ...]:
        """Return every input of the rule, the switch first."""
        switch = (self.switch,) if self.switch else ()
        inner = tuple(f for variant in self.variants for f in variant.fields)
        return (*switch, *self.fields, *inner, *self.helpers)


def points_field(
    name: str, label: str, path: tuple[str | int, ...], *, cost: bool = False
) -> Field:
    low = -MAX_POINTS if cost else 0
    return Field(name, label, "number", path, minimum=low, maximum=MAX_POINTS)


def lost_field(name: str, label: str, path: tuple[str | int, ...]) -> Field:
    return Field(name, label, "number", path, minimum=0, maximum=MAX_POINTS, lost=True)


def yes_no_field(name: str, label: str, no: str, yes: str) -> Field:
    return Field(name, label, "choice", choices=(Option("no", no, False), Option("yes", yes, True)))


def at_least(ruleset: Ruleset) -> bool:
    """Say whether a ruleset is of Back Alley's family: a bid is made by taking at least it."""
    return not ruleset.scores_exactly


def exactly(ruleset: Ruleset) -> bool:
    """Say whether a ruleset is of Joker's family: a bid is made by taking exactly it."""
    return ruleset.scores_exactly
