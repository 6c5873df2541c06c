"""What `scorekeeper serve` prints first, in one order: the address phones open and its QR code,
the secure address and the QR code of /trust (each captioned), then the rest."""

from __future__ import annotations

import io
import ipaddress
from pathlib import Path

from scorekeeper.machine.config import INSTANCE, STATIC
from scorekeeper.server import banner as server
from scorekeeper.server.secure import Secure
from scorekeeper.server.serve import NO_RUNTIME, runtime_note

FINGERPRINT = "AB:CD:" * 15 + "EF:01"
SECURE = Secure(5124, Path("cert.pem"), Path("key.pem"), True, FINGERPRINT, Path("tls"))


def is_qr(line: str) -> bool:
    return bool(line) and set(line) <= set("█▀▄ ")


def words(lines: list[str]) -> list[str]:
    """Return the lines that are not a QR code's, each stripped (a caption is centred)."""
    return [line.strip() for line in lines if not is_qr(line)]


def test_the_lan_address_is_a_real_ipv4_address_or_none() -> None:
    address = server.lan_address()
    assert address is None or not ipaddress.IPv4Address(address).is_loopback


def test_serving_the_network_prints_the_phone_address_and_qr_before_the_data(monkeypatch):
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.20")
    out = io.StringIO()
    server.greet("0.0.0.0", 5123, "/home/ann/games.sqlite", out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "Phones on this network can open http://192.168.1.20:5123/"
    qr = [line for line in lines if is_qr(line)]
    assert len(qr) >= 10 and lines[1 : 1 + len(qr)] == qr  # the QR code comes next
    assert lines[1 + len(qr)].strip() == "open this"  # captioned, as every QR code is
    assert lines[2 + len(qr)] == "(on this computer: http://localhost:5123/)"
    assert lines[-2:] == [
        "Games are kept in /home/ann/games.sqlite",
        f"The secret key is in {INSTANCE / 'secret_key'} (or $SECRET_KEY)",
    ]


def test_each_address_comes_with_its_captioned_qr_code_then_the_rest(monkeypatch):
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.20")
    out = io.StringIO()
    links = ["http://scorekeeper.local:5123/", "http://192.168.1.20:5123/"]
    notes = ["Counted the results of 3 games kept from before"]
    server.greet("0.0.0.0", 5123, "/g.sqlite", out, links=links, secure=SECURE, notes=notes)
    lines = out.getvalue().splitlines()
    assert words(lines) == [
        "Phones on this network can open http://scorekeeper.local:5123/ "
        "(or http://192.168.1.20:5123/)",
        "by name                           by address",
        "(on this computer: http://localhost:5123/)",
        "The secure address is https://scorekeeper.local:5124/",
        "A phone trusts it once, from http://scorekeeper.local:5123/trust (the screen then "
        "stays awake, the app works offline and installs); the authority's fingerprint, to "
        "compare there:",
        FINGERPRINT,
        "trust this server",
        "Games are kept in /g.sqlite",
        f"The secret key is in {INSTANCE / 'secret_key'} (or $SECRET_KEY)",
        "Counted the results of 3 games kept from before",
    ]
    # Each QR code sits between its address and its caption, nothing else among its lines.
    stripped = [line.strip() for line in lines]
    first, trust = stripped.index(words(lines)[1]), stripped.index(FINGERPRINT)
    caption = stripped.index("trust this server")
    assert all(is_qr(line) for line in lines[1:first]) and first > 10
    assert all(is_qr(line) for line in lines[trust + 1 : caption]) and caption - trust > 10


def test_serving_one_address_prints_that_address_and_no_qr() -> None:
    out = io.StringIO()
    server.greet("127.0.0.1", 5123, "/tmp/g.sqlite", out)
    assert out.getvalue().splitlines()[:2] == [
        "Scorekeeper is running on http://127.0.0.1:5123/",
        "Games are kept in /tmp/g.sqlite",
    ]


def test_a_server_without_the_phones_rules_says_so_and_how_to_add_them(tmp_path) -> None:
    (tmp_path / "pyodide").mkdir()  # fetched halfway: no Pyodide in it
    said = runtime_note(tmp_path)
    assert said == [NO_RUNTIME.format(folder=tmp_path / "pyodide")]
    assert said[0].startswith("Phones cannot keep score offline from this server: its copy of ")
    assert "`make`" in said[0] and "python scripts/phone_runtime.py" in said[0]
    assert runtime_note(STATIC) == []  # this checkout has it (make fetched it)
    out = io.StringIO()
    server.greet("127.0.0.1", 5123, "/tmp/g.sqlite", out, notes=said)
    assert out.getvalue().splitlines()[-1] == said[0]  # with the rest, after the addresses
