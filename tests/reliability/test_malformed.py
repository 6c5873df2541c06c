"""Whatever arrives, the answer is a 4xx with a message and nothing is written; never a 500."""

from __future__ import annotations

import io
import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.web import create_app

from .conftest import api_create, deal, page_token, table_dump

FUZZ = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**20, max_value=10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
    | st.sampled_from(["\u202eevil", "🃏👨‍👩‍👧", "<script>", "pass", "board", "3", "", "∞"])
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
not_a_list = scalars | st.dictionaries(st.text(max_size=5), scalars, max_size=3)
wrong_numbers = st.lists(scalars.filter(lambda v: not isinstance(v, int) or isinstance(v, bool)),
                         min_size=1, max_size=6)  # fmt: skip


def lone_surrogate_json(value: Any) -> bytes:
    return json.dumps({"bids": ["\ud800", 1, 1, 1], "tricks": [1, 1, 1, 10], "x": value}).encode()


def is_bid_word(value: Any) -> bool:
    """Say whether the rules would read this as a bid a player could make in seat 0."""
    if isinstance(value, int) and not isinstance(value, bool):
        return 0 <= value <= 13
    text = value.strip().lower() if isinstance(value, str) else ""
    return text in ("pass", "board", "rainbow") or (text.isdigit() and text.isascii())


# One change that makes a legal deal malformed, whatever the route does with the rest.
deal_mutations = st.one_of(
    st.builds(lambda v: ("bids", v), not_a_list),
    st.builds(lambda v: ("bids", v), st.lists(scalars, max_size=3)),  # wrong count
    st.builds(lambda v: ("bids", [v, 1, "pass", "pass"]),
              scalars.filter(lambda v: not is_bid_word(v))),
    st.builds(lambda v: ("tricks", v), not_a_list.filter(lambda v: v is not None)),
    st.builds(lambda v: ("tricks", v), wrong_numbers),
    st.builds(lambda v: ("tricks", [10**30, 0, 0, v]), st.integers()),
    st.builds(lambda v: ("trump", v), scalars.filter(
        lambda v: v is not None and not (isinstance(v, str) and v.strip().lower() in
                                         ("clubs", "diamonds", "hearts", "spades")))),
    st.builds(lambda v: ("version", v), scalars.filter(
        lambda v: v is not None and not (isinstance(v, str) and v.strip().isdecimal())
        and v != 3)),
    st.builds(lambda k, v: (k, v), st.text(min_size=1, max_size=10).filter(
        lambda k: k not in ("bids", "tricks", "team_tricks", "trump", "rainbows", "deal",
                            "version")), json_values),
)  # fmt: skip
game_mutations = st.one_of(
    st.builds(lambda v: ("players", v), not_a_list),
    st.builds(lambda v: ("players", v), st.lists(scalars, max_size=6).filter(
        lambda names: not (2 <= len(names) <= 4 and all(isinstance(n, str) and n.strip()
                                                   for n in names)))),
    st.builds(lambda v: ("players", ["Ann", "Bob", "Cy", v]), st.text(min_size=101)),
    st.builds(lambda v: ("ruleset", v), scalars.filter(lambda v: v != "back-alley-individual")),
    st.builds(lambda v: ("first_dealer", v), scalars.filter(
        lambda v: not (isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 4))),
    st.builds(lambda v: ("deals", v), not_a_list.filter(lambda v: v is not None)),
    st.builds(lambda v: ("deals", [v]), json_values),
    st.builds(lambda k, v: (k, v), st.text(min_size=1, max_size=10).filter(
        lambda k: k not in ("ruleset", "players", "first_dealer", "deals")), json_values),
)  # fmt: skip


