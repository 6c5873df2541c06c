"""The house-rules editor as plain data: each rule's inputs, its answers, what is wrong with it.

The editor is drawn from the ruleset schema (`house_rules.schema`): `new_rules` opens
it on a copy of any ruleset, `change_rules` on a family's own, and `rules_editor` shows
it again as it was sent (refused, or with a schedule shortcut filled in). What each
input holds comes back as `values`, its text by input name, for the form to show; the
model says which rules are shown, in what order, with which answers and errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..house_rules.documents import complete_document
from ..house_rules.inputs import FormErrors, from_form, player_counts, to_form
from ..house_rules.schedules import (
    SHORTCUTS,
    find_shortcut,
    most_cards_that_fit,
    parse_card_counts,
    schedule_words,
)
from ..house_rules.schema import SCHEMA, Field, Rule, rules_read
from ..house_rules.words import RULE_TITLES
from ..rules import BUILTIN_DOCUMENTS, Ruleset, ScoreError, builtin_document, find_ruleset
from ..rules.parts import NAME_LENGTH
from ..rules.sentences import Sentence, render
from ..screen.drawing import catalog
from ..storage import Connection, FoundRuleset, find_any_ruleset

#: The ruleset a new house ruleset starts from when the link does not say.
DEFAULT_START = "back-alley-pagat"
#: The largest deal the schedule buttons offer when none is typed: a full 4-player deal.
DEFAULT_TOP = 13


@dataclass(frozen=True)
class Choice:
    """One answer of a choice, or one shortcut button: what the form sends, and its words."""

    value: str
    label: str


@dataclass(frozen=True)
class Input:
    """One field of a rule as the editor draws it: its kind, its inputs' names, its answers."""

    kind: str  #: "choice", "number", "levels", or "text" (any other kind is typed as text)
    name: str
    label: str
    names: list[str]  #: the form's inputs for it (a board level each, for levels)
    choices: list[Choice]  #: the answers of a choice, a number typed elsewhere among them
    titled: bool  #: a choice with its label over it (a rule of several fields)


@dataclass(frozen=True)
class Part:
    """The inputs of one way a rule is played, under a heading of their own."""

    heading: str
    inputs: list[Input]


@dataclass(frozen=True)
class EditorRule:
    """One rule of the ruleset in the editor, shown or carried along unseen."""

    key: str
    title: str
    shown: bool  #: not shown: its values go along in hidden inputs, unchanged
    names: list[str]  #: every input of the rule
    switch: Input | None  #: the choice between the ways it is played
    inputs: list[Input]
    parts: list[Part]
    note: str
    errors: list[str]


@dataclass(frozen=True)
class RulesEditor:
    """The house-rules editor: every rule, what each input holds, and what was refused."""

    editing: str  #: the name of the house rules being changed ("" for new rules)
    values: dict[str, str]  #: the text of each input, by name
    rules: list[EditorRule]
    unseen: list[str]  #: the titles of the rules not shown
    refused: int  #: how many rules have something wrong
    reading: str  #: the schedule typed, in words ("13 down to 1, 1 up to 13")
    shortcuts: list[Choice]  #: the buttons that fill in the whole schedule
    schedule_rows: list[str]  #: the inputs of a schedule for each number of players


def new_rules(db: Connection, start: str, language: str = "en") -> RulesEditor:
    """Open the editor on a copy of a ruleset, named "…, our way" in the reader's language
    (NotFound for an unknown one): the family's to keep or change."""
    found = find_any_ruleset(db, start)
    document = complete_document(found.ruleset)
    named = Sentence("{name}, our way", name=found.ruleset.name)
    document["name"] = render(named, catalog(language))[:NAME_LENGTH]
    return _opened(document, base=found.base, editing="")


def change_rules(found: FoundRuleset) -> RulesEditor:
    """Open the editor on a family's house rules, as saved."""
    return _opened(complete_document(found.ruleset), base=found.base, editing=found.ruleset.name)


def _opened(document: dict[str, Any], *, base: str | None, editing: str) -> RulesEditor:
    """Open the editor on a complete ruleset document, nothing refused."""
    return rules_editor({"base": base or "", **to_form(document)}, FormErrors(), editing=editing)


