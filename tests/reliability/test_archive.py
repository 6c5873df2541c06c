"""Every game out as one JSON file and back in again: all of them, or none of them."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import GameFileError, read_game
from scorekeeper.service.imports import import_games
from scorekeeper.storage import Store, open_database
from scorekeeper.transfer.all_games import (
    ArchiveStream,
    export_all,
    import_all,
    read_all_games_text,
)
from scorekeeper.web import create_app
from scorekeeper.web.all_games import MAX_ARCHIVE_GAMES
from tests.conftest import EXAMPLES, example

from .conftest import page_token, table_dump

NAMES = sorted(path.name.removesuffix(".game.json") for path in EXAMPLES.glob("*.game.json"))


def filled_database(path: Path) -> list[dict[str, Any]]:
    """Store every shared example game; return their game files in the order stored."""
    db = open_database(path)
    files = [read_game(example(name)).to_json() for name in NAMES]
    import_games(db, [read_game(document) for document in files], device=None)
    db.close()
    return files


def test_export_then_import_gives_back_every_game_exactly(tmp_path: Path) -> None:
    files = filled_database(tmp_path / "a.sqlite")
    source = open_database(tmp_path / "a.sqlite")
    archive = export_all(source)
    assert archive["format"] == "scorekeeper-archive" and archive["version"] == 1
    assert archive["games"] == files
    target = open_database(tmp_path / "b.sqlite")
    assert import_all(target, json.loads(json.dumps(archive))) == len(files)
    assert export_all(target) == archive


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda a: a.update(format="something-else"), "not a Scorekeeper archive"),
        (lambda a: a.update(version=2), "version 2"),
        (lambda a: a.update(games={}), "must be a list"),
        (lambda a: a["games"][-1].update(players=["Ann"]), f"game {len(NAMES)}:"),
        (lambda a: a["games"][2]["deals"][0].update(tricks=[99, 0, 0, 0]), "game 3: deal 1:"),
    ],
)
def test_an_archive_with_anything_wrong_imports_nothing(tmp_path: Path, change, said) -> None:
    filled_database(tmp_path / "a.sqlite")
    archive = export_all(open_database(tmp_path / "a.sqlite"))
    change(archive)
    target = open_database(tmp_path / "b.sqlite")
    with pytest.raises(GameFileError, match=said):
        import_all(target, archive)
    assert table_dump(tmp_path / "b.sqlite") == []


def test_unreadable_archive_text_is_refused_plainly() -> None:
    for raw, said in [(b"{", "not valid JSON"), (b"[" * 50_000, "nested"), (b"NaN", "NaN")]:
        with pytest.raises(GameFileError, match=said):
            read_all_games_text(raw)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args], capture_output=True, text=True, timeout=60
    )


def test_the_command_exports_and_imports_every_game(tmp_path: Path) -> None:
    files = filled_database(tmp_path / "a.sqlite")
    out = tmp_path / "all.json"
    done = run("export-all", str(out), "--db", str(tmp_path / "a.sqlite"))
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["games"] == files
    again = run("export-all", str(out), "--db", str(tmp_path / "a.sqlite"))
    assert again.returncode == 1 and "already exists" in again.stderr
    done = run("import-all", str(out), "--db", str(tmp_path / "b.sqlite"))
    assert done.returncode == 0 and f"imported {len(files)} games" in done.stderr
    assert export_all(open_database(tmp_path / "b.sqlite"))["games"] == files


def test_the_command_refuses_a_bad_archive_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "scorekeeper-archive", "version": 1, "games": [{}]}))
    done = run("import-all", str(bad), "--db", str(tmp_path / "b.sqlite"))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("scorekeeper: game 1: ") and done.stderr.count("\n") == 1
    missing = run("export-all", str(tmp_path / "x.json"), "--db", str(tmp_path / "none.sqlite"))
    assert missing.returncode == 1 and "there is no database" in missing.stderr
    assert not (tmp_path / "none.sqlite").exists()


@pytest.fixture
def web(tmp_path: Path) -> dict[str, Any]:
    files = filled_database(tmp_path / "web.sqlite")
    app = create_app({"DATABASE": str(tmp_path / "web.sqlite"), "SECRET_KEY": "w"})
    client = app.test_client()
    return {
        "client": client,
        "token": page_token(client),
        "files": files,
        "db": tmp_path / "web.sqlite",
    }


def upload(web: dict[str, Any], raw: bytes, token: str | None = None) -> Any:
    return web["client"].post(
        "/archive/import",
        data={"csrf_token": token or web["token"], "file": (io.BytesIO(raw), "all.json")},
        headers={"Referer": "http://localhost/archive/import"},
    )


def test_the_archive_downloads_and_imports_on_the_web(web) -> None:
    download = web["client"].get("/archive.json")
    assert download.status_code == 200 and download.mimetype == "application/json"
    assert "attachment" in download.headers["Content-Disposition"]
    assert json.loads(download.data)["games"] == web["files"]
    form = web["client"].get("/archive/import")
    assert form.status_code == 200 and 'type="file"' in form.get_data(as_text=True)
    answer = upload(web, download.data)
    assert answer.status_code == 303 and answer.headers["Location"] == "/"
    assert f"Imported {len(web['files'])} games" in web["client"].get("/").get_data(as_text=True)
    doubled = json.loads(web["client"].get("/archive.json").data)["games"]
    assert doubled == web["files"] + web["files"]
    # The phone that imported them may keep score in them.
    game_ids = {row[1] for row in table_dump(web["db"]) if row[0] == "games"}
    editors = [web["client"].get(f"/api/games/{gid}").get_json() for gid in game_ids]
    assert sum("edit_url" in shown for shown in editors) == len(web["files"])


def test_a_bad_archive_on_the_web_says_why_beside_the_field_and_imports_nothing(web) -> None:
    before = table_dump(web["db"])
    archive = json.loads(web["client"].get("/archive.json").data)
    archive["games"][1]["players"] = "nobody"
    for raw in (json.dumps(archive).encode(), b"\xff", b"{}", b"[" * 60_000):
        answer = upload(web, raw)
        assert answer.status_code == 422
        page = answer.get_data(as_text=True)
        assert "Nothing was imported" in page and 'role="alert"' in page
    missing = web["client"].post("/archive/import", data={"csrf_token": web["token"]})
    assert missing.status_code == 422 and "Choose an archive first" in missing.get_data(
        as_text=True
    )
    assert table_dump(web["db"]) == before


def test_the_archive_import_form_is_csrf_protected_and_takes_big_archives(web) -> None:
    before = table_dump(web["db"])
    archive = json.loads(web["client"].get("/archive.json").data)
    refused = upload(web, json.dumps(archive).encode(), token="stale")
    assert refused.status_code == 303 and refused.headers["Location"] == "/archive/import"
    assert table_dump(web["db"]) == before
    # Past the one-megabyte limit for a single game file, an archive still goes in: as many
    # games as one import may hold (widely indented).
    big = {**archive, "games": (archive["games"] * 100)[:MAX_ARCHIVE_GAMES]}
    raw = json.dumps(big, indent=8).encode()
    assert 1024 * 1024 < len(raw) < 8 * 1024 * 1024
    assert upload(web, raw).status_code == 303


def test_an_archive_of_more_games_than_an_import_may_hold_imports_nothing(web) -> None:
    before = table_dump(web["db"])
    archive = json.loads(web["client"].get("/archive.json").data)
    many = {**archive, "games": (archive["games"] * 100)[: MAX_ARCHIVE_GAMES + 1]}
    answer = upload(web, json.dumps(many).encode())
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert f"holds {MAX_ARCHIVE_GAMES + 1} games, and an import here takes at most 100" in page
    assert "scorekeeper import-all FILE" in page
    assert table_dump(web["db"]) == before


def test_an_archive_stream_lets_go_once_whether_it_ends_or_is_closed(tmp_path: Path) -> None:
    files = filled_database(tmp_path / "a.sqlite")
    store = Store(tmp_path / "a.sqlite")
    let_go: list[str] = []
    read = ArchiveStream(store, then=lambda: let_go.append("read"))
    assert json.loads("".join(read))["games"] == files
    read.close()
    left = ArchiveStream(store, then=lambda: let_go.append("left"))
    next(left)
    left.close()
    left.close()
    assert list(left) == [] and let_go == ["read", "left"]
