"""The watch link: a live scoreboard anyone may open, which follows the game and writes nothing."""

from __future__ import annotations

import io
import json
import re
from urllib.parse import urlsplit

import pytest
import segno
from flask import render_template

from tests.conftest import csrf_token, example

#: Partnership Back Alley (pagat), no deals yet: Ann & Cy against Bob & Dee, Ann deals first.
NEW_GAME = {"ruleset": "back-alley-pagat", "players": ["Ann", "Bob", "Cy", "Dee"], "deals": []}
#: Deal 1, 13 cards: Ann 2 + Cy 1 = 3 bid, took 5: 3 × 5 + 2 over = 17;
#: Bob 1 + Dee 2 = 3 bid, took 8: 3 × 5 + 5 over = 20.
DEAL_1 = {"deal": 1, "bids": [2, 1, 1, 2], "team_tricks": [5, 8]}


def create(client, token: str, game: dict | None = None) -> str:
    response = client.post("/api/games", json=game or NEW_GAME, headers={"X-CSRFToken": token})
    assert response.status_code == 201
    return response.get_json()["id"]


def record(client, token: str, game_id: str, deal: dict = DEAL_1):
    return client.post(f"/api/games/{game_id}/deals", json=deal, headers={"X-CSRFToken": token})


@pytest.fixture
def watcher(app):
    """Another phone: its own cookies, it only has the watch link."""
    return app.test_client()


def test_the_watch_page_shows_the_scoreboard(client, token, watcher) -> None:
    game_id = create(client, token, example("format-example"))
    page = watcher.get(f"/games/{game_id}/live").get_data(as_text=True)
    assert "Ann &amp; Cy" in page and "Bob &amp; Dee" in page
    leader = r'class="standing leads">\s*<span class="side"><bdi>Ann &amp; Cy</bdi></span>\s*'
    assert re.search(leader + r'<span class="points">25</span>', page)
    assert "After deal <b>2</b> of 26" in page
    # The last deal, explained, and who deals next (deal 3 is Dee's: the thrown-in deal 2
    # was redealt by the next dealer, Cy).
    assert "Deal 2 · 12 cards each · <bdi>Cy</bdi> dealt" in page
    assert "Next: deal <b>3</b>, 11 cards each, <b><bdi>Dee</bdi></b> deals." in page
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="score-chart"' in page
    assert '<noscript><meta http-equiv="refresh" content="5"></noscript>' in page
    assert f'data-api="/api/games/{game_id}"' in page


def test_the_watch_page_follows_the_game(client, token, watcher) -> None:
    game_id = create(client, token)
    assert "No deals yet · 26 to play" in watcher.get(f"/games/{game_id}/live").get_data(True)
    assert record(client, token, game_id).status_code == 201
    for url in (f"/games/{game_id}/live", f"/games/{game_id}/live/board"):
        page = watcher.get(url).get_data(as_text=True)
        assert '<span class="points">17</span>' in page
        assert '<span class="points">20</span>' in page
        assert "<bdi>Bob</bdi> 1 + <bdi>Dee</bdi> 2 = 3 bid, took 8: 3 × 5 + 5 over = 20" in page
        assert 'data-say="After deal 1: Bob and Dee 20, Ann and Cy 17."' in page


def test_the_watch_link_cannot_write(client, token, watcher) -> None:
    game_id = create(client, token)
    record(client, token, game_id)
    stored = client.get(f"/api/games/{game_id}").get_json()
    edit_url = stored["edit_url"]
    watch_url = stored["watch_url"]
    # The watcher opens the watch link and the live page: no edit link anywhere.
    for url in (urlsplit(watch_url).path, f"/games/{game_id}/live"):
        page = watcher.get(url, follow_redirects=True)
        assert page.status_code == 200
        assert edit_url.rsplit("/", 1)[-1] not in page.get_data(as_text=True)
    body = watcher.get(f"/api/games/{game_id}").get_json()
    assert "edit_url" not in body
    headers = {"X-CSRFToken": csrf_token(watcher)}
    attempts = [
        watcher.post(f"/api/games/{game_id}/deals", json={**DEAL_1, "deal": 2}, headers=headers),
        watcher.put(f"/api/games/{game_id}/deals/1", json=DEAL_1, headers=headers),
        watcher.delete(f"/api/games/{game_id}/deals/1", headers=headers),
    ]
    assert [attempt.status_code for attempt in attempts] == [403, 403, 403]
    assert "watch the game but not change it" in attempts[0].get_json()["error"]
    after = client.get(f"/api/games/{game_id}").get_json()
    assert after["version"] == stored["version"] and after["result"]["totals"] == [17, 20]


