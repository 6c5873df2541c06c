"""The editor's inputs: a ruleset document written into form values, and read back out of them.

Driven entirely by `schema.SCHEMA`: each input is read as its kind, placed at
its path in the rule's value, and anything unreadable is noted by rule (the
document key), so the editor shows it beside that part of the form.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from ..rules import builtin_document
from ..rules.parts import MAX_PLAYERS
from ..rules.sentences import Sentence
from .documents import rule_value
from .schedules import parse_card_counts
from .schema import MIN_PLAYERS, RULES_BY_KEY, SCHEMA, Field, Variant

# From a document to the form ------------------------------------------------------------------


_MISSING = object()


def _at(value: Any, path: tuple[str | int, ...]) -> Any:
    for step in path:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return _MISSING
    return value


def _fits(variant: Variant, value: Any) -> bool:
    """Say whether a rule's value is played this way: its shape and every input's place."""
    shape = variant.shape
    if shape is None:
        return value is None
    if not isinstance(value, type(shape)):
        return False
    if isinstance(shape, dict) and any(value.get(k) != v for k, v in shape.items()):
        return False
    return all(_at(value, f.path) is not _MISSING for f in variant.fields)


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _shown(field: Field, value: Any) -> dict[str, str]:
    """Return the form's text for one field's value, by input name."""
    if field.kind == "choice":
        option = next((o for o in field.choices if _same(o.means, value)), None)
        return {field.name: option.value if option else str(value)}
    if field.kind == "cards":
        return {field.name: " ".join(str(cards) for cards in value)}
    if field.kind == "sets":
        return {field.name: ", ".join(f"{first}-{last}" for first, last in value)}
    if field.kind == "levels":
        levels = [str(v) for v in value] + [""] * field.count
        return dict(zip(field.names(), levels, strict=False))
    if field.kind == "by-players":
        lists = {str(n): " ".join(map(str, counts)) for n, counts in value.items()}
        return {name: lists.get(name.rsplit("_", 1)[1], "") for name in field.names()}
    if field.lost and isinstance(value, int):
        return {field.name: str(-value)}
    return {field.name: "" if value is None else str(value)}


def to_form(document: dict[str, Any]) -> dict[str, str]:
    """Return the editor's inputs for a complete document (unused variants get sensible values)."""
    values: dict[str, str] = {}
    for rule in SCHEMA:
        value = rule_value(document, rule.key)
        for f in rule.fields:
            values.update(_shown(f, _at(value, f.path)))
        if rule.switch is None:
            continue
        chosen = next((v for v in rule.variants if _fits(v, value)), rule.variants[0])
        values[rule.switch.name] = chosen.value
        for variant in rule.variants:
            if variant is not chosen and not variant.spare and variant.offer is None:
                continue
            if variant is chosen:
                source = value
            elif variant.spare:
                source = builtin_document(variant.spare)[rule.key]
            else:
                source = variant.offer
            for f in variant.fields:
                values.update(_shown(f, _at(source, f.path)))
    _fill_schedule_rows(document["schedule"], values)
    return values


