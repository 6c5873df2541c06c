"""The live game page's weight: the page and everything it makes a phone load."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterable
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urljoin, urlsplit

from . import LONG_GAME, example
from .figures import Budget, Figure
from .server import get, get_on_the_wire, latency_figures, live_page, new_table, record_via_api


class AssetParser(HTMLParser):
    """Collect what a page makes the browser load: stylesheets, icons, scripts, images."""

    LOADED_RELS = frozenset(
        {"stylesheet", "icon", "shortcut", "apple-touch-icon", "manifest", "preload",
         "modulepreload", "prefetch"}
    )  # fmt: skip
    SOURCED = frozenset({"script", "img", "iframe", "audio", "video", "source", "embed", "input"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []
        self.workers: list[str] = []  #: service workers the page's scripts register
        self.on_opening: list[str] = []  #: lazy images in a closed <details>: loaded if opened
        self.details: list[bool] = []  #: the <details> around this point: open or not

    def handle_endtag(self, tag: str) -> None:
        if tag == "details" and self.details:
            self.details.pop()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "details":
            self.details.append("open" in found)
        if tag == "img" and found.get("loading") == "lazy" and not all(self.details):
            self.on_opening.append(found.get("src", ""))  # a closed panel is never rendered
            return
        loads_source = tag != "input" or found.get("type") == "image"  # an image button loads
        if tag == "script" and found.get("data-sw"):
            self.workers.append(found["data-sw"])
        if tag == "link":
            rels = set(found.get("rel", "").lower().split())
            if rels & self.LOADED_RELS and found.get("href"):
                self.urls.append(found["href"])
        elif tag in self.SOURCED and found.get("src") and loads_source:
            self.urls.append(found["src"])
        if found.get("srcset"):
            self.urls.extend(part.split()[0] for part in found["srcset"].split(",") if part.strip())
        if tag == "object" and found.get("data"):
            self.urls.append(found["data"])


CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3""")


def css_urls(css: str) -> list[str]:
    """Return what a stylesheet loads: its url(…) and @import targets (data: URLs left out)."""
    found = [match.group(2) or match.group(4) for match in CSS_URL.finditer(css)]
    return [url.strip() for url in found if not url.strip().startswith("data:")]


QUOTED_PATHS = re.compile(r"""\[\s*((?:(['"])/[^'"]*\2\s*,?\s*)+)\]""")


def precached(script: str) -> list[str]:
    """Return the paths a service worker lists to keep ("/static/app.css", …), in order."""
    found: list[str] = []
    for array in QUOTED_PATHS.finditer(script):
        found += [path for _, path in re.findall(r"""(['"])(/[^'"]*)\1""", array.group(1))]
    return found


def manifest_icons(manifest: str) -> list[str]:
    """Return the icons a web app manifest names (the browser fetches them to install the app)."""
    try:
        icons = json.loads(manifest).get("icons", [])
    except (ValueError, AttributeError):
        return []
    return [icon["src"] for icon in icons if isinstance(icon, dict) and icon.get("src")]


def page_assets(html: str, page_url: str) -> tuple[list[str], list[str]]:
    """Return the page's loaded assets as absolute URLs: (same origin, elsewhere)."""
    parser = AssetParser()
    parser.feed(html)
    parser.close()
    return split_by_origin(parser.urls, page_url)


def split_by_origin(urls: Iterable[str], base_url: str) -> tuple[list[str], list[str]]:
    """Resolve URLs against base_url and split them into same-origin and off-origin ones."""
    base = urlsplit(base_url)
    same: list[str] = []
    elsewhere: list[str] = []
    for url in urls:
        if url.startswith("data:"):
            continue
        absolute = urljoin(base_url, url)
        parts = urlsplit(absolute)
        target = same if (parts.scheme, parts.netloc) == (base.scheme, base.netloc) else elsewhere
        if absolute not in target:
            target.append(absolute)
    return same, elsewhere


def page_figures(base: str, pid: int, args: argparse.Namespace) -> list[Figure]:
    """Measure the live game page: its latency, and its weight with everything it loads."""
    try:
        pages = {
            clients: live_page(base, pid, clients, args.rounds, args.gets) for clients in (1, 8)
        }
    except RuntimeError as error:
        figures = [Figure("Live game page GET", "ms", note=f"not measured: {error}")]
    else:
        figures = latency_figures("Live game page GET", pages, {(1, "p50"): 15, (8, "p50"): 15})
    try:
        weights = page_weight(base)
    except (RuntimeError, OSError) as error:
        weights = [Figure("Live game page with what it loads", "KB", note=f"not measured: {error}")]
    return [*figures, *weights]


