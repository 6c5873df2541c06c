"""`scorekeeper service install | uninstall | status | start | stop`: started on its own.

Nobody should need a terminal on game night. `install` sets `scorekeeper serve` up as
a service of the user who runs it, with the database and port chosen then, started now
and at every start of the computer, restarted if it ever stops by itself:

- Linux (a Raspberry Pi, a laptop): a systemd user unit,
  ~/.config/systemd/user/scorekeeper.service, enabled with `systemctl --user`; lingering
  (`loginctl enable-linger`) starts it at boot before anyone logs in. Logs go to the
  journal: `journalctl --user -u scorekeeper`.
- macOS: a launchd agent, ~/Library/LaunchAgents/org.scorekeeper.serve.plist, loaded
  with `launchctl bootstrap`; it starts at login. Logs go to
  ~/Library/Logs/Scorekeeper/serve.log.

Every command this runs goes through one `Run` function, so the tests write the unit or
the agent into a folder of their own and start nothing.
"""

from __future__ import annotations

import argparse
import getpass
import os
import plistlib
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..machine.config import PORT
from .files import CommandError

UNIT = "scorekeeper.service"
LABEL = "org.scorekeeper.serve"

Run = Callable[[Sequence[str]], subprocess.CompletedProcess[str]]


def run_command(command: Sequence[str]) -> subprocess.CompletedProcess[str]:
    """Run a system command (systemctl, loginctl, launchctl), its output kept to be shown."""
    try:
        return subprocess.run(list(command), capture_output=True, text=True, check=False)
    except OSError as error:  # not installed here
        return subprocess.CompletedProcess(list(command), 127, "", str(error))


@dataclass(frozen=True)
class Service:
    """The service as this platform keeps it: its file, what it holds, where its logs go."""

    kind: str  # "systemd" or "launchd"
    path: Path
    text: str
    logs: str


def serve_command(
    database: Path, port: int, host: str = "0.0.0.0", name: str | None = None
) -> list[str]:
    """Return the command the service runs: this Python's `scorekeeper serve`, all spelled out."""
    command = [sys.executable, "-m", "scorekeeper", "serve", "--host", host, "--port", str(port)]
    command += ["--db", str(database)]
    return command + (["--name", name] if name else [])


def _systemd_word(word: str) -> str:
    """Quote one word of a systemd command line (specifiers and variables kept as text)."""
    word = word.replace("%", "%%").replace("$", "$$")
    if any(c in word for c in " \t\"\\'"):
        return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return word


def systemd_unit(command: Sequence[str], port: int) -> str:
    """Return the systemd user unit that runs `command` now and at every boot."""
    return "\n".join(
        [
            "[Unit]",
            f"Description=Scorekeeper, the family's scorekeeper on port {port}",
            "After=network.target",
            "",
            "[Service]",
            "Type=simple",
            "ExecStart=" + " ".join(_systemd_word(word) for word in command),
            "WorkingDirectory=%h",
            "Environment=PYTHONUNBUFFERED=1",
            "Restart=on-failure",
            "RestartSec=5",
            "TimeoutStopSec=20",
            "",
            "[Install]",
            "WantedBy=default.target",
            "",
        ]
    )


def launchd_agent(command: Sequence[str], log: Path) -> str:
    """Return the launchd agent that runs `command` at login, kept running, logging to `log`."""
    agent: dict[str, Any] = {
        "Label": LABEL,
        "ProgramArguments": list(command),
        "RunAtLoad": True,
        "KeepAlive": {"SuccessfulExit": False},
        "WorkingDirectory": str(Path.home()),
        "EnvironmentVariables": {"PYTHONUNBUFFERED": "1"},
        "StandardOutPath": str(log),
        "StandardErrorPath": str(log),
        "ProcessType": "Interactive",
    }
    return plistlib.dumps(agent, sort_keys=False).decode()


def service_for(
    platform: str,
    home: Path,
    command: Sequence[str],
    port: int,
    config_home: str | None = None,
) -> Service:
    """Return the service this platform runs `command` as (Linux: systemd, macOS: launchd)."""
    if platform.startswith("linux"):
        config = Path(config_home) if config_home else home / ".config"
        path = config / "systemd" / "user" / UNIT
        logs = "journalctl --user -u scorekeeper (add -f to follow)"
        return Service("systemd", path, systemd_unit(command, port), logs)
    if platform == "darwin":
        log = home / "Library" / "Logs" / "Scorekeeper" / "serve.log"
        path = home / "Library" / "LaunchAgents" / f"{LABEL}.plist"
        return Service("launchd", path, launchd_agent(command, log), str(log))
    raise CommandError(
        f"scorekeeper service knows Linux (systemd) and macOS (launchd), not {platform}; "
        "run `scorekeeper serve` from the system's own start-up instead"
    )


