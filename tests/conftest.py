"""Shared fixtures: an app on a fresh temporary database, its client, and CSRF tokens."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

pytest_plugins = ("pytester",)  # tests/test_no_skips.py runs pytest on small test files
# Tests create games by the dozen; the quota tests turn the quotas back on for themselves.
# Servers started by tests inherit this too.
os.environ.setdefault("SCOREKEEPER_QUOTAS", "off")
# No test asks this machine's system to keep it awake (wakepy pretends it did), and no
# server a test starts announces itself on the network: the mDNS tests announce on the
# loopback interface alone, by saying so.
os.environ["WAKEPY_FAKE_SUCCESS"] = "1"
os.environ["SCOREKEEPER_MDNS"] = "off"

REPO = Path(__file__).resolve().parents[1]
#: The golden example games and their expected output, copied byte for byte (see its README).
EXAMPLES = REPO / "tests" / "data" / "examples"


#: A ruleset's slug as the docs' tables give it: "| `joker-strict` | …".
_TABLE_SLUG = re.compile(r"^\| `([a-z0-9-]+)` \|", re.MULTILINE)


def documented_slugs() -> list[str]:
    """Return every ruleset the docs offer by slug: the built-ins of docs/rules.md, then the
    ready-made variants of docs/joker-variants.md (read from their tables, not the code)."""
    builtins = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    builtins = builtins.split("## The built-in rulesets", 1)[1].split("\n#", 1)[0]
    variants = (REPO / "docs" / "joker-variants.md").read_text(encoding="utf-8")
    variants = variants.split("## Ready-made variants", 1)[1]
    return _TABLE_SLUG.findall(builtins) + _TABLE_SLUG.findall(variants)


def example(name: str) -> dict[str, Any]:
    """Return a golden example game file by name (e.g. "joker")."""
    return json.loads((EXAMPLES / f"{name}.game.json").read_text())


def _refuse_a_skip(report: pytest.TestReport | pytest.CollectReport) -> None:
    """Turn a skip or an xfail into a failure: a test that does not run, or whose outcome
    does not count, proves nothing, silently."""
    expected_to_fail = getattr(report, "wasxfail", None)
    if report.skipped or expected_to_fail is not None:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"skipped, and this suite allows no skips: {reason or expected_to_fail}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    _refuse_a_skip(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    report = yield
    _refuse_a_skip(report)
    return report


#: Fixtures that start a real `scorekeeper serve`: a test using one is a `server` test, left
#: out of `make check`'s quick loop.
REAL_SERVERS = {"server", "live_server"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if REAL_SERVERS & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.server)


@pytest.fixture
def app(tmp_path: Path):
    from scorekeeper.web import create_app

    return create_app({"DATABASE": str(tmp_path / "test.sqlite"), "SECRET_KEY": "test-secret"})


@pytest.fixture
def client(app):
    return app.test_client()


def csrf_token(client) -> str:
    """Fetch the home page and return the token from its meta tag."""
    page = client.get("/").get_data(as_text=True)
    match = re.search(r'<meta name="csrf-token" content="([^"]+)"', page)
    assert match, "every page carries a csrf-token meta tag"
    return match.group(1)


@pytest.fixture
def token(client) -> str:
    return csrf_token(client)
