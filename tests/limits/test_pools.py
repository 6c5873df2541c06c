"""The table's requests are served in fair turns by one thread; long ones (PDFs, exports,
imports, whole sheets) by threads beside it, as each view declares."""

from __future__ import annotations

import json
import threading
import time

import pytest

from scorekeeper.server.pools import FairQueue, TablePools
from scorekeeper.web import create_app
from scorekeeper.web.slow import is_slow
from scripts.benchmarks.largest import largest_game
from tests.serving import Client, Server

GAME = {"ruleset": "back-alley-individual", "players": ["Ann", "Bob", "Cy", "Dee"], "deals": []}


@pytest.fixture(scope="module")
def pools(tmp_path_factory) -> TablePools:
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("pools") / "p.sqlite")})
    return TablePools(app)


def environ(path: str, method: str = "GET") -> dict:
    return {"REQUEST_METHOD": method, "PATH_INFO": path, "SERVER_NAME": "localhost",
            "SERVER_PORT": "80", "wsgi.url_scheme": "http", "QUERY_STRING": ""}  # fmt: skip


@pytest.mark.parametrize(
    ("path", "method"),
    [
        ("/games/ab12/sheet.pdf", "GET"),
        ("/sheets/blank.pdf", "GET"),
        ("/archive.json", "GET"),
        ("/archive/import", "POST"),
        ("/import", "POST"),
        ("/rules/import", "POST"),
        ("/api/games", "POST"),
        ("/api/games/ab12", "GET"),
        ("/games/ab12/compare", "GET"),
        ("/games/ab12/scoresheet", "GET"),
        ("/games/ab12/export.json", "GET"),
        ("/games/ab12/chart.svg", "GET"),
        ("/players", "GET"),
    ],
)
def test_views_whose_work_grows_with_the_game_or_the_archive_are_slow(pools, path, method) -> None:
    assert pools.is_slow(environ(path, method))


@pytest.mark.parametrize(
    "path",
    ["/", "/games/ab12", "/games/ab12/table.json", "/api/games/ab12/deals/3",
     "/games/ab12/live/board", "/sheets", "/static/app.css", "/no-such-page"],
)  # fmt: skip
def test_the_table_pages_and_one_deal_are_quick(pools, path: str) -> None:
    assert not pools.is_slow(environ(path))
    assert not pools.is_slow(environ("/games/ab12/tap", "POST"))


def test_every_view_with_a_quota_is_slow_so_a_phone_is_counted_in_one_place(pools) -> None:
    from scorekeeper.web.quotas import counted

    limited = {name for name, view in pools.app.view_functions.items() if counted(view)}
    assert {"games.new_game", "api.create", "rules_pages.compare_game"} <= limited, limited
    assert sorted(name for name in limited if not is_slow(pools.app.view_functions[name])) == []


def test_every_view_marked_slow_is_found_slow_by_the_server(pools) -> None:
    marked = sorted(name for name, view in pools.app.view_functions.items() if is_slow(view))
    assert len(marked) >= 15, marked
    assert "table.tap" not in marked and "api.add_deal" not in marked and "table.game" not in marked


def test_the_quick_thread_takes_each_phone_in_turn() -> None:
    queue = FairQueue("test")
    gate = threading.Event()
    served: list[str] = []
    try:
        first = queue.submit("gate", gate.wait)  # holds the thread while the others queue
        futures = [queue.submit("stranger", lambda n=n: served.append(f"stranger-{n}"))
                   for n in range(5)]  # fmt: skip
        futures.append(queue.submit("family", lambda: served.append("family-tap")))
        futures.append(queue.submit("family", lambda: served.append("family-page")))
        gate.set()
        for future in [first, *futures]:
            future.result(5)
    finally:
        queue.stop()
    # The family's tap waits behind one stranger's request, not five; its page keeps its order.
    assert served.index("family-tap") == 1
    assert served.index("family-page") == 3
    assert [name for name in served if name.startswith("stranger")] == [
        f"stranger-{n}" for n in range(5)
    ]


