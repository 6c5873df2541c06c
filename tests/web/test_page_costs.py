"""What each page costs the server, kept small: the session signed once, a game's chart and
deal plan worked out once per game text."""

from __future__ import annotations

from flask import url_for

from scorekeeper.rules.lately import Lately


def test_static_addresses_carry_their_fingerprint_under_any_mount_point(app) -> None:
    with app.test_request_context("/"):
        assert url_for("static", filename="app.css").startswith("/static/app.css?v=")
    # Mounted under a prefix by a proxy, the same endpoint has another address.
    with app.test_request_context("/", base_url="http://localhost/club"):
        assert url_for("static", filename="app.css").startswith("/club/static/app.css?v=")
        assert url_for("table.game", game_id="abc") == "/club/games/abc"


def test_the_session_cookie_is_sent_once_not_with_every_page(client) -> None:
    first = client.get("/")
    assert any("scorekeeper_session=" in c for c in first.headers.getlist("Set-Cookie"))
    again = client.get("/rules")
    assert not any("scorekeeper_session=" in c for c in again.headers.getlist("Set-Cookie"))
    token_page = client.get("/")
    assert 'name="csrf-token"' in token_page.get_data(as_text=True)  # still a token to post with


def test_a_page_cache_keeps_only_its_latest_workings() -> None:
    cache: Lately[int, int | None] = Lately(4)
    made: list[int] = []
    for key in range(7):
        assert cache.get_or_make(key, lambda key=key: made.append(key) or key * 10) == key * 10
    assert cache.get_or_make(6, lambda: -1) == 60  # kept: not made again
    assert cache.get_or_make(0, lambda: -1) == -1  # the oldest was let go, so it is made again
    assert made == list(range(7))
    assert cache.get(4) == 40  # used now: 5 is the one used longest ago
    cache.put(7, 70)
    assert cache.get(5) is None and cache.get(4) == 40
    assert cache.get_or_make(8, lambda: None) is None  # nothing found is kept too
    assert cache.get_or_make(8, lambda: -1) is None
    assert cache.put(8, 80, replace=False) is None and cache.put(8, 80) == 80