def page_weight(base: str) -> list[Figure]:
    """Weigh the live game page with everything it loads, then what its service worker adds."""
    document = example(LONG_GAME)
    table = new_table(base, document)
    for deal in document["deals"][:13]:
        record_via_api(table, deal)
    page_url = f"{base}/games/{table.game_id}"
    opener = table.client.opener
    html, html_wire = get_on_the_wire(page_url, opener)
    parser = AssetParser()
    parser.feed(html.decode("utf-8", "replace"))
    same, elsewhere = split_by_origin(parser.urls, page_url)
    fetched: dict[str, int] = {page_url: len(html)}
    wire: dict[str, int] = {page_url: html_wire}
    elsewhere += fetch_all(same, opener, fetched, wire)
    page_total, page_wire = sum(fetched.values()), sum(wire.values())
    page_parts = [
        f"{urlsplit(url).path.replace(table.game_id, '<id>')} {wire[url]:,} B ({size:,})"
        for url, size in fetched.items()
    ]
    # Beyond the page: what installing the app and its service worker fetch once.
    before = set(fetched)
    for url in [url for url in before if urlsplit(url).path.endswith(".webmanifest")]:
        icons, icons_elsewhere = split_by_origin(manifest_icons(get(url, opener).decode()), url)
        elsewhere += icons_elsewhere + fetch_all(icons, opener, fetched)
    workers, _ = split_by_origin(parser.workers, page_url)
    for worker in workers:
        script = get(worker, opener)
        fetched[worker] = len(script)
        kept, kept_elsewhere = split_by_origin(precached(script.decode("utf-8", "replace")), worker)
        elsewhere += kept_elsewhere + fetch_all(kept, opener, fetched)
    added = [f"{urlsplit(url).path} {fetched[url]:,} B" for url in fetched if url not in before]
    later = [urlsplit(url).path.replace(table.game_id, "<id>") for url in parser.on_opening]
    # 30 KB (issue 7) grew to 40 KB raw with issue 14's offline tap queue. Issue 25 (the phone
    # keeps the game and runs the rules) set the budget that matters, 20 KB on the wire; raw,
    # the page and its scripts are now about 50 KB, which the service worker keeps.
    page = Figure(
        "Live game page with everything it loads (editor's view, deal 14), on the wire",
        "KB",
        [page_wire / 1024],
        Budget(20),
        note="each on the wire (and raw): "
        + "; ".join(page_parts)
        + (f"; when a panel is opened: {', '.join(later)}" if later else ""),
    )
    raw = Figure("… the same, raw (before compression)", "KB", [page_total / 1024])
    tap_page = Figure(
        "A tap's page after the first visit (the page alone), on the wire",
        "KB",
        [html_wire / 1024],
        Budget(5),
        note=f"{len(html):,} B raw",
    )
    first_visit = Figure(
        "… once, to install: the manifest's icons, the service worker and what it keeps",
        "KB",
        [sum(fetched.values()) / 1024],
        note=("adds " + "; ".join(added)) if added else "no service worker",
    )
    if elsewhere:
        page.miss = True  # anything loaded from elsewhere misses, whatever the weight
        page.note = "loads from elsewhere: " + ", ".join(sorted(set(elsewhere)))
    return [page, raw, tap_page, first_visit]


def fetch_all(
    urls: Iterable[str], opener: Any, fetched: dict[str, int], wire: dict[str, int] | None = None
) -> list[str]:
    """Fetch same-origin URLs and what they load in turn: a stylesheet's url(…) and @import, a
    script's static imports (`from "…"`; an `import("…")` waits for the page to be idle).

    Sizes go into `fetched` (and what was sent into `wire`); returns the off-origin URLs met.
    """
    elsewhere: list[str] = []
    queue = list(urls)
    while queue:
        url = queue.pop(0)
        if url in fetched:
            continue
        body, sent = get_on_the_wire(url, opener)
        fetched[url] = len(body)
        if wire is not None:
            wire[url] = sent
        text = body.decode("utf-8", "replace")
        path = urlsplit(url).path
        nested = css_urls(text) if path.endswith(".css") else []
        if path.endswith(".js"):
            nested = [urljoin(url, found) for found in re.findall(r'from ?"([^"]+)"', text)]
        more_same, more_elsewhere = split_by_origin(nested, url)
        queue.extend(more_same)
        elsewhere.extend(more_elsewhere)
    return elsewhere
