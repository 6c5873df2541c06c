"""What `scorekeeper serve` says as it starts: where phones should go, with a QR code of it."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO
from urllib.parse import urlsplit

from ..machine.addresses import lan_address
from ..machine.config import INSTANCE

if TYPE_CHECKING:
    from .secure import Secure


def greet(
    host: str,
    port: int,
    database: str,
    out: TextIO = sys.stdout,
    *,
    links: list[str] | None = None,
    secure: Secure | None = None,
    notes: Sequence[str] = (),
) -> None:
    """Print, in this order: the address phones open and its QR code; the secure address,
    how a phone trusts it and the QR code of /trust; then the rest (where the data lives,
    and each of `notes`, a line apiece). Every QR code is captioned.

    `links` are the server's addresses as phones should open them, by name first (the
    appliance's); without them, the LAN address found now.
    """
    everywhere = host in ("0.0.0.0", "::", "")
    address = lan_address() if everywhere else None
    url = f"http://{address or (host if not everywhere else 'localhost')}:{port}/"
    links = links or ([url] if address else [])
    if links:
        also = f" (or {', '.join(links[1:])})" if links[1:] else ""
        print(f"Phones on this network can open {links[0]}{also}", file=out)
        print(side_by_side(links), end="", file=out)
        if everywhere:
            print(f"(on this computer: http://localhost:{port}/)", file=out)
    else:
        print(f"Scorekeeper is running on {url}", file=out)
    if secure is not None:
        first = urlsplit(links[0] if links else url).hostname or "localhost"
        shown = f"[{first}]" if ":" in first else first
        print(f"The secure address is https://{shown}:{secure.port}/", file=out)
        if secure.own_authority:
            trust = f"{links[0] if links else url}trust"
            print(
                f"A phone trusts it once, from {trust} (the screen then stays awake, the app "
                "works offline and installs); the authority's fingerprint, to compare there:",
                file=out,
            )
            print(f"  {secure.fingerprint}", file=out)
            if links:
                print(side_by_side([trust], ["trust this server"]), end="", file=out)
    print(f"Games are kept in {database}", file=out)
    print(f"The secret key is in {INSTANCE / 'secret_key'} (or $SECRET_KEY)", file=out)
    for note in notes:
        print(note, file=out)
    out.flush()


def terminal_qr(text: str) -> str | None:
    """Draw a QR code of the text for a terminal, or None when segno is not installed."""
    try:
        import segno
    except ImportError:
        return None

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def side_by_side(links: list[str], names: Sequence[str] = ()) -> str:
    """Draw a QR code of each link for a terminal, side by side, each captioned under it: with
    `names`, or "by name" and "by address" for two links, "open this" for one."""
    import segno

    drawn = []
    for link in links:
        out = io.StringIO()
        segno.make(link, error="l").terminal(out=out, compact=True)
        drawn.append(out.getvalue().splitlines())
    widths = [max(len(line) for line in lines) for lines in drawn]
    rows = max(len(lines) for lines in drawn)
    gap = "  "
    text = []
    for row in range(rows):
        cells = [
            (lines[row] if row < len(lines) else "").ljust(width)
            for lines, width in zip(drawn, widths, strict=True)
        ]
        text.append(gap.join(cells).rstrip())
    if not names:
        names = (
            ["by name", "by address"]
            if len(links) == 2
            else ["open this"]
            if len(links) == 1
            else [f"link {n}" for n in range(1, len(links) + 1)]
        )
    text.append(
        gap.join(name.center(width) for name, width in zip(names, widths, strict=True)).rstrip()
    )
    return "\n".join(text) + "\n"
