"""A real `scorekeeper serve` on a scratch database, its clients, and their latencies.

`Server` and `Client` serve the tests that need a real server too (tests/reliability,
tests/browser): one way to start the command and talk to it like a phone.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

from werkzeug.datastructures import Headers

from . import LONG_GAME, example
from .figures import Budget, Figure, percentile


def free_port() -> int:
    """Return a loopback port nobody listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PortTaken(RuntimeError):
    """The server could not listen: another program took its port first."""


@dataclass
class Server:
    """A running `scorekeeper serve` (Hypercorn): its address, database and process.

    By default it runs this checkout's code on a database of its own with a fixed secret key.
    `command` runs another `scorekeeper` (an installed one), `cwd` and `env` the place and
    environment it starts in; with `db` and `secret` None it finds both on its own, as a
    user's server would. What it prints goes to `log`, when given.
    """

    db: Path | None
    port: int = field(default_factory=free_port)
    #: The secure address's port (HTTPS with the server's own certificate, kept beside the
    #: database); 0 for none.
    secure_port: int = field(default_factory=free_port)
    #: The address the server tells phones to open (`--address`), e.g. a LAN address that
    #: the browser tests map to loopback.
    address: str | None = None
    process: subprocess.Popen[bytes] | None = None
    secret: str | None = "scorekeeper-bench"
    command: list[str] = field(default_factory=lambda: [sys.executable, "-m", "scorekeeper"])
    cwd: Path | None = None
    env: dict[str, str] | None = None
    log: Path | None = None
    started: bool = False  #: it has answered once: phones know its ports

    @property
    def url(self) -> str:
        """Return the server's address."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def plain_url(self) -> str:
        """Return the plain address phones open first: the LAN address given, else loopback."""
        return f"http://{self.address or '127.0.0.1'}:{self.port}"

    @property
    def secure_url(self) -> str:
        """Return the secure address (HTTPS with the server's own certificate)."""
        return f"https://{self.address or '127.0.0.1'}:{self.secure_port}"

    @property
    def tls_folder(self) -> Path | None:
        """Return where the server keeps its authority and certificate."""
        chosen = (self.env or {}).get("SCOREKEEPER_TLS_FOLDER")
        if chosen:
            return Path(chosen)
        return None if self.db is None else Path(self.db).parent / "tls"

    def start(self, timeout: float = 20.0, tries: int = 3) -> Server:
        """Start the command and wait until the home page answers.

        A port found free may be taken by another program (another test's server) before
        this one listens on it: the server then refuses to start, and is started again, on
        new ports the first time (nobody has its address yet), on the same ones after (a
        page open at its address must find it there again), a moment later.
        """
        for left in range(tries - 1, -1, -1):
            try:
                return self._start(timeout)
            except PortTaken:
                if not left:
                    raise
                if not self.started:
                    self.port = free_port()
                    self.secure_port = free_port() if self.secure_port else 0
                time.sleep(0.5)
        raise AssertionError("unreachable")

    def _ports_taken(self) -> bool:
        """Say whether another program listens on this server's port (or secure port)."""
        for port in (self.port, self.secure_port):
            if not port:
                continue
            with socket.socket() as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                try:
                    probe.bind(("127.0.0.1", port))
                except OSError:
                    return True
        return False

    def _start(self, timeout: float) -> Server:
        env = dict(os.environ if self.env is None else self.env)
        # A server measured or tested here never takes a real wake lock, announces no name on
        # the network and takes no start-up backup (a copy of the whole database beside the
        # requests being timed), unless the caller says otherwise.
        env.setdefault("WAKEPY_FAKE_SUCCESS", "1")
        env.setdefault("SCOREKEEPER_MDNS", "off")
        env.setdefault("SCOREKEEPER_BACKUPS", "0")
        if self.secret is not None:
            env["SECRET_KEY"] = self.secret
        options = ["--host", "127.0.0.1", "--port", str(self.port)]
        options += ["--secure-port", str(self.secure_port)]
        if self.address:
            options += ["--address", self.address]
        if self.db is not None:
            options += ["--db", str(self.db)]
            env.setdefault("SCOREKEEPER_TLS_FOLDER", str(Path(self.db).parent / "tls"))
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
                if self._ports_taken():
                    raise PortTaken(f"port {self.port} or {self.secure_port} is taken")
                raise RuntimeError(f"scorekeeper serve exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=1):
                    self.started = True
                    return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("scorekeeper serve did not start in time")

    def kill(self) -> None:
        """Kill the server at once (SIGKILL), as a crash would."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        """Stop the server politely, killing it if it does not stop within 10 seconds."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@contextlib.contextmanager
def running_server() -> Iterator[Server]:
    """Run `scorekeeper serve` on a scratch database for the length of the block."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as scratch:
        server = Server(db=Path(scratch) / "bench.sqlite").start()
        try:
            yield server
        finally:
            server.stop()


class Client:
    """One phone: its own cookies and CSRF token (read from the page's meta tag)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.token = ""

    def fetch_token(self) -> str:
        """Open the home page, taking its cookies and its CSRF token."""
        status, _, body = self.request("GET", "/")
        match = re.search(r'<meta name="csrf-token" content="([^"]+)"', body.decode())
        if status != 200 or not match:
            raise RuntimeError(f"the home page answered {status} without a CSRF token")
        self.token = match.group(1)
        return self.token

    def request(
        self,
        method: str,
        path: str,
        *,
        json_body: Any = None,
        form: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = 15.0,
    ) -> tuple[int, Headers, bytes]:
        """Send a request (a JSON body, or a form's) with the phone's cookies and token;
        return status, headers, body (of the page a redirect leads to)."""
        data = None if json_body is None else json.dumps(json_body).encode()
        if form is not None:
            data = urllib.parse.urlencode({"csrf_token": self.token, **form}).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if form is not None:
            request.add_header("Content-Type", "application/x-www-form-urlencoded")
        elif data is not None:
            request.add_header("Content-Type", "application/json")
        if self.token:
            request.add_header("X-CSRFToken", self.token)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return response.status, Headers(response.headers.items()), response.read()
        except urllib.error.HTTPError as error:
            return error.code, Headers(error.headers.items()), error.read()


@dataclass
class Table:
    """One client ("phone") at its own game: its HTTP client, the game, the deals to record."""

    client: Any
    game_id: str = ""
    recorded: int = 0


def new_table(base: str, document: dict[str, Any]) -> Table:
    """Make a client with its own cookies and token, and have it create an empty game."""
    client = Client(base)
    client.fetch_token()
    empty = {**document, "deals": []}
    status, _, body = client.request("POST", "/api/games", json_body=empty)
    if status != 201:
        raise RuntimeError(f"creating a game answered {status}: {body[:200]!r}")
    return Table(client, json.loads(body)["id"])


def record_via_api(table: Table, deal: dict[str, Any]) -> float:
    """Record the table's next deal through the JSON API; return the seconds it took."""
    table.recorded += 1
    started = time.perf_counter()
    status, _, body = table.client.request(
        "POST", f"/api/games/{table.game_id}/deals", json_body={"deal": table.recorded, **deal}
    )
    elapsed = time.perf_counter() - started
    if status != 201:
        raise RuntimeError(f"recording deal {table.recorded} answered {status}: {body[:200]!r}")
    return elapsed


def fetch_page(table: Table) -> float:
    """GET the table's live game page; return the seconds it took."""
    started = time.perf_counter()
    status, _, _ = table.client.request("GET", f"/games/{table.game_id}")
    elapsed = time.perf_counter() - started
    if status != 200:
        raise RuntimeError(f"the live game page answered {status}")
    return elapsed


def get(url: str, opener: Any) -> bytes:
    """Fetch a URL with a client's cookies; refuse anything but 200."""
    return get_on_the_wire(url, opener)[0]


#: What Chromium says it accepts; the server answers Brotli or gzip.
ACCEPT_ENCODING = "gzip, deflate, br, zstd"


def get_on_the_wire(url: str, opener: Any) -> tuple[bytes, int]:
    """Fetch a URL as a browser does, compressed; return its content and the bytes sent."""
    import gzip

    import brotli

    request = urllib.request.Request(url, headers={"Accept-Encoding": ACCEPT_ENCODING})
    with opener.open(request, timeout=15) as response:
        if response.status != 200:
            raise RuntimeError(f"{url} answered {response.status}")
        wire = response.read()
        encoding = response.headers.get("Content-Encoding", "")
    if encoding == "br":
        return brotli.decompress(wire), len(wire)
    if encoding == "gzip":
        return gzip.decompress(wire), len(wire)
    if encoding:
        raise RuntimeError(f"{url} came {encoding}-encoded, which this benchmark cannot read")
    return wire, len(wire)


def at_once(clients: int, work: Callable[[int], list[float]]) -> list[float]:
    """Run work(i) on `clients` threads released together; return every latency measured."""
    gate = threading.Barrier(clients)
    results: list[list[float]] = [[] for _ in range(clients)]
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            gate.wait()
            results[index] = work(index)
        except BaseException as error:  # reported after the threads are joined
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return [latency for latencies in results for latency in latencies]


#: Server CPU for each request a table or a watcher sends (issue 42): a tap's POST, the page
#: after it, a deal through the API, a watcher's refresh. A Raspberry Pi is about 5× slower.
CPU_BUDGET = 2.0


def process_cpu_seconds(pid: int) -> float | None:
    """Return the CPU time (user + system) a process has used so far, where Linux says it."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def process_cpu_exact(pid: int) -> float | None:
    """Return the CPU time a process's threads have used so far, to the nanosecond, where
    Linux says it (its scheduler's count, not /proc's 10 ms ticks): precise enough to part
    one request's cost from the next one's."""
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
        total = 0
        for task in tasks:
            with contextlib.suppress(FileNotFoundError):  # a thread that has just ended
                total += int((task / "schedstat").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return total / 1e9


@dataclass
class Latency:
    """p50 and p95 of one scenario, and the server's CPU time per request: one value per round."""

    p50: list[float] = field(default_factory=list)
    p95: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    samples: int = 0

    def measure(self, server_pid: int, clients: int, work: Callable[[int], list[float]]) -> None:
        """Run one round on `clients` threads; keep its percentiles (ms) and server CPU (ms)."""
        cpu_before = process_cpu_seconds(server_pid)
        latencies = at_once(clients, work)
        cpu_after = process_cpu_seconds(server_pid)
        self.add(latencies)
        if cpu_before is not None and cpu_after is not None:
            self.cpu.append((cpu_after - cpu_before) * 1000 / len(latencies))

    def add(self, latencies: Sequence[float]) -> None:
        """Keep one round's p50 and p95 (latencies in seconds, kept in milliseconds)."""
        self.p50.append(percentile(latencies, 50) * 1000)
        self.p95.append(percentile(latencies, 95) * 1000)
        self.samples += len(latencies)


def api_recording(base: str, pid: int, clients: int, rounds: int, games: int) -> Latency:
    """Record whole games deal by deal through the API, every client on its own games."""
    document = example(LONG_GAME)
    latency = Latency()
    for _ in range(rounds):
        tables = [[new_table(base, document) for _ in range(games)] for _ in range(clients)]

        def play(index: int, tables: list[list[Table]] = tables) -> list[float]:
            return [
                record_via_api(table, deal) for table in tables[index] for deal in document["deals"]
            ]

        latency.measure(pid, clients, play)
    return latency


def live_page(base: str, pid: int, clients: int, rounds: int, gets: int) -> Latency:
    """GET the live page of a half-played game, every client on its own game."""
    document = example(LONG_GAME)
    tables = []
    for _ in range(clients):
        table = new_table(base, document)
        for deal in document["deals"][: len(document["deals"]) // 2]:
            record_via_api(table, deal)
        fetch_page(table)  # warm: the template is compiled on the first request
        tables.append(table)
    latency = Latency()
    for _ in range(rounds):
        latency.measure(pid, clients, lambda i: [fetch_page(tables[i]) for _ in range(gets)])
    return latency


def latency_figures(
    what: str,
    by_clients: dict[int, Latency],
    budgets: dict[tuple[int, str], float],
    counted: str = "requests",
) -> list[Figure]:
    """Turn latencies by number of clients into p50 and p95 lines, budgets by (clients, p);
    the server's CPU a line of its own, its budget under (clients, "cpu")."""
    figures = []
    for clients, latency in by_clients.items():
        who = "1 client" if clients == 1 else f"{clients} concurrent clients"
        for label, runs in (("p50", latency.p50), ("p95", latency.p95)):
            limit = budgets.get((clients, label))
            figures.append(
                Figure(
                    f"{what}, {who}: {label} ({latency.samples} {counted})",
                    "ms",
                    runs,
                    None if limit is None else Budget(limit),
                )
            )
        if latency.cpu:
            cpu = f"{what}, {who}: server CPU per {counted[:-1]}"
            limit = budgets.get((clients, "cpu"))
            figures.append(Figure(cpu, "ms", latency.cpu, None if limit is None else Budget(limit)))
    return figures
