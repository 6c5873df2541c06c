"""The phone's copy of the rules, served by the app: Pyodide and the server's own Python, under
one fingerprint, nothing from elsewhere (scorekeeper/web/runtime.py).

The tests marked `phone_runtime` need the runtime `make` builds (static/pyodide/): `make test`
runs them, `make check` leaves them out.
"""

from __future__ import annotations

import ast
import html
import io
import re
import shutil
import sys
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

#: The server's own packages, none of which the phone is given.
SERVER_ONLY = ("machine", "storage", "standings", "service", "web", "server", "cli")


def engine_url(client) -> str:
    """Return the rules worker's address as a scorer's table page names it."""
    page = client.get("/offline").get_data(as_text=True)
    found = re.search(r'data-runtime="(/runtime/[0-9a-f]{16}/engine\.js)"', page)
    assert found, "the page names no rules worker: has make fetched Pyodide?"
    return found.group(1)


@pytest.mark.phone_runtime
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


@pytest.mark.phone_runtime
def test_a_phone_that_accepts_brotli_gets_the_copy_make_compressed(client) -> None:
    folder = engine_url(client).removesuffix(ENGINE)
    plain = client.get(folder + "pyodide.asm.wasm").data
    packed = client.get(folder + "pyodide.asm.wasm", headers={"Accept-Encoding": "br"})
    assert packed.headers["Content-Encoding"] == "br"
    assert len(packed.data) < len(plain) / 2
    import brotli

    assert brotli.decompress(packed.data) == plain


@pytest.mark.phone_runtime
def test_another_fingerprint_or_file_is_not_found(client) -> None:
    folder = engine_url(client).removesuffix(ENGINE)
    assert client.get("/runtime/0123456789abcdef/engine.js").status_code == 404
    assert client.get(folder + "secrets.txt").status_code == 404
    assert client.get(folder + "..%2Fscorekeeper.zip").status_code == 404


def test_the_bundle_holds_the_servers_own_rules_and_table_templates() -> None:
    sources = bundle_sources()
    assert "scorekeeper/__init__.py" in sources  # where the templates and catalogs are found
    assert "scorekeeper/rules/entry.py" in sources
    assert "scorekeeper/screen/phone.py" in sources
    assert (scorekeeper.TEMPLATES / "screen/screen.html").read_bytes() == sources[
        "scorekeeper/templates/screen/screen.html"
    ]
    # Nothing of the server's machine, storage, web or service goes to the phone.
    assert not any(
        path.startswith(tuple(f"scorekeeper/{name}" for name in SERVER_ONLY)) for path in sources
    )


@pytest.mark.phone_runtime
def test_the_served_bundle_is_that_code_as_make_compiled_it(client) -> None:
    folder = engine_url(client).removesuffix(ENGINE)
    bundle = zipfile.ZipFile(io.BytesIO(client.get(folder + BUNDLE).data))
    names = set(bundle.namelist())
    # Each module comes as the bytecode make compiled from this very source, or as the source.
    for path, source in bundle_sources().items():
        if path.endswith(".py"):
            assert path in names or path + "c" in names, path
            if path in names:
                assert bundle.read(path) == source, path
        else:
            assert bundle.read(path) == source, path
    assert not any(
        path.startswith(tuple(f"scorekeeper/{name}" for name in SERVER_ONLY)) for path in names
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


def test_the_top_package_the_phone_is_given_needs_only_the_standard_library() -> None:
    # The phone runs it first (it locates the templates and catalogs): what it imports as it
    # loads must be on the phone. `create_app` imports the web inside the function, lazily.
    tree = ast.parse(bundle_sources()["scorekeeper/__init__.py"])
    loaded = [
        alias.name if isinstance(node, ast.Import) else node.module or ""
        for node in tree.body
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    ]
    assert loaded and all(
        name.split(".")[0] in {*sys.stdlib_module_names, "__future__"} for name in loaded
    ), loaded
