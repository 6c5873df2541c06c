"""The server running now: the address, port and name it answers on, left beside its database.

`scorekeeper serve` leaves this record when it starts and takes it away when it stops,
so every link printed elsewhere (`scorekeeper edit-link`, the pages drawn by its worker
processes) names the port and the name that really answer, and `scorekeeper backup
--restore` knows not to replace a database a server is using. A record whose process is
gone (a server killed outright) is taken for no server at all.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path


@dataclass(frozen=True)
class RunningServer:
    """Where a running `scorekeeper serve` answers."""

    #: The server's process.
    pid: int
    #: The port it listens on.
    port: int
    #: What it listens on: "0.0.0.0" (every network), "127.0.0.1", an address.
    host: str
    #: Its address on the home network when it listens there, else None.
    address: str | None
    #: The name it is announced by (mDNS), e.g. "scorekeeper.local", else None.
    name: str | None
    #: The database it serves.
    database: str
    scheme: str = "http"

    def base(self) -> str:
        """Return the address this machine itself reaches the server at."""
        host = "localhost" if self.host in ("0.0.0.0", "::", "") else self.host
        host = f"[{host}]" if ":" in host else host
        return f"{self.scheme}://{host}:{self.port}"


def record_path(database: str | Path) -> Path:
    """Return where the server of this database leaves its record (beside the database)."""
    database = Path(database)
    return database.with_name(database.name + ".server.json")


def leave(server: RunningServer) -> None:
    """Write the running server's record, whole or not at all."""
    path = record_path(server.database)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    partial.write_text(json.dumps(asdict(server), indent=1) + "\n", encoding="utf-8")
    os.replace(partial, path)


def clear(database: str | Path, pid: int | None = None) -> None:
    """Take the record away (only this process's record, when `pid` is given)."""
    path = record_path(database)
    if pid is not None:
        found = _read(path)
        if found is not None and found.pid != pid:
            return
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


#: Records read lately, by path: (the file's change time, what it said).
_seen: dict[Path, tuple[int, RunningServer | None]] = {}


def find(database: str | Path) -> RunningServer | None:
    """Return the server running on this database, or None when there is none.

    The record is read again only when the file changed, so a page may ask for every link.
    """
    path = record_path(database)
    try:
        changed = path.stat().st_mtime_ns
    except OSError:
        return None
    kept = _seen.get(path)
    if kept is None or kept[0] != changed:
        kept = (changed, _read(path))
        _seen[path] = kept
    server = kept[1]
    return server if server is not None and alive(server.pid) else None


def _read(path: Path) -> RunningServer | None:
    try:
        said = json.loads(path.read_text(encoding="utf-8"))
        return RunningServer(**said)
    except (OSError, ValueError, TypeError):
        return None


def alive(pid: int) -> bool:
    """Say whether a process of this id is running."""
    if os.name == "nt":  # signal 0 is Ctrl-C there: trust the record, taken away on stopping
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: running all the same
        return True
    return True
