"""The sheet's URL fetcher serves files of the static folder and refuses everything else."""

from __future__ import annotations

import pytest

from scorekeeper.sheets.fetcher import FetchRefused, static_file, static_url_fetcher
from scorekeeper.sheets.render import STATIC, pdf_from_html


@pytest.fixture
def static_root(tmp_path):
    root = tmp_path / "static"
    root.mkdir()
    (root / "sheet.css").write_text("body { color: black }", encoding="utf-8")
    (root / "fonts").mkdir()
    (tmp_path / "secret.txt").write_text("root:x:0:0", encoding="utf-8")
    (root / "link.css").symlink_to(tmp_path / "secret.txt")
    return root


def test_a_file_of_the_static_folder_is_served(static_root):
    fetcher = static_url_fetcher(static_root)
    response = fetcher((static_root / "sheet.css").as_uri())
    assert response.read() == b"body { color: black }"
    assert response.content_type == "text/css"
    assert fetcher.requested == [(static_root / "sheet.css").as_uri()]


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "file://localhost/etc/passwd",
        "FILE:///etc/passwd",
        "http://example.com/sheet.css",
        "https://example.com/sheet.css",
        "ftp://example.com/sheet.css",
        "data:text/css,body{}",
        "javascript:alert(1)",
        "//example.com/sheet.css",
        "sheet.css",
        "{root}/sheet.css",
        "file://example.com{root}/sheet.css",
        "file://{root}/../secret.txt",
        "file://{root}/%2e%2e/secret.txt",
        "file://{root}/fonts/../../secret.txt",
        "file://{root}/link.css",
        "file://{root}/fonts",
        "file://{root}/missing.css",
        "file://{root}/sheet.css%00.png",
    ],
)
def test_everything_else_is_refused(static_root, url):
    url = url.replace("{root}", static_root.as_posix())
    with pytest.raises(FetchRefused):
        static_file(url, static_root)
    fetcher = static_url_fetcher(static_root)
    with pytest.raises(FetchRefused):
        fetcher(url)


def test_the_app_stylesheet_is_inside_the_static_folder():
    assert static_file((STATIC / "sheet.css").as_uri(), STATIC) == (STATIC / "sheet.css").resolve()


def test_html_naming_outside_files_renders_without_them(monkeypatch, tmp_path):
    """The second wall: even markup that names other files or hosts loads none of them."""
    import scorekeeper.sheets.render as render_module

    secret = tmp_path / "secret.svg"
    secret.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg"><text y="10">TOPSECRET</text></svg>',
        encoding="utf-8",
    )
    fetchers = []
    real = render_module.static_url_fetcher
    monkeypatch.setattr(
        render_module,
        "static_url_fetcher",
        lambda root: fetchers.append(real(root)) or fetchers[-1],
    )
    html = f"""<html><head>
      <link rel="stylesheet" href="http://127.0.0.1:9/evil.css">
      <link rel="stylesheet" href="sheet.css">
      <style>@import url("file:///etc/passwd");
        body {{ background: url("{secret.as_uri()}") }}</style>
      </head><body><p>hello</p>
      <img src="file:///etc/passwd"><img src="{secret.as_uri()}">
      <img src="../../../../etc/passwd"><object data="{secret.as_uri()}"></object>
      <iframe src="https://example.com/"></iframe></body></html>"""
    pdf = pdf_from_html(html)
    assert pdf.startswith(b"%PDF-")
    assert b"TOPSECRET" not in pdf
    requested = fetchers[0].requested
    assert "file:///etc/passwd" in requested
    assert (STATIC / "sheet.css").as_uri() in requested
    for url in requested:
        if url != (STATIC / "sheet.css").as_uri():
            with pytest.raises(FetchRefused):
                static_file(url, STATIC)
