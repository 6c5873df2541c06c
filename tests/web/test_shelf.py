"""The home list: each game dated, with its players, rules and state; moved to the archive
and brought back, or deleted for good only from the archive."""

from __future__ import annotations

import html
import re

from tests.conftest import csrf_token
from tests.web.conftest import Table

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def test_a_game_goes_to_the_archive_comes_back_and_is_deleted_only_from_there(table, client, app):
    table.start("back-alley-pagat", FOUR)
    table.tap("bid:2", "bid:pass", "bid:1", "bid:3", "tricks:6")
    token = csrf_token(client)
    form = {"csrf_token": token, "game": table.game_id}
    home = client.get("/").get_data(as_text=True)
    # Ann & Cy bid 2 + 1 = 3 and took 6 (3 × 5 + 3 over = 18); Bob & Dee 3 and 7: 19.
    said = " ".join(html.unescape(re.sub(r"<[^>]+>", "", home)).split())
    assert "Back Alley (pagat.com) · playing, deal 2 of 26 · Bob & Dee ahead with 19" in said
    assert re.search(r'<time datetime="[^"]+">\w{3} \d\d \w{3} \d{4}, \d\d:\d\d</time>', home)
    # Deleting a game still on the list is refused: it must sit in the archive first.
    client.post(f"{table.url}/delete", data={**form, "confirm": table.game_id})
    assert client.get(table.url).status_code == 200
    assert client.post(f"{table.url}/archive", data=form).status_code == 303
    home = client.get("/").get_data(as_text=True)
    assert "Archived games (1)" in home and f'href="{table.url}"' not in home
    archive = client.get("/?state=archived").get_data(as_text=True)
    assert f'href="{table.url}"' in archive and "Bring back" in archive
    assert client.get(table.url).status_code == 200  # kept whole
    assert len(client.get("/archive.json").get_json()["games"]) == 1  # and in the export
    client.post(f"{table.url}/restore", data=form)
    home = client.get("/").get_data(as_text=True)
    assert "Archived games" not in home and f'href="{table.url}"' in home
    assert f'href="{table.url}"' not in client.get("/?state=archived").get_data(as_text=True)
    client.post(f"{table.url}/archive", data=form)
    deleted = client.post(f"{table.url}/delete", data={**form, "confirm": table.game_id})
    assert deleted.status_code == 303
    assert client.get(table.url).status_code == 404
    assert "Archived games" not in client.get("/").get_data(as_text=True)


def test_the_archive_is_listed_in_pages_like_the_games(table, client, app):
    """The archive view pages like the home list, so its cost does not grow with the archive."""
    from scorekeeper.storage.listing import PAGE_SIZE

    ids = []
    for _ in range(PAGE_SIZE + 2):
        table.start("joker", FOUR)
        ids.append(table.game_id)
        form = {"csrf_token": csrf_token(client), "game": table.game_id}
        client.post(f"{table.url}/archive", data=form)
    home = client.get("/").get_data(as_text=True)
    assert f"Archived games ({PAGE_SIZE + 2})" in home
    first = client.get("/?state=archived").get_data(as_text=True)
    assert first.count('class="game-row"') == PAGE_SIZE and 'rel="next"' in first
    more = re.search(r'rel="next" href="([^"]+)"', first)
    second = client.get(more.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert second.count('class="game-row"') == 2


def test_only_a_scorer_moves_a_game_off_the_list(table, app):
    table.start("joker", FOUR)
    watcher = Table(app.test_client())
    form = {"csrf_token": csrf_token(watcher.client), "game": table.game_id}
    answer = watcher.client.post(f"{table.url}/archive", data=form)
    assert answer.status_code == 403
    assert f'href="{table.url}"' in table.client.get("/").get_data(as_text=True)
