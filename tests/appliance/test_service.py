"""Started on its own: `scorekeeper service install` writes a systemd user unit (Linux) or a
launchd agent (macOS) that runs `serve` on the database and port chosen, and that the
platform's own checker accepts: `systemd-analyze verify` where it is installed, a parser
anyway. Every system command goes to a recorder: nothing is started on this machine.
"""

from __future__ import annotations

import configparser
import io
import plistlib
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from scorekeeper.cli import CommandError
from scorekeeper.cli.service import LABEL, install, serve_command, service_for, uninstall


class Recorder:
    """Stands in for systemctl, loginctl and launchctl: records, runs nothing."""

    def __init__(self, refuse: tuple[str, ...] = ()) -> None:
        self.commands: list[list[str]] = []
        self.refuse = refuse

    def __call__(self, command):
        self.commands.append(list(command))
        failed = command[0] in self.refuse
        return subprocess.CompletedProcess(list(command), int(failed), "", "no" if failed else "")


@pytest.fixture
def database(tmp_path) -> Path:
    return tmp_path / "family games" / "scorekeeper.sqlite"  # a space, as a person might


def unit_command(text: str) -> list[str]:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # systemd's keys are case-sensitive
    parser.read_string(text)
    assert parser["Install"]["WantedBy"] == "default.target"
    assert parser["Service"]["Restart"] == "on-failure"
    return shlex.split(parser["Service"]["ExecStart"])


def test_linux_gets_a_systemd_user_unit_that_verifies_and_is_enabled(tmp_path, database):
    home = tmp_path / "home"
    command = serve_command(database, 5161)
    service = service_for("linux", home, command, 5161)
    run, out = Recorder(), io.StringIO()
    install(service, run, out)
    path = home / ".config" / "systemd" / "user" / "scorekeeper.service"
    assert service.path == path and path.is_file()
    assert unit_command(path.read_text()) == command
    assert command[-4:] == ["--port", "5161", "--db", str(database)]
    if shutil.which("systemd-analyze"):
        checked = subprocess.run(["systemd-analyze", "verify", str(path)],
                                 capture_output=True, text=True)  # fmt: skip
        assert checked.returncode == 0 and str(path) not in checked.stderr, checked.stderr
    assert run.commands[:2] == [
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "enable", "--now", "scorekeeper.service"],
    ]
    assert run.commands[2][:2] == ["loginctl", "enable-linger"]
    assert "journalctl --user -u scorekeeper" in out.getvalue()

    uninstall(service, run, out)
    assert not path.exists()
    assert ["systemctl", "--user", "disable", "--now", "scorekeeper.service"] in run.commands


def test_linger_refused_is_said_with_the_command_to_run(tmp_path, database):
    service = service_for("linux", tmp_path, serve_command(database, 5000), 5000)
    out = io.StringIO()
    install(service, Recorder(refuse=("loginctl",)), out)
    assert "sudo loginctl enable-linger" in out.getvalue()


def test_a_failing_systemctl_is_said_and_the_unit_is_left_to_look_at(tmp_path, database):
    service = service_for("linux", tmp_path, serve_command(database, 5000), 5000)
    with pytest.raises(CommandError, match="failed: no"):
        install(service, Recorder(refuse=("systemctl",)), io.StringIO())
    assert service.path.is_file()


def test_macos_gets_a_launchd_agent_kept_alive_with_its_logs(tmp_path, database):
    home = tmp_path / "home"
    command = serve_command(database, 5161, name="cards")
    service = service_for("darwin", home, command, 5161)
    run = Recorder()
    install(service, run, io.StringIO())
    agent = plistlib.loads(service.path.read_bytes())
    assert service.path == home / "Library" / "LaunchAgents" / f"{LABEL}.plist"
    assert agent["Label"] == LABEL and agent["ProgramArguments"] == command
    assert agent["RunAtLoad"] is True and agent["KeepAlive"] == {"SuccessfulExit": False}
    log = home / "Library" / "Logs" / "Scorekeeper" / "serve.log"
    assert agent["StandardOutPath"] == agent["StandardErrorPath"] == str(log)
    assert log.parent.is_dir()
    assert run.commands[0][:2] == ["launchctl", "bootstrap"]
    assert run.commands[0][-1] == str(service.path)
    if shutil.which("plutil"):
        assert subprocess.run(["plutil", "-lint", str(service.path)]).returncode == 0


def test_other_systems_are_told_plainly(tmp_path, database):
    with pytest.raises(CommandError, match=r"knows Linux \(systemd\) and macOS \(launchd\)"):
        service_for("win32", tmp_path, serve_command(database, 5000), 5000)
