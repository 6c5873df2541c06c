"""House rules have an owner: a phone keeps at most twenty; the host removes the rulesets that are
not the family's (nobody played them, no phone that keeps score here keeps them), on the
command line or on a page only the machine running Scorekeeper opens. The family's stay.
"""

from __future__ import annotations

import io
import json
import sqlite3

from scorekeeper.cli import main
from scorekeeper.service.rulebook import AT_THE_CAP, MAX_RULESETS_PER_PHONE
from tests.conftest import csrf_token
from tests.web.conftest import hidden

#: A phone on the WiFi, and a stranger's on another address: neither is the machine itself.
LAN = {"REMOTE_ADDR": "192.168.1.7"}
STRANGER = {"REMOTE_ADDR": "192.168.1.66"}


def send_rules(client, name: str, where: dict):
    """Import a ruleset file named `name` from a phone at `where`."""
    document = {"base": "bluke", "name": name}
    page = client.get("/rules/import", environ_overrides=where).get_data(as_text=True)
    upload = (io.BytesIO(json.dumps(document).encode()), "r.json")
    return client.post(
        "/rules/import",
        data={"csrf_token": hidden(page, "csrf_token"), "file": upload},
        environ_overrides=where,
    )


def slugs(app) -> list[str]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return [slug for (slug,) in conn.execute("select slug from house_rulesets order by slug")]


def test_a_phone_keeps_at_most_twenty_house_rulesets_and_is_told_so(app) -> None:
    phone = app.test_client()
    sent = [send_rules(phone, f"Ours {n}", LAN).status_code for n in range(MAX_RULESETS_PER_PHONE)]
    assert sent == [303] * MAX_RULESETS_PER_PHONE
    refused = send_rules(phone, "One too many", LAN)
    assert refused.status_code == 422
    assert AT_THE_CAP.split(",")[0] in refused.get_data(as_text=True)
    # The editor says the same, beside the name.
    from tests.web.test_house_rules import editor

    values = {**editor(phone, "bluke"), "name": "From the editor"}
    values["csrf_token"] = csrf_token(phone)
    edited = phone.post("/rules/new", data=values, environ_overrides=LAN)
    assert edited.status_code == 422
    assert "the most one phone" in edited.get_data(as_text=True)
    assert len(slugs(app)) == MAX_RULESETS_PER_PHONE
    # Another phone has its own twenty; deleting one makes room again.
    assert send_rules(app.test_client(), "Theirs", STRANGER).status_code == 303
    token = csrf_token(phone)
    gone = phone.post("/rules/ours-0/delete", data={"csrf_token": token}, environ_overrides=LAN)
    assert gone.status_code == 303
    assert send_rules(phone, "One too many", LAN).status_code == 303


def a_house(app) -> dict[str, str]:
    """The family (a phone that scores games), a stranger's script, and rules of each kind."""
    family = app.test_client()
    token = csrf_token(family)
    # Played: a game was started under it.
    assert send_rules(family, "Grandpa's Bluke", LAN).status_code == 303
    game = {
        "ruleset": {"base": "bluke", "name": "Grandpa's Bluke"},
        "players": ["Ann", "Bob", "Cy"],
        "deals": [],
    }
    headers = {"X-CSRFToken": token}
    started = family.post("/api/games", json=game, headers=headers, environ_overrides=LAN)
    assert started.status_code == 201
    # Not played yet, but kept by a phone that keeps score here.
    assert send_rules(family, "Next summer's rules", LAN).status_code == 303
    # A stranger's script: a phone that never kept score here.
    stranger = app.test_client()
    for number in range(3):
        assert send_rules(stranger, f"Stray {number}", STRANGER).status_code == 303
    # Saved before rulesets had owners: the host's own.
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute(
            "insert into house_rulesets (slug, name, document, created, updated, edit_key)"
            " values ('old-rules', 'Old rules', ?, '2025-01-01', '2025-01-01', 'k')",
            [json.dumps({"base": "bluke", "name": "Old rules"})],
        )
    return {"family": family, "stranger": stranger}


FAMILYS = ["grandpas-bluke", "next-summers-rules", "old-rules"]
STRAYS = ["stray-0", "stray-1", "stray-2"]


def test_only_the_host_machine_opens_the_page_that_removes_strays(app) -> None:
    phones = a_house(app)
    for phone in phones.values():
        token = csrf_token(phone)
        assert phone.get("/host/rules", environ_overrides=LAN).status_code == 403
        refused = phone.post(
            "/host/rules", data={"csrf_token": token, "all": "strays"}, environ_overrides=LAN
        )
        assert refused.status_code == 403
        assert "Only a browser on the machine running Scorekeeper" in refused.get_data(as_text=True)
    assert slugs(app) == sorted(FAMILYS + STRAYS)


def test_the_host_removes_the_rules_nobody_plays_and_never_the_familys(app) -> None:
    a_house(app)
    host = app.test_client()  # a browser on the machine itself (localhost)
    token = csrf_token(host)
    assert "3 house rulesets nobody plays" in host.get("/rules").get_data(as_text=True)
    page = host.get("/host/rules").get_data(as_text=True)
    listed = page.split('id="strays"')[1]
    assert all(f'value="{slug}"' in listed for slug in STRAYS)
    assert not any(f'value="{slug}"' in listed for slug in FAMILYS)
    # Ticking one of the family's (a forged post) removes nothing of theirs.
    one = host.post("/host/rules", data={"csrf_token": token, "slug": ["stray-0", "old-rules"]})
    assert one.status_code == 303
    assert slugs(app) == sorted([*FAMILYS, "stray-1", "stray-2"])
    said = host.get("/host/rules").get_data(as_text=True)
    assert "Removed 1 house ruleset nobody plays" in said and "Kept “old-rules”" in said
    every = host.post("/host/rules", data={"csrf_token": token, "all": "strays"})
    assert every.status_code == 303
    assert slugs(app) == FAMILYS
    assert "there is nothing to remove" in host.get("/host/rules").get_data(as_text=True)


def test_the_command_lists_and_removes_the_rules_nobody_plays(app, capsys) -> None:
    a_house(app)
    database = app.config["DATABASE"]
    assert main(["rules", "list", "--db", database]) == 0
    out, err = capsys.readouterr()
    lines = {line.split("\t")[0]: line for line in out.splitlines()}
    assert sorted(lines) == sorted(FAMILYS + STRAYS)
    assert "1 games" in lines["grandpas-bluke"] and "1 game was played" in lines["grandpas-bluke"]
    assert "a phone that keeps score here keeps it" in lines["next-summers-rules"]
    assert "saved before house rules had owners" in lines["old-rules"]
    assert lines["stray-0"].endswith("nobody plays it: may be removed")
    assert "6 house rulesets, 3 nobody plays" in err
    # The family's are refused, one line each, and the command fails; the stray named goes.
    assert main(["rules", "remove", "stray-0", "grandpas-bluke", "--db", database]) == 1
    err = capsys.readouterr().err
    assert "grandpas-bluke: kept, 1 game was played under it" in err
    assert slugs(app) == sorted([*FAMILYS, "stray-1", "stray-2"])
    assert main(["rules", "remove", "--strays", "--db", database]) == 0
    assert "removed 2 house rulesets" in capsys.readouterr().err
    assert slugs(app) == FAMILYS
