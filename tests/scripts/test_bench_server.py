"""The real server the tests and the benchmarks start: a port taken by another program
between choosing it and listening on it does not fail the run."""

from __future__ import annotations

import socket
import urllib.request
from pathlib import Path

from scripts.benchmarks.server import Server


def test_a_port_taken_first_is_given_up_for_another_and_a_restart_keeps_its_ports(
    tmp_path: Path,
) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        taken = other.getsockname()[1]
        server = Server(db=tmp_path / "ports.sqlite", port=taken, secure_port=0).start()
        try:
            assert server.port != taken
            with urllib.request.urlopen(server.url + "/", timeout=5) as answer:
                assert answer.status == 200
            ports = server.port
            server.kill()
            server.start()
            assert server.port == ports
            with urllib.request.urlopen(server.url + "/", timeout=5) as answer:
                assert answer.status == 200
        finally:
            server.stop()
