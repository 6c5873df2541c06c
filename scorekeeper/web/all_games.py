"""Every game in one file: download the archive, or bring one back in (all or nothing)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import ngettext
from flask_wtf.file import FileField, FileRequired

from ..rules import ScoreError
from ..rules.sentences import Sentence
from ..storage import ruleset_lookup
from ..transfer.all_games import ArchiveStream, import_games, read_all_games_text
from .db import get_db, get_store
from .devices import current_device
from .errors import refusal
from .language import Form
from .quotas import QUOTAS, charge, quota
from .security import csrf
from .slow import slow

bp = Blueprint("all_games", __name__)

#: Downloads of the archive at once (in each worker process); more are told to wait.
DOWNLOADS_AT_ONCE = 2
DOWNLOADING = "scorekeeper.downloads"
BUSY = Sentence(
    "Other downloads of every game are under way; nothing was changed. Try again in a few seconds."
)


@bp.record_once
def _slots(state) -> None:  # type: ignore[no-untyped-def]
    state.app.extensions[DOWNLOADING] = threading.BoundedSemaphore(DOWNLOADS_AT_ONCE)


#: An archive holds every game, so it may be bigger than one game file.
MAX_ARCHIVE_BYTES = 8 * 1024 * 1024
#: Games one import here may hold: as many as a phone may start in an hour, which is what
#: the import counts against. The host imports any number with `scorekeeper import-all`.
MAX_ARCHIVE_GAMES = next(count for count, per in QUOTAS["games"].per_device if per == "hour")


class ArchiveImportForm(Form):
    """Bring back every game of an archive file."""

    file = FileField(
        Sentence("Archive file (.json)"),
        validators=[FileRequired(Sentence("Choose an archive first."))],
    )


@bp.get("/archive.json")
@slow
@quota("long reads")
def download() -> Response:
    """Stream every game, one at a time: memory stays the same however big the archive is.

    The stream (transfer.all_games.ArchiveStream) reads one snapshot through a connection
    of its own, never shared with another request, and never holds up a write; at most
    DOWNLOADS_AT_ONCE run at once, each giving its place back when its stream ends or closes.
    """
    slots: threading.BoundedSemaphore = current_app.extensions[DOWNLOADING]
    if not slots.acquire(blocking=False):
        response = refusal(429, BUSY)
        response.headers["Retry-After"] = "10"
        return response
    stream = ArchiveStream(get_store(), then=slots.release)
    response = Response(stream, mimetype="application/json")
    day = datetime.now(UTC).date().isoformat()
    response.headers["Content-Disposition"] = f'attachment; filename="scorekeeper-games-{day}.json"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/archive/import", methods=["GET", "POST"])
@slow
@quota("imports")
@csrf.exempt  # checked below, once the larger size limit for an archive is in place
def import_archive() -> Response | tuple[str, int]:
    request.max_content_length = MAX_ARCHIVE_BYTES
    if request.method == "POST":
        csrf.protect()
    form = ArchiveImportForm()
    if form.validate_on_submit():
        raw = form.file.data.read(MAX_ARCHIVE_BYTES + 1)
        try:
            lookup = ruleset_lookup(get_db())
            games = read_all_games_text(raw, most=MAX_ARCHIVE_GAMES, lookup=lookup)
        except ScoreError as error:
            form.file.errors.append(Sentence("Nothing was imported: {why}", why=error.said()))
        else:
            charge("games", len(games), unit="hour")  # as many new games as it holds
            count = import_games(get_db(), games, device=current_device())
            flash(ngettext("Imported %(num)s game.", "Imported %(num)s games.", count), "success")
            return redirect(url_for("games.home"), code=303)  # type: ignore[return-value]
    status = 422 if form.is_submitted() else 200
    return render_template("archive_import.html", form=form, most=MAX_ARCHIVE_GAMES), status
