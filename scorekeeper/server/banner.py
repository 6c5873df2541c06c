"""What `scorekeeper serve` says as it starts: where phones should go, with a QR code of it."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from ..machine.addresses import lan_address
from ..machine.config import INSTANCE

if TYPE_CHECKING:
    from .secure import Secure


def greet(
    host: str, port: int, database: str, out: TextIO = sys.stdout, *, secure: Secure | None = None
) -> None:
    """Print where phones should go (with a QR code of it), the secure address beside it and
    how a phone trusts it, then where the data lives."""
    import segno

    everywhere = host in ("0.0.0.0", "::", "")
    address = lan_address() if everywhere else None
    shown = address or (host if not everywhere else "localhost")
    url = f"http://{shown}:{port}/"
    if address:
        print(f"Phones on this network can open {url}", file=out)
        segno.make(url, error="l").terminal(out=out, compact=True)
        print(f"(on this computer: http://localhost:{port}/)", file=out)
    else:
        print(f"Scorekeeper is running on {url}", file=out)
    if secure is not None:
        print(f"The secure address is https://{shown}:{secure.port}/", file=out)
        if secure.own_authority:
            trust = f"{url}trust"
            print(
                f"A phone trusts it once, from {trust} (the screen then stays awake, the app "
                "works offline and installs); the authority's fingerprint, to compare there:",
                file=out,
            )
            print(f"  {secure.fingerprint}", file=out)
            if address:
                segno.make(trust, error="l").terminal(out=out, compact=True)
    print(f"Games are kept in {database}", file=out)
    print(f"The secret key is in {INSTANCE / 'secret_key'} (or $SECRET_KEY)", file=out)
    out.flush()


def terminal_qr(text: str) -> str | None:
    """Draw a QR code of the text for a terminal, or None when segno is not installed."""
    try:
        import segno
    except ImportError:
        return None
    import io

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