def _gui() -> str:
    return f"gui/{os.getuid()}"  # type: ignore[attr-defined,unused-ignore]


def _steps(service: Service, action: str) -> list[list[str]]:
    """Return the commands that carry out an action on the installed service."""
    if service.kind == "systemd":
        user = ["systemctl", "--user"]
        return {
            "install": [[*user, "daemon-reload"], [*user, "enable", "--now", UNIT]],
            "uninstall": [[*user, "disable", "--now", UNIT]],
            "reload": [[*user, "daemon-reload"]],
            "status": [[*user, "status", "--no-pager", UNIT]],
            "start": [[*user, "start", UNIT]],
            "stop": [[*user, "stop", UNIT]],
        }[action]
    target = f"{_gui()}/{LABEL}"
    return {
        "install": [["launchctl", "bootstrap", _gui(), str(service.path)]],
        "uninstall": [["launchctl", "bootout", target]],
        "reload": [],
        "status": [["launchctl", "print", target]],
        "start": [["launchctl", "bootstrap", _gui(), str(service.path)]],
        "stop": [["launchctl", "bootout", target]],
    }[action]


def install(service: Service, run: Run, out: Any = sys.stdout) -> None:
    """Write the unit or agent, start it now and at every start; say where its logs go."""
    if service.path.exists():  # a reinstall: the old one stops first, then the new one starts
        for step in _steps(service, "uninstall"):
            run(step)
    service.path.parent.mkdir(parents=True, exist_ok=True)
    service.path.write_text(service.text, encoding="utf-8")
    if service.kind == "launchd":
        Path(service.logs).parent.mkdir(parents=True, exist_ok=True)
    for step in _steps(service, "install"):
        done = run(step)
        if done.returncode != 0:
            raise CommandError(
                f"wrote {service.path}, but `{' '.join(step)}` failed: "
                f"{(done.stderr or done.stdout).strip()}"
            )
    print(f"Installed {service.path}: Scorekeeper runs now and whenever this computer starts.",
          file=out)  # fmt: skip
    if service.kind == "systemd":
        user = getpass.getuser()
        lingering = run(["loginctl", "enable-linger", user])
        if lingering.returncode != 0:
            print(f"To start it at boot before anyone logs in: sudo loginctl enable-linger {user}",
                  file=out)  # fmt: skip
    print(f"Logs: {service.logs}", file=out)


def uninstall(service: Service, run: Run, out: Any = sys.stdout) -> None:
    """Stop the service and take its unit or agent away (the games stay where they are)."""
    if not service.path.exists():
        raise CommandError(f"there is no Scorekeeper service to remove ({service.path})")
    for step in _steps(service, "uninstall"):
        run(step)
    service.path.unlink()
    for step in _steps(service, "reload"):
        run(step)
    print(f"Removed {service.path}; the games are still where they were.", file=out)


def add_commands(commands: Any) -> None:
    """Add `service` and its actions to the command line."""
    p = commands.add_parser(
        "service", help="run the server on its own at every start (systemd on Linux, launchd)"
    )
    p.add_argument("action", choices=["install", "uninstall", "status", "start", "stop"])
    p.add_argument("--db", default=None, help="the database the service serves (install)")
    p.add_argument("--port", type=int, default=PORT, help="the port it listens on (install)")
    p.add_argument("--host", default="0.0.0.0", help="where it listens (install)")
    p.add_argument("--name", default=None, help="the name phones find it by: NAME.local")
    p.set_defaults(run=run_service)


def run_service(args: argparse.Namespace, run: Run = run_command) -> int:
    """Install, remove, show, start or stop the service."""
    from ..machine.config import default_database_path

    database = Path(args.db).resolve() if args.db else default_database_path().resolve()
    command = serve_command(database, args.port, args.host, args.name)
    service = service_for(sys.platform, Path.home(), command, args.port,
                          os.environ.get("XDG_CONFIG_HOME"))  # fmt: skip
    if args.action == "install":
        install(service, run)
    elif args.action == "uninstall":
        uninstall(service, run)
    else:
        if not service.path.exists():
            raise CommandError(f"no Scorekeeper service is installed ({service.path})")
        for step in _steps(service, args.action):
            done = run(step)
            print((done.stdout + done.stderr).rstrip())
            if args.action != "status" and done.returncode != 0:
                return 1
        if args.action == "status":
            print(f"Unit: {service.path}\nLogs: {service.logs}")
    return 0
