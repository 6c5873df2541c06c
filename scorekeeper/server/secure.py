"""The secure address: HTTPS beside plain HTTP, with this machine's own certificate or yours.

Phones open the plain address first (from the QR code: it opens on any phone with no
warning); a phone that trusts this machine's authority (`/trust`) is moved on to the
secure one, where the page may keep the screen awake, work offline and install as an
app. The certificate is made and renewed here at start-up (`machine.certificates`),
unless `--certfile` and `--keyfile` name one the family already has (its own domain, a
tailnet name).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from ..machine import certificates as tls
from ..machine.config import INSTANCE


@dataclass(frozen=True)
class Secure:
    """The server's secure address: its port, its certificate, and whose it is."""

    port: int
    certfile: Path
    keyfile: Path
    own_authority: bool  #: made by this machine: /trust offers its authority to phones
    fingerprint: str  #: the authority's SHA-256 fingerprint ("" for a certificate of yours)
    folder: Path | None  #: where the authority is kept, when it is this machine's


class SecureError(Exception):
    """A certificate of yours that cannot be used, said in words."""


def secure_setup(
    port: int,
    *,
    certfile: str | None = None,
    keyfile: str | None = None,
    extra: tuple[str, ...] = (),
    now: datetime.datetime | None = None,
) -> Secure:
    """Return the secure address's settings: yours, or this machine's own certificate, made
    or made again (new addresses, near its end) as needed."""
    if certfile or keyfile:
        if not (certfile and keyfile):
            raise SecureError("give both --certfile and --keyfile, or neither")
        for path in (certfile, keyfile):
            if not Path(path).is_file():
                raise SecureError(f"there is no file {path}")
        return Secure(port, Path(certfile), Path(keyfile), False, "", None)
    folder = tls.folder_in(INSTANCE)
    names, addresses = tls.machine_names(extra)
    tls.ensure(
        folder,
        names=names,
        addresses=addresses,
        now=now or datetime.datetime.now(datetime.UTC),
    )
    return Secure(port, folder.server, folder.server_key, True, folder.fingerprint(), folder.folder)
