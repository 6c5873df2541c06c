"""The real server survives idle and half-open connections, and refuses oversized bodies."""

from __future__ import annotations

import socket
import urllib.request

import pytest

from tests.serving import Client, Server

IDLE = 150


@pytest.mark.server
def test_150_idle_half_open_connections_do_not_lock_a_phone_out(server: Server) -> None:
    idle = []
    try:
        for number in range(IDLE):
            conn = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            if number % 2:
                # Half of them start a request and never finish it.
                conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            idle.append(conn)
        # A phone opens the home page meanwhile (a generous timeout: this is not a speed test).
        with urllib.request.urlopen(server.url + "/", timeout=30) as response:
            assert response.status == 200
            assert b"Scorekeeper" in response.read()
    finally:
        for conn in idle:
            conn.close()


@pytest.mark.server
def test_a_body_over_the_limit_is_refused_and_nothing_is_written(server: Server) -> None:
    phone = Client(server.url)
    phone.fetch_token()
    huge = {
        "ruleset": "joker",
        "players": ["Ann", "Bob", "Cy", "Dee"],
        "deals": [],
        "pad": "x" * (2 << 20),
    }
    status, _, body = phone.request("POST", "/api/games", json_body=huge)
    assert status == 413
    assert "too big" in body.decode()
    status, _, body = phone.request("GET", "/archive.json")
    assert status == 200 and b'"games": []' in body
