"""What each page costs the server, kept small: addresses built once, the session signed once,
a game's chart and deal in progress worked out once per game text."""

from __future__ import annotations

from flask import url_for

from scorekeeper.presentation.memo import TextCache
from scorekeeper.web.urls import page_url_for


def test_remembered_addresses_are_the_ones_flask_builds(app) -> None:
    with app.test_request_context("/"):
        for endpoint, values in [
            ("static", {"filename": "app.css"}),
            ("table.game", {"game_id": "abc"}),
            ("rules_pages.new", {"from": "joker"}),
            ("table.home", {"state": "archived", "older": "1~2026~3"}),
        ]:
            assert page_url_for(endpoint, **values) == url_for(endpoint, **values)
            assert page_url_for(endpoint, **values) == url_for(endpoint, **values)  # remembered
        assert page_url_for("table.home", _external=True) == "http://localhost/"
    # Mounted under a prefix by a proxy, the same endpoint has another address.
    with app.test_request_context("/", base_url="http://localhost/club"):
        assert page_url_for("static", filename="app.css").startswith("/club/static/app.css?v=")
        assert page_url_for("table.game", game_id="abc") == "/club/games/abc"


def test_the_session_cookie_is_sent_once_not_with_every_page(client) -> None:
    first = client.get("/")
    assert any("scorekeeper_session=" in c for c in first.headers.getlist("Set-Cookie"))
    again = client.get("/rules")
    assert not any("scorekeeper_session=" in c for c in again.headers.getlist("Set-Cookie"))
    token_page = client.get("/")
    assert 'name="csrf-token"' in token_page.get_data(as_text=True)  # still a token to post with


def test_a_page_cache_keeps_only_its_latest_workings() -> None:
    cache: TextCache[int] = TextCache(size=4)
    made: list[int] = []
    for key in range(7):
        assert cache.get(key, lambda key=key: made.append(key) or key * 10) == key * 10
    assert cache.get(6, lambda: -1) == 60  # kept: not made again
    assert cache.get(0, lambda: -1) == -1  # the oldest was let go, so it is made again
    assert made == list(range(7))
