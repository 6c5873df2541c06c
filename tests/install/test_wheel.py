"""A real install: the wheel built from this checkout, in a fresh venv, served from elsewhere.

This is what a `pip install` or `pipx install` user gets: no checkout beside the code,
no instance/ folder, another working directory. Every kind of thing the app serves must
still come back, and the data must land in the per-user data folder.
"""

from __future__ import annotations

import io
import json
import os
import re
import stat
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO, example
from tests.serving import Client, Server

pytestmark = pytest.mark.server


def run(*command: str | Path, cwd: Path) -> None:
    """Run a command; on failure, fail the test with what it printed."""
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the wheel, install it (and its dependencies) into a fresh venv; return its bin/."""
    root = tmp_path_factory.mktemp("install")
    run(
        sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", root / "dist", REPO, cwd=root
    )
    (wheel,) = (root / "dist").glob("scorekeeper-*.whl")
    run(sys.executable, "-m", "venv", "--without-pip", root / "venv", cwd=root)
    # This environment's pip installs into the new venv; its cache makes a repeat quick.
    run(sys.executable, "-m", "pip", "--python", root / "venv" / "bin" / "python", "install",
        "-q", "--find-links", root / "dist", wheel, cwd=root)  # fmt: skip
    return root / "venv" / "bin"


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("home")


@pytest.fixture(scope="module")
def server(installed: Path, home: Path) -> Iterator[Server]:
    """The installed `scorekeeper serve`, started from an empty folder, finding its own data."""
    elsewhere = home / "somewhere-else"
    elsewhere.mkdir()
    env = {name: value for name, value in os.environ.items()
           if name not in ("SECRET_KEY", "SCOREKEEPER_DB", "PYTHONPATH")}  # fmt: skip
    env |= {"HOME": str(home), "XDG_DATA_HOME": str(home / "data")}
    running = Server(
        db=None, secret=None, command=[str(installed / "scorekeeper")], cwd=elsewhere,
        env=env, log=home / "serve.log",
    ).start(timeout=60)  # fmt: skip
    yield running
    running.stop()


def test_the_installed_code_is_the_wheel_not_this_checkout(installed: Path) -> None:
    where = subprocess.run(
        [installed / "python", "-c", "import scorekeeper; print(scorekeeper.TEMPLATES)"],
        cwd=installed, capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    assert Path(where).is_relative_to(installed.parent / "lib")
    assert Path(where).name == "templates"


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("/", "text/html"),
        ("/rules", "text/html"),
        ("/rules/joker", "text/html"),
        ("/docs/rules", "text/html"),
        ("/docs/game-format", "text/html"),
        ("/games/new", "text/html"),
        ("/sheets", "text/html"),
        ("/static/app.css", "text/css"),
        ("/static/table.js", "text/javascript"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/static/icons/icon-192.png", "image/png"),
        ("/static/icons/icon.svg", "image/svg+xml"),
        ("/sheets/blank.pdf?ruleset=bluke&players=Ann,Bob,Cy", "application/pdf"),
    ],
)
def test_every_kind_of_page_and_asset_is_served(server: Server, path: str, content_type: str):
    status, headers, body = Client(server.url).request("GET", path)
    assert status == 200, body[:300]
    assert headers["Content-Type"].split(";")[0] == content_type
    assert body


def test_a_game_made_through_the_api_prints_as_a_pdf(server: Server) -> None:
    phone = Client(server.url)
    phone.fetch_token()
    status, _, body = phone.request("POST", "/api/games", json_body=example("joker"))
    assert status == 201, body
    game_id = json.loads(body)["id"]
    status, headers, pdf = phone.request("GET", f"/games/{game_id}/sheet.pdf")
    assert status == 200 and headers["Content-Type"] == "application/pdf"
    assert pdf.startswith(b"%PDF-")


def test_the_data_lives_in_the_per_user_folder_and_is_printed(server: Server, home: Path):
    data = home / "data" / "scorekeeper"
    printed = (home / "serve.log").read_text()
    assert f"Games are kept in {data / 'scorekeeper.sqlite'}" in printed
    assert (data / "scorekeeper.sqlite").exists()
    assert stat.S_IMODE((data / "secret_key").stat().st_mode) == 0o600
    assert not (home / "somewhere-else" / "instance").exists()


def test_the_wheel_carries_the_phones_rules(server: Server) -> None:
    """The phone's copy of the rules comes from the installed app: Pyodide, compiled."""
    client = Client(server.url)
    status, _, page = client.request("GET", "/offline")
    assert status == 200
    found = re.search(rb'data-runtime="(/runtime/[0-9a-f]{16}/)engine\.js"', page)
    assert found, "the installed app serves no rules for the phone"
    folder = found.group(1).decode()
    for name, content_type in [
        ("engine.js", "text/javascript"),
        ("pyodide.asm.wasm", "application/wasm"),
        ("python_stdlib.zip", "application/zip"),
        ("scorekeeper.zip", "application/zip"),
    ]:
        status, headers, body = client.request("GET", folder + name)
        assert status == 200 and headers["Content-Type"].split(";")[0] == content_type, name
        assert body, name
    _, _, bundle = client.request("GET", folder + "scorekeeper.zip")
    names = zipfile.ZipFile(io.BytesIO(bundle)).namelist()
    assert "scorekeeper/screen/phone.pyc" in names  # compiled at make time, shipped in the wheel
    assert "scorekeeper/templates/screen/screen.html" in names


def test_the_installed_server_does_not_say_the_phones_rules_are_missing(server, home) -> None:
    printed = (home / "serve.log").read_text()
    assert "Games are kept in" in printed  # the banner was printed
    assert "Phones cannot keep score offline" not in printed
