"""The JSON API: game files in, scored games out; stale, repeated, illegal writes refused."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, request, url_for

from ..documents import read_json_document
from ..rules import ScoreError, default_lookup, read_game
from ..storage import (
    Conflict,
    NotFound,
    StoredGame,
    create_game,
    delete_last_deal,
    get_game,
    is_editor,
    parse_deal,
    recall_reply,
    record_deal,
    remember_reply,
    replace_deal,
    write,
)
from .db import get_db
from .devices import current_device
from .errors import refusal

bp = Blueprint("api", __name__, url_prefix="/api")
DEAL_FIELDS = ("bids", "tricks", "team_tricks", "trump", "rainbows")


def game_body(stored: StoredGame, *, editor: bool) -> dict[str, Any]:
    """Return a game as the API shows it: id, version, game file, scored result, links."""
    body: dict[str, Any] = {
        "id": stored.id,
        "version": stored.version,
        "game": stored.game.to_json(),
        "result": stored.result().to_json(),
        "url": url_for("table.game", game_id=stored.id),
        "watch_url": url_for("table.watch", game_id=stored.id, _external=True),
    }
    if editor:
        body["edit_url"] = url_for(
            "table.join", game_id=stored.id, edit_key=stored.edit_key, _external=True
        )
    return body


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """Answer JSON (UTF-8, names as written)."""
    response = Response(
        json.dumps(body, ensure_ascii=False), status=status, mimetype="application/json"
    )
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def etag(stored: StoredGame) -> str:
    """Return the game's entity tag: it changes whenever anything in the game changes."""
    return f'"{stored.id}-{stored.version}"'


def read_json() -> Any:
    """Return the request's JSON body, or raise ScoreError with a plain message."""
    if not request.data:
        raise ScoreError("the request has no body: send the game or deal as JSON")
    return read_json_document(request.get_data(as_text=False))


def load(game_id: str) -> StoredGame:
    try:
        return get_game(get_db(), game_id)
    except NotFound:
        raise LookupError from None


def idempotent(write_call: Callable[[], tuple[Any, int, dict[str, str]]]) -> Response:
    """Run a write once per Idempotency-Key; a repeat gets the first answer and writes nothing."""
    key = request.headers.get("Idempotency-Key", "").strip()
    db = get_db()
    scoped = f"api:{request.method}:{request.path}:{key}" if key else ""
    if len(key) > 200:
        return refusal(400, "the Idempotency-Key is too long (200 characters at most)")
    with write(db):
        if scoped:
            saved = recall_reply(db, scoped)
            if saved is not None:
                headers = {"Idempotent-Replay": "true"}
                if saved["location"]:
                    headers["Location"] = saved["location"]
                return json_response(json.loads(saved["body"]), saved["status"], headers)
        body, status, headers = write_call()
        if scoped and status < 300:
            remember_reply(
                db,
                scoped,
                status=status,
                body=json.dumps(body, ensure_ascii=False),
                location=headers.get("Location", ""),
            )
    return json_response(body, status, headers)


def guarded(game_id: str, write_call: Callable[[], tuple[Any, int, dict[str, str]]]) -> Response:
    """Run a write on a game: only for editors; stale → 409, illegal → 422, unknown → 404."""
    db = get_db()
    try:
        stored = get_game(db, game_id)
    except NotFound:
        return refusal(404, "There is no game with that id.")
    if not is_editor(db, game_id, current_device()):
        return refusal(
            403,
            "This phone can watch the game but not change it. Open the game's edit link "
            "from the scorekeeper's phone to keep score here too.",
        )
    del stored
    try:
        return idempotent(write_call)
    except Conflict as conflict:
        body = game_body(conflict.current, editor=True)
        return json_response({"error": conflict.message, **body}, 409)
    except NotFound:
        return refusal(404, "There is no such deal in this game.")
    except ScoreError as error:
        return refusal(422, str(error))


def expected_version(payload: dict[str, Any]) -> int | None:
    """Return the version the client says it saw (body "version" or If-Match), if any."""
    version = payload.get("version")
    if version is None and request.headers.get("If-Match"):
        version = request.headers["If-Match"].strip('W/"').rsplit("-", 1)[-1]
    if version is None:
        return None
    # Only a whole number (or its digits in If-Match): never true, 2.5 or a list.
    if isinstance(version, str) and version.strip().isdecimal() and len(version) < 20:
        version = int(version)
    if isinstance(version, bool) or not isinstance(version, int):
        raise ScoreError("version must be the whole number the game was read at")
    return version


