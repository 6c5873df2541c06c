"""A box cut from the straightened page and read: its ink, the written characters in it
(digits, and a minus before a number), and what the model reads in each digit.

A box's edges are left out (BORDER); the ink is measured against the box's own paper, so
a grey row or a shadow is paper. Pieces of ink that stand one above the other are one
character (a 5's flag, a broken 4); a short flat stroke before the digits is a minus.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from .digits import digit_model, normalize
from .photo import SCALE

#: How much of a box's edge is left out, in points: its ruled line, and a little more.
BORDER = 2.0
#: Ink this dark, from the box's paper (0) to black (1), is writing.
WRITING = 0.25
#: The least ink of one character, as a share of the box.
SPECK = 0.004
#: A glyph wider than this (times the tallest's height) is digits touching; a digit is about
#: DIGIT as wide as it is tall.
WIDEST, DIGIT = 1.5, 0.75
#: The values kept for a cell: the likeliest readings of its digits together.
KEPT = 6


@dataclass(frozen=True)
class Reading:
    """What a box is read as: its likeliest values (as written, "-20"), each with its chance;
    none for an empty box. The ink is kept, to weigh a value of another length (digits read
    as touching, or apart)."""

    values: tuple[tuple[str, float], ...]
    minus: bool = False
    ink: np.ndarray | None = field(default=None, compare=False, repr=False)
    cuts: dict[int, np.ndarray | None] = field(default_factory=dict, compare=False, repr=False)

    @property
    def empty(self) -> bool:
        """Say whether nothing is written in the box."""
        return not self.values

    def chance(self, value: str) -> float:
        """Return the chance the box holds this value: as read, or with its ink cut into as
        many digits as the value has (a cut the reader did not make weighs half)."""
        known = dict(self.values).get(value)
        if known is not None:
            return known
        digits = value.removeprefix("-")
        if self.ink is None or not digits.isdigit():
            return 0.0
        sign = 1.0 if value.startswith("-") == self.minus else 0.01
        chances = self._cut_chances(len(digits))
        if chances is None:
            return 0.0
        return sign * 0.5 * float(np.prod([chances[i][int(d)] for i, d in enumerate(digits)]))

    def _cut_chances(self, count: int) -> np.ndarray | None:
        """Return each digit's chances with the ink cut into `count` digits (kept once made)."""
        if count not in self.cuts:
            assert self.ink is not None
            pieces = _cut_into(self.ink, count)
            self.cuts[count] = (
                digit_model().probabilities(np.array([normalize(p) for p in pieces]))
                if len(pieces) == count
                else None
            )
        return self.cuts[count]


def cut(page: np.ndarray, box: Mapping[str, Any]) -> np.ndarray:
    """Return a box's ink (0 paper, 1 black) from the straightened page, its edges left out."""
    top = round((box["y"] + BORDER) * SCALE)
    left = round((box["x"] + BORDER) * SCALE)
    bottom = round((box["y"] + box["height"] - BORDER) * SCALE)
    right = round((box["x"] + box["width"] - BORDER) * SCALE)
    inside = page[top:bottom, left:right]
    paper = float(np.percentile(inside, 75)) if inside.size else 1.0
    return np.clip((paper - inside) / max(paper * 0.6, 1e-3), 0.0, 1.0)


def characters(ink: np.ndarray) -> tuple[bool, list[np.ndarray]]:
    """Return whether a minus is written first, and each digit's ink, from left to right."""
    mask = (ink > WRITING).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    least = max(4.0, ink.size * SPECK)
    pieces = [
        label for label in range(1, count)
        if stats[label, cv2.CC_STAT_AREA] >= least and not _ruled(stats[label], ink.shape)
    ]  # fmt: skip
    spans = sorted(
        [
            [stats[p, 0], stats[p, 0] + stats[p, 2], stats[p, 1], stats[p, 1] + stats[p, 3], [p]]
            for p in pieces
        ]
    )
    glyphs: list[list[Any]] = []
    for span in spans:
        if glyphs:
            last = glyphs[-1]
            overlap = min(last[1], span[1]) - max(last[0], span[0])
            if overlap > 0.4 * min(last[1] - last[0], span[1] - span[0]):
                last[0], last[1] = min(last[0], span[0]), max(last[1], span[1])
                last[2], last[3] = min(last[2], span[2]), max(last[3], span[3])
                last[4] += span[4]
                continue
        glyphs.append(span)
    if not glyphs:
        return False, []
    tallest = max(g[3] - g[2] for g in glyphs)
    glyphs = _joined(glyphs, tallest)
    minus = False
    first = glyphs[0]
    flat = (first[3] - first[2]) < 0.35 * tallest and (first[1] - first[0]) > 1.5 * (
        first[3] - first[2]
    )
    if flat and len(glyphs) > 1:
        # A minus is level with the middle of the digits after it, not at their top (a 5's flag).
        top = min(glyph[2] for glyph in glyphs[1:])
        bottom = max(glyph[3] for glyph in glyphs[1:])
        middle = (first[2] + first[3]) / 2
        flat = top + 0.25 * (bottom - top) < middle < top + 0.75 * (bottom - top)
    if flat and len(glyphs) > 1:
        minus, glyphs = True, glyphs[1:]
    digits = []
    for left, right, top, bottom, parts in glyphs:
        own = np.isin(labels[top:bottom, left:right], parts)
        digits += _apart(np.where(own, ink[top:bottom, left:right], 0.0), tallest)
    return minus, digits


