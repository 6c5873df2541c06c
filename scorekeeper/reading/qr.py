"""The QR code in a photo of a sheet: what it holds, read as a phone's camera reads it.

Every printed sheet carries one in its top right corner (`sheets.qr_code`): a blank sheet's
holds its signed link, which names the table it was printed for, so a photo needs nothing
beside it to be read. zxing-cpp finds and decodes it, turned, at a slant or a little blurred.
`read_named` reads a photo by the sheet its code names: what that is, and whether this
server printed it, is for the caller to say (`sheets.photographed`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np

from ..rules.sentences import Sentence
from .photo import NotASheet, NotThisSheet, find_marks, flattened, open_photo
from .settle import SheetRead, read_page


def links_in(grey: np.ndarray) -> list[str]:
    """Return the text of every QR code found in a grey photo, the largest first."""
    import zxingcpp

    found = zxingcpp.read_barcodes(
        np.ascontiguousarray(grey), formats=zxingcpp.BarcodeFormat.QRCode
    )
    found = sorted(found, key=lambda code: -_area(code.position))
    return [code.text for code in found if code.text]


def _area(position: object) -> float:
    """Return the area a code covers in the photo, in pixels (its four corners)."""
    corners = [getattr(position, name) for name in
               ("top_left", "top_right", "bottom_right", "bottom_left")]  # fmt: skip
    xs, ys = [c.x for c in corners], [c.y for c in corners]
    return 0.5 * abs(sum(xs[i] * ys[i - 1] - xs[i - 1] * ys[i] for i in range(4)))


NO_CODE = Sentence(
    "the sheet's QR code cannot be read in this photo: photograph the whole page, sharp and "
    "close enough that its QR code in the top right corner is clear"
)


def read_named(
    data: bytes, named: Callable[[list[str]], Iterable[Mapping[str, Any]]]
) -> tuple[Mapping[str, Any], SheetRead]:
    """Read a photo of a sheet by its own QR code: `named` is given the codes found and
    yields the boxes files the sheet they name may have been printed as, likeliest first;
    return the one the photo is of, and the sheet read.

    Raise NotASheet, in words, for a photo of no sheet, or whose code cannot be read;
    whatever `named` raises for a code it does not take is raised as it is.
    """
    grey = open_photo(data)
    links = links_in(grey)
    if not links:
        find_marks(flattened(grey))  # no corner marks: no sheet at all, said so
        raise NotASheet(NO_CODE)
    last = NotASheet(NO_CODE)
    for described in named(links):
        try:
            return described, read_page(grey, described)
        except NotThisSheet as refused:
            last = refused
    raise last
