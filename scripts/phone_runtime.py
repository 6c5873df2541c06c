"""Fetch Pyodide from the npm registry, and compile the phone's Python with it: `make` runs this.

A phone scoring with the server out of reach runs the server's own rules in Pyodide
(`scorekeeper/web/runtime.py` serves it). This puts Pyodide's files into static/pyodide/
(where the app, and the wheel, find them), with Brotli and gzip copies of those that
shrink, and compiles the modules the phone runs to bytecode with that very Pyodide (a
phone then imports them in a tenth of the time), listing each source's hash so the server
ships only bytecode that matches the source it serves.

The package comes from the npm registry through npm (`npm pack`), checked against the
integrity pinned here; nothing is fetched when the files are already in place. Node runs
Pyodide for the compiling. `make` calls this whenever the phone's Python changes.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from scorekeeper.web.runtime import (  # noqa: E402
    COMPILED,
    ENCODINGS,
    PYODIDE_FILES,
    bundle_sources,
    make_zip,
    source_hash,
)

#: The npm registry's `pyodide` package: the version, and the integrity npm reports for it.
VERSION = "314.0.7"
INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+"
    "SNvi/6V5JEsOlD2R1A=="
)
TARGET = REPO / "static" / "pyodide"
CACHE = REPO / "build" / "npm"
#: Files already compressed gain nothing from compressing again.
PACKED_ALREADY = {"python_stdlib.zip"}

#: Compile the bundle's modules inside Pyodide (Node), and zip the bytecode beside them.
COMPILE = r"""
import { loadPyodide } from %(pyodide)s;
import fs from "node:fs";
const py = await loadPyodide({ indexURL: %(index)s });
py.unpackArchive(new Uint8Array(fs.readFileSync(%(sources)s)), "zip", { extractDir: "/src" });
py.runPython(`
import compileall, json, py_compile, sys, zipfile
from pathlib import Path
compileall.compile_dir("/src", quiet=2, legacy=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
with zipfile.ZipFile("/out.zip", "w") as out:
    for pyc in sorted(Path("/src").rglob("*.pyc")):
        out.write(pyc, pyc.relative_to("/src").as_posix())
    out.writestr("cache_tag", sys.implementation.cache_tag)
`);
fs.writeFileSync(%(out)s, py.FS.readFile("/out.zip"));
"""


def integrity(path: Path) -> str:
    """Return a file's integrity as npm writes it (sha512, base64)."""
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode()


def fetch() -> None:
    """Put Pyodide's files into static/pyodide/, fetching the package once through npm."""
    if (
        all((TARGET / name).is_file() for name in PYODIDE_FILES)
        and (TARGET / "VERSION").read_text().strip() == VERSION
    ):
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    tarball = CACHE / f"pyodide-{VERSION}.tgz"
    if not tarball.is_file():
        if shutil.which("npm") is None:
            sys.exit("npm is needed to fetch Pyodide: scripts/system-deps.sh --runtime installs it")
        subprocess.run(
            ["npm", "pack", f"pyodide@{VERSION}", "--pack-destination", str(CACHE), "--silent"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    if integrity(tarball) != INTEGRITY:
        tarball.unlink()
        sys.exit(f"pyodide-{VERSION}.tgz is not the package pinned here: fetch it again")
    TARGET.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as package:
        for name in PYODIDE_FILES:
            member = package.extractfile(f"package/{name}")
            assert member is not None, name
            content = member.read()
            (TARGET / name).write_bytes(content)
            if name not in PACKED_ALREADY:
                pack(TARGET / name, content)
    (TARGET / "VERSION").write_text(VERSION + "\n")


def pack(path: Path, content: bytes) -> None:
    """Write the Brotli and gzip copies the server sends browsers that accept them."""
    import brotli

    quality = 11 if len(content) < 2_000_000 else 9  # 11 on 10 MB takes a minute
    copies = {"br": brotli.compress(content, quality=quality), "gzip": gzip.compress(content, 9)}
    for encoding, suffix in ENCODINGS.items():
        path.with_name(f"{path.name}.{suffix}").write_bytes(copies[encoding])


def compile_bundle() -> None:
    """Compile the phone's modules with Pyodide; keep the bytecode and its sources' hashes."""
    sources = {path: body for path, body in bundle_sources().items() if path.endswith(".py")}
    hashes = {path: source_hash(body) for path, body in sources.items()}
    compiled = TARGET / COMPILED
    try:
        with zipfile.ZipFile(compiled) as kept:
            listed = json.loads(kept.read("sources.json"))
            listed.pop("cache_tag", None)
            if listed == hashes:
                return  # compiled from these very sources
    except (OSError, KeyError, zipfile.BadZipFile):
        pass
    if shutil.which("node") is None:
        sys.exit(
            "Node.js is needed to compile the phone's Python: "
            "scripts/system-deps.sh --runtime installs it"
        )
    with tempfile.TemporaryDirectory(prefix="scorekeeper-phone-") as scratch:
        source_zip, out = Path(scratch) / "sources.zip", Path(scratch) / "out.zip"
        source_zip.write_bytes(make_zip(sources))
        code = COMPILE % {
            "pyodide": json.dumps((TARGET / "pyodide.mjs").as_uri()),
            "index": json.dumps(str(TARGET) + "/"),
            "sources": json.dumps(str(source_zip)),
            "out": json.dumps(str(out)),
        }
        subprocess.run(["node", "--input-type=module", "-e", code], check=True)
        with zipfile.ZipFile(out) as made:
            pycs = {name: made.read(name) for name in made.namelist() if name.endswith(".pyc")}
            cache_tag = made.read("cache_tag").decode()
    listed = {**hashes, "cache_tag": cache_tag}
    files = {**pycs, "sources.json": json.dumps(listed, indent=0, sort_keys=True).encode()}
    compiled.write_bytes(make_zip(files))


def main() -> None:
    fetch()
    compile_bundle()
    total = sum(path.stat().st_size for path in TARGET.iterdir())
    print(
        f"Pyodide {VERSION} and the phone's Python in {TARGET.relative_to(REPO)} ({total >> 20} MB)"
    )


if __name__ == "__main__":
    main()
