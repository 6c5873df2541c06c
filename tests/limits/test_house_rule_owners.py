"""House rules belong to the phones that keep them; everyone else may view, copy and play them."""

from __future__ import annotations

import json
import sqlite3

from tests.conftest import csrf_token
from tests.web.test_rules_pages import import_rules

OURS = {"base": "bluke", "name": "Grandpa's Bluke", "deck": 54}
LAN = {"REMOTE_ADDR": "192.168.1.7"}  # a phone on the WiFi, not the machine itself


def stored(db_path: str) -> list[tuple[str, str]]:
    """Return every house ruleset as stored: (slug, document)."""
    with sqlite3.connect(db_path) as conn:
        return conn.execute("select slug, document from house_rulesets order by slug").fetchall()


def test_only_the_phone_that_wrote_house_rules_may_change_them(app, client, token) -> None:
    slug = import_rules(client, token, OURS)
    before = stored(app.config["DATABASE"])
    other = app.test_client()
    other_token = csrf_token(other)
    page = other.get(f"/rules/{slug}").get_data(as_text=True)
    assert "Change these rules" not in page and "Copy as your own house rules" in page
    edit = other.get(f"/rules/{slug}/edit")
    assert edit.status_code == 303 and edit.headers["Location"] == f"/rules/new?from={slug}"
    assert other.get(edit.headers["Location"]).status_code == 200  # the copy to make their own
    saved = other.post(f"/rules/{slug}/edit", data={"csrf_token": other_token, "name": "Mine"})
    assert saved.status_code == 403
    assert "belong to another phone" in saved.get_data(as_text=True)
    deleted = other.post(f"/rules/{slug}/delete", data={"csrf_token": other_token})
    assert deleted.status_code == 403
    assert stored(app.config["DATABASE"]) == before
    # The keeper still may.
    assert "Change these rules" in client.get(f"/rules/{slug}").get_data(as_text=True)
    assert client.post(f"/rules/{slug}/delete", data={"csrf_token": token}).status_code == 303
    assert stored(app.config["DATABASE"]) == []


def test_the_edit_link_shares_the_right_to_change_them(app, client, token) -> None:
    slug = import_rules(client, token, OURS)
    page = client.get(f"/rules/{slug}").get_data(as_text=True)
    link = page.split('class="edit-link" href="')[1].split('"')[0]
    other = app.test_client()
    other_token = csrf_token(other)
    link = link.removeprefix("http://localhost")
    # Opening the link (or a chat app's preview of it) only asks: nothing changes.
    before = stored(app.config["DATABASE"])
    for _ in range(2):
        asked = other.get(link)
        assert asked.status_code == 200
        assert "Change these house rules on this phone too?" in asked.get_data(as_text=True)
    assert "Change these rules" not in other.get(f"/rules/{slug}").get_data(as_text=True)
    refused = other.post(f"/rules/{slug}/delete", data={"csrf_token": other_token})
    assert refused.status_code == 403 and stored(app.config["DATABASE"]) == before
    # A post without the page's token joins nothing; the button's post does.
    stale = other.post(link, data={})  # sent back to the ask, as any form without its token
    assert stale.status_code == 303 and stale.headers["Location"] != f"/rules/{slug}"
    assert "Change these rules" not in other.get(f"/rules/{slug}").get_data(as_text=True)
    joined = other.post(link, data={"csrf_token": other_token, "join": slug})
    assert joined.status_code == 303 and joined.headers["Location"] == f"/rules/{slug}"
    assert "Change these rules" in other.get(f"/rules/{slug}").get_data(as_text=True)
    assert other.post(f"/rules/{slug}/delete", data={"csrf_token": other_token}).status_code == 303
    # A wrong key gives nothing away, opened or posted.
    assert other.get(f"/rules/{slug}/join/wrong-key").status_code == 404
    posted = other.post(f"/rules/{slug}/join/wrong-key", data={"csrf_token": other_token})
    assert posted.status_code == 404


def test_rules_saved_before_owners_are_kept_by_the_machine_itself(app, client, token) -> None:
    import_rules(
        client, token, OURS
    )  # the tables exist; then a ruleset as an old database holds it
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute(
            "insert into house_rulesets (slug, name, document, created, updated, edit_key)"
            " values ('old-rules', 'Old rules', ?, '2025-01-01', '2025-01-01', 'k')",
            [json.dumps({"base": "bluke", "name": "Old rules"})],
        )
    phone = app.test_client()
    phone_token = csrf_token(phone)
    # A phone on the WiFi may view and copy it, not change or delete it.
    shown = phone.get("/rules/old-rules", environ_overrides=LAN).get_data(as_text=True)
    assert "Old rules" in shown and "Change these rules" not in shown
    refused = phone.post(
        "/rules/old-rules/delete", data={"csrf_token": phone_token}, environ_overrides=LAN
    )
    assert refused.status_code == 403
    assert "old-rules" in [slug for slug, _ in stored(app.config["DATABASE"])]
    # A browser on the machine running Scorekeeper (localhost) may, and keeps it from then on.
    assert "Change these rules" in phone.get("/rules/old-rules").get_data(as_text=True)
    done = phone.post("/rules/old-rules/delete", data={"csrf_token": phone_token})
    assert done.status_code == 303
    assert "old-rules" not in [slug for slug, _ in stored(app.config["DATABASE"])]