def rules_editor(
    values: Mapping[str, str], errors: FormErrors, *, editing: str = "", shortcut: str = ""
) -> RulesEditor:
    """Show the editor as sent: with what is wrong in it, or a shortcut's schedule filled in."""
    values = dict(values)
    if shortcut:
        values.update(shortcut_schedules(values, shortcut))
    shown = shown_rules(values, errors)
    top = _whole(values.get("top")) or DEFAULT_TOP
    try:
        reading = schedule_words(parse_card_counts(values.get("schedule", "")))
    except ValueError:
        reading = ""
    return RulesEditor(
        editing=editing,
        values=values,
        rules=[_rule(rule, values, errors, rule.key in shown) for rule in SCHEMA],
        unseen=[RULE_TITLES[rule.key] for rule in SCHEMA if rule.key not in shown],
        refused=len(errors),
        reading=reading,
        shortcuts=[Choice(shortcut.key, shortcut.title(top)) for shortcut in SHORTCUTS],
        schedule_rows=[f"schedule_{count}" for count in player_counts(values)],
    )


def shown_rules(values: Mapping[str, str], errors: FormErrors) -> tuple[str, ...]:
    """Return the rules the editor shows for the ruleset in the form, as the ruleset says.

    A Back Alley copy does not offer Joker's khishti, nor a Joker copy boards; a rule a
    ruleset plays is always shown, and so is every rule with something wrong in it. A
    form that is no ruleset yet asks the built-in it started from, or shows every rule.
    """
    document, unread = from_form(values)
    ruleset = None
    if not unread:
        try:
            ruleset = Ruleset.from_document(document)
        except ScoreError:
            ruleset = None
    base = values.get("base", "")
    if ruleset is None and base in BUILTIN_DOCUMENTS:
        ruleset = find_ruleset(base)
    read_by = rules_read(ruleset)
    return tuple(rule.key for rule in SCHEMA if rule.key in read_by or rule.key in errors)


def shortcut_schedules(values: Mapping[str, str], key: str) -> dict[str, str]:
    """Return the schedule a shortcut button fills in: one list, or one per player count."""
    by_players = key.startswith("players:")
    shortcut = find_shortcut(key.removeprefix("players:"))
    if shortcut is None:
        return {}
    deck = _whole(values.get("deck")) or builtin_document(DEFAULT_START)["deck"]
    counts = player_counts(values)
    if not by_players:
        # As many cards as the deck can give the fewest players, and no more.
        top = min(_whole(values.get("top")) or DEFAULT_TOP, most_cards_that_fit(counts[0], deck))
        return {
            "schedule": " ".join(str(cards) for cards in shortcut.make(top)),
            "schedule_kind": "same",
        }
    filled = {"schedule_kind": "by-players"}
    for count in counts:
        name = f"schedule_{count}"
        try:
            top = max(parse_card_counts(values.get(name, "")))
        except ValueError:
            top = min(DEFAULT_TOP, most_cards_that_fit(count, deck))
        filled[name] = " ".join(str(cards) for cards in shortcut.make(top))
    return filled


def _whole(text: str | None) -> int | None:
    """Return a positive whole number typed into an input, or None."""
    text = (text or "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else None


def _rule(rule: Rule, values: Mapping[str, str], errors: FormErrors, shown: bool) -> EditorRule:
    titled = len(rule.fields) > 1
    return EditorRule(
        key=rule.key,
        title=RULE_TITLES[rule.key],
        shown=shown,
        names=[name for field in rule.all_fields() for name in field.names()],
        switch=None if rule.switch is None else _input(rule.switch, values, titled=False),
        inputs=[_input(field, values, titled=titled) for field in rule.fields],
        parts=[
            Part(variant.heading, [_input(field, values, titled=False) for field in variant.fields])
            for variant in rule.variants
            if variant.fields
        ],
        note=rule.note,
        errors=list(errors.get(rule.key, [])),
    )


def _input(field: Field, values: Mapping[str, str], *, titled: bool) -> Input:
    choices = [Choice(option.value, option.label) for option in field.choices]
    typed = values.get(field.name, "")
    if field.other and typed.strip().isdigit() and typed not in {c.value for c in choices}:
        choices.append(Choice(typed, Sentence(field.other, n=typed)))  # e.g. a 40-card deck
    kind = field.kind if field.kind in ("choice", "number", "levels") else "text"
    return Input(kind, field.name, field.label, list(field.names()), choices, titled)
