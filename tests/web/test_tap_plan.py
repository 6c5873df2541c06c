"""The page's plan for table.js: the deal's part written once per game text, the taps and the
version added for each page, as the whole plan would be written, and safe inside <script>."""

from __future__ import annotations

import html
import json
import re

from scorekeeper.presentation.table_page import deal_in_progress, tap_plan
from scorekeeper.storage import get_game, open_database
from tests.web.conftest import Table

HOSTILE = ["</script><b>Ann", "Bob & 'Cy'", "Dee", "Eve <3"]


def page_plan(page: str) -> tuple[str, dict]:
    match = re.search(r'<script type="application/json" id="tap-plan">(.*?)</script>', page, re.S)
    assert match, "the editor's page carries the tap plan"
    return match.group(1), json.loads(match.group(1))


def test_the_plan_on_each_page_is_the_deal_plan_with_its_taps_and_version(app, client) -> None:
    table = Table(client)
    table.start("back-alley-individual", HOSTILE)
    seen = []
    for step in (None, "trump:hearts", "bid:1", "bid:pass"):
        if step is not None:
            table.tap(step)
        text, plan = page_plan(table.page)
        db = open_database(app.config["DATABASE"])
        try:
            stored = get_game(db, table.game_id)
            deal = deal_in_progress(stored)
            whole = {**deal.deal_plan(), "steps": deal.plan_steps(), "version": stored.version}
            assert plan == whole == tap_plan(stored, deal)
        finally:
            db.close()
        assert "</" not in text and "<b>" not in text and "'" not in text and "&" not in text
        assert plan["names"] == HOSTILE  # byte-exact once read back
        seen.append((plan["version"], plan["steps"]))
    assert [steps for _, steps in seen] == [
        [], [["trump", "hearts"]], [["trump", "hearts"], ["bid", "1"]],
        [["trump", "hearts"], ["bid", "1"], ["bid", "pass"]],
    ]  # fmt: skip
    assert [version for version, _ in seen] == sorted({version for version, _ in seen})
    assert "</script><b>Ann" not in table.page  # escaped everywhere else on the page too
    assert html.unescape(table.page).count("</script><b>Ann") > 1
