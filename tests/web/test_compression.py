"""Answers are compressed for a browser that accepts it; a fingerprinted file is compressed once."""

from __future__ import annotations

import gzip
import re

import brotli

from scorekeeper.web.compression import compress
from tests.conftest import csrf_token, example


def test_pages_and_the_api_come_compressed_and_read_back_the_same(client) -> None:
    token = csrf_token(client)
    made = client.post("/api/games", json=example("joker"), headers={"X-CSRFToken": token})
    game_id = made.get_json()["id"]
    for path in (f"/games/{game_id}", f"/api/games/{game_id}", f"/games/{game_id}/chart.svg"):
        plain = client.get(path)
        assert "Content-Encoding" not in plain.headers  # a client that asks for nothing
        squeezed = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert squeezed.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in squeezed.headers["Vary"]
        assert len(squeezed.data) < len(plain.data) / 2
        assert _strip_tokens(gzip.decompress(squeezed.data)) == _strip_tokens(plain.data)
        best = client.get(path, headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
        assert best.headers["Content-Encoding"] == "br"
        assert _strip_tokens(brotli.decompress(best.data)) == _strip_tokens(plain.data)


def _strip_tokens(page: bytes) -> bytes:
    # Each page draws a new one-time form token and signs its security token anew.
    page = re.sub(rb'name="nonce" value="[^"]*"', b"", page)
    page = re.sub(rb'name="csrf_token" value="[^"]*"', b"", page)
    return re.sub(rb'name="csrf-token" content="[^"]*"', b"", page)


def test_a_fingerprinted_file_is_compressed_once_and_kept(client) -> None:
    page = client.get("/").get_data(as_text=True)
    address = re.search(r'href="(/static/app\.css\?v=[0-9a-f]+)"', page).group(1)
    first = client.get(address, headers={"Accept-Encoding": "gzip"})
    assert first.headers["Content-Encoding"] == "gzip"
    kept = compress.cache.get(f"gzip;{address}")
    assert kept == first.data and gzip.decompress(kept).startswith(b":root{")
    assert client.get(address, headers={"Accept-Encoding": "gzip"}).data == kept
    # A page is never kept: it changes with every tap.
    client.get("/", headers={"Accept-Encoding": "gzip"})
    assert compress.cache.get("gzip;") is None and compress.cache.get("gzip;/?") is None
