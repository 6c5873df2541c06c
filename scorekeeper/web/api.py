"""The JSON API: game files in, scored games out; stale, repeated, illegal writes refused.

Each route reads the request, calls the service layer (`scorekeeper.service`) and
answers JSON. Writes honour an Idempotency-Key, bound to the device, the
method, the address and the body: a repeat gets the first answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, request, url_for

from ..presentation.api_answers import game_answer, one_deal, what_changed, whole_game
from ..rules import ScoreError, read_game
from ..rules.gamefile import DEAL_KEYS
from ..rules.sentences import Sentence
from ..service import games
from ..service.errors import Conflict, KeyReused, NoSuchDeal, NotAllowed
from ..service.once import Once, run_once
from ..storage import NotFound, Reply, StoredGame, ruleset_lookup
from ..transfer.strict_json import read_json_document
from .db import get_db
from .devices import current_device
from .errors import refusal
from .quotas import quota
from .sharing import edit_url, watch_url
from .slow import slow

bp = Blueprint("api", __name__, url_prefix="/api")
NO_GAME = Sentence("There is no game with that id.")
KEY_LENGTH = 200


def links(stored: StoredGame, *, editor: bool) -> dict[str, str]:
    """Return a game's addresses: its page, its watch link and, for an editor, its edit link."""
    found = {"url": url_for("table.game", game_id=stored.id), "watch_url": watch_url(stored.id)}
    if editor:
        found["edit_url"] = edit_url(stored.id, stored.edit_key)
    return found


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """Answer JSON (UTF-8, names as written)."""
    response = Response(
        json.dumps(body, ensure_ascii=False), status=status, mimetype="application/json"
    )
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def etag(stored: StoredGame, language: str = "") -> str:
    """Return the game's entity tag: it changes whenever anything in the game changes (and
    with the language of what is drawn of it, where that is said in words)."""
    return f'"{stored.id}-{stored.version}{"-" + language if language else ""}"'


def read_json() -> Any:
    """Return the request's JSON body, or raise ScoreError with a plain message."""
    if not request.data:
        raise ScoreError("the request has no body: send the game or deal as JSON")
    return read_json_document(request.get_data(as_text=False))


def answer_once(write: Callable[[], tuple[Any, int, dict[str, str]]]) -> Response:
    """Run a write once per Idempotency-Key: a repeat gets the first answer and writes nothing.

    The key is bound to this device, the method, the address and the body, so another
    phone's key, or the same key with another request, never gets someone else's answer.
    """
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > KEY_LENGTH:
        return refusal(
            400,
            Sentence("the Idempotency-Key is too long ({n} characters at most)", n=KEY_LENGTH),
        )
    once = None
    if key:
        parts = ("api", current_device(), request.method, request.path, key)
        once = Once.of(*parts, body=request.get_data())
    headers: dict[str, str] = {}

    def work() -> Reply:
        body, status, extra = write()
        headers.update(extra)
        return Reply(status, json.dumps(body, ensure_ascii=False), extra.get("Location", ""))

    try:
        reply, replayed = run_once(get_db(), once, work)
    except KeyReused:
        return refusal(
            422,
            Sentence(
                "This Idempotency-Key was already used for a different request; "
                "send a new key with a new request."
            ),
        )
    if replayed:
        headers = {"Idempotent-Replay": "true"}
        if reply.location:
            headers["Location"] = reply.location
    return json_response(json.loads(reply.body), reply.status, headers)


def guarded(game_id: str, write: Callable[[], tuple[Any, int, dict[str, str]]]) -> Response:
    """Run a write on a game: only for editors; stale → 409, illegal → 422, unknown → 404."""
    try:
        return answer_once(write)
    except NoSuchDeal:
        return refusal(404, Sentence("There is no such deal in this game."))
    except NotFound:
        return refusal(404, NO_GAME)
    except NotAllowed as refused:
        return refusal(403, refused.message)
    except Conflict as conflict:
        current = conflict.current
        body = {**game_answer(current), **links(current, editor=True)}
        return json_response({"error": conflict.message, **body}, 409)
    except ScoreError as error:
        # A request that cannot be read is refused the way a well-formed one would be first:
        # for a game that does not exist, or by a phone that may only watch.
        try:
            games.check_may_change(get_db(), game_id, current_device())
        except NotFound:
            return refusal(404, NO_GAME)
        except NotAllowed as refused:
            return refusal(403, refused.message)
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


