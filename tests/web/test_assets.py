"""Static files under addresses that carry a fingerprint of their content: kept for a year
under the current one, checked again under any other (or none)."""

from __future__ import annotations

import hashlib
import re

import rcssmin
import rjsmin

import scorekeeper
from scorekeeper.web import assets


def fingerprint_of(name: str) -> str:
    """Return a file's fingerprint: of its content as sent (a script or a style sheet
    without its comments, a script's imports fingerprinted)."""
    content = (scorekeeper.STATIC / name).read_bytes()
    if name.endswith(".js"):
        content = rjsmin.jsmin(content.decode()).encode()
    if name.endswith(".css"):
        content = rcssmin.cssmin(content.decode()).encode()
    for imported in re.findall(rb'"/static/([^"?]+)"', content):
        here = f"/static/{imported.decode()}"
        content = content.replace(
            f'"{here}"'.encode(), f'"{here}?v={fingerprint_of(imported.decode())}"'.encode()
        )
    return hashlib.sha256(content).hexdigest()[:12]


def test_pages_name_each_file_by_its_content(client) -> None:
    page = client.get("/").get_data(as_text=True)
    addresses = re.findall(r'(?:href|src)="/static/([^"?]+)\?v=([0-9a-f]{12})"', page)
    assert {name for name, _ in addresses} >= {"app.css", "wakelock.js", "install.js"}
    for name, version in addresses:
        assert version == fingerprint_of(name)
    assert not re.search(r'(?:href|src)="/static/[^"?]+"', page)  # none left bare


def test_a_file_under_its_fingerprint_is_kept_for_a_year(client) -> None:
    current = client.get(f"/static/app.css?v={fingerprint_of('app.css')}")
    assert current.status_code == 200
    assert current.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    for other in ("/static/app.css", "/static/app.css?v=0123456789ab", "/static/app.css?v="):
        answer = client.get(other)
        assert answer.status_code == 200 and answer.data == current.data
        assert answer.headers["Cache-Control"] == "no-cache"  # checked again every time


def test_a_missing_file_keeps_a_bare_address_and_answers_404(app) -> None:
    from flask import url_for

    with app.test_request_context("/"):
        assert url_for("static", filename="nowhere.css") == "/static/nowhere.css"
    assert app.test_client().get("/static/nowhere.css").status_code == 404


def test_the_service_worker_keeps_the_files_under_the_pages_addresses(client) -> None:
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    assert worker.headers["Cache-Control"] == "no-cache"
    script = worker.get_data(as_text=True)
    kept = re.findall(r'"(/static/[^"]+)"', script)
    assert f"/static/app.css?v={fingerprint_of('app.css')}" in kept
    assert f"/static/table.js?v={fingerprint_of('table.js')}" in kept
    assert all("?v=" in path for path in kept)
    page = client.get("/").get_data(as_text=True)
    for address in re.findall(r'(?:href|src)="(/static/[^"]+)"', page):
        if address.split("?")[0].endswith((".css", ".js")):
            assert address in kept  # offline, the page's own addresses are found
    again = client.get("/sw.js", headers={"If-None-Match": worker.headers["ETag"]})
    assert again.status_code == 304  # a phone checking for a new worker downloads nothing


def test_the_manifest_names_its_icons_by_their_fingerprints(client) -> None:
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200
    assert manifest.mimetype == "application/manifest+json"
    icons = [icon["src"] for icon in manifest.get_json(force=True)["icons"]]
    assert f"/static/icons/icon-192.png?v={fingerprint_of('icons/icon-192.png')}" in icons
    assert all("?v=" in icon for icon in icons)


def test_a_script_is_minified_once_and_a_changed_one_is_sent_changed(app, tmp_path) -> None:
    app.static_folder = str(tmp_path)
    script = tmp_path / "note.js"
    script.write_text("// Says hello.\nvar hello = 1;\n")
    client = app.test_client()
    path = str(script)
    first = client.get("/static/note.js")
    assert first.status_code == 200 and first.data == b"var hello=1;"
    assert assets.MINIFIED[path] == 1
    second = client.get("/static/note.js")
    assert second.data == b"var hello=1;" and assets.MINIFIED[path] == 1  # kept, not again
    script.write_text("// Says goodbye.\nvar goodbye = 2;\n")  # a new size: a new version
    changed = client.get("/static/note.js")
    assert changed.data == b"var goodbye=2;" and assets.MINIFIED[path] == 2
    app.debug = True  # files edited as the app runs: still minified once per version
    assert client.get("/static/note.js").data == b"var goodbye=2;"
    script.write_text("var again = 3;\n")
    assert client.get("/static/note.js").data == b"var again=3;"
    assert assets.MINIFIED[path] == 3


def test_a_style_sheet_is_sent_without_its_comments(app, tmp_path) -> None:
    app.static_folder = str(tmp_path)
    (tmp_path / "note.css").write_text("/* Why the margin. */\n.note {\n  margin: 0 auto;\n}\n")
    sent = app.test_client().get("/static/note.css")
    assert sent.status_code == 200 and sent.data == b".note{margin:0 auto}"
    assert assets.MINIFIED[str(tmp_path / "note.css")] == 1


def test_a_script_kept_as_sent_names_its_imports_where_the_app_is_mounted(client) -> None:
    plain = client.get("/static/table.js").get_data(as_text=True)
    mounted = client.get("/static/table.js", base_url="http://localhost/club")
    assert '"/static/phone/' in plain and '"/club/static/' not in plain
    assert '"/club/static/phone/' in mounted.get_data(as_text=True)