def test_an_error_in_a_request_reaches_only_that_request() -> None:
    queue = FairQueue("test")
    try:
        broken = queue.submit("a", lambda: 1 / 0)
        fine = queue.submit("b", lambda: "ok")
        with pytest.raises(ZeroDivisionError):
            broken.result(5)
        assert fine.result(5) == "ok"
    finally:
        queue.stop()


@pytest.mark.server
def test_deals_are_recorded_on_the_real_server_while_a_sheet_prints(tmp_path) -> None:
    server = Server(db=tmp_path / "pools.sqlite").start()
    try:
        phone = Client(server.url)
        phone.fetch_token()
        status, _, body = phone.request("POST", "/api/games", json_body=GAME)
        assert status == 201
        game_id = json.loads(body)["id"]
        status, _, body = phone.request("POST", "/api/games", json_body=largest_game())
        assert status == 201
        largest = json.loads(body)["id"]
        printed: dict[str, bytes] = {}

        def print_sheet() -> None:
            # A part of the largest game's sheet: seconds of layout in a printer process.
            printer = Client(server.url)
            status, _, pdf = printer.request("GET", f"/games/{largest}/sheet.pdf", timeout=120)
            assert status == 200
            printed["sheet"] = pdf

        printing = threading.Thread(target=print_sheet)
        printing.start()
        time.sleep(0.2)  # the sheet's request reaches the server first
        for number in (1, 2, 3):
            deal = {"deal": number, "bids": [1, "pass", "pass", "pass"],
                    "tricks": [14 - number, 0, 0, 0]}  # fmt: skip
            status, _, body = phone.request("POST", f"/api/games/{game_id}/deals", json_body=deal)
            assert status == 201, body
        still_printing = printing.is_alive()
        printing.join(120)
        assert still_printing, "every deal was recorded while the sheet was still printing"
        assert printed["sheet"].startswith(b"%PDF")
        status, _, body = phone.request("GET", f"/api/games/{game_id}")
        assert status == 200 and len(json.loads(body)["game"]["deals"]) == 3
    finally:
        server.stop()


@pytest.mark.server
def test_the_workers_end_with_a_server_killed_outright(tmp_path) -> None:
    import os
    import signal

    server = Server(db=tmp_path / "orphans.sqlite").start()
    phone = Client(server.url)
    phone.fetch_token()
    status, _, _ = phone.request("POST", "/api/games", json_body=GAME)  # a worker's work
    assert status == 201
    children = _children(server.process.pid)
    assert len(children) >= 2, children  # the long-work workers (and their printers)
    server.kill()  # SIGKILL: the server cannot tell them anything
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(_alive(pid) for pid in children):
        time.sleep(0.2)
    assert not [pid for pid in children if _alive(pid)], "a worker outlived its server"
    for pid in children:  # nothing left behind, whatever the assertion said
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


def _children(pid: int) -> list[int]:
    """Return every process started by this one, and by those (Linux's /proc)."""
    from pathlib import Path

    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found + [grandchild for child in found for grandchild in _children(child)]


def _alive(pid: int) -> bool:
    from pathlib import Path

    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_an_address_that_sent_its_minutes_share_waits_before_its_next_body_is_read(pools) -> None:
    from scorekeeper.server.pools import Limits

    pools.limits = Limits(sent_per_minute=3 * 1024 * 1024)
    try:
        assert pools._sending("10.0.0.9", 1024 * 1024) == 0
        assert pools._sending("10.0.0.9", 1024 * 1024) == 0
        assert pools._sending("10.0.0.9", 1024 * 1024) == 0
        wait = pools._sending("10.0.0.9", 1024 * 1024)
        assert 1 <= wait <= 61  # its fourth megabyte in the minute: told when to try again
        assert pools._sending("10.0.0.10", 1024 * 1024) == 0  # another address: its own share
        assert pools._sending("10.0.0.9", 0) == 0  # a request with no body always goes
    finally:
        pools.limits = Limits()
