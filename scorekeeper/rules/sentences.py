"""Sentences as data: what the rules say to people, in English and in any language.

A `Sentence` is the English sentence itself (a `str`, so every English output, the golden
examples and `scorekeeper score`, is what it always was) that also keeps its message id
(an English pattern with named blanks) and the values for them. `render` says it in
another language, given a catalog (anything with `gettext` and `ngettext`, such as
Python's or Babel's `Translations`): the pattern is translated, then filled, and any value
that is itself a sentence is said in that language too. Nothing here knows Flask.

`pybabel extract` finds the patterns: `Sentence` and `Plural` are among its keywords (see
the Makefile's `messages`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Catalog(Protocol):
    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class Sentence(str):
    """English words that remember how they were made: `msgid.format(**values)`."""

    msgid: str
    values: dict[str, Any]

    def __new__(cls, msgid: str, **values: Any) -> Sentence:
        made = super().__new__(cls, msgid.format(**values) if values else msgid)
        made.msgid = msgid
        made.values = values
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (a sheet printed in another process) with its message id and values.
        return (_remade, (type(self), self._arguments(), self.values))

    def _arguments(self) -> tuple[Any, ...]:
        return (self.msgid,)

    def pattern(self, catalog: Catalog) -> str:
        """Return this sentence's pattern in the catalog's language."""
        return catalog.gettext(self.msgid)


class Plural(Sentence):
    """A sentence with a count, whose words change with it: "1 card", "2 cards"."""

    plural: str
    n: int

    def __new__(cls, singular: str, plural: str, n: int, **values: Any) -> Plural:
        made = super().__new__(cls, singular if n == 1 else plural, n=n, **values)
        made.msgid, made.plural, made.n = singular, plural, n
        made.values = {"n": n, **values}
        return made

    def _arguments(self) -> tuple[Any, ...]:
        return (self.msgid, self.plural, self.n)

    def pattern(self, catalog: Catalog) -> str:
        return catalog.ngettext(self.msgid, self.plural, self.n)


class Lines(str):
    """Sentences said one after another (`separator.join(lines)` in English), each in the
    reader's language when rendered: a score's whole explanation on one line."""

    lines: tuple[str, ...]
    separator: str

    def __new__(cls, lines: Sequence[str], separator: str = " ") -> Lines:
        made = super().__new__(cls, separator.join(lines))
        made.lines, made.separator = tuple(lines), separator
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Lines, (self.lines, self.separator))


def _remade(kind: type[Sentence], arguments: tuple[Any, ...], values: dict[str, Any]) -> Sentence:
    if kind is Plural:
        return Plural(*arguments, **{k: v for k, v in values.items() if k != "n"})
    return kind(*arguments, **values)


def render(said: Any, catalog: Catalog) -> str:
    """Say a sentence (and every sentence among its values) in the catalog's language.

    Anything that is not a `Sentence` (a name, a number, "3 × 50") is shown as it is.
    """
    if isinstance(said, Lines):
        return said.separator.join(render(line, catalog) for line in said.lines)
    if not isinstance(said, Sentence):
        return str(said)
    pattern = said.pattern(catalog)
    if not said.values:
        return pattern
    values = {name: render(value, catalog) for name, value in said.values.items()}
    try:
        return pattern.format(**values)
    except (KeyError, IndexError, ValueError):
        return str(said)  # a catalog entry with a wrong blank: the English, never a crash


def say(said: Any, catalog: Catalog) -> Any:
    """Say a `Sentence` (or `Lines`) in the catalog's language, or look a plain message up in
    it; nothing (an empty value) is said as it is. The server's pages and the phone's both
    say their words through this."""
    if not said:
        return said
    if isinstance(said, Sentence | Lines):
        return render(said, catalog)
    return catalog.gettext(said)


def joined(names: Sequence[Any]) -> Any:
    """Join names the way a sentence says them: "Ann and Bob and Cy" (in any language)."""
    if len(names) == 1:
        return names[0]
    if not names:
        return ""
    return Sentence("{first} and {rest}", first=names[0], rest=joined(names[1:]))