def deal_payload(stored: StoredGame, position: int) -> tuple[dict[str, Any], Any]:
    """Split a deal request into the deal (as the game file holds it) and the rest."""
    payload = read_json()
    if not isinstance(payload, dict):
        raise ScoreError("send the deal as a JSON object with bids and tricks")
    unknown = sorted(set(payload) - {*DEAL_FIELDS, "deal", "version"})
    if unknown:
        raise ScoreError(f"unknown field '{unknown[0]}' in the deal")
    raw = {key: payload[key] for key in DEAL_FIELDS if key in payload}
    return payload, parse_deal(stored.game, raw, position)


@bp.post("/games")
def create() -> Response:
    def run() -> tuple[Any, int, dict[str, str]]:
        game = read_game(read_json(), lookup=default_lookup)
        stored = create_game(get_db(), game, device=current_device())
        url = url_for("table.game", game_id=stored.id)
        return {"id": stored.id, "url": url}, 201, {"Location": url}

    try:
        return idempotent(run)
    except ScoreError as error:
        return refusal(422, str(error))


@bp.get("/games/<game_id>")
def show(game_id: str) -> Response:
    try:
        stored = load(game_id)
    except LookupError:
        return refusal(404, "There is no game with that id.")
    tag = etag(stored)
    if request.if_none_match.contains(tag.strip('"')):
        response = Response(status=304)
        response.headers["ETag"] = tag
        return response
    editor = is_editor(get_db(), game_id, current_device())
    return json_response(
        game_body(stored, editor=editor), headers={"ETag": tag, "Cache-Control": "no-cache"}
    )


@bp.post("/games/<game_id>/deals")
def add_deal(game_id: str) -> Response:
    def run() -> tuple[Any, int, dict[str, str]]:
        db = get_db()
        stored = get_game(db, game_id)
        position = len(stored.game.deals) + 1
        payload, record = deal_payload(stored, position)
        said = payload.get("deal")
        result = stored.result()
        next_number = result.next.number if result.next else None
        if isinstance(said, bool) or not isinstance(said, int):
            raise ScoreError('say which deal this is: "deal": the number of the next deal')
        version = expected_version(payload)
        # K is the deal's place in the game file (counting thrown-in deals) or its slot of
        # the schedule. After a thrown-in deal the slot is also the place of a deal already
        # recorded, so a repeated "deal": K could be either: only the version can tell.
        by_slot = said == next_number and (next_number == position or version is not None)
        if said != position and not by_slot:
            raise Conflict(
                f"Deal {said} is not the next deal "
                f"({'the game is over' if next_number is None else f'deal {position} is'}, "
                "counting thrown-in deals); here is the game as it is now.",
                stored,
            )
        updated = record_deal(db, game_id, record, position=position, expected_version=version)
        return game_body(updated, editor=True), 201, {"ETag": etag(updated)}

    return guarded(game_id, run)


@bp.put("/games/<game_id>/deals/<int:position>")
def correct_deal(game_id: str, position: int) -> Response:
    def run() -> tuple[Any, int, dict[str, str]]:
        db = get_db()
        stored = get_game(db, game_id)
        if not 1 <= position <= len(stored.game.deals):
            raise NotFound(position)
        payload, record = deal_payload(stored, position)
        updated = replace_deal(
            db, game_id, position, record, expected_version=expected_version(payload)
        )
        return game_body(updated, editor=True), 200, {"ETag": etag(updated)}

    return guarded(game_id, run)


@bp.delete("/games/<game_id>/deals/<int:position>")
def undo_deal(game_id: str, position: int) -> Response:
    def run() -> tuple[Any, int, dict[str, str]]:
        db = get_db()
        stored = get_game(db, game_id)
        deals = stored.result().deals
        last = len(deals)
        if deals and position != last and position == deals[-1].setup.number:
            position_to_undo = last  # the last deal named by its slot number
        else:
            position_to_undo = position
        payload = read_json() if request.data else {}
        if not isinstance(payload, dict) or set(payload) - {"deal", "version"}:
            raise ScoreError('to undo, send nothing or {"version": the version you saw}')
        version = expected_version(payload)
        updated, _ = delete_last_deal(db, game_id, position_to_undo, expected_version=version)
        return game_body(updated, editor=True), 200, {"ETag": etag(updated)}

    return guarded(game_id, run)
