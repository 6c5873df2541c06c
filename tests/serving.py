"""A real `scorekeeper serve` process on a free loopback port, for tests that need one."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any


def free_port() -> int:
    """Return a loopback port nobody listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    """A running `scorekeeper serve`: its address, its database, and its process.

    By default it runs this checkout's code with a test secret key. `command` runs
    another `scorekeeper` (an installed one), `cwd` and `env` the place and environment
    it starts in; with `db` None and `secret` None it finds both on its own, as a user's
    server would. What it prints goes to `log`, when given.
    """

    db: Path | None
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    secret: str | None = "server-test-secret"
    command: list[str] = field(default_factory=lambda: [sys.executable, "-m", "scorekeeper.cli"])
    cwd: Path | None = None
    env: dict[str, str] | None = None
    log: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20.0) -> Server:
        """Start the server and wait until it answers."""
        env = dict(os.environ if self.env is None else self.env)
        if self.secret is not None:
            env["SECRET_KEY"] = self.secret
        options = ["--host", "127.0.0.1", "--port", str(self.port)]
        if self.db is not None:
            options += ["--db", str(self.db)]
        output = self.log.open("wb") if self.log else subprocess.DEVNULL
        try:
            self.process = subprocess.Popen(
                [*self.command, "serve", *options],
                cwd=self.cwd,
                env=env,
                stdout=output,
                stderr=subprocess.STDOUT if self.log else subprocess.DEVNULL,
            )
        finally:
            if self.log:
                output.close()  # the child holds its own copy
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"scorekeeper serve exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=1):
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("scorekeeper serve did not start in time")

    def kill(self) -> None:
        """Kill the server at once (SIGKILL), as a crash would."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        """Stop the server politely."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Client:
    """A tiny HTTP client with its own cookies (its own "phone") and CSRF token."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.token = ""

    def fetch_token(self) -> str:
        status, _, body = self.request("GET", "/")
        match = re.search(r'<meta name="csrf-token" content="([^"]+)"', body.decode())
        assert status == 200 and match
        self.token = match.group(1)
        return self.token

    def request(
        self,
        method: str,
        path: str,
        *,
        json_body: Any = None,
        headers: dict[str, str] | None = None,
        timeout: float = 15.0,
    ) -> tuple[int, dict[str, str], bytes]:
        import json

        data = None if json_body is None else json.dumps(json_body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if self.token:
            request.add_header("X-CSRFToken", self.token)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()
