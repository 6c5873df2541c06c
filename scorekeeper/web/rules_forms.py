"""Forms for house rules: the editor (every rule of a ruleset document), import, the calculator.

The editor's inputs are drawn from the ruleset schema (house_rules/schema.py)
and read back into a complete document by house_rules/inputs.py; the rules
engine then judges it, and each refusal comes back with the document key it
concerns (`RulesetError.field`) and is shown beside that part of the form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext
from flask_wtf.file import FileField, FileRequired
from wtforms import BooleanField, HiddenField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.widgets import NumberInput

from ..house_rules.examples import EXAMPLE_NAMES
from ..house_rules.inputs import FormErrors, from_form
from ..house_rules.phrases import Capitalized
from ..house_rules.schedules import most_cards_that_fit
from ..house_rules.schema import SCHEMA, Field
from ..rules import Ruleset, RulesetError, builtin_rulesets
from ..rules.sentences import Sentence
from .language import Form


class Number(StringField):
    """A number input; its text is read (and refused in plain words) by house_rules.inputs."""

    widget = NumberInput()


def options(pairs: Any) -> list[SelectChoice]:
    """Return choices for a radio or select field from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def _inputs(field: Field) -> list[tuple[str, Any]]:
    """Return the WTForms inputs for one schema field, by name, with their ranges."""
    limits = {"min": field.minimum, "max": field.maximum}
    limits = {key: value for key, value in limits.items() if value is not None}
    if field.kind == "number":
        return [(field.name, Number(field.label, render_kw=limits))]
    if field.kind == "levels":
        return [
            (name, Number(Sentence("{label} {n}", label=field.label, n=level), render_kw=limits))
            for level, name in enumerate(field.names(), 1)
        ]
    if field.kind == "by-players":
        return [
            (name, StringField(Sentence("{who} players", who=name.rsplit("_", 1)[1])))
            for name in field.names()
        ]
    if field.kind == "text":
        return [(field.name, StringField(field.label, render_kw={"maxlength": field.maximum}))]
    # A choice too: its answers are drawn from the editor's model (presentation.rules_editor).
    return [(field.name, StringField(field.label))]


class HouseRulesForm(Form):
    """Every rule of a ruleset document, in plain words: one input per field of the schema."""

    base = HiddenField()


#: Which rule (document key) each input belongs to, so errors land beside it.
INPUT_RULES: dict[str, str] = {}
for _rule in SCHEMA:
    for _field in _rule.all_fields():
        for _name, _input in _inputs(_field):
            setattr(HouseRulesForm, _name, _input)
            INPUT_RULES[_name] = _rule.key


def form_texts(form: HouseRulesForm) -> dict[str, str]:
    """Return the text each input of the form holds, by name ("" for none); not its token."""
    return {
        field.name: field.data if isinstance(field.data, str) else ""
        for field in form
        if field.name != form.meta.csrf_field_name
    }


def fill(form: HouseRulesForm, values: Mapping[str, str]) -> None:
    """Put the editor's values (each input's text, by name) into the form."""
    for name, text in values.items():
        if name in form:
            form[name].data = text


def read(form: HouseRulesForm) -> tuple[dict[str, Any] | None, FormErrors]:
    """Read the form into a complete ruleset document, judged by the rules engine."""
    form.validate()
    document, errors = from_form(form_texts(form))
    for field in form:
        for message in field.errors:
            errors.add(INPUT_RULES.get(field.name, "name"), f"{field.label.text}: {message}")
    if errors:
        return None, errors
    try:
        Ruleset.from_document(document)
    except RulesetError as error:
        errors.add(error.field or "name", Sentence("{why}.", why=Capitalized(error.message)))
        return None, errors
    return document, errors


class ImportRulesForm(Form):
    """Bring in a ruleset file a family member shared."""

    file = FileField(
        Sentence("Ruleset file (.json)"),
        validators=[FileRequired(Sentence("Choose a ruleset file first."))],
    )


#: The calculator seats a table of four, the table every built-in can seat.
SEATS = 4
#: The most cards each of the four can be dealt from the largest built-in deck.
MOST_CARDS = most_cards_that_fit(SEATS, max(ruleset.deck for ruleset in builtin_rulesets()))
BID_CHOICES = options(
    [
        # Said when the select is drawn, in the reader's language.
        ("pass", lazy_gettext("pass")),
        *((str(n), str(n)) for n in range(1, MOST_CARDS + 1)),
        ("board", lazy_gettext("board")),
        ("rainbow", lazy_gettext("rainbow")),
    ]
)


class CalculatorForm(Form):
    """One deal at a table of four: cards, dealer, and each player's bid and tricks."""

    class Meta:
        csrf = False  # a GET form that changes nothing

    cards = SelectField(
        "Cards each",
        choices=options((str(n), str(n)) for n in range(1, MOST_CARDS + 1)),
        default="5",
    )
    dealer = SelectField(
        "Dealer",
        choices=options(
            (str(seat), lazy_gettext("Seat %(number)s", number=seat + 1)) for seat in range(SEATS)
        ),
    )


for _seat in range(SEATS):
    setattr(CalculatorForm, f"name_{_seat}", StringField("Name", default=EXAMPLE_NAMES[_seat]))
    setattr(CalculatorForm, f"bid_{_seat}", SelectField("Bid", choices=BID_CHOICES, default="pass"))
    setattr(
        CalculatorForm,
        f"tricks_{_seat}",
        SelectField(
            "Took",
            choices=options((str(n), str(n)) for n in range(MOST_CARDS + 1)),
            default="0",
        ),
    )
    setattr(CalculatorForm, f"rainbow_{_seat}", BooleanField("Held a rainbow"))


def seat_fields(form: CalculatorForm, seat: int) -> tuple[Any, Any, Any, Any]:
    """Return a seat's name, bid, tricks and rainbow fields."""
    return tuple(  # type: ignore[return-value]
        getattr(form, f"{part}_{seat}") for part in ("name", "bid", "tricks", "rainbow")
    )
