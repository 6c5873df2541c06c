"""Where things live on this machine: the project's folders, the database, the secret key."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
INSTANCE = ROOT / "instance"


def default_database_path() -> Path:
    """Return the database file: $SCOREKEEPER_DB, or instance/scorekeeper.sqlite."""
    return Path(os.environ.get("SCOREKEEPER_DB") or INSTANCE / "scorekeeper.sqlite")


def secret_key(instance: Path = INSTANCE) -> str:
    """Return $SECRET_KEY, or the key generated once into instance/secret_key (mode 0600).

    Every worker and every restart shares the file, so sessions and CSRF
    tokens stay valid across them. Creation is exclusive, so two processes
    starting at once still agree on one key.
    """
    from_env = os.environ.get("SECRET_KEY")
    if from_env:
        return from_env
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        temporary = instance / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32))
        try:
            os.link(temporary, path)  # atomic: the first process to get here wins
        except FileExistsError:
            pass
        finally:
            temporary.unlink()
    return path.read_text().strip()
