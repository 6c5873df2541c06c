"""Forms (Flask-WTF): each validates what a person typed and says what is wrong beside it."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired


class ImportForm(FlaskForm):
    """Bring in a game file exported from Scorekeeper (or written by hand)."""

    file = FileField("Game file (.json)", validators=[FileRequired("Choose a game file first.")])
