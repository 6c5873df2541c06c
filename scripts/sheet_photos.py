"""Sheets filled in by program and "photographed", for the reader's tests and `make bench`.

A blank sheet's PDF is drawn as an image (poppler's pdftoppm); each box the boxes file lists
gets the number a game says, written with MNIST digits held out from the model's training
(scripts/handwriting.py), as a pencil would: each digit its own size and slant, darker or
lighter. The page is then "photographed": laid on a darker table, turned, taken at a slant,
a shadow across it, blurred as a phone's lens and grainy as its sensor, saved as a JPEG.
"""

from __future__ import annotations

import io
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from handwriting import held_out
from PIL import Image

from scorekeeper.rules import GameResult

#: The resolution the sheet is drawn at before it is written on.
DPI = 200


def drawn_page(pdf: bytes, page: int = 1) -> np.ndarray:
    """Return one page of a PDF drawn in grey at DPI (0 black, 255 white)."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "sheet.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-png", "-gray", "-r", str(DPI), "-f", str(page), "-l", str(page),
             "-singlefile", str(source), str(Path(folder) / "page")],
            check=True,
        )  # fmt: skip
        with Image.open(Path(folder) / "page.png") as image:
            return np.asarray(image.convert("L")).copy()


def written_values(result: GameResult, described: Mapping[str, Any]) -> dict[tuple, str]:
    """Return what the family writes in each box for a game: bids, tricks, scores, totals."""
    partnership = result.game.ruleset.partnership
    values = {}
    for scored in result.deals:
        number, record = scored.setup.number, scored.record
        for side in described["sides"]:
            index, seats = side["side"] - 1, side["seats"]
            own = seats[0] if len(seats) == 1 else None
            for seat in seats:
                values[(number, side["side"], seat, "bid")] = str(record.bids[seat - 1].tricks)
            if partnership:
                tricks = (scored.side_tricks or ())[index]
            else:
                tricks = (record.tricks or ())[seats[0] - 1]
            values[(number, side["side"], own, "tricks")] = str(tricks)
            assert scored.sides is not None
            values[(number, side["side"], own, "score")] = str(scored.sides[index].score)
            values[(number, side["side"], own, "total")] = str(scored.totals[index])
    return values


def fill(
    page: np.ndarray,
    described: Mapping[str, Any],
    values: Mapping[tuple, str],
    rng: np.random.Generator,
    page_number: int = 1,
) -> tuple[np.ndarray, int]:
    """Write each value in its box with held-out MNIST digits; return the page and how many
    digits were written."""
    digits = held_out()
    scale = DPI / 72
    out = page.astype(np.float32)
    written = 0
    for box in described["boxes"]:
        key = (box["deal"], box["side"], box["seat"], box["holds"])
        if box["page"] != page_number or key not in values:
            continue
        text = values[key]
        x, y = box["x"] * scale, box["y"] * scale
        w, h = box["width"] * scale, box["height"] * scale
        height = h * rng.uniform(0.5, 0.7)
        glyphs = []
        for char in text:
            if char == "-":
                glyphs.append(_minus(height, rng))
                continue
            samples = digits[int(char)]
            glyphs.append(_sized(samples[rng.integers(len(samples))], height, rng))
            written += 1
        gap = height * rng.uniform(0.1, 0.3)
        width = sum(g.shape[1] for g in glyphs) + gap * (len(glyphs) - 1)
        if width > w - 6 * scale:  # a long number is written smaller, as a pencil would
            shrink = (w - 6 * scale) / width
            glyphs = [cv2.resize(g, None, fx=shrink, fy=shrink) for g in glyphs]
            width, gap = width * shrink, gap * shrink
        left = x + (w - width) / 2 + rng.uniform(-1, 1) * scale
        darkness = rng.uniform(0.55, 0.9)
        for glyph in glyphs:
            top = y + (h - glyph.shape[0]) / 2 + rng.uniform(-1, 1) * scale
            if glyph.shape[0] < height * 0.5:  # a minus sits in the middle
                top = y + h / 2 - glyph.shape[0] / 2
            r, c = round(top), round(left)
            region = out[r : r + glyph.shape[0], c : c + glyph.shape[1]]
            ink = glyph[: region.shape[0], : region.shape[1]]
            region[...] = np.minimum(region, 255 * (1 - darkness * ink))
            left += glyph.shape[1] + gap
    return out.clip(0, 255).astype(np.uint8), written


def _sized(sample: np.ndarray, height: float, rng: np.random.Generator) -> np.ndarray:
    """Return an MNIST digit cropped to its ink and scaled to a written digit's height."""
    rows = np.flatnonzero(sample.max(axis=1) > 0.1)
    columns = np.flatnonzero(sample.max(axis=0) > 0.1)
    ink = sample[rows[0] : rows[-1] + 1, columns[0] : columns[-1] + 1]
    scale = height * rng.uniform(0.9, 1.05) / ink.shape[0]
    size = (max(1, round(ink.shape[1] * scale)), max(1, round(ink.shape[0] * scale)))
    return cv2.resize(ink, size, interpolation=cv2.INTER_LINEAR).clip(0, 1)


