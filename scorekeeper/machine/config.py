"""Where things live on this machine: the database and the secret key (the folders shipped with
the app are located by the top package, `scorekeeper`)."""

from __future__ import annotations

import ipaddress
import os
import secrets
import socket
from pathlib import Path

from .. import CHECKOUT


def _instance() -> Path:
    """Return the folder of the database and secret key."""
    # A checkout keeps them in its instance/; an installed copy has none beside it, so it
    # uses the per-user data folder (~/.local/share/scorekeeper on Linux).
    local = CHECKOUT / "instance"
    if local.is_dir() and (CHECKOUT / "pyproject.toml").is_file():
        return local
    from platformdirs import user_data_path

    return user_data_path("scorekeeper", appauthor=False)


#: The languages a page may be read in, English first (the default). Adding one is a line
#: here and its catalog, translations/<code>/LC_MESSAGES/messages.po (README: "Languages").
LANGUAGES = {
    "en": "English",
    "ka": "ქართული",
}
INSTANCE = _instance()
#: The port `scorekeeper serve` listens on unless told another.
PORT = 5000


def default_database_path() -> Path:
    """Return the database file: $SCOREKEEPER_DB, or scorekeeper.sqlite in INSTANCE."""
    return Path(os.environ.get("SCOREKEEPER_DB") or INSTANCE / "scorekeeper.sqlite")


def secret_key(instance: Path = INSTANCE) -> str:
    """Return $SECRET_KEY, or the key generated once into INSTANCE/secret_key (mode 0600).

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


#: Free room the database's disk keeps, in MB, unless $SCOREKEEPER_MIN_FREE_MB says otherwise.
MIN_FREE_MB = 100


def min_free_bytes() -> int:
    """Return the free room (bytes) under which writes are refused: $SCOREKEEPER_MIN_FREE_MB
    megabytes (a whole number), or MIN_FREE_MB."""
    said = os.environ.get("SCOREKEEPER_MIN_FREE_MB", "").strip()
    megabytes = int(said) if said.isascii() and said.isdigit() else MIN_FREE_MB
    return megabytes * 1_000_000


def quotas_on() -> bool:
    """Say whether the quotas count: on unless $SCOREKEEPER_QUOTAS is "off"."""
    return os.environ.get("SCOREKEEPER_QUOTAS", "on").strip().lower() != "off"


def trusted_hosts() -> list[str]:
    """Return the names this server answers to; any IP address is answered too.

    A page on another site can point its own name at this machine (DNS rebinding);
    refusing every name but these keeps it from reading or changing anything here.
    This machine's name, NAME.local, any *.local name and localhost are served, and
    $SCOREKEEPER_HOSTS adds more (comma-separated; ".example.org" takes subdomains).
    """
    name = socket.gethostname().strip(".").lower()
    names = ["localhost", ".localhost", ".local"]
    if name:
        names += [name, f"{name}.local"]
    extra = os.environ.get("SCOREKEEPER_HOSTS", "")
    names += [host.strip().lower() for host in extra.split(",") if host.strip()]
    return list(dict.fromkeys(names))


def is_ip_address(host: str) -> bool:
    """Say whether a Host header (with or without a port) names an IP address, not a name."""
    if host.startswith("["):
        host = host[1:].partition("]")[0]
    elif host.count(":") == 1:
        host = host.partition(":")[0]
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


#: The name the server is announced by on the home network: http://scorekeeper.local:PORT/.
DEFAULT_NAME = "scorekeeper"
#: Minutes after a game's last tap that `serve` keeps the computer from sleeping.
DEFAULT_AWAKE_MINUTES = 30
#: Daily backups `serve` keeps beside the database.
DEFAULT_BACKUPS_KEPT = 7


def _whole_number(variable: str, default: int) -> int:
    """Return a setting that is a whole number of something, or its default when unset."""
    raw = os.environ.get(variable, "").strip()
    if not raw:
        return default
    if not raw.isascii() or not raw.isdigit():
        raise ValueError(f"${variable} must be a whole number, not {raw!r}")
    return int(raw)


def announced_name() -> str:
    """Return the name to announce the server by: $SCOREKEEPER_NAME, or "scorekeeper"."""
    return os.environ.get("SCOREKEEPER_NAME", "").strip().lower() or DEFAULT_NAME


def announce_on() -> str | None:
    """Return where to announce the server by name: "" for the LAN address found, an address
    given in $SCOREKEEPER_MDNS, or None when it says "off"."""
    said = os.environ.get("SCOREKEEPER_MDNS", "").strip().lower()
    if said in ("off", "no", "0", "false"):
        return None
    return "" if said in ("", "on", "yes", "1", "true") else said


def awake_minutes() -> int:
    """Return $SCOREKEEPER_AWAKE_MINUTES (30): how long after a tap the computer stays awake;
    0 never keeps it awake."""
    return _whole_number("SCOREKEEPER_AWAKE_MINUTES", DEFAULT_AWAKE_MINUTES)


def backups_kept() -> int:
    """Return $SCOREKEEPER_BACKUPS (7): how many daily backups to keep; 0 takes none."""
    return _whole_number("SCOREKEEPER_BACKUPS", DEFAULT_BACKUPS_KEPT)
