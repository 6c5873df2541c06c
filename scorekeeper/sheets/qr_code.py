"""The QR code in a printed sheet's corner: vector paths (SVG inside the PDF), big enough to
scan from a phone held at arm's length.

A phone's camera reads a QR code whose small squares (modules) print at half a millimetre
or more; the code prints at least 20 mm wide besides its quiet zone (four modules of white
all round, kept inside the drawing), and wider when its link needs more modules.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from markupsafe import Markup

#: Points in a millimetre.
MM = 72 / 25.4
#: The least width of the code itself (its quiet zone apart), and of one module.
LEAST_WIDTH = 20 * MM
LEAST_MODULE = 0.5 * MM
#: The white border every reader needs round the code, in modules.
QUIET_ZONE = 4


@dataclass(frozen=True)
class DrawnCode:
    """A QR code drawn for the sheet: its SVG, and its width with the quiet zone, in points."""

    svg: Markup
    size: float


def draw_code(url: str) -> DrawnCode:
    """Draw the QR code of a link as an SVG element, sized for paper."""
    import segno

    code = segno.make(url, error="m", micro=False)
    modules = code.symbol_size(border=0)[0]
    module = max(LEAST_MODULE, LEAST_WIDTH / modules)
    size = round(module * (modules + 2 * QUIET_ZONE), 2)
    out = io.BytesIO()
    code.save(
        out, kind="svg", border=QUIET_ZONE, dark="#000", light="#fff", xmldecl=False,
        svgns=True, omitsize=True, nl=False,
    )  # fmt: skip
    svg = out.getvalue().decode().replace("<svg ", f'<svg width="{size}pt" height="{size}pt" ', 1)
    return DrawnCode(Markup(svg), size)
