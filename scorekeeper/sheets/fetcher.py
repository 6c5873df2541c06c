"""The only way a sheet's PDF may load anything: files inside the app's static folder.

WeasyPrint would otherwise follow any URL in the page (file:, http:, data:, …).
Player names are escaped by the template, so nothing they say becomes a URL;
this fetcher is the second wall: even a URL that slipped through could only
read the stylesheet, never /etc/passwd or the network.
"""

from __future__ import annotations

import functools
import mimetypes
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname


class FetchRefused(ValueError):
    """A URL the sheet may not load: not a file inside the static folder."""


def static_file(url: str, static_root: Path) -> Path:
    """Return the file a file: URL names inside static_root, refusing every other URL."""
    try:
        parts = urlsplit(url)
    except ValueError:
        raise FetchRefused(f"not a URL: {url!r}") from None
    if parts.scheme.lower() != "file":
        raise FetchRefused(f"only files of the static folder may be loaded, not {url!r}")
    if parts.netloc not in ("", "localhost"):
        raise FetchRefused(f"no other host may be reached: {url!r}")
    try:
        root = static_root.resolve(strict=True)
        path = Path(url2pathname(parts.path)).resolve()
    except (OSError, ValueError):
        raise FetchRefused(f"cannot load {url!r}") from None
    if not path.is_relative_to(root) or not path.is_file():
        raise FetchRefused(f"{url!r} is not a file of the static folder")
    return path


def static_url_fetcher(static_root: Path) -> Any:
    """Return a WeasyPrint URL fetcher that serves only files of static_root, without redirects."""
    return _fetcher_class()(static_root)


@functools.cache
def _fetcher_class() -> type:
    # WeasyPrint is imported here, when a sheet is rendered, never at import.
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticFetcher(URLFetcher):
        """Serve files of one folder; every request is recorded in `requested`."""

        def __init__(self, static_root: Path) -> None:
            super().__init__(allowed_protocols=("file",), allow_redirects=False)
            self.static_root = Path(static_root)
            self.requested: list[str] = []

        def fetch(self, url: str, headers: Any = None) -> Any:
            self.requested.append(url)
            path = static_file(url, self.static_root)
            mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            content_type = f"{mime}; charset=utf-8" if mime.startswith("text/") else mime
            return URLFetcherResponse(
                path.as_uri(), body=path.read_bytes(), headers={"Content-Type": content_type}
            )

        def open(self, url: Any, data: Any = None, timeout: Any = None) -> Any:
            # Never hand a request to urllib's openers (network, redirects): fetch() decides.
            return self.fetch(url if isinstance(url, str) else url.full_url)

    return StaticFetcher
