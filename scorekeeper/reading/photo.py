"""A photo of a sheet straightened: opened with its size checked, its four corner marks found,
and the page drawn again square-on, point for point as the boxes file places its boxes.

The marks are the four black squares the sheet prints in its corners (static/sheet.css):
filled, square, alike in size, and the outermost such squares in the photo. Which corner of
the page each one is follows from where the sheet's boxes are then found: the photo may
be turned any way, and tilted, and taken at a slant.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from ..rules.sentences import Sentence

#: The most pixels a photo may have: a 48-megapixel phone's, with room to spare. Pillow
#: refuses a bigger image from its header, before it is decoded (an image bomb).
MAX_PIXELS = 64_000_000
#: The straightened page's pixels in a point: 3 is 216 dots an inch.
SCALE = 3.0
#: How far in from the photo's darkest to its paper a pixel counts as ink.
INK = 0.5


class NotASheet(ValueError):
    """A photo in which no printed sheet is found, said in words (a `Sentence`)."""


class NotThisSheet(NotASheet):
    """A photo of a sheet, but not of the one its boxes file describes."""


@dataclass(frozen=True)
class Mark:
    """A corner mark found in the photo: its centre and its area, in pixels."""

    x: float
    y: float
    area: float


def open_photo(data: bytes, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Return a photo (JPEG, PNG, …) as grey pixels, turned as the camera says it was held.

    Raise NotASheet when it is not an image, or an image too big to open safely.
    """
    import warnings

    from PIL import Image, ImageOps

    Image.MAX_IMAGE_PIXELS = max_pixels  # Pillow's own guard, for what opens images elsewhere
    try:
        with warnings.catch_warnings():
            # Over the limit: said in words below, before anything is decoded.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
        with image:
            width, height = image.size
            if width * height > max_pixels:
                raise NotASheet(
                    Sentence(
                        "the photo is {width} × {height} pixels; a photo of at most {most} "
                        "million pixels is read",
                        width=width,
                        height=height,
                        most=max_pixels // 1_000_000,
                    )
                )
            upright = ImageOps.exif_transpose(image)
            return np.asarray(upright.convert("L"))
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as error:
        if isinstance(error, NotASheet):
            raise
        raise NotASheet(
            Sentence("this file is not a photo Scorekeeper can open (a JPEG or a PNG)")
        ) from None


def flattened(grey: np.ndarray) -> np.ndarray:
    """Return the photo's light evened out: each pixel over the paper's brightness around it
    (1 paper, 0 black), so a shadow across the sheet is paper still."""
    image = grey.astype(np.float32)
    side = max(15, (min(grey.shape) // 20) | 1)
    paper = cv2.dilate(image, cv2.getStructuringElement(cv2.MORPH_RECT, (side, side)))
    paper = cv2.GaussianBlur(paper, (side, side), 0)
    return np.clip(image / np.maximum(paper, 1.0), 0.0, 1.0)


def find_marks(flat: np.ndarray) -> list[Mark]:
    """Return the four corner marks, outermost first round the page (any corner first).

    Raise NotASheet when the photo has no four such marks.
    """
    ink = (flat < INK).astype(np.uint8)
    count, labels, stats, centres = cv2.connectedComponentsWithStats(ink, connectivity=8)
    least = flat.size * 2e-5
    squares = []
    for label in range(1, count):
        area = stats[label, cv2.CC_STAT_AREA]
        if area < least:
            continue
        w, h = stats[label, cv2.CC_STAT_WIDTH], stats[label, cv2.CC_STAT_HEIGHT]
        if area < 0.4 * w * h:  # an outline, a stroke: not a filled square
            continue
        points = np.column_stack(
            np.nonzero(
                labels[stats[label, 1] : stats[label, 1] + h, stats[label, 0] : stats[label, 0] + w]
                == label
            )
        )
        (_, _), (side_a, side_b), _ = cv2.minAreaRect(points.astype(np.float32))
        if min(side_a, side_b) <= 0 or max(side_a, side_b) / min(side_a, side_b) > 1.6:
            continue
        if area < 0.8 * side_a * side_b:
            continue
        squares.append(Mark(float(centres[label][0]), float(centres[label][1]), float(area)))
    if len(squares) < 4:
        raise NotASheet(_NO_MARKS)
    # The outermost square towards each of the photo's corners.
    xy = np.array([(mark.x, mark.y) for mark in squares])
    picked = []
    for direction in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        picked.append(squares[int(np.argmax(xy @ np.array(direction, np.float64)))])
    areas = [mark.area for mark in picked]
    if len({id(mark) for mark in picked}) < 4 or max(areas) > 4 * min(areas):
        raise NotASheet(_NO_MARKS)
    corners = np.array([(mark.x, mark.y) for mark in picked], np.float32)
    if cv2.contourArea(corners) < 0.1 * flat.size or not cv2.isContourConvex(corners):
        raise NotASheet(_NO_MARKS)
    return picked


_NO_MARKS = Sentence(
    "no Scorekeeper sheet is found in this photo: its four black corner marks must all be in "
    "the picture (a sheet printed before the marks, or another paper, cannot be read)"
)


def straighten(flat: np.ndarray, marks: Sequence[Mark], page: Mapping[str, Any]) -> np.ndarray:
    """Return the page drawn square-on, SCALE pixels a point, its marks where the boxes file
    says (`marks` in the order of page["marks"]: top left, top right, bottom left, right)."""
    targets = np.array(
        [((m["x"] + m["width"] / 2) * SCALE, (m["y"] + m["height"] / 2) * SCALE)
         for m in page["marks"]],
        np.float32,
    )  # fmt: skip
    sources = np.array([(mark.x, mark.y) for mark in marks], np.float32)
    warp = cv2.getPerspectiveTransform(sources, targets)
    size = (round(page["width"] * SCALE), round(page["height"] * SCALE))
    return cv2.warpPerspective(flat, warp, size, flags=cv2.INTER_AREA, borderValue=1.0)


def turnings(marks: Sequence[Mark]) -> list[list[Mark]]:
    """Return the four ways the marks found (round the photo) may be the page's corners, in
    the boxes file's order: top left, top right, bottom left, bottom right."""
    ways = []
    for turn in range(4):
        around = [marks[(turn + step) % 4] for step in range(4)]  # tl, tr, br, bl
        ways.append([around[0], around[1], around[3], around[2]])
    return ways
