"""`scorekeeper read-sheet`: a sheet printed from the project's own PDF, filled in by program
with handwritten digits the model never trained on, "photographed" (turned, at a slant, a
shadow, blur, grain), is read back: every box it does not ask about is right, and the ones
it is unsure of are asked. A photo of something else is refused in words.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from scorekeeper.cli import main
from scorekeeper.reading.cells import Reading, characters
from scorekeeper.reading.photo import SCALE
from scorekeeper.reading.settle import _edges_found, resolve
from scorekeeper.rules import read_game, score_game
from tests.conftest import REPO
from tests.sheet_photo import kitchen_table

sys.path.insert(0, str(REPO / "scripts"))
from sheet_photos import drawn_page, fill, numeric_game, photograph, written_values

NAMES = ["Ann", "Bob", "Cy", "Dee"]
#: Deals written on the sheet (the rest of its rows left empty: a game still being played).
DEALS = 8
#: The first two rows of a Joker sheet for four, as its boxes file describes them.
JOKER_TWO_DEALS = {
    "ruleset": "joker", "players": NAMES, "first_dealer": 0,
    "sides": [{"side": s, "seats": [s]} for s in range(1, 5)],
    "deals": [{"deal": 1, "cards": 1}, {"deal": 2, "cards": 2}],
}  # fmt: skip
#: Joker for four, two deals a family can score by hand (totals 50, 200, 50, 0, then 100, 300,
#: 50, 100), and a third after them.
TWO_DEALS = {"ruleset": "joker", "players": NAMES, "deals": [
    {"bids": [0, 1, 0, 1], "tricks": [0, 1, 0, 0]},
    {"bids": [0, 1, 2, 1], "tricks": [0, 1, 0, 1]}]}  # fmt: skip
THREE_DEALS = {**TWO_DEALS, "deals": [
    *TWO_DEALS["deals"], {"bids": [1, 0, 1, 0], "tricks": [1, 0, 1, 1]}]}  # fmt: skip


@pytest.fixture(scope="module")
def joker_sheet(tmp_path_factory) -> tuple[Path, dict]:
    """A blank Joker sheet for four, and its boxes file, as the command writes them."""
    folder = tmp_path_factory.mktemp("joker")
    pdf, boxes = folder / "blank.pdf", folder / "blank.json"
    assert main(["sheet", "--blank", "--ruleset", "joker", "--players", ",".join(NAMES),
                 "--no-qr", "-o", str(pdf), "--boxes", str(boxes)]) == 0  # fmt: skip
    return pdf, json.loads(boxes.read_text(encoding="utf-8"))


def read_sheet(capsys, photo: Path, boxes: Path) -> tuple[int, dict | None, str]:
    """Run `scorekeeper read-sheet PHOTO --sheet BOXES`: its status, its JSON, its error."""
    status = main(["read-sheet", str(photo), "--sheet", str(boxes)])
    out, err = capsys.readouterr()
    return status, json.loads(out) if out else None, err


@pytest.mark.parametrize(("seed", "turn"), [(3, 12.0), (4, -27.0)])
def test_a_photographed_sheet_is_read_and_only_its_doubtful_boxes_are_asked(
    joker_sheet, tmp_path: Path, capsys, seed: int, turn: float
) -> None:
    pdf, described = joker_sheet
    rng = np.random.default_rng(seed)
    game = numeric_game("joker", NAMES, DEALS, rng)
    truth = written_values(score_game(read_game(game)), described)
    page, digits = fill(drawn_page(pdf.read_bytes()), described, truth, rng)
    assert digits > DEALS * 4 * 3  # every bid, tricks, score and total: more than 96 digits
    photo, boxes = tmp_path / "sheet.jpg", tmp_path / "boxes.json"
    photo.write_bytes(photograph(page, rng, turn=turn))
    boxes.write_text(json.dumps(described), encoding="utf-8")

    status, read, err = read_sheet(capsys, photo, boxes)

    assert status == 0, err
    assert read["deals_read"] == DEALS
    asked = {(q["deal"], q["side"], q["seat"], q["holds"]) for q in read["questions"]}
    # A box is asked about, or read right: the game read differs from the one written only
    # in boxes it asks about.
    for number, (written, got) in enumerate(
        zip(game["deals"], read["game"]["deals"], strict=True), 1
    ):
        for seat in range(4):
            for holds, values in (("bid", "bids"), ("tricks", "tricks")):
                if (number, seat + 1, seat + 1, holds) not in asked:
                    assert got[values][seat] == written[values][seat], (number, seat, holds)
    cells = DEALS * 4 * 3
    assert len(asked) <= 0.15 * cells, read["questions"]
    for question in read["questions"]:
        assert question["holds"] in ("bid", "tricks", "total")
        assert 1 <= question["deal"] <= DEALS and question["best"]


def test_the_rules_settle_a_doubtful_count_of_tricks_and_the_totals_confirm_it() -> None:
    # Joker, deal 1: one card each. Bob and Dee bid 1 (the dealer, Ann, may not make the
    # bids add up to 1), Bob takes the trick. The model reads Bob's count of tricks as a 0
    # more than a 1; only 1 adds up to the one card dealt, and the totals written (Bob's 200 for all
    # the cards bid and taken, 50 for each pass kept, Dee's 0) agree.
    described = JOKER_TWO_DEALS
    game = {"ruleset": "joker", "players": NAMES, "deals": [
        {"bids": [0, 1, 0, 1], "tricks": [0, 1, 0, 0]}]}  # fmt: skip
    totals = score_game(read_game(game)).deals[0].totals
    assert totals == (50, 200, 50, 0)
    sure = {str(n): Reading(((str(n), 0.999),)) for n in range(10)}
    readings = {}
    for seat in range(1, 5):
        readings[(1, seat, seat, "bid")] = sure["1" if seat in (2, 4) else "0"]
        readings[(1, seat, seat, "tricks")] = sure["0"]
        readings[(1, seat, seat, "total")] = Reading(((str(totals[seat - 1]), 0.99),))
        for holds in ("bid", "tricks", "total"):
            readings[(2, seat, seat, holds)] = Reading(())
    readings[(1, 2, 2, "tricks")] = Reading((("0", 0.55), ("1", 0.45)))

    read = resolve(described, readings)

    assert read.game["deals"] == game["deals"]
    assert read.values[(1, 2, 2, "tricks")] == "1"
    assert read.questions == []


def test_a_photo_of_something_else_is_refused_in_words(joker_sheet, tmp_path: Path, capsys) -> None:
    _, described = joker_sheet
    boxes = tmp_path / "boxes.json"
    boxes.write_text(json.dumps(described), encoding="utf-8")
    photo = tmp_path / "table.jpg"
    photo.write_bytes(kitchen_table())

    status, read, err = read_sheet(capsys, photo, boxes)

    assert (status, read) == (1, None)
    assert "no Scorekeeper sheet is found in this photo" in err
    assert "four black corner marks" in err


def test_a_photo_of_another_sheet_is_refused_in_words(joker_sheet, tmp_path: Path, capsys) -> None:
    _, described = joker_sheet
    other_pdf, other_boxes = tmp_path / "bluke.pdf", tmp_path / "bluke.json"
    names = "Ann,Bob,Cy,Dee,Eve,Fay,Gus,Hal"
    assert main(["sheet", "--blank", "--ruleset", "bluke", "--players", names, "--no-qr",
                 "-o", str(other_pdf), "--boxes", str(other_boxes)]) == 0  # fmt: skip
    photo, boxes = tmp_path / "bluke.jpg", tmp_path / "joker.json"
    photo.write_bytes(photograph(drawn_page(other_pdf.read_bytes()), np.random.default_rng(2),
                                 turn=15.0))  # fmt: skip
    boxes.write_text(json.dumps(described), encoding="utf-8")

    status, read, err = read_sheet(capsys, photo, boxes)

    assert (status, read) == (1, None)
    assert "this photo is not of the sheet given" in err


def test_an_image_bomb_and_a_file_that_is_no_image_are_refused_in_words(
    joker_sheet, tmp_path: Path, capsys
) -> None:
    _, described = joker_sheet
    boxes = tmp_path / "boxes.json"
    boxes.write_text(json.dumps(described), encoding="utf-8")
    bomb = tmp_path / "bomb.png"
    out = io.BytesIO()
    Image.new("1", (10_000, 10_000)).save(out, "PNG")  # 100 million pixels in a few KB
    bomb.write_bytes(out.getvalue())
    assert bomb.stat().st_size < 100_000

    status, read, err = read_sheet(capsys, bomb, boxes)
    assert (status, read) == (1, None)
    assert "the photo is 10000 × 10000 pixels; a photo of at most 64 million pixels" in err

    text = tmp_path / "notes.jpg"
    text.write_text("not a photo", encoding="utf-8")
    status, read, err = read_sheet(capsys, text, boxes)
    assert (status, read) == (1, None)
    assert "is not a photo Scorekeeper can open" in err


def clearly_written(game: dict, totals: list) -> dict:
    """Return every box of a Joker game for four as read from a clear pencil: sure of each."""
    readings = {}
    for number, deal in enumerate(game["deals"], 1):
        for seat in range(1, 5):
            for holds, value in (
                ("bid", deal["bids"][seat - 1]),
                ("tricks", deal["tricks"][seat - 1]),
                ("total", totals[number - 1][seat - 1]),
            ):
                chance = 0.99 if holds == "total" else 0.999
                readings[(number, seat, seat, holds)] = Reading(((str(value), chance),))
    return readings


def test_a_bid_the_totals_cannot_tell_from_another_is_asked_unless_the_pencil_is_clear() -> None:
    # Joker, deal 2 (two cards each): Cy bids 2 and takes nothing. A bid of 1 taking nothing
    # scores the same: the totals written, 100, 300, 50, 100, fit both. The model reads Cy's
    # bid as a 1 (0.82, a 7 after it, which the two cards rule out) and a 2 hardly at all:
    # only the eye can tell, so it is asked.
    described = JOKER_TWO_DEALS
    game = TWO_DEALS
    totals = [scored.totals for scored in score_game(read_game(game)).deals]
    assert totals[1] == (100, 300, 50, 100)
    alike = {**game, "deals": [game["deals"][0], {"bids": [0, 1, 1, 1], "tricks": [0, 1, 0, 1]}]}
    assert score_game(read_game(alike)).deals[1].totals == totals[1]
    readings = clearly_written(game, totals)

    readings[(2, 3, 3, "bid")] = Reading((("1", 0.82), ("7", 0.15), ("2", 0.001)))
    asked = resolve(described, readings).questions
    assert [(q.deal, q.seat, q.holds, q.best) for q in asked] == [(2, 3, "bid", "1")]

    readings[(2, 3, 3, "bid")] = Reading((("1", 0.95), ("7", 0.04), ("2", 0.001)))
    assert resolve(described, readings).questions == []


def test_a_grey_row_is_paper_and_the_sheet_is_known_by_its_ruled_boxes() -> None:
    # Three columns of six boxes, 20 points square, every other row shaded grey as the printed
    # sheet shades them, ruled in a thin dark line; nothing written. Every column and row of
    # boxes is found ruled where the boxes say (a grey row is no line inside a box).
    scale = SCALE
    boxes = [{"x": 40 + 20 * c, "y": 60 + 20 * r, "width": 20, "height": 20}
             for c in range(3) for r in range(6)]  # fmt: skip
    page = np.ones((round(220 * scale), round(160 * scale)), np.float32)
    for r in range(1, 6, 2):
        page[round((60 + 20 * r) * scale) : round((80 + 20 * r) * scale), :] = 0.8
    for box in boxes:
        top, left = round(box["y"] * scale), round(box["x"] * scale)
        bottom, right = round((box["y"] + 20) * scale), round((box["x"] + 20) * scale)
        page[top : bottom + 1, [left, right]] = 0.45
        page[[top, bottom], left : right + 1] = 0.45

    assert _edges_found(page, boxes) == 1.0


def test_a_light_digit_beside_a_dark_one_is_read_as_a_digit() -> None:
    # A total written "70" whose 7 the pencil left faint (a third as dark as its 0): both
    # digits are cut, the faint one not lost as paper.
    from handwriting import held_out

    digits = held_out()
    seven, zero = (cv2.resize(digits[d][0], (56, 56)) for d in (7, 0))
    ink = np.zeros((70, 150), np.float32)
    ink[7:63, 15:71] = 0.3 * seven
    ink[7:63, 79:135] = zero

    minus, cut_digits = characters(ink)

    assert not minus and len(cut_digits) == 2


def test_a_box_misread_outright_is_asked_and_the_rows_after_it_are_read() -> None:
    # Joker, deal 1 (one card each): Bob takes the trick, but his count of tricks is read as
    # a 7 and nothing else, a number the one card dealt rules out. The row is read as the
    # rules allow (Bob took the one trick: the totals 50, 200, 50, 0 agree), that box asked
    # about, never taken silently; and deal 2 after it is read, not left for the pencil.
    described = JOKER_TWO_DEALS
    game = TWO_DEALS
    totals = [scored.totals for scored in score_game(read_game(game)).deals]
    assert totals == [(50, 200, 50, 0), (100, 300, 50, 100)]
    readings = clearly_written(game, totals)
    readings[(1, 2, 2, "tricks")] = Reading((("7", 0.97),))

    read = resolve(described, readings)

    assert read.game["deals"] == game["deals"]
    assert [(q.deal, q.seat, q.holds, q.best) for q in read.questions] == [(1, 2, "tricks", "1")]
    assert read.values[(2, 3, 3, "bid")] == "2"


#: The first three rows of a Joker sheet for four.
JOKER_THREE_DEALS = {**JOKER_TWO_DEALS, "deals": [
    {"deal": 1, "cards": 1}, {"deal": 2, "cards": 2}, {"deal": 3, "cards": 3}]}  # fmt: skip


def test_a_slip_in_the_familys_sum_is_said_once_and_asked_only_where_a_box_is_unsure() -> None:
    # Cy's running total is written 60 after deal 2 where the rules give 50 (a slip of the
    # pencil), and deal 3's is carried on from it: 160 where the rules give 150 (his bid of 1
    # made: 50 × 1 + 50 = 100, on the 50 he had). Every box of his read surely, the rules'
    # numbers stand and the slip is said, not asked, once: deal 3 is the sheet's own sum
    # going on.
    game = THREE_DEALS
    totals = [list(scored.totals) for scored in score_game(read_game(game)).deals]
    assert [row[2] for row in totals] == [50, 50, 150]
    written = [row[:] for row in totals]
    written[1][2] += 10
    written[2][2] += 10
    readings = clearly_written(game, written)

    read = resolve(JOKER_THREE_DEALS, readings)

    assert read.game["deals"] == game["deals"]
    assert read.questions == []
    assert [(q.deal, q.seat, q.best, q.why) for q in read.noted] == [
        (2, 3, "50", "the sheet looks like 60; the rules give 50")
    ]

    # His bid in deal 2 read less surely (a 2, or maybe a 1): the sum the sheet says could be
    # another reading's, so his bid and tricks there are asked; deal 3 still is not.
    readings[(2, 3, 3, "bid")] = Reading((("2", 0.85), ("1", 0.1)))
    read = resolve(JOKER_THREE_DEALS, readings)
    assert [(q.deal, q.seat, q.holds, q.best, q.why) for q in read.questions] == [
        (2, 3, "bid", "2", ""), (2, 3, "total", "50", "the sheet looks like 60; the rules give 50")
    ]  # fmt: skip
    assert read.asked() == {(2, 3, 3, "bid"), (2, 3, 3, "tricks")}
    assert read.noted == []


def test_a_total_read_otherwise_is_not_asked_when_the_deals_own_score_reads_clearly() -> None:
    # Cy's total after deal 2 is read clearly as 80 (a 5 read as an 8). His score for the deal
    # is written beside it and reads clearly as the rules' for his bid of 2 with no trick
    # taken, as every other box does: his row is as read, the total said to be otherwise.
    # Blot the score, and read his bid less surely: the total alone is against the reading,
    # and his bid and tricks are asked.
    game = THREE_DEALS
    result = score_game(read_game(game))
    totals = [list(scored.totals) for scored in result.deals]
    readings = clearly_written(game, totals)
    for number, scored in enumerate(result.deals, 1):
        assert scored.sides is not None
        for seat in range(1, 5):
            score = str(scored.sides[seat - 1].score)
            readings[(number, seat, seat, "score")] = Reading(((score, 0.99),))
    readings[(2, 3, 3, "total")] = Reading((("80", 0.96), ("50", 0.01)))

    read = resolve(JOKER_THREE_DEALS, readings)

    assert read.questions == []
    assert read.game["deals"] == game["deals"]
    assert read.values[(2, 3, 3, "total")] == "50"

    assert [(q.deal, q.seat, q.others) for q in read.noted] == [(2, 3, ["80"])]

    readings[(2, 3, 3, "score")] = Reading(())
    readings[(2, 3, 3, "bid")] = Reading((("2", 0.85), ("1", 0.1)))
    read = resolve(JOKER_THREE_DEALS, readings)
    assert [(q.deal, q.seat, q.holds) for q in read.questions] == [(2, 3, "bid"), (2, 3, "total")]
    assert read.asked() == {(2, 3, 3, "bid"), (2, 3, 3, "tricks")}


def test_a_row_in_doubt_is_not_put_right_silently() -> None:
    # Deal 2: Bob's count of tricks reads as a 7 (a 1 hardly at all), which the two cards
    # dealt rule out; the rules and his totals say 1. In a row whose every other number bears
    # that out, it is taken as 1. But Cy's total in that row reads clearly as another number
    # than the rules give, and his bid is not read surely: the row is in doubt, and Bob's 1 is
    # asked too, with Cy's side.
    game = THREE_DEALS
    totals = [list(scored.totals) for scored in score_game(read_game(game)).deals]
    readings = clearly_written(game, totals)
    readings[(2, 2, 2, "tricks")] = Reading((("7", 0.9), ("1", 0.08)))
    assert resolve(JOKER_THREE_DEALS, readings).questions == []

    readings[(2, 3, 3, "total")] = Reading((("80", 0.96), ("50", 0.01)))
    readings[(2, 3, 3, "bid")] = Reading((("2", 0.85), ("1", 0.1)))
    read = resolve(JOKER_THREE_DEALS, readings)

    assert read.game["deals"] == game["deals"]
    assert [(q.deal, q.seat, q.holds, q.best) for q in read.questions] == [
        (2, 2, "tricks", "1"), (2, 3, "bid", "2"), (2, 3, "total", "50")
    ]  # fmt: skip
    assert read.asked() == {(2, 2, 2, "tricks"), (2, 3, 3, "bid"), (2, 3, 3, "tricks")}
