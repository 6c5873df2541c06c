"""Strangers on the WiFi, each in their own way, while a family taps: nothing they do holds the
table up, answers a 5xx, or loses a deal.

A real `scorekeeper serve` with 2,000 games stored, its quotas on as a family runs it; each
attack (scripts/benchmarks/attacks.py) from addresses of its own, in a process of its own,
while the family taps a game: no tap waits behind the attack (none takes seconds), every
tap acknowledged is recorded, and no answer is 5xx to anyone. The taps' budgets (p95 within
50 ms, never over 250 ms) are `make bench`'s, on a machine doing nothing else.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from scripts.benchmarks.attacks import ATTACKS, run_attack, store_archive
from scripts.benchmarks.stall import STALLED_MS, loopback_addresses
from tests.serving import Server

pytestmark = [pytest.mark.server, pytest.mark.stall]


@pytest.fixture(scope="module")
def attacked(tmp_path_factory) -> Iterator[Server]:
    assert loopback_addresses(4), "this suite needs 127.0.0.2-5 (Linux's loopback has them)"
    database = tmp_path_factory.mktemp("hostile") / "hostile.sqlite"
    store_archive(database)
    server = Server(db=database, env={**os.environ, "SCOREKEEPER_QUOTAS": "on"}).start()
    yield server
    server.stop()


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_the_family_taps_on_through_the_attack(attacked: Server, attack: str) -> None:
    result = run_attack(attack, attacked.port)
    figures = result.figures()
    assert len(result.tap_ms) >= 30, figures  # the family tapped all along
    assert result.server_errors == 0, figures
    assert set(result.family) == {200, 303}, figures  # no false 409, nothing refused
    assert result.recorded == result.acknowledged, figures
    assert max(result.tap_ms) <= STALLED_MS, figures  # no tap waited behind the attack
