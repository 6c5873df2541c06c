"""Quick requests are served in turn by one thread; slow ones (PDFs, archives, imports) apart."""

from __future__ import annotations

import json
import threading
import time
from types import SimpleNamespace

import pytest

from scorekeeper.server.dispatch import TableFirst, is_slow
from tests.serving import Client, Server

GAME = {"ruleset": "back-alley-individual", "players": ["Ann", "Bob", "Cy", "Dee"], "deals": []}


@pytest.mark.parametrize(
    "path",
    [
        "/games/ab12/sheet.pdf",
        "/sheets/blank.pdf",
        "/archive.json",
        "/archive/import",
        "/import",
        "/rules/import",
        "/scorekeeper/games/ab12/sheet.pdf",  # behind a proxy, under a mount point
    ],
)
def test_pdfs_archives_and_imports_are_slow(path: str) -> None:
    assert is_slow(path)


@pytest.mark.parametrize(
    "path",
    ["/", "/games/ab12", "/games/ab12/tap", "/api/games/ab12/deals", "/games/ab12/live/board",
     "/sheets", "/games/ab12/archive", "/games/ab12/export.json", "/players", "/static/app.css"],
)  # fmt: skip
def test_the_table_pages_and_the_api_are_quick(path: str) -> None:
    assert not is_slow(path)


class Task:
    """A connection as waitress queues it: its next request's path, and the work to serve it."""

    def __init__(self, path: str, log: list[tuple[str, str]], hold: threading.Event | None = None):
        self.requests = [SimpleNamespace(path=path)]
        self.log = log
        self.hold = hold
        self.done = threading.Event()

    def service(self) -> None:
        if self.hold is not None:
            self.hold.wait(10)
        self.log.append((self.requests[0].path, threading.current_thread().name))
        self.done.set()

    def cancel(self) -> None:
        self.done.set()


def test_quick_requests_go_in_turn_on_one_thread_while_a_slow_one_runs_beside() -> None:
    dispatcher = TableFirst()
    dispatcher.set_thread_count(3)
    log: list[tuple[str, str]] = []
    printing = threading.Event()
    try:
        pdf = Task("/games/x/sheet.pdf", log, hold=printing)
        dispatcher.add_task(pdf)
        quick = [Task(f"/games/x/tap?{number}", log) for number in range(20)]
        for task in quick:
            dispatcher.add_task(task)
        assert all(task.done.wait(10) for task in quick)
        # Every quick request was served while the sheet was still printing, in the
        # order it arrived, and all by the same one thread.
        assert not pdf.done.is_set()
        assert [path for path, _ in log] == [task.requests[0].path for task in quick]
        assert len({thread for _, thread in log}) == 1
        printing.set()
        assert pdf.done.wait(10)
        assert log[0][1] == "quick-0" and log[-1][1].startswith("slow-")  # a thread of its own
    finally:
        printing.set()
        dispatcher.shutdown()
    assert not dispatcher.quick.threads and not dispatcher.slow.threads


@pytest.mark.server
def test_deals_are_recorded_on_the_real_server_while_a_sheet_prints(tmp_path) -> None:
    server = Server(db=tmp_path / "dispatch.sqlite").start()
    try:
        phone = Client(server.url)
        phone.fetch_token()
        status, _, body = phone.request("POST", "/api/games", json_body=GAME)
        assert status == 201
        game_id = json.loads(body)["id"]
        answered: dict[str, float] = {}

        def print_sheet() -> None:
            # The server's first sheet loads WeasyPrint and its fonts: most of a second.
            printer = Client(server.url)
            status, _, pdf = printer.request("GET", "/sheets/blank.pdf?ruleset=joker")
            assert status == 200 and pdf.startswith(b"%PDF")
            answered["sheet"] = time.monotonic()

        printing = threading.Thread(target=print_sheet)
        printing.start()
        time.sleep(0.05)  # the sheet's request reaches the server first
        for number in (1, 2, 3):
            deal = {"deal": number, "bids": [1, "pass", "pass", "pass"],
                    "tricks": [14 - number, 0, 0, 0]}  # fmt: skip
            status, _, body = phone.request("POST", f"/api/games/{game_id}/deals", json_body=deal)
            assert status == 201, body
        answered["deals"] = time.monotonic()
        printing.join(30)
        assert answered["deals"] < answered["sheet"]
        status, _, body = phone.request("GET", f"/api/games/{game_id}")
        assert status == 200 and len(json.loads(body)["game"]["deals"]) == 3
    finally:
        server.stop()
