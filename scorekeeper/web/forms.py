"""Forms (Flask-WTF): each validates what a person typed and says what is wrong beside it."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

from flask import request
from flask_babel import lazy_gettext
from flask_wtf.file import FileField, FileRequired
from wtforms import DateField, FieldList, HiddenField, IntegerField, SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length, Optional

from ..rules import MAX_NAME_LENGTH
from ..rules.sentences import Sentence
from ..service.once import Once
from .language import Form
from .rules_forms import options

MAX_SEATS = 15


def new_nonce() -> str:
    """Return a one-time token for a form: a repeat of it records nothing new."""
    return secrets.token_urlsafe(12)


class OnceForm(Form):
    """A form that writes: a one-time token, so a double tap or a resend records nothing twice."""

    nonce = HiddenField(validators=[DataRequired(), Length(min=8, max=64)])


class ImportForm(Form):
    """Bring in a game file exported from Scorekeeper (or written by hand)."""

    file = FileField(
        Sentence("Game file (.json)"),
        validators=[FileRequired(Sentence("Choose a game file first."))],
    )


class DeleteGameForm(Form):
    """The confirm step before a game is forgotten for good."""


class JoinGameForm(Form):
    """The confirm step before this phone scores a game too, from its edit link."""


class KeepGameForm(Form):
    """The confirm step before this phone keeps a game, from the host's creator link."""


class TapForm(OnceForm):
    """One tap of the deal being entered: a bid, the trump, tricks, a rainbow, or undo."""

    class Meta:
        # CSRFProtect has checked the post's token before the view runs; a token of the
        # form's own would only be signed again on every tap, and never shown.
        csrf = False

    version = IntegerField(validators=[InputRequired()])
    step = StringField(validators=[DataRequired(), Length(max=40)])
    #: The note's words, with the step "note": the rules say what a note may hold, in words.
    note = StringField()


class NewGameForm(OnceForm):
    """A new game: the ruleset, the players in seating order, and who deals first."""

    ruleset = SelectField("Rules", validate_choice=False)
    # What a name may hold is the rules' to say (rules.names), beside the seat it is wrong in.
    players = FieldList(StringField("Name"), min_entries=2, max_entries=MAX_SEATS)
    dealer = StringField(default="0")
    #: The link of the blank sheet this game is played on, when its QR code led here: the
    #: game keeps the sheet, so the sheet's QR code and code find it again.
    sheet = HiddenField()

    def names(self) -> list[str]:
        """Return every seat's name as typed, in seating order: a blank seat stays a seat."""
        return [(entry.data or "").strip() for entry in self.players]

    def seats_sent(self) -> int:
        """Count the seats the post held (the field list keeps MAX_SEATS of them at most)."""
        return len({key.rsplit("-", 1)[-1] for key in request.form if key.startswith("players-")})


class DrawForm(OnceForm):
    """The draw for seats: each player's card (rank and suit)."""

    ruleset = HiddenField(validators=[DataRequired()])


class EditDealForm(OnceForm):
    """A correction to a deal already recorded (selects, since it is rarely used)."""

    version = IntegerField(validators=[InputRequired()])
    trump = SelectField("Trump", validate_choice=False)


#: The home page's "finished or not" choices: value → label.
GAME_STATES = {
    "": Sentence("Any"),
    "playing": Sentence("Playing"),
    "finished": Sentence("Finished"),
    "archived": Sentence("In the archive"),
}


class DayField(DateField):
    """A day as a date input sends it (year-month-day), with a plain message when it is not one."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        try:
            super().process_formdata(valuelist)
        except ValueError:
            raise ValueError(
                Sentence("Write the day as year-month-day, like 2026\u201111\u201123.")
            ) from None


class GameFilterForm(Form):
    """The home page's filters (a GET form: nothing is written, so no CSRF token)."""

    class Meta:
        csrf = False

    player = StringField(
        Sentence("Player"),
        validators=[
            # WTForms fills in %(max)d when it refuses: said then, in the reader's language.
            Length(
                max=MAX_NAME_LENGTH, message=lazy_gettext("A name has at most %(max)d characters.")
            )
        ],
    )
    ruleset = SelectField(Sentence("Rules"), default="", validate_choice=False)
    since = DayField(Sentence("From"), validators=[Optional()])
    until = DayField(Sentence("To"), validators=[Optional()])
    state = SelectField(Sentence("Games"), choices=options(GAME_STATES.items()), default="")


def flat_pairs(rescued: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Turn a rescued form ({name: value or [values]}) back into form pairs."""
    pairs: list[tuple[str, str]] = []
    for key, value in rescued.items():
        for item in value if isinstance(value, list) else [value]:
            pairs.append((str(key), str(item)))
    return pairs


def form_errors(form: Any) -> bool:
    """Say whether any field of the form (or the form itself) has an error to show."""
    return bool(form.errors or getattr(form, "problem", None))


def form_once(nonce: str) -> Once:
    """Return what makes a posted form happen once: its one-time token and what it says."""
    said = sorted(
        (key, value)
        for key, value in request.form.items(multi=True)
        if key not in ("csrf_token", "nonce")
    )
    return Once.of("form", nonce, body=json.dumps(said, ensure_ascii=False))
