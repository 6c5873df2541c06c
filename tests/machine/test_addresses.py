"""Links other phones can open: a loopback host is swapped for the LAN address."""

from __future__ import annotations

import pytest

from scorekeeper.machine.addresses import is_loopback, lan_address, reachable
from scorekeeper.server.banner import terminal_qr


@pytest.mark.parametrize(
    ("url", "lan", "expected"),
    [
        ("http://localhost:5000/games/ab/watch", "192.168.1.20",
         "http://192.168.1.20:5000/games/ab/watch"),
        ("http://127.0.0.1:8080/games/ab/join/k", "10.0.0.7", "http://10.0.0.7:8080/games/ab/join/k"),
        ("http://[::1]/games/ab/watch", "192.168.1.20", "http://192.168.1.20/games/ab/watch"),
        # A host other phones can already reach stays as it is.
        ("http://192.168.1.5:5000/games/ab/watch", "192.168.1.20",
         "http://192.168.1.5:5000/games/ab/watch"),
        ("http://scores.home/games/ab/watch", "192.168.1.20", "http://scores.home/games/ab/watch"),
    ],
)  # fmt: skip
def test_a_loopback_link_names_the_lan_address(url, lan, expected):
    assert reachable(url, lan=lan) == expected


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("localhost", True), ("127.0.0.1", True), ("127.8.0.1", True), ("::1", True),
     ("192.168.1.20", False), ("scores.home", False)],
)  # fmt: skip
def test_loopback_hosts(host, loopback):
    assert is_loopback(host) is loopback


def test_the_lan_address_found_is_never_loopback():
    address = lan_address()
    assert address is None or not is_loopback(address)


def test_the_terminal_qr_code_is_drawn_with_blocks():
    drawn = terminal_qr("http://192.168.1.20:5000/games/ab/join/key")
    assert drawn is not None and "█" in drawn and len(drawn.splitlines()) > 10