def test_unchanged_game_answers_304(client, token, watcher) -> None:
    game_id = create(client, token)
    first = watcher.get(f"/api/games/{game_id}")
    tag = first.headers["ETag"]
    again = watcher.get(f"/api/games/{game_id}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    record(client, token, game_id)
    changed = watcher.get(f"/api/games/{game_id}", headers={"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag
    assert changed.get_json()["result"]["totals"] == [17, 20]
    fresh = watcher.get(f"/api/games/{game_id}", headers={"If-None-Match": changed.headers["ETag"]})
    assert fresh.status_code == 304


def test_the_watch_page_starts_from_the_api_etag(client, token, watcher) -> None:
    game_id = create(client, token)
    tag = watcher.get(f"/api/games/{game_id}").headers["ETag"]
    page = watcher.get(f"/games/{game_id}/live").get_data(as_text=True)
    assert f'data-etag="{tag.replace(chr(34), "&#34;")}"' in page


def test_the_qr_code_holds_the_watch_url(client, token) -> None:
    game_id = create(client, token)
    response = client.get(f"/games/{game_id}/qr.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    watch_url = client.get(f"/api/games/{game_id}").get_json()["watch_url"]
    assert watch_url == f"http://localhost/games/{game_id}/watch"
    # The same symbol segno draws for exactly that text (segno is deterministic).
    expected = segno.make(watch_url, error="m")
    drawn = re.search(rb' d="(M[^"]+)"', response.data.split(b'class="qrline"')[1]).group(1)
    out = io.BytesIO()
    expected.save(out, kind="svg", border=4, xmldecl=False, omitsize=True)
    assert drawn in out.getvalue()
    assert b"style=" not in response.data


def test_the_chart_is_an_svg_image(client, token) -> None:
    game_id = create(client, token, example("joker"))
    response = client.get(f"/games/{game_id}/chart.svg")
    assert response.mimetype == "image/svg+xml"
    assert response.data.count(b"<polyline") == 4
    assert '\u2068Bob\u2069 <tspan font-weight="bold">1990</tspan>' in response.get_data(
        as_text=True
    )


def test_the_share_panel_and_chart_partials(app, client, token) -> None:
    game_id = create(client, token, example("format-example"))
    with app.test_request_context():
        from scorekeeper.presentation.chart import game_chart
        from scorekeeper.storage import get_game
        from scorekeeper.web.db import get_db

        stored = get_game(get_db(), game_id)
        panel = render_template("live/share_panel.html", game_id=game_id, playing=True)
        chart = render_template("live/chart.html", chart_svg=game_chart(stored))
    assert "Scan to follow the game" in panel
    assert f'src="/games/{game_id}/qr.svg"' in panel
    assert f"http://localhost/games/{game_id}/watch" in panel
    assert f'href="/games/{game_id}/live"' in panel
    assert "data-keep-awake" in panel
    assert stored.edit_key not in panel
    assert chart.count("<polyline") == 2


@pytest.mark.parametrize("path", ["live", "live/board", "qr.svg", "chart.svg"])
def test_unknown_games_are_not_found(client, path: str) -> None:
    assert client.get(f"/games/no-such-game/{path}").status_code == 404


def test_no_inline_script_or_style(client, token) -> None:
    """The Content-Security-Policy allows neither: everything comes from static files."""
    game_id = create(client, token, example("joker"))
    page = client.get(f"/games/{game_id}/live").get_data(as_text=True)
    assert not re.search(r"\sstyle=|<style", page)
    assert all("src=" in tag for tag in re.findall(r"<script[^>]*>", page))


def test_the_watch_page_weighs_at_most_30_kb(client, token) -> None:
    # The longest game: Joker, 24 deals, 4 sides; everything the page loads counts.
    game_id = create(client, token, example("joker"))
    page = client.get(f"/games/{game_id}/live").data
    assets = re.findall(rb'(?:href|src)="(/static/[^"]+|/manifest.webmanifest)"', page)
    files = {asset.split(b"?")[0] for asset in assets}  # each under its fingerprint (?v=…)
    assert {b"/static/app.css", b"/static/live.css", b"/static/live.js"} <= files
    total = len(page) + sum(len(client.get(asset.decode()).data) for asset in set(assets))
    assert total <= 30 * 1024, f"{total} bytes"


def test_the_service_worker_is_served_from_the_root(client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype in ("text/javascript", "application/javascript")
    assert "no-cache" in response.headers["Cache-Control"]
    shell = re.search(r"var SHELL = \[(.*?)\]", response.get_data(as_text=True), re.S).group(1)
    paths = re.findall(r'"([^"]+)"', shell)
    assert "/offline" in paths and "/static/app.css" in {path.split("?")[0] for path in paths}
    for path in paths:
        assert client.get(path).status_code == 200, path


def test_the_app_is_installable(client) -> None:
    from PIL import Image

    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.data)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200, icon["src"]
        if icon["type"] == "image/png":
            width, height = Image.open(io.BytesIO(image.data)).size
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes


def test_the_offline_page(client) -> None:
    response = client.get("/offline")
    assert response.status_code == 200
    assert "No connection" in response.get_data(as_text=True)
