"""Links that open: every link printed names the address, port and name of the server that
is actually running, by name first and the LAN address beside it."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from urllib.parse import urlsplit

import pytest
import segno

from scorekeeper.machine import running
from scorekeeper.machine.addresses import lan_address, offered
from scorekeeper.server import banner
from tests.conftest import csrf_token

FOUR = ["Ann", "Bob", "Cy", "Dee"]
NAME = "scorekeeper.local"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("http://localhost:5161/games/ab/watch",
         ["http://scorekeeper.local:5161/games/ab/watch", "http://192.168.1.20:5161/games/ab/watch"]),
        ("http://192.168.1.20:5161/games/ab/watch",
         ["http://scorekeeper.local:5161/games/ab/watch", "http://192.168.1.20:5161/games/ab/watch"]),
        ("http://scorekeeper.local:5161/games/ab/join/k",
         ["http://scorekeeper.local:5161/games/ab/join/k", "http://192.168.1.20:5161/games/ab/join/k"]),
        # A reverse proxy's name is the one to give: no other.
        ("https://cards.example.org/games/ab/watch", ["https://cards.example.org/games/ab/watch"]),
    ],
)  # fmt: skip
def test_links_are_offered_by_name_first_then_by_address(url, expected):
    assert offered(url, NAME, lan="192.168.1.20") == expected


def test_without_a_name_a_link_is_offered_by_address_alone():
    assert offered("http://localhost:5161/", None, lan="192.168.1.20") == [
        "http://192.168.1.20:5161/"
    ]


def test_the_banner_offers_the_name_then_the_address_each_with_its_qr_code():
    out = io.StringIO()
    links = ["http://scorekeeper.local:5161/", "http://192.168.1.20:5161/"]
    banner.greet("0.0.0.0", 5161, "/home/ann/games.sqlite", out, links=links)
    lines = out.getvalue().splitlines()
    assert lines[0] == (
        "Phones on this network can open http://scorekeeper.local:5161/ "
        "(or http://192.168.1.20:5161/)"
    )
    qr = [line for line in lines[1:] if line and set(line) <= set("█▀▄ ")]
    assert len(qr) >= 10 and all(len(line.split("  ")) >= 2 for line in qr[2:-2])
    assert "by name" in lines[1 + len(qr)] and "by address" in lines[1 + len(qr)]


@pytest.fixture
def named_app(tmp_path):
    """The app as `serve` runs it on every network, with the record of a server named."""
    from scorekeeper.web import create_app

    database = tmp_path / "named.sqlite"
    app = create_app({"DATABASE": str(database), "SECRET_KEY": "k", "LISTENS_ON": "0.0.0.0"})
    running.leave(
        running.RunningServer(
            pid=os.getpid(), port=5161, host="0.0.0.0", address=lan_address(), name=NAME,
            database=str(database),
        )
    )  # fmt: skip
    yield app
    running.clear(database)


def test_pages_and_the_api_offer_the_name_first_and_the_address_beside_it(named_app):
    client = named_app.test_client()
    token = csrf_token(client)
    document = {"ruleset": "joker", "players": FOUR, "first_dealer": 0, "deals": []}
    made = client.post("/api/games", json=document, headers={"X-CSRFToken": token})
    game_url = made.headers["Location"]
    base = "http://localhost:5161"
    game = client.get(game_url.replace("/games/", "/api/games/"), base_url=base).get_json()
    assert urlsplit(game["watch_url"]).netloc == f"{NAME}:5161"
    assert urlsplit(game["edit_url"]).netloc == f"{NAME}:5161"
    page = client.get(game_url, base_url=base).get_data(as_text=True)
    by_address = f"http://{lan_address() or 'localhost'}:5161{urlsplit(game['watch_url']).path}"
    assert f'href="{game["watch_url"]}"' in page and f'href="{by_address}"' in page
    # The QR code holds the link by name; the second, by address.
    for path, link in (("qr.svg", game["watch_url"]), ("qr-by-address.svg", by_address)):
        drawn = client.get(f"{game_url}/{path}", base_url=base).get_data()
        out = io.BytesIO()
        segno.make(link, error="m").save(out, kind="svg", border=4, dark="#000", light="#fff",
                                         xmldecl=False, omitsize=True)  # fmt: skip
        assert out.getvalue().split(b"<path")[1] == drawn.split(b"<path")[1]
    edit_qr = client.get(f"{game_url}/edit-qr-by-address.svg", base_url=base)
    assert edit_qr.status_code == 200 and edit_qr.mimetype == "image/svg+xml"


def test_a_record_left_by_a_server_that_is_gone_names_nothing(named_app):
    database = named_app.config["DATABASE"]
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    record = running.find(database)
    assert record is not None
    running.leave(running.RunningServer(**{**record.__dict__, "pid": int(gone.stdout)}))
    assert running.find(database) is None


def command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args], capture_output=True, text=True
    )


def test_with_no_server_running_edit_link_says_so_and_prints_the_path(table, app):
    table.start("back-alley-pagat", FOUR)
    run = command("edit-link", "--db", app.config["DATABASE"], "--", table.game_id)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"/games/{table.game_id}/join/")
    assert run.stdout.count("\n") == 1
    assert "no server is running on" in run.stderr and "scorekeeper serve" in run.stderr


def test_a_home_page_opened_by_address_points_to_the_name_to_install_the_app_from(named_app):
    client = named_app.test_client()
    by_address = client.get("/", base_url="http://192.168.1.20:5161").get_data(as_text=True)
    assert f'This server has a name: <a href="http://{NAME}:5161/">' in by_address
    by_name = client.get("/", base_url=f"http://{NAME}:5161").get_data(as_text=True)
    assert "This server has a name" not in by_name
    # The installed app starts where it was installed from: the name, when it was the name.
    manifest = client.get("/manifest.webmanifest", base_url=f"http://{NAME}:5161")
    assert manifest.get_json(force=True)["start_url"] == "/"
