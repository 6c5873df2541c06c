"""An import is written a short transaction at a time, so a family's tap goes through while it
runs; stopped by a nearly full disk, it keeps what it wrote and says how much.

The family's phone writes through a store of its own, as the table's process does under
`scorekeeper serve` while a worker process imports: the two meet only in SQLite's lock.
"""

from __future__ import annotations

import threading

import pytest

from scorekeeper.rules import read_game
from scorekeeper.service.games import record_deal, start_game
from scorekeeper.service.imports import ImportCutShort, import_games
from scorekeeper.storage import DiskNearlyFull, Store, get_game
from tests.conftest import example

PHONE = "family-phone-0001"


def many_games(count: int) -> list:
    return [read_game(example("back-alley-pagat")) for _ in range(count)]


def games_stored(db) -> int:
    return db.execute("select count(*) from games").fetchone()[0]


def test_a_tap_goes_through_while_a_long_import_is_written(tmp_path) -> None:
    path = tmp_path / "house.sqlite"
    family = Store(path).open()
    game = read_game({**example("back-alley-pagat"), "deals": []})
    game_id = start_game(family, game, device=PHONE).id
    importer = Store(path).open()
    written: list[int] = []
    first_written = threading.Event()

    def progress(done: int, total: int) -> None:
        written.append(done)
        first_written.set()

    games = many_games(200)
    worker = threading.Thread(
        target=lambda: import_games(importer, games, device=None, progress=progress)
    )
    worker.start()
    try:
        assert first_written.wait(30)
        # The import is under way; the family's deal is recorded before it ends.
        deal = example("back-alley-pagat")["deals"][0]
        stored = record_deal(family, game_id, deal, device=PHONE, number=1)
        assert len(stored.game.deals) == 1
        during = games_stored(family) - 1
    finally:
        worker.join(60)
    assert 0 < during < 200, "the tap went in while the import was still writing"
    assert games_stored(family) == 201
    assert len(get_game(family, game_id).game.deals) == 1
    # Written a few games a transaction (each at most TRANSACTION_SECONDS of work), not all
    # in one: the longest of them is a figure of `make bench`.
    assert len(written) > 1 and written[-1] == 200
    assert written == sorted(set(written))
    family.close()
    importer.close()


def test_an_import_stopped_by_a_nearly_full_disk_keeps_what_it_wrote_and_says_so(
    tmp_path,
) -> None:
    store = Store(tmp_path / "house.sqlite")
    db = store.open()

    def fill_up(done: int, total: int) -> None:
        store.min_free = 10**18  # the disk fills up after the first transaction

    with pytest.raises(ImportCutShort) as cut:
        import_games(db, many_games(5), device=None, progress=fill_up, budget=0, pause=0)
    assert (cut.value.done, cut.value.total) == (1, 5)
    assert "Only the first 1 of the 5 games were imported" in cut.value.message
    assert games_stored(db) == 1
    # Full before the first game: nothing is written, and the words say nothing was saved.
    with pytest.raises(DiskNearlyFull) as full:
        import_games(db, many_games(2), device=None, pause=0)
    assert not isinstance(full.value, ImportCutShort)
    assert "Nothing was saved" in full.value.message
    assert games_stored(db) == 1
    db.close()


def test_the_command_says_how_far_a_long_import_is(tmp_path, monkeypatch, capsys) -> None:
    import json

    from scorekeeper.cli import all_games, main

    monkeypatch.setattr(all_games, "PROGRESS_EVERY", 0.0)  # every transaction, not every 2 s
    games = [example("back-alley-pagat")] * 120
    path = tmp_path / "all.json"
    path.write_text(json.dumps({"format": "scorekeeper-archive", "version": 1, "games": games}))
    assert main(["import-all", str(path), "--db", str(tmp_path / "house.sqlite")]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines[-1] == "imported 120 games"
    assert len(lines) > 2 and all(
        line.startswith("imported ") and line.endswith(" of 120 games…") for line in lines[:-1]
    )
