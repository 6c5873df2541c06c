"""The boxes file: every box a pencil fills is listed once, where the PDF draws it.

The PDF is drawn as an image (poppler's pdftoppm, as a printer or a phone's camera sees
it), and each box the file lists is looked for there: its four edges drawn, its inside
empty; each corner mark black where the file says and paper round it.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import numpy as np
from PIL import Image

from scorekeeper.cli import main
from scorekeeper.presentation.scoresheet import build_blank_sheet
from scorekeeper.rules import read_game
from scorekeeper.sheets.boxes import printed_with_boxes
from tests.conftest import EXAMPLES

from .games import CROWD
from .test_sheet_corner import linked

#: The resolution the sheet is drawn at, in dots per inch, and its dots in a point.
DPI = 100
SCALE = DPI / 72


def drawn(pdf: Path, page: int) -> np.ndarray:
    """Return one page of the PDF drawn in grey (0 black to 255 white)."""
    out = pdf.with_name(f"{pdf.stem}-{page}")
    subprocess.run(
        ["pdftoppm", "-png", "-gray", "-r", str(DPI), "-f", str(page), "-l", str(page),
         "-singlefile", str(pdf), str(out)],
        check=True,
    )  # fmt: skip
    with Image.open(out.with_suffix(".png")) as image:
        return np.asarray(image.convert("L"), dtype=np.int16)


def edge_drawn(image: np.ndarray, box: dict, edge: str) -> bool:
    """Say whether a line is drawn along one edge of a box, within a dot of where it is said
    to be: darker than the box's inside (white, or a row's grey) along the middle of the edge."""
    x, y, w, h = (box[key] * SCALE for key in ("x", "y", "width", "height"))
    if edge in ("left", "right"):
        at = round(x if edge == "left" else x + w)
        rows = slice(round(y + h * 0.25), round(y + h * 0.75))
        line = image[rows, at - 1 : at + 2].min(axis=1)
    else:
        at = round(y if edge == "top" else y + h)
        columns = slice(round(x + w * 0.25), round(x + w * 0.75))
        line = image[at - 1 : at + 2, columns].min(axis=0)
    return bool((line < np.median(inside(image, box)) - 12).mean() > 0.9)


def inside(image: np.ndarray, box: dict) -> np.ndarray:
    """Return the inside of a box, its edges left out."""
    x, y, w, h = (box[key] * SCALE for key in ("x", "y", "width", "height"))
    return image[round(y + 3) : round(y + h - 3), round(x + 3) : round(x + w - 3)]


def blank_with_boxes(tmp_path: Path, *options: str) -> tuple[Path, dict]:
    """Run `scorekeeper sheet --blank … --boxes`, and return the PDF and the boxes file."""
    pdf, boxes = tmp_path / "blank.pdf", tmp_path / "blank.json"
    assert main(["sheet", "--blank", *options, "--no-qr", "-o", str(pdf),
                 "--boxes", str(boxes)]) == 0  # fmt: skip
    return pdf, json.loads(boxes.read_text(encoding="utf-8"))


def test_every_box_of_a_partnership_sheet_is_listed_once_and_drawn_where_the_file_says(
    tmp_path: Path,
) -> None:
    pdf, described = blank_with_boxes(
        tmp_path, "--ruleset", "back-alley-pagat", "--players", "Ann,Bob,Cy,Dee", "--paper", "a4"
    )
    assert described["ruleset"] == "back-alley-pagat"
    assert described["players"] == ["Ann", "Bob", "Cy", "Dee"]
    assert described["sides"] == [{"side": 1, "seats": [1, 3]}, {"side": 2, "seats": [2, 4]}]
    assert len(described["deals"]) == 26
    boxes = described["boxes"]
    # A deal: a bid for each of the four seats, and each team's tricks, score and total.
    assert len(boxes) == 26 * (4 + 2 * 3)
    named = {(b["deal"], b["side"], b["seat"], b["holds"]) for b in boxes}
    assert len(named) == len(boxes)
    assert (7, 2, 4, "bid") in named and (7, 2, None, "tricks") in named
    assert (26, 1, None, "total") in named
    page = drawn(pdf, 1)
    assert abs(page.shape[0] - 841.89 * SCALE) <= 1 and abs(page.shape[1] - 595.28 * SCALE) <= 1
    for box in boxes:
        assert box["page"] == 1
        for edge in ("left", "right", "top", "bottom"):
            assert edge_drawn(page, box, edge), (box, edge)
        assert inside(page, box).min() > 150, box  # empty: nothing printed in it


def test_a_two_page_sheet_lists_its_boxes_on_both_pages_and_marks_every_corner(
    tmp_path: Path,
) -> None:
    # A crowd of sixteen: two bands of eight, the second on the second page.
    names = [f"Player {seat}" for seat in range(1, 17)]
    ruleset = read_game({"ruleset": CROWD, "players": names, "deals": []}).ruleset
    sheet = linked(build_blank_sheet(ruleset, players=names, first_dealer=0), names)
    table = {"ruleset": CROWD, "players": names, "first_dealer": 0}
    content, described = printed_with_boxes(sheet, ruleset.seats_by_side(16), table)
    pdf = tmp_path / "crowd.pdf"
    pdf.write_bytes(content)
    assert described["link"] == sheet.link.url and described["code"] == sheet.link.code
    assert len(described["boxes"]) == len(described["deals"]) * 16 * 4
    pages = described["pages"]
    assert len(pages) == 2
    assert {box["page"] for box in described["boxes"]} == {1, 2}
    for page in pages:
        image = drawn(pdf, page["page"])
        assert (page["width"], page["height"]) == (792.0, 612.0)  # turned to landscape
        assert [mark["corner"] for mark in page["marks"]] == [
            "top-left", "top-right", "bottom-left", "bottom-right"
        ]  # fmt: skip
        for mark in page["marks"]:
            assert mark["width"] == mark["height"] == 9.0
            x, y = (mark[key] * SCALE for key in ("x", "y"))
            size = mark["width"] * SCALE
            square = image[round(y + 2) : round(y + size - 2), round(x + 2) : round(x + size - 2)]
            ring = image[round(y - 6) : round(y + size + 6), round(x - 6) : round(x + size + 6)]
            assert square.max() < 60, mark
            assert (ring > 200).sum() >= ring.size - (size + 4) ** 2, mark
        for box in described["boxes"]:
            if box["page"] == page["page"]:
                assert all(edge_drawn(image, box, e) for e in ("left", "right", "top", "bottom"))


def test_boxes_are_only_for_a_blank_sheet(tmp_path: Path, capsys) -> None:
    out, game = tmp_path / "sheet.pdf", str(EXAMPLES / "back-alley-pagat.game.json")
    assert main(["sheet", game, "-o", str(out), "--boxes", str(tmp_path / "b.json")]) == 1
    assert "--boxes is for blank sheets" in capsys.readouterr().err
    assert not out.exists()
