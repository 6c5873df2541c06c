"""What `scorekeeper serve` says as it starts: where phones should go, with a QR code of it."""

from __future__ import annotations

import sys
from typing import TextIO

from ..machine.addresses import lan_address
from ..machine.config import INSTANCE


def greet(host: str, port: int, database: str, out: TextIO = sys.stdout) -> None:
    """Print where phones should go (with a QR code of it), then where the data lives."""
    import segno

    everywhere = host in ("0.0.0.0", "::", "")
    address = lan_address() if everywhere else None
    url = f"http://{address or (host if not everywhere else 'localhost')}:{port}/"
    if address:
        print(f"Phones on this network can open {url}", file=out)
        segno.make(url, error="l").terminal(out=out, compact=True)
        print(f"(on this computer: http://localhost:{port}/)", file=out)
    else:
        print(f"Scorekeeper is running on {url}", file=out)
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
