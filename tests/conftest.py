"""Shared fixtures: an app on a fresh temporary database, its client, and CSRF tokens."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

# Tests create games by the dozen; the quota tests turn the quotas back on for themselves.
# Servers started by tests inherit this too.
os.environ.setdefault("SCOREKEEPER_QUOTAS", "off")

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
EXAMPLES = SHARED / "examples"


def example(name: str) -> dict[str, Any]:
    """Return a shared example game file by name (e.g. "joker")."""
    return json.loads((EXAMPLES / f"{name}.game.json").read_text())


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
