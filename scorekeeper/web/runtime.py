"""The phone's own copy of the rules: Pyodide and the Python it runs, served by the app itself.

A phone that scores with the server out of reach runs the very rules the server runs:
Python (Pyodide, from the npm registry's `pyodide` package, fetched by `make` into
`static/pyodide/` and carried by the wheel) and a zip of this server's own modules —
`scorekeeper.rules`, `scorekeeper.screen`, Jinja and MarkupSafe — with the templates the
table page is drawn from. Nothing comes from the internet when a phone asks.

Everything is served under `/runtime/<fingerprint>/`: the fingerprint is worked out
from every file's content, so a phone keeps the files for good (its service worker
keeps them too), and a new release, or a change to the rules, is a new address.
Each module comes as the bytecode Pyodide compiled from it at `make` time, while its
source is the one it was compiled from (else as source, which the phone compiles, slower).
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, request, url_for

from .. import PACKAGE, STATIC, TEMPLATES, TRANSLATIONS

bp = Blueprint("runtime", __name__)

#: Where `make` puts Pyodide (scripts/phone_runtime.py), inside the static folder.
FOLDER = "pyodide"
#: Pyodide's files a phone loads, and their media types.
PYODIDE_FILES = {
    "pyodide.mjs": "text/javascript",
    "pyodide.asm.mjs": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
#: The compressed copies `make` keeps beside a file, best first: "pyodide.asm.wasm.br".
ENCODINGS = {"br": "br", "gzip": "gz"}
#: The worker that runs Python beside the page (static/engine.js) and the zip of modules.
ENGINE = "engine.js"
BUNDLE = "scorekeeper.zip"
#: The bytecode `make` compiled with Pyodide: a zip of .pyc files and the sources' hashes.
COMPILED = "compiled.zip"
#: The Python the phone runs: this server's own packages, as installed here.
PACKAGES = ("scorekeeper.rules", "scorekeeper.screen", "jinja2", "markupsafe")
#: The templates the phone draws with (the table page's part that changes with a tap).
TEMPLATE_FILES = ("screen/screen.html", "screen/settle.html", "live/chart.html")
#: Every zip entry gets this date, so the same files always make the same zip.
EPOCH = (1980, 1, 1, 0, 0, 0)
#: The worker may compile WebAssembly; pages still may not evaluate code.
WORKER_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'"
)


def bundle_sources() -> dict[str, bytes]:
    """Return the Python and templates the phone runs, by their path inside the bundle.

    The modules are read from where this server imports them, so the phone runs exactly
    the server's code; the templates and the compiled catalogs go where `screen.drawing`
    looks for them.
    """
    files = {"scorekeeper/__init__.py": (PACKAGE / "__init__.py").read_bytes()}
    for name in PACKAGES:
        spec = find_spec(name)
        assert spec is not None and spec.submodule_search_locations, name
        folder = Path(next(iter(spec.submodule_search_locations)))
        top = folder.parents[name.count(".")]  # where the top package's folder sits
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" not in path.parts:
                files[path.relative_to(top).as_posix()] = path.read_bytes()
    for name in TEMPLATE_FILES:
        files[f"scorekeeper/templates/{name}"] = (TEMPLATES / name).read_bytes()
    # The compiled catalogs, so the phone draws the table in its page's language.
    for catalog in sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.mo")):
        path = catalog.relative_to(TRANSLATIONS).as_posix()
        files[f"scorekeeper/translations/{path}"] = catalog.read_bytes()
    return files


def source_hash(source: bytes) -> str:
    """Name a module's source by its content, as the compiled bytecode's list does."""
    return hashlib.sha256(source).hexdigest()


def with_bytecode(folder: Path, sources: dict[str, bytes]) -> dict[str, bytes]:
    """Return the bundle's files, each module as the bytecode `make` compiled from it (a .pyc
    where its .py would be) while its source is the one it was compiled from, else as source."""
    try:
        kept = zipfile.ZipFile(folder / COMPILED)
    except OSError:
        return dict(sources)
    with kept:
        hashes = json.loads(kept.read("sources.json"))
        files = {}
        for path, source in sources.items():
            if path.endswith(".py") and hashes.get(path) == source_hash(source):
                files[path + "c"] = kept.read(path + "c")
            else:
                files[path] = source
        return files


def make_zip(files: dict[str, bytes]) -> bytes:
    """Zip files in the order given, every entry dated alike (the same files, the same zip)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for path, content in files.items():
            bundle.writestr(zipfile.ZipInfo(path, EPOCH), content)
    return out.getvalue()


