"""Answers compressed for browsers that accept it (Flask-Compress): bytes are time on a
weak kitchen WiFi. A static file under its fingerprint never changes, so it is
compressed once and kept; pages change with every tap and are compressed as they go."""

from __future__ import annotations

from flask import Flask, Request
from flask_compress import Compress

from .assets import is_fingerprinted

#: What is compressed: pages, the API, scripts, styles, the manifest and SVG images.
MIMETYPES = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
]
#: Smaller answers gain nothing worth the work (a 304, a short refusal).
MIN_SIZE = 500

compress = Compress()


class FingerprintedFilesOnly:
    """Flask-Compress's cache, keeping only static files asked for under their fingerprint.

    Their number is fixed by the release; anything else gets the empty key and is never kept.
    """

    def __init__(self) -> None:
        self._kept: dict[str, bytes] = {}

    def get(self, key: str) -> bytes | None:
        return self._kept.get(key)

    def set(self, key: str, value: bytes) -> None:
        if not key.endswith(";"):
            self._kept[key] = value


def cache_key(request: Request) -> str:
    """Name a fingerprinted static file by its path and fingerprint; anything else by nothing."""
    filename = (request.view_args or {}).get("filename")
    if request.endpoint == "static" and filename and is_fingerprinted(str(filename)):
        return request.full_path
    return ""


def init_app(app: Flask) -> None:
    """Compress every answer worth it, for a browser that says it accepts gzip or Brotli."""
    app.config.setdefault("COMPRESS_MIMETYPES", MIMETYPES)
    app.config.setdefault("COMPRESS_MIN_SIZE", MIN_SIZE)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "gzip"])
    app.config.setdefault("COMPRESS_CACHE_BACKEND", FingerprintedFilesOnly)
    app.config.setdefault("COMPRESS_CACHE_KEY", cache_key)
    compress.init_app(app)
