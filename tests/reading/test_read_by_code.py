"""`scorekeeper read-sheet PHOTO` with no boxes file: the sheet's own QR code, signed by this
server, names the sheet, which is laid out again as it printed and read. A code this server
did not sign, a photo whose code cannot be read and a photo of something else are refused in
words, and `--sheet` still reads a sheet printed with no code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from tests.sheet_photo import kitchen_table, photographed, printed_blank, written_game

KEY = "the server's own key"
DEALS = 6


@pytest.fixture(scope="module")
def sheet(tmp_path_factory) -> tuple[bytes, dict]:
    return printed_blank(tmp_path_factory.mktemp("coded"), KEY)


def read(
    capsys, monkeypatch, photo: Path, *extra: str, key: str = KEY
) -> tuple[int, dict | None, str]:
    monkeypatch.setenv("SECRET_KEY", key)
    status = main(["read-sheet", str(photo), "--db", str(photo.parent / "games.sqlite"), *extra])
    out, err = capsys.readouterr()
    return status, json.loads(out) if out else None, err


def test_a_photo_alone_is_read_by_the_sheet_its_code_names(
    sheet, tmp_path: Path, capsys, monkeypatch
) -> None:
    pdf, described = sheet
    assert described["link"].startswith("http://192.168.1.5:5000/sheet/")
    game = written_game(DEALS, seed=5)
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(photographed(pdf, described, game, seed=5))

    status, by_code, err = read(capsys, monkeypatch, photo)

    assert status == 0, err
    assert by_code["deals_read"] == DEALS
    asked = {(q["deal"], q["seat"], q["holds"]) for q in by_code["questions"]}
    for number, (written, got) in enumerate(
        zip(game["deals"], by_code["game"]["deals"], strict=True), 1
    ):
        for seat in range(4):
            for holds, values in (("bid", "bids"), ("tricks", "tricks")):
                if (number, seat + 1, holds) not in asked:
                    assert got[values][seat] == written[values][seat], (number, seat, holds)
    # The same photo read by the boxes file the command wrote: the very same reading.
    boxes = tmp_path / "boxes.json"
    boxes.write_text(json.dumps(described), encoding="utf-8")
    status, by_file, err = read(capsys, monkeypatch, photo, "--sheet", str(boxes))
    assert status == 0, err
    assert by_file == by_code


def test_a_code_this_server_did_not_sign_is_refused_in_words(
    sheet, tmp_path: Path, capsys, monkeypatch
) -> None:
    pdf, described = sheet
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(photographed(pdf, described, written_game(1, seed=6), seed=6))

    status, out, err = read(capsys, monkeypatch, photo, key="another server's key")

    assert (status, out) == (1, None)
    assert "the QR code in this photo is not one this Scorekeeper printed" in err


def test_a_sheet_with_no_code_is_refused_and_read_with_its_boxes_file(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    pdf, described = printed_blank(tmp_path, KEY, qr=False)
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(photographed(pdf, described, written_game(2, seed=7), seed=7))

    status, out, err = read(capsys, monkeypatch, photo)
    assert (status, out) == (1, None)
    assert "the sheet's QR code cannot be read in this photo" in err

    boxes = tmp_path / "boxes.json"
    boxes.write_text(json.dumps(described), encoding="utf-8")
    status, out, err = read(capsys, monkeypatch, photo, "--sheet", str(boxes))
    assert status == 0, err
    assert out["deals_read"] == 2


def test_a_photo_of_something_else_is_refused_in_words(tmp_path: Path, capsys, monkeypatch) -> None:
    photo = tmp_path / "table.jpg"
    photo.write_bytes(kitchen_table())

    status, out, err = read(capsys, monkeypatch, photo)

    assert (status, out) == (1, None)
    assert "no Scorekeeper sheet is found in this photo" in err
