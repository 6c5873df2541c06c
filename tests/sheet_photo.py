"""A blank sheet printed with its QR code (signed with a key the test chooses), filled in by
program with handwritten digits the model never trained on, and "photographed": the photo a
family's phone would send (scripts/sheet_photos.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from scorekeeper.cli import main
from scorekeeper.rules import read_game, score_game
from tests.conftest import REPO

sys.path.insert(0, str(REPO / "scripts"))
from sheet_photos import drawn_page, fill, numeric_game, photograph, written_values

NAMES = ["Ann", "Bob", "Cy", "Dee"]
#: The server a sheet's QR code opens (the address by number, as pages print it).
BASE = "http://192.168.1.5:5000"


def printed_blank(
    folder: Path, key: str, *, ruleset: str = "joker", names: list[str] = NAMES, qr: bool = True
) -> tuple[bytes, dict[str, Any]]:
    """Print a blank sheet as `scorekeeper sheet --blank --boxes` does, its link signed with
    `key`; return its PDF and its boxes file."""
    pdf, boxes = folder / "blank.pdf", folder / "blank.json"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SECRET_KEY", key)
        status = main(["sheet", "--blank", "--ruleset", ruleset, "--players", ",".join(names),
                       "--base", BASE, *([] if qr else ["--no-qr"]), "-o", str(pdf),
                       "--boxes", str(boxes)])  # fmt: skip
    assert status == 0
    return pdf.read_bytes(), json.loads(boxes.read_text(encoding="utf-8"))


def photographed(
    pdf: bytes,
    described: dict[str, Any],
    game: dict[str, Any],
    seed: int,
    turn: float = 12.0,
    slips: dict[tuple, str] | None = None,
) -> bytes:
    """Write a game's numbers on the sheet in pencil (a box of `slips` written otherwise)
    and return a phone's JPEG of it."""
    rng = np.random.default_rng(seed)
    values = {**written_values(score_game(read_game(game)), described), **(slips or {})}
    page, _ = fill(drawn_page(pdf), described, values, rng)
    return photograph(page, rng, turn=turn)


def written_game(deals: int, seed: int, ruleset: str = "joker") -> dict[str, Any]:
    """Return a legal game of this many deals, all its bids numbers (a pencil's digits)."""
    return numeric_game(ruleset, NAMES, deals, np.random.default_rng(seed))


def kitchen_table(seed: int = 1) -> bytes:
    """Return a JPEG of a kitchen table with no sheet on it: grain and a lamp's light."""
    import io

    from PIL import Image

    rng = np.random.default_rng(seed)
    table = 120 + 40 * np.sin(np.linspace(0, 6, 1200))[None, :] + rng.normal(0, 8, (900, 1200))
    out = io.BytesIO()
    Image.fromarray(table.clip(0, 255).astype(np.uint8)).save(out, "JPEG")
    return out.getvalue()