def encode(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


bodies = st.one_of(
    json_values.map(encode),
    st.binary(max_size=200),
    st.text(max_size=50).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.sampled_from([b"", b"{", b"[" * 5000, b'{"deal": 1e999}', b"NaN", b"\xff\xfe{}"]),
    json_values.map(lone_surrogate_json),
)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One app with a game of two deals (so at version 3), and a phone that is its editor."""
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite"
    app = create_app({"DATABASE": str(path), "SECRET_KEY": "fuzz"})
    client = app.test_client()
    token = page_token(client)
    game = api_create(client, token)
    for number in (1, 2):
        answer = client.post(f"/api/games/{game['id']}/deals", json=deal(number),
                             headers={"X-CSRFToken": token})  # fmt: skip
        assert answer.status_code == 201
    return {"app": app, "client": client, "token": token, "id": game["id"], "db": path}


def write_routes(game_id: str) -> list[tuple[str, str]]:
    return [
        ("POST", "/api/games"),
        ("POST", f"/api/games/{game_id}/deals"),
        ("PUT", f"/api/games/{game_id}/deals/1"),
        ("PUT", f"/api/games/{game_id}/deals/2"),
        ("DELETE", f"/api/games/{game_id}/deals/2"),
    ]


def refused_and_unchanged(world: dict[str, Any], method: str, path: str, body: bytes,
                          content_type: str = "application/json") -> None:  # fmt: skip
    before = table_dump(world["db"])
    answer = world["client"].open(
        path, method=method, data=body,
        headers={"X-CSRFToken": world["token"], "Content-Type": content_type},
    )  # fmt: skip
    assert 400 <= answer.status_code < 500, (method, path, body[:200], answer.status_code)
    assert answer.get_json()["error"], "a refusal says why"
    assert table_dump(world["db"]) == before


@FUZZ
@given(body=bodies, route=st.integers(0, 4))
def test_any_body_to_any_api_write_route_is_refused_with_nothing_written(world, body, route):
    method, path = write_routes(world["id"])[route]
    if method == "DELETE" and body.strip() in (b"{}", b""):
        body = b'{"version": 0}'  # an empty body is a real undo; a stale one is not
    if method == "DELETE" and body.strip().startswith(b"{") and b'"version"' not in body:
        body = body.rstrip()[:-1] + b', "unknown": 1}' if body.strip() != b"{" else body
    refused_and_unchanged(world, method, path, body)


@FUZZ
@given(mutation=deal_mutations, route=st.integers(1, 3))
def test_a_deal_with_one_thing_wrong_is_refused_with_nothing_written(world, mutation, route):
    method, path = write_routes(world["id"])[route]
    position = 3 if method == "POST" else int(path.rsplit("/", 1)[1])
    body = deal(position)
    key, value = mutation
    body[key] = value
    refused_and_unchanged(world, method, path, encode(body))


@FUZZ
@given(mutation=game_mutations)
def test_a_game_file_with_one_thing_wrong_is_refused_with_nothing_written(world, mutation):
    key, value = mutation
    game = {"ruleset": "back-alley-individual", "players": ["Ann", "Bob", "Cy", "Dee"]}
    game[key] = value
    refused_and_unchanged(world, "POST", "/api/games", encode(game))


def form_routes(app: Any, game_id: str) -> list[str]:
    """Every route that takes a POST and is not the JSON API, with a real game id filled in."""
    paths = []
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods or rule.rule.startswith("/api/"):
            continue
        values = {arg: game_id if arg == "game_id" else 1 for arg in rule.arguments}
        if "edit_key" in rule.arguments:
            values["edit_key"] = "not-the-key"
        with app.test_request_context():
            from flask import url_for

            paths.append(url_for(rule.endpoint, **values))
    return sorted(set(paths))


field_values = st.text(max_size=40) | st.sampled_from(
    ["1", "-1", "99999999999999999999", "pass", "board", "<script>", "\ud800", "1e999", "NaN"]
)
field_names = st.text(min_size=1, max_size=12) | st.sampled_from(
    ["file", "bids", "tricks", "deal", "version", "nonce", "trump", "player", "seat", "players",
     "ruleset", "name", "count", "first_dealer", "bid", "team_tricks", "action"]
)  # fmt: skip


def test_form_routes_are_discovered(world) -> None:
    assert "/import" in form_routes(world["app"], world["id"])


@FUZZ
@given(
    fields=st.dictionaries(field_names, field_values, max_size=8),
    route=st.integers(0, 50),
    with_token=st.booleans(),
    upload=st.none() | st.binary(max_size=300),
)
def test_random_fields_posted_to_every_form_route_are_refused_with_nothing_written(
    world, fields, route, with_token, upload
):
    paths = form_routes(world["app"], world["id"])
    path = paths[route % len(paths)]
    data: dict[str, Any] = {k: v.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
                            for k, v in fields.items()}  # fmt: skip
    if with_token:
        data["csrf_token"] = world["token"]
    if upload is not None:
        data["file"] = (io.BytesIO(upload), "game.json")
    before = table_dump(world["db"])
    answer = world["client"].post(path, data=data, headers={"Referer": f"http://localhost{path}"})
    assert answer.status_code < 500, (path, data, answer.status_code)
    if answer.status_code >= 300:
        assert table_dump(world["db"]) == before, (path, data)


@pytest.mark.parametrize(
    "raw",
    [b"[" * 100_000, b'{"ruleset": "back-alley-individual", "players": ["\\ud800", "B", "C", "D"]}',
     b'{"ruleset": "\\udfff"}', b"\xff\xfe", b'{"players": 1e999}', b"NaN"],
)  # fmt: skip
def test_the_import_form_refuses_unreadable_files_with_a_4xx(world, raw) -> None:
    before = table_dump(world["db"])
    answer = world["client"].post(
        "/import",
        data={"csrf_token": world["token"], "file": (io.BytesIO(raw), "game.json")},
    )
    assert 400 <= answer.status_code < 500
    assert table_dump(world["db"]) == before


def test_nan_and_infinity_never_stand_for_a_version(world) -> None:
    for literal in (b"NaN", b"Infinity", b"-Infinity", b"1e999", b"true", b"2.5", b"[2]"):
        body = b'{"deal": 3, "bids": [1, "pass", "pass", "pass"], "tricks": [11, 0, 0, 0], '
        refused_and_unchanged(
            world, "POST", f"/api/games/{world['id']}/deals", body + b'"version": ' + literal + b"}"
        )
    assert math.isnan(float("nan"))  # the literals above are what Python's json would accept