def _fill_schedule_rows(schedule: Any, values: dict[str, str]) -> None:
    """Fill both ways of writing the schedule, so switching between them starts from the rules."""
    rule = RULES_BY_KEY["schedule"]
    same, by_players = (variant.fields[0] for variant in rule.variants)
    if isinstance(schedule, list):
        every = {str(n): schedule for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
        values.update(_shown(by_players, every))
        first = schedule
    else:
        first = schedule[min(schedule, key=int)]
        values.update(_shown(same, first))
    values["top"] = str(max(first))


# From the form to a document ------------------------------------------------------------------


class FormErrors(dict[str, list[str]]):
    """Messages by rule (document key), to show beside each part of the form."""

    def add(self, rule: str, message: str) -> None:
        """Add a message for a rule, once."""
        messages = self.setdefault(rule, [])
        if message not in messages:
            messages.append(message)


class Unreadable(ValueError):
    """An input that cannot be read as its kind; the message names it in plain words."""


def said(error: ValueError) -> str:
    """Return an error's message as it was made: a `Sentence`, said in the reader's language."""
    message = error.args[0] if error.args else ""
    return message if isinstance(message, Sentence) else str(error)


def _whole(field: Field, text: str, label: str | None = None) -> int:
    label = label or field.label
    text = text.strip()
    if not text:
        raise Unreadable(Sentence("{label}: write a number", label=label))
    try:
        return int(text)
    except ValueError:
        raise Unreadable(
            Sentence("{label}: “{text}” is not a whole number", label=label, text=text)
        ) from None


def _sets(text: str) -> list[list[int]]:
    sets = []
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        # A dash, or the no-break hyphen the pages write "1‑8" with, as a hyphen.
        pieces = [piece.strip() for piece in re.sub("[–\u2011]", "-", part).split("-")]
        if len(pieces) != 2 or not all(piece.isdigit() for piece in pieces):
            raise Unreadable(
                Sentence("“{text}” is not a set of deals such as 1\u20118", text=part.strip())
            )
        sets.append([int(pieces[0]), int(pieces[1])])
    return sets


def _player_counts(values: Mapping[str, str]) -> range:
    """Return the player counts whose schedule rows count (a sensible range if unclear)."""

    def number(name: str, default: int) -> int:
        text = (values.get(name) or "").strip()
        return int(text) if text.isdigit() else default

    low = min(max(number("players_min", MIN_PLAYERS), MIN_PLAYERS), MAX_PLAYERS)
    high = min(max(number("players_max", low), low), MAX_PLAYERS)
    return range(low, high + 1)


def player_counts(values: Mapping[str, str]) -> range:
    """Return the player counts the form's schedule rows are for."""
    return _player_counts(values)


def _read(field: Field, values: Mapping[str, str], errors: FormErrors, key: str) -> Any:
    """Read one field's inputs into its document value; note what cannot be read."""
    text = values.get(field.name) or ""
    try:
        if field.kind == "text":
            return text.strip()
        if field.kind == "number" and field.lost:
            lost = _whole(field, text)
            if lost < 0:
                raise Unreadable(
                    Sentence(
                        "{label}: write the points lost without a minus sign", label=field.label
                    )
                )
            return -lost
        if field.kind == "number":
            return _whole(field, text)
        if field.kind == "choice":
            option = next((o for o in field.choices if o.value == text), None)
            if option is not None:
                return option.means
            if field.other and text.strip().isdigit():
                return int(text)
            raise Unreadable(Sentence("{label}: choose one", label=field.label))
        if field.kind == "cards":
            return parse_card_counts(text)
        if field.kind == "sets":
            return _sets(text)
        if field.kind == "levels":
            levels = [values.get(name) or "" for name in field.names()]
            while levels and not levels[-1].strip():
                levels.pop()
            if any(not level.strip() for level in levels):
                raise Unreadable(Sentence("fill in every board level up to the last one you use"))
            return [
                _whole(field, level, Sentence("{label} {n}", label=field.label, n=n))
                for n, level in enumerate(levels, 1)
            ]
        if field.kind == "by-players":
            out = {}
            for count in _player_counts(values):
                try:
                    out[str(count)] = parse_card_counts(values.get(f"{field.name}_{count}") or "")
                except ValueError as error:
                    errors.add(
                        key, Sentence("{count} players: {error}", count=count, error=said(error))
                    )
            return out
    except ValueError as error:
        errors.add(key, said(error))
        return None
    raise AssertionError(f"unknown kind {field.kind}")


def _place(value: Any, path: tuple[str | int, ...], item: Any) -> Any:
    if not path:
        return item
    *inner, last = path
    target = value
    for step in inner:
        target = target.setdefault(step, {})
    target[last] = item
    return value


def from_form(values: Mapping[str, str]) -> tuple[dict[str, Any], FormErrors]:
    """Read the editor's inputs into a complete document, with what could not be read, by rule."""
    errors = FormErrors()
    document: dict[str, Any] = {}
    for rule in SCHEMA:
        fields = rule.fields
        value = copy.deepcopy(rule.shape)
        if rule.switch is not None:
            chosen = values.get(rule.switch.name)
            variant = next((v for v in rule.variants if v.value == chosen), None)
            if variant is None:
                errors.add(rule.key, Sentence("{label}: choose one", label=rule.switch.label))
                continue
            value = copy.deepcopy(variant.shape)
            fields = (*fields, *variant.fields)
        for f in fields:
            value = _place(value, f.path, _read(f, values, errors, rule.key))
        document[rule.key] = value
    return document, errors
