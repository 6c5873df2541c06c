"""Read the QR codes of a printed sheet back as a phone's camera would: the PDF's first page
drawn as an image (poppler's pdftoppm), and the codes in it decoded (zxing-cpp)."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

#: The head of a page, where a sheet prints its QR code: its top 2.5 inches.
HEAD_INCHES = 2.5


def qr_links(pdf: bytes, *, dpi: int = 150) -> list[str]:
    """Return the text of every QR code in the head of the PDF's first page."""
    import zxingcpp
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "sheet.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile",
             "-H", str(int(HEAD_INCHES * dpi)), str(source), str(Path(folder) / "page")],
            check=True,
        )  # fmt: skip
        with Image.open(Path(folder) / "page.png") as page:
            found = zxingcpp.read_barcodes(page, formats=zxingcpp.BarcodeFormat.QRCode)
    return [code.text for code in found]