def deal_payload() -> tuple[dict[str, Any], dict[str, Any]]:
    """Split a deal request into the deal (as the game file holds it) and the rest."""
    payload = read_json()
    if not isinstance(payload, dict):
        raise ScoreError("send the deal as a JSON object with bids and tricks")
    unknown = sorted(set(payload) - {*DEAL_KEYS, "deal", "version"})
    if unknown:
        raise ScoreError(f"unknown field '{unknown[0]}' in the deal")
    return payload, {key: payload[key] for key in DEAL_KEYS if key in payload}


def changed(
    stored: StoredGame, status: int, position: int | None = None
) -> tuple[Any, int, dict[str, str]]:
    """Answer a change to a game with what changed: the deal, the totals, the version.

    The whole game stays a GET away (its address is in the answer, with the entity tag
    the GET would give), so a long game's write does not send every deal back.
    """
    url = url_for("api.show", game_id=stored.id)
    body = {
        **what_changed(stored, position),
        "game_url": url,
        "url": url_for("table.game", game_id=stored.id),
    }
    headers = {"ETag": etag(stored)}
    if status == 201:
        headers["Location"] = url
    return body, status, headers


@bp.post("/games")
@slow
@quota("games")
def create() -> Response:
    def write() -> tuple[Any, int, dict[str, str]]:
        game = read_game(read_json(), lookup=ruleset_lookup(get_db()))
        stored = games.start_game(get_db(), game, device=current_device())
        url = url_for("table.game", game_id=stored.id)
        return {"id": stored.id, "url": url}, 201, {"Location": url}

    try:
        return answer_once(write)
    except ScoreError as error:
        return refusal(422, str(error))


@bp.get("/games/<game_id>")
@slow
@quota("long reads")
def show(game_id: str) -> Response:
    try:
        stored, body, editor = whole_game(get_db(), game_id, current_device())
    except NotFound:
        return refusal(404, NO_GAME)
    tag = etag(stored)
    if request.if_none_match.contains(tag.strip('"')):
        response = Response(status=304)
        response.headers["ETag"] = tag
        return response
    body.update(links(stored, editor=editor))
    return json_response(body, headers={"ETag": tag, "Cache-Control": "no-cache"})


@bp.get("/games/<game_id>/deals/<int:position>")
def show_deal(game_id: str, position: int) -> Response:
    """One deal scored, with its explanation (the whole game leaves explanations out)."""
    try:
        stored, _, _ = whole_game(get_db(), game_id, None)
    except NotFound:
        return refusal(404, NO_GAME)
    try:
        deal = one_deal(stored, position)
    except NotFound:
        return refusal(404, Sentence("The game has no deal {position}.", position=position))
    return json_response(deal, headers={"ETag": etag(stored), "Cache-Control": "no-cache"})


@bp.post("/games/<game_id>/deals")
def add_deal(game_id: str) -> Response:
    def write() -> tuple[Any, int, dict[str, str]]:
        payload, raw = deal_payload()
        said = payload.get("deal")
        if isinstance(said, bool) or not isinstance(said, int):
            raise ScoreError('say which deal this is: "deal": the number of the next deal')
        stored = games.record_deal(
            get_db(),
            game_id,
            raw,
            device=current_device(),
            number=said,
            version=expected_version(payload),
        )
        return changed(stored, 201, len(stored.game.deals))

    return guarded(game_id, write)


@bp.put("/games/<game_id>/deals/<int:position>")
def correct_deal(game_id: str, position: int) -> Response:
    def write() -> tuple[Any, int, dict[str, str]]:
        payload, raw = deal_payload()
        stored = games.correct_deal(
            get_db(),
            game_id,
            position,
            raw,
            device=current_device(),
            version=expected_version(payload),
        )
        return changed(stored, 200, position)

    return guarded(game_id, write)


@bp.delete("/games/<game_id>/deals/<int:position>")
def undo_deal(game_id: str, position: int) -> Response:
    def write() -> tuple[Any, int, dict[str, str]]:
        payload = read_json() if request.data else {}
        if not isinstance(payload, dict) or set(payload) - {"deal", "version"}:
            raise ScoreError('to undo, send nothing or {"version": the version you saw}')
        stored = games.undo_deal(
            get_db(),
            game_id,
            position,
            device=current_device(),
            version=expected_version(payload),
        )
        return changed(stored, 200)

    return guarded(game_id, write)
