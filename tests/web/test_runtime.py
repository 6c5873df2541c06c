"""The phone's copy of the rules, served by the app: Pyodide and the server's own Python, under
one fingerprint, nothing from elsewhere (scorekeeper/web/runtime.py)."""

from __future__ import annotations

import html
import io
import re
import shutil
import zipfile

import pytest

import scorekeeper
from scorekeeper.web.runtime import (
    BUNDLE,
    ENGINE,
    PYODIDE_FILES,
    WORKER_POLICY,
    bundle_sources,
    load_runtime,
)
from tests.conftest import csrf_token, example


def engine_url(client) -> str:
    """Return the rules worker's address as a scorer's table page names it."""
    page = client.get("/offline").get_data(as_text=True)
    found = re.search(r'data-runtime="(/runtime/[0-9a-f]{16}/engine\.js)"', page)
    assert found, "the page names no rules worker: has make fetched Pyodide?"
    return found.group(1)


def test_every_file_of_the_runtime_is_served_from_the_app_to_be_kept_for_good(client) -> None:
    folder = engine_url(client).removesuffix(ENGINE)
    for name in [*PYODIDE_FILES, ENGINE, BUNDLE]:
        answer = client.get(folder + name)
        assert answer.status_code == 200, name
        assert "immutable" in answer.headers["Cache-Control"], name
        assert answer.content_length and answer.content_length > 0, name
    wasm = client.get(folder + "pyodide.asm.wasm")
    assert wasm.mimetype == "application/wasm" and wasm.data[:4] == b"\0asm"
    # Only the rules worker may compile WebAssembly; a page still may not evaluate code.
    assert client.get(folder + ENGINE).headers["Content-Security-Policy"] == WORKER_POLICY
    page_policy = client.get("/offline").headers["Content-Security-Policy"]
    assert "wasm-unsafe-eval" not in page_policy


def test_a_phone_that_accepts_brotli_gets_the_copy_make_compressed(client) -> None:
    folder = engine_url(client).removesuffix(ENGINE)
    plain = client.get(folder + "pyodide.asm.wasm").data
    packed = client.get(folder + "pyodide.asm.wasm", headers={"Accept-Encoding": "br"})
    assert packed.headers["Content-Encoding"] == "br"
    assert len(packed.data) < len(plain) / 2
    import brotli

    assert brotli.decompress(packed.data) == plain


def test_another_fingerprint_or_file_is_not_found(client) -> None:
    folder = engine_url(client).removesuffix(ENGINE)
    assert client.get("/runtime/0123456789abcdef/engine.js").status_code == 404
    assert client.get(folder + "secrets.txt").status_code == 404
    assert client.get(folder + "..%2Fscorekeeper.zip").status_code == 404


def test_the_bundle_is_the_servers_own_rules_and_table_templates(client) -> None:
    folder = engine_url(client).removesuffix(ENGINE)
    bundle = zipfile.ZipFile(io.BytesIO(client.get(folder + BUNDLE).data))
    names = set(bundle.namelist())
    sources = bundle_sources()
    # Each module comes as the bytecode make compiled from this very source, or as the source.
    for path, source in sources.items():
        if path.endswith(".py"):
            assert path in names or path + "c" in names, path
            if path in names:
                assert bundle.read(path) == source, path
        else:
            assert bundle.read(path) == source, path
    assert "scorekeeper/rules/entry.py" in sources
    assert "scorekeeper/screen/phone.py" in sources
    assert "scorekeeper/templates/screen/screen.html" in sources
    assert (scorekeeper.TEMPLATES / "screen/screen.html").read_bytes() == bundle.read(
        "scorekeeper/templates/screen/screen.html"
    )
    # Nothing of the server's storage, web or service goes to the phone.
    assert not any(
        path.startswith(("scorekeeper/storage", "scorekeeper/web", "scorekeeper/service"))
        for path in names
    )
    # make compiled every module: the phone imports bytecode, not source.
    assert load_runtime().uncompiled == []


def test_the_fingerprint_changes_with_the_rules(tmp_path) -> None:
    static = tmp_path / "static"
    (static / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        (static / "pyodide" / name).write_bytes(name.encode())
    (static / ENGINE).write_bytes(b"// worker")
    first = load_runtime(static)
    assert first is not None
    (static / ENGINE).write_bytes(b"// another worker")
    second = load_runtime(static)
    assert second is not None and second.fingerprint != first.fingerprint
    (static / "pyodide" / "pyodide.asm.wasm").unlink()
    assert load_runtime(static) is None  # make has not fetched Pyodide: online only


NO_TABLE = "This server has no offline table: a phone keeps score here only while it reaches"


@pytest.fixture
def app_without_runtime(tmp_path):
    """The app as a wheel built without `make` serves it: its static folder has no Pyodide."""
    from scorekeeper.web import create_app

    static = tmp_path / "static"
    shutil.copytree(scorekeeper.STATIC, static, ignore=shutil.ignore_patterns("pyodide"))
    app = create_app({"DATABASE": str(tmp_path / "games.sqlite"), "SECRET_KEY": "k"})
    app.static_folder = str(static)
    return app


def test_a_server_without_the_phones_rules_says_its_pages_have_no_offline_table(
    app_without_runtime,
) -> None:
    client = app_without_runtime.test_client()
    token = csrf_token(client)
    answer = client.post("/api/games", json=example("joker"), headers={"X-CSRFToken": token})
    game = client.get(answer.get_json()["url"]).get_data(as_text=True)
    assert 'data-runtime=""' in game  # the table's scripts know there are no rules to wait for
    assert NO_TABLE in html.unescape(game)
    offline = client.get("/offline").get_data(as_text=True)
    assert 'data-runtime=""' in offline and NO_TABLE in html.unescape(offline)


def test_a_server_with_the_phones_rules_says_nothing_of_it(client) -> None:
    token = csrf_token(client)
    answer = client.post("/api/games", json=example("joker"), headers={"X-CSRFToken": token})
    for path in (answer.get_json()["url"], "/offline"):
        assert NO_TABLE not in html.unescape(client.get(path).get_data(as_text=True))
