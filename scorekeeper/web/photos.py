"""Photograph the sheet: a photo of a blank sheet filled in with a pencil, sent from the
phone's camera or its gallery, read on the server and shown in the paper grid, pre-filled.

The upload is a form like any other (its security token checked once the photo's own size
limit is in place). Reading takes seconds of the server's work, so the view runs with the
slow ones (`slow.py`), under a quota of its own, and at most PHOTOS_AT_ONCE photos are read
at once in a server process; a photo too big, an image bomb or a photo of anything but
this server's sheet is refused beside the file field, and nothing is stored.
"""

from __future__ import annotations

import threading
from typing import Any

from flask import Blueprint, current_app, render_template, request
from flask_wtf.file import FileField, FileRequired
from werkzeug.exceptions import RequestEntityTooLarge

from ..machine.config import LANGUAGES
from ..presentation.paper import paper_page
from ..rules.sentences import Sentence
from ..service.photos import PhotoRefused, take_photo
from ..sheets.layout import PAPERS
from .db import get_db
from .devices import current_device
from .language import Form, language
from .quotas import charge, quota
from .security import csrf
from .sheets import reader_paper
from .slow import slow

bp = Blueprint("photos", __name__)

#: The largest photo taken: a phone's JPEG is 2 to 6 MB; the server reads no more than 8 MB.
MAX_PHOTO_BYTES = 8 * 1024 * 1024
#: Photos read at once in one server process; another is told to try again in a moment.
PHOTOS_AT_ONCE = 2
READING = "scorekeeper.photos"

TOO_BIG = Sentence(
    "That photo is too big: a photo of at most 8 MB is read. Take it again at a lower "
    "resolution, or send a smaller copy from the gallery."
)
BUSY = Sentence(
    "Other photos are being read just now; nothing was stored. Send it again in a few seconds."
)


@bp.record_once
def _slots(state: Any) -> None:
    state.app.extensions[READING] = threading.BoundedSemaphore(PHOTOS_AT_ONCE)


class PhotoForm(Form):
    """A photo of a filled-in sheet."""

    photo = FileField(
        Sentence("Photo of the sheet"),
        validators=[FileRequired(Sentence("Choose a photo of the sheet first."))],
    )


@bp.route("/sheet-photo", methods=["GET", "POST"])
@slow
@quota("sheet photos")
@csrf.exempt  # checked below, once the photo's size limit is in place
def photograph() -> Any:
    """The page that takes a photo of a sheet; the photo read, shown in the paper grid."""
    request.max_content_length = MAX_PHOTO_BYTES
    game_id = request.args.get("game") or None
    try:
        if request.method == "POST":
            csrf.protect()
        form = PhotoForm()
        submitted = form.validate_on_submit()
    except RequestEntityTooLarge:
        form = PhotoForm(formdata=None)
        form.photo.errors = [TOO_BIG]
        return _page(form, game_id), 413
    if submitted:
        slots: threading.BoundedSemaphore = current_app.extensions[READING]
        if not slots.acquire(blocking=False):
            form.photo.errors = [BUSY]
            return _page(form, game_id), 429, {"Retry-After": "5"}
        try:
            taken = take_photo(
                get_db(),
                form.photo.data.read(MAX_PHOTO_BYTES + 1),
                key=current_app.config["SECRET_KEY"],
                device=current_device(),
                papers=_first(reader_paper(), PAPERS),
                languages=_first(language(), LANGUAGES),
                game_id=game_id,
            )
        except PhotoRefused as refused:
            form.photo.errors = [refused.message]
        else:
            if taken.started:
                charge("games")  # a new game of this phone's, as its QR code scanned starts
            page = paper_page(get_db(), taken.game_id, current_device(), language(), taken.rows)
            return render_template("paper.html", page=page)
        finally:
            slots.release()
    return _page(form, game_id), 422 if form.is_submitted() else 200


def _page(form: PhotoForm, game_id: str | None) -> str:
    return render_template("photo.html", form=form, game_id=game_id)


def _first(chosen: str, every: Any) -> list[str]:
    """Return the one chosen first, then every other."""
    return [chosen, *(other for other in every if other != chosen)]