@dataclass(frozen=True)
class Served:
    """One file of the runtime: where it is (or its bytes), its media type, and the copies
    `make` compressed, by encoding. Pyodide's files stay on the disk until asked for."""

    mimetype: str
    path: Path | None = None
    body: bytes = b""
    packed: dict[str, Path] = field(default_factory=dict)  #: by encoding: "br", "gzip"

    def read(self, encoding: str = "") -> bytes:
        """Return the file's bytes, or its copy compressed with this encoding."""
        if encoding:
            return self.packed[encoding].read_bytes()
        return self.path.read_bytes() if self.path is not None else self.body

    def size(self, encoding: str = "") -> int:
        """Return the file's size, or its compressed copy's."""
        if encoding in self.packed:
            return self.packed[encoding].stat().st_size
        return self.path.stat().st_size if self.path is not None else len(self.body)

    def digest(self) -> bytes:
        """Return the sha256 of the file's content."""
        return hashlib.sha256(self.read()).digest()


@dataclass(frozen=True)
class PhoneRuntime:
    """The runtime as served: every file by name, under one fingerprint."""

    fingerprint: str
    files: dict[str, Served]

    def bundle_names(self) -> list[str]:
        """Return the names in the bundle of modules and templates."""
        with zipfile.ZipFile(io.BytesIO(self.files[BUNDLE].body)) as bundle:
            return bundle.namelist()

    @property
    def uncompiled(self) -> list[str]:
        """Return the bundle's modules that come as source (changed since `make` compiled)."""
        return [name for name in self.bundle_names() if name.endswith(".py")]

    def sizes(self) -> Iterator[tuple[str, int, int]]:
        """Yield each file's name, size, and size on the wire (Brotli where it is kept)."""
        for name, served in self.files.items():
            yield name, served.size(), served.size("br")


def runtime_missing(static: Path = STATIC) -> bool:
    """Say whether the static folder lacks Pyodide (`make` has not fetched it here)."""
    return not all((static / FOLDER / name).is_file() for name in PYODIDE_FILES)


def load_runtime(static: Path = STATIC) -> PhoneRuntime | None:
    """Find the runtime in the static folder and build the bundle; None if `make` has not
    fetched Pyodide (the table then scores online only, as it always did)."""
    folder = static / FOLDER
    if runtime_missing(static):
        return None
    files = {}
    for name, mimetype in PYODIDE_FILES.items():
        packed = {
            encoding: folder / f"{name}.{suffix}"
            for encoding, suffix in ENCODINGS.items()
            if (folder / f"{name}.{suffix}").is_file()
        }
        files[name] = Served(mimetype, path=folder / name, packed=packed)
    files[ENGINE] = Served("text/javascript", path=static / ENGINE)
    bundle = make_zip(with_bytecode(folder, bundle_sources()))
    files[BUNDLE] = Served("application/zip", body=bundle)
    digest = hashlib.sha256()
    for name, served in files.items():
        digest.update(name.encode() + b"\0" + served.digest())
    return PhoneRuntime(digest.hexdigest()[:16], files)


@functools.cache
def _kept_runtime(static: str) -> PhoneRuntime | None:
    return load_runtime(Path(static))


def phone_runtime() -> PhoneRuntime | None:
    """Return this app's runtime, read once per process (a release does not change as it runs)."""
    return _kept_runtime(str(current_app.static_folder))


def runtime_url() -> str:
    """Return the address of the worker that runs the rules on the phone ("" without one)."""
    runtime = phone_runtime()
    if runtime is None:
        return ""
    return url_for("runtime.runtime_file", fingerprint=runtime.fingerprint, name=ENGINE)


@bp.get("/runtime/<fingerprint>/<name>")
def runtime_file(fingerprint: str, name: str) -> Response:
    """Serve one file of the phone's runtime, to be kept for good (its address never changes)."""
    runtime = phone_runtime()
    if runtime is None or fingerprint != runtime.fingerprint or name not in runtime.files:
        abort(404)
    served = runtime.files[name]
    # Browsers offer Brotli over HTTPS only: gzip is what a phone on http gets.
    encoding = next((found for found in served.packed if found in request.accept_encodings), "")
    response = Response(served.read(encoding), mimetype=served.mimetype)
    if served.packed:
        response.vary.add("Accept-Encoding")
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.cache_control.public = True
    response.cache_control.max_age = 365 * 24 * 3600
    response.cache_control.immutable = True
    if name == ENGINE:
        response.headers["Content-Security-Policy"] = WORKER_POLICY
    return response
