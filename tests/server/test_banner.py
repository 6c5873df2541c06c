"""What `scorekeeper serve` prints first: the address phones open, its QR code, then the data."""

from __future__ import annotations

import io
import ipaddress

from scorekeeper.machine.config import INSTANCE
from scorekeeper.server import banner as server


def test_the_lan_address_is_a_real_ipv4_address_or_none() -> None:
    address = server.lan_address()
    assert address is None or not ipaddress.IPv4Address(address).is_loopback


def test_serving_the_network_prints_the_phone_address_and_qr_before_the_data(monkeypatch):
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.20")
    out = io.StringIO()
    server.greet("0.0.0.0", 5123, "/home/ann/games.sqlite", out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "Phones on this network can open http://192.168.1.20:5123/"
    qr = [line for line in lines if line and set(line) <= set("█▀▄ ")]
    assert len(qr) >= 10 and lines[1 : 1 + len(qr)] == qr  # the QR code comes next
    assert lines[1 + len(qr)] == "(on this computer: http://localhost:5123/)"
    assert lines[-2:] == [
        "Games are kept in /home/ann/games.sqlite",
        f"The secret key is in {INSTANCE / 'secret_key'} (or $SECRET_KEY)",
    ]


def test_serving_one_address_prints_that_address_and_no_qr() -> None:
    out = io.StringIO()
    server.greet("127.0.0.1", 5123, "/tmp/g.sqlite", out)
    assert out.getvalue().splitlines()[:2] == [
        "Scorekeeper is running on http://127.0.0.1:5123/",
        "Games are kept in /tmp/g.sqlite",
    ]
