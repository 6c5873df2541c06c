"""Read the QR codes of a printed sheet back as a phone's camera would: the PDF's first page
drawn as an image (poppler's pdftoppm), and the codes in it decoded (zxing-cpp)."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path
from typing import Any

#: The head of a page, where a sheet prints its QR code: its top 2.5 inches.
HEAD_INCHES = 2.5


def qr_links(pdf: bytes, *, dpi: int = 150, page: int = 1, whole: bool = False) -> list[str]:
    """Return the text of every QR code in the head of the PDF's first page (or of another
    page, or the `whole` page)."""
    return [code.text for code in qr_codes(pdf, dpi=dpi, page=page, whole=whole)[0]]


def qr_codes(
    pdf: bytes, *, dpi: int = 150, page: int = 1, whole: bool = False
) -> tuple[list[Any], Any]:
    """Return the QR codes found in the head of the PDF's first page, or of `page`, or in
    the `whole` page (zxing-cpp's results: text, corners in pixels, version), and what was
    read, drawn in grey at this resolution."""
    import zxingcpp
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "sheet.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page),
             "-singlefile", *([] if whole else ["-H", str(int(HEAD_INCHES * dpi))]),
             str(source), str(Path(folder) / "page")],
            check=True,
        )  # fmt: skip
        with Image.open(Path(folder) / "page.png") as drawn:
            head = drawn.convert("L")
    return zxingcpp.read_barcodes(head, formats=zxingcpp.BarcodeFormat.QRCode), head
