"""Handwritten digits: one digit's ink brought to MNIST's shape, and the small model that
names it with a confidence.

MNIST's digits are each fitted in a 20×20 square and centred by their mass in 28×28;
`normalize` does the same to a digit cut from a photographed box and to MNIST's own digits
before training (scripts/train_digits.py), so the model sees both alike. It also
straightens a slanted digit (deskew by its second moments), as handwriting leans.

The model is a small perceptron (one hidden layer) trained by that script and kept as its
weights in digits.npz beside this file: reading needs numpy alone, no learning library.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

#: MNIST's shape: the side of its image, and of the square its digit is fitted in.
SIDE, FIT = 28, 20
#: The model's weights, as scripts/train_digits.py writes them.
MODEL = Path(__file__).with_name("digits.npz")
#: Ink lighter than this (of the darkest, from 0 to 1) is paper.
INK = 0.2


def normalize(ink: np.ndarray) -> np.ndarray:
    """Return a digit's ink (0 paper to 1 ink, any size) straightened, fitted in 20×20 and
    centred by its mass in 28×28, as 784 values from 0 to 1."""
    ink = np.asarray(ink, dtype=np.float32)
    if ink.max() <= 0:
        return np.zeros(SIDE * SIDE, np.float32)
    ink = _crop(ink / ink.max())
    ink = _crop(_deskew(ink))
    height, width = ink.shape
    scale = FIT / max(height, width)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    small = cv2.resize(ink, size, interpolation=cv2.INTER_AREA)
    out = np.zeros((SIDE, SIDE), np.float32)
    rows, columns = np.indices(small.shape)
    mass = small.sum() or 1.0
    top = round(SIDE / 2 - (rows * small).sum() / mass)
    left = round(SIDE / 2 - (columns * small).sum() / mass)
    top = min(max(top, 0), SIDE - small.shape[0])
    left = min(max(left, 0), SIDE - small.shape[1])
    out[top : top + small.shape[0], left : left + small.shape[1]] = small
    return np.clip(out, 0.0, 1.0).reshape(-1)


def _crop(ink: np.ndarray) -> np.ndarray:
    """Return the smallest part of the image holding all its ink."""
    rows = np.flatnonzero((ink > INK).any(axis=1))
    columns = np.flatnonzero((ink > INK).any(axis=0))
    if not len(rows) or not len(columns):
        return ink
    return ink[rows[0] : rows[-1] + 1, columns[0] : columns[-1] + 1]


def _deskew(ink: np.ndarray) -> np.ndarray:
    """Shear a slanted digit upright: its second moments say how far it leans."""
    moments = cv2.moments(ink)
    if abs(moments["mu02"]) < 1e-2:
        return ink
    skew = moments["mu11"] / moments["mu02"]
    height, width = ink.shape
    pad = int(abs(skew) * height) + 2
    canvas = np.zeros((height, width + 2 * pad), np.float32)
    canvas[:, pad : pad + width] = ink
    centre = moments["m01"] / moments["m00"]
    shear = np.float32([[1, skew, -skew * centre], [0, 1, 0]])
    return cv2.warpAffine(
        canvas, shear, (canvas.shape[1], height), flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR
    )


@dataclass(frozen=True)
class Guess:
    """What the model reads in one digit: the digit, how sure it is, and its runner-up."""

    digit: int
    confidence: float
    second: int


class DigitModel:
    """The trained perceptron: each layer's weights and biases, ReLU between, softmax last."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
        self.layers = layers

    def probabilities(self, digits: np.ndarray) -> np.ndarray:
        """Return, for each normalized digit (a row of 784), the chance of each of 0 to 9."""
        out = np.asarray(digits, np.float32).reshape(-1, SIDE * SIDE)
        for index, (weights, bias) in enumerate(self.layers):
            out = out @ weights + bias
            if index < len(self.layers) - 1:
                out = np.maximum(out, 0.0)
        out = np.exp(out - out.max(axis=1, keepdims=True))
        return out / out.sum(axis=1, keepdims=True)

    def read(self, digits: np.ndarray) -> list[Guess]:
        """Return the model's guess for each normalized digit."""
        chances = self.probabilities(digits)
        order = np.argsort(-chances, axis=1)
        return [
            Guess(int(best[0]), float(row[best[0]]), int(best[1]))
            for row, best in zip(chances, order, strict=True)
        ]


def weights_of(layers: list[tuple[np.ndarray, np.ndarray]]) -> dict[str, np.ndarray]:
    """Return the layers as the arrays digits.npz keeps (w0, b0, w1, b1, …)."""
    kept = {}
    for index, (weights, bias) in enumerate(layers):
        kept[f"w{index}"] = np.asarray(weights, np.float32)
        kept[f"b{index}"] = np.asarray(bias, np.float32)
    return kept


@functools.cache
def digit_model(path: Path = MODEL) -> DigitModel:
    """Load the trained model (once)."""
    if not path.is_file():
        raise FileNotFoundError(
            f"the handwriting model {path.name} is missing: `make digits` trains it"
        )
    with np.load(path) as kept:
        count = len([name for name in kept.files if name.startswith("w")])
        return DigitModel([(kept[f"w{i}"], kept[f"b{i}"]) for i in range(count)])
