"""`scorekeeper sheet` prints a blank sheet's QR code for the server that will open it, or
prints none and says why, on standard error; the link it signs starts the game on that server."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from scorekeeper.cli import main
from scorekeeper.machine import config, running
from scorekeeper.machine.addresses import ADDRESS_SETTING
from tests.conftest import EXAMPLES
from tests.qr_codes import qr_links

KEY = "the key beside the database"
LAN = "192.0.2.9"
NAMES = "Ann,Bob,Cy,Dee,Eve"


@pytest.fixture
def machine(monkeypatch, tmp_path: Path) -> Path:
    """This machine as the command sees it: its key, its LAN address, a database's place."""
    monkeypatch.setenv("SECRET_KEY", KEY)
    monkeypatch.setenv(ADDRESS_SETTING, LAN)
    return tmp_path / "games.sqlite"


def printed(capsys, tmp_path: Path, *args: str) -> tuple[bytes, str]:
    """Run `scorekeeper sheet ARGS` in-process; return the PDF and what it said on stderr."""
    out = tmp_path / "sheet.pdf"
    assert main(["sheet", *args, "-o", str(out)]) == 0
    return out.read_bytes(), capsys.readouterr().err


def test_with_no_server_running_it_says_which_address_the_code_opens(capsys, machine, tmp_path):
    pdf, said = printed(
        capsys, tmp_path, "--blank", "--ruleset", "bluke", "--players", NAMES, "--db", str(machine)
    )
    (link,) = qr_links(pdf)
    assert link.startswith(f"http://{LAN}:5000/sheet/")
    assert said.strip() == (
        f"scorekeeper: no server is running on {machine}; the sheet's QR code opens "
        f"http://{LAN}:5000/, where `scorekeeper serve` answers by default (--base URL for "
        "another, --no-qr for none)"
    )
    assert not machine.exists()  # printing opened no database


def test_the_link_it_signs_starts_the_game_on_the_server(capsys, machine, tmp_path):
    from scorekeeper.web import create_app

    pdf, _ = printed(
        capsys, tmp_path, "--blank", "--ruleset", "bluke", "--players", NAMES,
        "--first-dealer", "3", "--db", str(machine),
    )  # fmt: skip
    (link,) = qr_links(pdf)
    server = create_app({"DATABASE": str(machine), "SECRET_KEY": config.secret_key()})
    phone = server.test_client()

    opened = phone.get(urlsplit(link).path)

    assert opened.status_code == 303
    game = phone.get("/api" + opened.headers["Location"]).get_json()["game"]
    assert game["ruleset"] == "bluke"
    assert game["players"] == NAMES.split(",") and game["first_dealer"] == 3


def test_a_running_server_is_the_one_the_code_opens(capsys, machine, tmp_path):
    record = running.RunningServer(
        pid=os.getpid(), port=5123, host="0.0.0.0", address=LAN, name="scorekeeper.local",
        database=str(machine),
    )  # fmt: skip
    running.leave(record)
    try:
        pdf, said = printed(capsys, tmp_path, "--blank", "--ruleset", "joker", "--db", str(machine))
    finally:
        running.clear(machine)
    (link,) = qr_links(pdf)
    assert link.startswith(f"http://{LAN}:5123/sheet/")  # by address: it opens on any phone
    assert said == ""


def test_base_chooses_the_address(capsys, machine, tmp_path):
    pdf, said = printed(
        capsys, tmp_path, "--blank", "--ruleset", "joker", "--base", "http://cards.example.org:8080",
        "--db", str(machine),
    )  # fmt: skip
    (link,) = qr_links(pdf)
    assert link.startswith("http://cards.example.org:8080/sheet/")
    assert said == ""


def test_no_qr_prints_none(capsys, machine, tmp_path):
    pdf, said = printed(capsys, tmp_path, "--blank", "--ruleset", "joker", "--no-qr")
    assert qr_links(pdf) == []
    assert said == ""


def test_a_key_it_cannot_read_means_no_code_and_says_so(capsys, machine, monkeypatch, tmp_path):
    monkeypatch.delenv("SECRET_KEY")
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("")
    monkeypatch.setattr(config, "INSTANCE", blocker / "instance")

    pdf, said = printed(
        capsys, tmp_path, "--blank", "--ruleset", "joker", "--base", f"http://{LAN}:5000"
    )

    assert qr_links(pdf) == []
    assert said.startswith("scorekeeper: cannot read the secret key (")
    assert said.strip().endswith("so the sheet carries no QR code")


def test_rules_from_a_file_and_a_game_from_a_file_carry_no_code_and_say_why(
    capsys, machine, tmp_path
):
    rules = tmp_path / "house.json"
    rules.write_text('{"base": "bluke", "name": "Grandma\'s Bluke"}', encoding="utf-8")
    blank, said_blank = printed(capsys, tmp_path, "--blank", "--ruleset", str(rules))
    game, said_game = printed(capsys, tmp_path, str(EXAMPLES / "bluke.game.json"))

    assert qr_links(blank) == [] and qr_links(game) == []
    assert "a ruleset from a file is not one the server knows" in said_blank
    assert "a game from a file is on no server, so its sheet carries no QR code" in said_game
