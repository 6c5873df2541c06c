"""Three strangers loop the longest requests they can make; the family's taps are not held up.

A real `scorekeeper serve`, real sockets, each stranger on an address of its own, the
quotas as a family's server runs them: no tap of the family's (its POST, 303 and page) waits
behind them (none takes seconds), no answer 5xx, and every tap acknowledged is recorded.
The budgets (p95 at most 50 ms, never more than 250 ms) are measured by `make bench`, whose
figures a loaded machine cannot turn into a red test run.
"""

from __future__ import annotations

import os

import pytest

from scripts.benchmarks.stall import (
    STALLED_MS,
    describe,
    loopback_addresses,
    prepare,
    run_stall,
)
from tests.serving import Server

pytestmark = [pytest.mark.server, pytest.mark.stall]


def test_strangers_looping_the_longest_requests_do_not_stall_the_family(tmp_path) -> None:
    assert loopback_addresses(3), "this test needs 127.0.0.2-4 (Linux's loopback has them)"
    database = tmp_path / "stall.sqlite"
    game_id, slug = prepare(database)
    env = {**os.environ, "SCOREKEEPER_QUOTAS": "on"}
    server = Server(db=database, env=env).start()
    try:
        result = run_stall(server.port, game_id, slug, seconds=10)
    finally:
        server.stop()
    figures = describe(result)
    assert len(result.tap_ms) >= 50, figures  # the family tapped all along
    assert result.server_errors == 0, figures
    assert result.taps_recorded == result.taps_acknowledged, figures
    assert max(result.tap_ms) <= STALLED_MS, figures  # no tap waited behind the strangers
    # The strangers did ask, and were answered (or told to wait, 429): never a server error.
    assert result.attackers[200] + result.attackers[201] > 10, figures
    assert set(result.attackers) <= {200, 201, 429}, figures
