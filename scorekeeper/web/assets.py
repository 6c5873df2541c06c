"""Static files under addresses that change with their content, so phones keep them.

Every page asks for the same few files (styles, table.js, icons). Sent with "no-cache",
a phone asked the server again for each one on every page: five requests more per tap.
Each file's address now carries a fingerprint of its content (`/static/app.css?v=3f9c…`):
under that address the content never changes, so it is sent to be kept for a year and
the phone asks no more; a new release changes the fingerprint, and so the address.
A file asked for without its current fingerprint is sent as before, to be checked again.

A script that imports another names it by its address ("/static/phone/store.js"); it is
sent with each such address fingerprinted, and its own fingerprint is that of what is
sent, so a change to a module it imports is a new address for it too.
"""

from __future__ import annotations

import collections
import functools
import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rcssmin
import rjsmin
from flask import Flask, current_app, request, url_for

#: A year, in seconds: the longest any browser keeps a file.
KEPT_FOR = 365 * 24 * 3600
#: A version of a file: its mtime (in nanoseconds) and its size.
Version = tuple[int, int]


#: The files sent minified, by their ending, and how: their comments and blank space are for
#: whoever reads them, a phone needs only the code (rjsmin, rcssmin: small, long-kept, and
#: leave strings, regular expressions and `url()`s alone).
MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}
#: How often each file was minified (by its path), for the tests: once per version of it.
MINIFIED: collections.Counter[str] = collections.Counter()
#: Each file minified, by its path, with the version of the file it was minified from.
_minified: dict[str, tuple[Version, str]] = {}
#: Each script as it was last sent, by its path and the app's mount point, with that version.
_sent: dict[tuple[str, str], tuple[Version, bytes]] = {}


def served_content(folder: str, filename: str) -> bytes | None:
    """Return a static file as it is sent: a script or a style sheet without its comments
    and blank space (`MINIFIERS`) and with the "/static/…" addresses it names fingerprinted
    (`with_fingerprints`), any other file as it is (None: no such file).

    A file is minified once per version of it (its mtime and size) and kept as sent; in
    debug mode, where a script it imports may change too, its addresses are fingerprinted
    again on every request.
    """
    path = Path(folder) / filename
    minify = MINIFIERS.get(path.suffix)
    if minify is None:
        try:
            return path.read_bytes()
        except OSError:
            return None
    try:
        found = path.stat()
    except OSError:
        return None
    key, version = str(path), (found.st_mtime_ns, found.st_size)
    # The addresses it names depend on where the app is mounted (a proxy's prefix).
    sent = _sent.get((key, request.script_root))
    if sent is not None and sent[0] == version and not current_app.debug:
        return sent[1]
    try:
        script = _minify(key, version, path, minify)
    except OSError:
        return None
    if '"/static/' in script:
        script = with_fingerprints(script)
    content = script.encode("utf-8")
    _sent[(key, request.script_root)] = (version, content)
    return content


def _minify(key: str, version: Version, path: Path, minify: Callable[[str], str]) -> str:
    kept = _minified.get(key)
    if kept is not None and kept[0] == version:
        return kept[1]
    script = minify(path.read_bytes().decode("utf-8"))
    MINIFIED[key] += 1
    _minified[key] = (version, script)
    return script


def _read_fingerprint(folder: str, filename: str) -> str | None:
    content = served_content(folder, filename)
    if content is None:
        return None  # no such file: the address stays bare, and the file answers 404
    return hashlib.sha256(content).hexdigest()[:12]


_kept_fingerprint = functools.lru_cache(maxsize=256)(_read_fingerprint)


def fingerprint(filename: str) -> str | None:
    """Return the fingerprint of a static file's content.

    Read once per process (a release's files do not change while it runs); in debug
    mode, where files are edited as the app runs, read every time.
    """
    read = _read_fingerprint if current_app.debug else _kept_fingerprint
    return read(str(current_app.static_folder), filename)


def _add_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "v" not in values and "filename" in values:
        found = fingerprint(str(values["filename"]))
        if found:
            values["v"] = found


def is_fingerprinted(filename: str) -> bool:
    """Say whether this request asks for the file under its current fingerprint."""
    asked = request.args.get("v")
    return bool(asked) and asked == fingerprint(filename)


def init_app(app: Flask) -> None:
    """Give every `url_for("static", …)` its file's fingerprint."""
    app.url_default_functions.setdefault(None, []).append(_add_fingerprint)


#: A static file's path quoted in a script: "/static/app.css".
_QUOTED_STATIC = re.compile(r'"/static/([^"?]+)"')


def with_fingerprints(script: str) -> str:
    """Return a script (the service worker) with each quoted "/static/…" path fingerprinted.

    The worker keeps the app's files for when the WiFi drops; it must keep them under
    the addresses the pages use, and a new release's fingerprints make it a new worker.
    """
    return _QUOTED_STATIC.sub(
        lambda found: json.dumps(url_for("static", filename=found.group(1))), script
    )