def _joined(glyphs: list[list[Any]], tallest: int) -> list[list[Any]]:
    """Join a short piece high up (a 5's flag, a 7's bar) to the glyph nearest to it; a short
    piece level with the middle is left alone (a minus)."""
    out = [glyph for glyph in glyphs if glyph[3] - glyph[2] >= 0.5 * tallest]
    if not out:
        return glyphs
    for glyph in glyphs:
        if glyph in out:
            continue
        middle = (glyph[2] + glyph[3]) / 2
        top = min(g[2] for g in out)
        if middle > top + 0.3 * tallest and glyph is glyphs[0]:
            out.insert(0, glyph)  # level with the middle, first: maybe a minus
            continue
        centre = (glyph[0] + glyph[1]) / 2
        near = min(out, key=lambda g: abs((g[0] + g[1]) / 2 - centre))
        near[0], near[1] = min(near[0], glyph[0]), max(near[1], glyph[1])
        near[2], near[3] = min(near[2], glyph[2]), max(near[3], glyph[3])
        near[4] = near[4] + glyph[4]
    return sorted(out, key=lambda g: g[0])


def _apart(glyph: np.ndarray, tallest: int) -> list[np.ndarray]:
    """Split digits written touching (a glyph far wider than a digit is) where the ink is
    thinnest between them."""
    width = glyph.shape[1]
    if width <= WIDEST * tallest:
        return [glyph]
    return _cut_into(glyph, max(2, round(width / (DIGIT * tallest))))


def _cut_into(glyph: np.ndarray, count: int) -> list[np.ndarray]:
    """Cut ink into this many digits, where the ink is thinnest near each even share of it."""
    width = glyph.shape[1]
    if count <= 1:
        return [glyph]
    columns = glyph.sum(axis=0)
    cuts, start = [], 0
    for index in range(1, count):
        aim, reach = index * width / count, 0.25 * width / count
        low, high = int(aim - reach), int(aim + reach) + 1
        cuts.append(low + int(np.argmin(columns[low:high])))
    pieces = []
    for cut_at in [*cuts, width]:
        piece = glyph[:, start:cut_at]
        if piece.sum() > 0:
            pieces.append(piece)
        start = cut_at
    return pieces


def _ruled(stat: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Say whether a piece of ink is what is left of the box's ruled edge: a thin line along it."""
    _, _, width, height, _ = stat
    return bool(
        (width >= 0.7 * shape[1] and height <= 4) or (height >= 0.8 * shape[0] and width <= 4)
    )


def read_box(ink: np.ndarray) -> Reading:
    """Return the likeliest values written in a box, each with its chance."""
    minus, digits = characters(ink)
    if not digits:
        return Reading(())
    written = np.hstack([np.pad(d, ((0, max(x.shape[0] for x in digits) - d.shape[0]), (0, 0)))
                         for d in digits])  # fmt: skip
    chances = digit_model().probabilities(np.array([normalize(d) for d in digits]))
    best = [np.argsort(-row)[:3] for row in chances]
    values = []
    for picks in itertools.product(*best):
        chance = float(np.prod([chances[i][d] for i, d in enumerate(picks)]))
        values.append(("-" * minus + "".join(str(d) for d in picks), chance))
    values.sort(key=lambda value: -value[1])
    return Reading(tuple(values[:KEPT]), minus, written)