def _minus(height: float, rng: np.random.Generator) -> np.ndarray:
    """Return a pencil's minus: a short flat stroke."""
    width, thick = round(height * rng.uniform(0.45, 0.6)), max(2, round(height * 0.12))
    return np.ones((thick, width), np.float32)


def photograph(page: np.ndarray, rng: np.random.Generator, *, turn: float) -> bytes:
    """Return a JPEG of the page as a phone takes it: on a table, turned `turn` degrees,
    at a slant, a shadow across it, blurred and grainy."""
    height, width = page.shape
    pad = int(max(height, width) * 0.35)
    table = np.full((height + 2 * pad, width + 2 * pad), rng.uniform(60, 110), np.float32)
    table[pad : pad + height, pad : pad + width] = page
    centre = (table.shape[1] / 2, table.shape[0] / 2)
    turning = np.vstack([cv2.getRotationMatrix2D(centre, turn, 1.0), [0, 0, 1]])
    corners = np.float32([[0, 0], [table.shape[1], 0], [table.shape[1], table.shape[0]],
                          [0, table.shape[0]]])  # fmt: skip
    slant = corners + rng.uniform(-0.06, 0.06, corners.shape).astype(np.float32) * width
    warp = cv2.getPerspectiveTransform(corners, slant) @ turning
    size = (table.shape[1], table.shape[0])
    photo = cv2.warpPerspective(table, warp, size, flags=cv2.INTER_LINEAR, borderValue=80)
    # The light: brighter on one side, and a soft shadow over part of the page.
    ys, xs = np.mgrid[0 : size[1], 0 : size[0]].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    ramp = (np.cos(angle) * xs + np.sin(angle) * ys) / max(size)
    light = 0.8 + 0.2 * (ramp - ramp.min()) / max(np.ptp(ramp), 1e-6)
    edge = rng.uniform(0.3, 0.7) * size[0]
    shadow = 1 - 0.35 / (1 + np.exp(-(xs - edge - 0.2 * ys) / (0.02 * size[0])))
    photo = photo * light * shadow
    photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.8, 1.6))
    photo = photo + rng.normal(0, 5, photo.shape)
    # Framed as a person frames a sheet: the whole page in the picture, a little table round it.
    page_corners = np.float32([[pad, pad], [pad + width, pad], [pad + width, pad + height],
                               [pad, pad + height]])  # fmt: skip
    seen = cv2.perspectiveTransform(page_corners[None], warp)[0]
    margin = 0.04 * max(height, width)
    left, top = (np.maximum(seen.min(axis=0) - margin, 0)).astype(int)
    right, bottom = (np.minimum(seen.max(axis=0) + margin, size)).astype(int)
    crop = photo[top:bottom, left:right].clip(0, 255).astype(np.uint8)
    out = io.BytesIO()
    Image.fromarray(crop).save(out, "JPEG", quality=85)
    return out.getvalue()


def numeric_game(
    ruleset: Any, players: list[str], deals: int, rng: np.random.Generator, *, whole: bool = True
) -> dict[str, Any]:
    """Return a legal game of this many deals whose bids are all numbers (a pencil's digits):
    each deal's bids and tricks drawn at random, drawn again until the rules allow them.

    Not `whole`, the game stops short at a deal no numbers may bid (one card, where only a
    pass or a board may be bid): a game still being played."""
    from scorekeeper.rules import ScoreError, read_game, score_game

    document: dict[str, Any] = {"ruleset": ruleset, "players": players, "first_dealer": 0}
    document["deals"] = []
    for _ in range(deals):
        result = score_game(read_game(document))
        assert result.next is not None
        cards = result.next.cards
        for attempt in range(400):
            # Every other try bids at least 1: some rules have no pass.
            bids = [int(rng.integers(attempt % 2, cards + 1)) for _ in players]
            cuts = np.sort(rng.integers(0, cards + 1, len(players) - 1))
            tricks = np.diff(np.concatenate([[0], cuts, [cards]])).tolist()
            deal = {"bids": bids, "tricks": tricks}
            try:
                after = score_game(read_game({**document, "deals": [*document["deals"], deal]}))
            except ScoreError:
                continue
            if not after.deals[-1].thrown_in:
                document["deals"].append(deal)
                break
        else:
            if not whole:
                break
            raise AssertionError(f"no legal numeric deal found for deal {len(document['deals'])}")
    return document
