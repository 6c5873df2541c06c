"""A real `scorekeeper serve`: its record beside the database names its port, `edit-link`
prints that port, its name is found by a browser on loopback and withdrawn when it stops,
and its keep-awake and backups run beside it.

The server announces on loopback alone because the test says so (SCOREKEEPER_MDNS=
127.0.0.1: zeroconf's interface chosen by that address; tests/appliance/test_mdns.py
checks what that confines), and wakepy pretends (WAKEPY_FAKE_SUCCESS).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from zeroconf import ServiceStateChange

from scorekeeper.machine import running
from scorekeeper.rules.gamefile import read_game
from scorekeeper.server.awake import REFUSED
from scorekeeper.server.mdns import SERVICE_TYPE
from scorekeeper.storage import insert_game, open_database
from scorekeeper.storage.backups import daily
from tests.appliance.test_mdns import Watcher
from tests.conftest import example
from tests.serving import Server

NAME = "scorekeeper-served"


@pytest.fixture
def database(tmp_path) -> tuple[Path, str]:
    path = tmp_path / "games.sqlite"
    db = open_database(path)
    with db.write():
        game_id = insert_game(db, read_game(example("joker"))).id
    db.close()
    return path, game_id


@pytest.fixture
def watcher():
    phone = Watcher()
    yield phone
    phone.close()


@pytest.fixture
def server(database, watcher, tmp_path):
    env = {**os.environ, "SCOREKEEPER_MDNS": "127.0.0.1", "SCOREKEEPER_NAME": NAME,
           "SCOREKEEPER_BACKUPS": "7"}  # fmt: skip
    started = Server(db=database[0], env=env, log=tmp_path / "serve.log").start()
    yield started
    started.stop()


def wait_until(check, timeout: float = 15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.1)
    return check()


def test_the_running_server_is_found_by_name_and_edit_link_prints_its_port(
    server, database, watcher, tmp_path
):
    path, game_id = database
    service = f"{NAME}.{SERVICE_TYPE}"
    assert watcher.wait_for(service, ServiceStateChange.Added, timeout=20)
    info = watcher.zeroconf.get_service_info(SERVICE_TYPE, service, timeout=3000)
    assert info is not None and (info.server, info.port) == (f"{NAME}.local.", server.port)

    record = wait_until(lambda: (found := running.find(path)) and found.name and found)
    assert (record.port, record.name, record.pid) == (
        server.port, f"{NAME}.local", server.process.pid,
    )  # fmt: skip
    run = subprocess.run(
        # "--": a game id may begin with "-" (it is random, URL-safe base64)
        [sys.executable, "-m", "scorekeeper", "edit-link", "--db", str(path), "--", game_id],
        capture_output=True, text=True,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith(
        f"http://127.0.0.1:{server.port}/games/{game_id}/join/"
    )
    # Serving beside it: today's backup, and the keep-awake (a game was just stored).
    assert wait_until(lambda: daily(path))
    log = (tmp_path / "serve.log").read_text()
    assert f"http://{NAME}.local:{server.port}/" in log  # in the banner, or once found after it

    server.stop()
    assert server.process.returncode == 0
    assert watcher.wait_for(service, ServiceStateChange.Removed)
    assert running.find(path) is None and not running.record_path(path).exists()
    log = (tmp_path / "serve.log").read_text()
    assert "this computer is kept awake" in log and "may sleep again" in log


def test_the_banner_comes_whole_and_first_then_the_rest_in_plain_sentences(database, tmp_path):
    """The real output: each address with its captioned QR code, nothing logged inside the
    banner, no "Running on http://0.0.0.0…" nobody can open, a refusal to keep the computer
    awake said in one plain sentence (the system refuses here: no raw D-Bus error)."""
    path, _ = database  # a game was just stored: the keep-awake is asked for at once
    log = tmp_path / "serve.log"
    env = {**os.environ, "SCOREKEEPER_MDNS": "127.0.0.1", "SCOREKEEPER_NAME": NAME,
           "SCOREKEEPER_BACKUPS": "7", "WAKEPY_FAKE_SUCCESS": "0",
           "WAKEPY_FORCE_FAILURE": "1"}  # fmt: skip
    server = Server(db=path, env=env, log=log).start()
    try:
        assert wait_until(lambda: daily(path) and REFUSED in log.read_text())
    finally:
        server.stop()
    lines = log.read_text().splitlines()
    end = next(n for n, line in enumerate(lines) if line.startswith("The secret key is in"))
    banner, rest = lines[: end + 1], lines[end + 1 :]
    assert banner[0].startswith("Phones on this network can open http://") or banner[0] == (
        f"Scorekeeper is running on http://127.0.0.1:{server.port}/"
    )
    said = [line.strip() for line in banner if not (line and set(line) <= set("█▀▄ "))]
    secure = "The secure address is https://"
    assert said[-2].startswith("Games are kept in") and any(x.startswith(secure) for x in said)
    assert not any(x.startswith(("Today's backup", "This computer")) for x in said)
    # Every QR code is followed by its caption.
    for n, line in enumerate(banner[:-1]):
        if set(line) <= set("█▀▄ ") and line and not (set(banner[n + 1]) <= set("█▀▄ ")):
            assert banner[n + 1].strip() in ("open this", "trust this server")
    assert not any("Running on" in line for line in lines)
    assert any(line.startswith(f"Today's backup: {path.parent / 'backups'}") for line in rest)
    warnings = [line for line in rest if line.startswith("This computer may sleep")]
    assert warnings == [REFUSED]
    assert not any("dbus" in line.lower() or "Traceback" in line for line in lines)
