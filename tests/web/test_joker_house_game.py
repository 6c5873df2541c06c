"""Issue 17's table, end to end through the web: a strict Joker set up in the editor, played,
scored, printed, compared with plain Joker and carried to another machine as files.

Khishti −500, a premia of the set's sum that strikes the others' best deal when one player
alone earns it, at most 3 passes a set. The deals and every score are those of the strict
table in tests/rules/test_joker_variants.py, each checked by hand there.
"""

from __future__ import annotations

import io
import json
import re
from html import unescape

from tests.rules.test_joker_variants import STRICT_SET_ONE
from tests.sheets.games import pdf_text
from tests.web.conftest import Table, buttons
from tests.web.test_house_rules import editor

FOUR = ["Ann", "Bob", "Cy", "Dee"]
STRICT = {
    "name": "The Beridzes' Joker",
    "khishti": "yes",
    "khishti_fixed": "500",
    "khishti_per_card": "0",
    "premia_of": "sum",
    "premia_times": "1",
    "premia_strike": "alone",
    "pass_limit": "yes",
    "pass_limit_passes": "3",
    "pass_limit_per": "set",
}


def text_of(page: str) -> str:
    """Return a page's words as a person reads them (tags dropped, spaces closed up)."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", page)).split())


def record(client, token: str, game_id: str, first: int, deals: list[dict]) -> None:
    for number, deal in enumerate(deals, first):
        answer = client.post(
            f"/api/games/{game_id}/deals",
            json={"deal": number, **deal},
            headers={"X-CSRFToken": token},
        )
        assert answer.status_code == 201, answer.get_data(as_text=True)


def test_the_strict_joker_table_from_the_editor_to_the_fridge(client, token) -> None:
    # Set up in the editor: Joker's form, nine taps and two numbers.
    values = editor(client, "joker")
    assert values["khishti"] == "none" and values["pass_limit"] == "none"
    assert values["khishti_fixed"] == "500" and values["pass_limit_passes"] == "3"  # offered
    values.update(STRICT)
    saved = client.post("/rules/new", data=values)
    assert saved.status_code == 303, text_of(saved.get_data(as_text=True))[:2000]
    slug = saved.headers["Location"].removeprefix("/rules/")

    # Its page says each rule and the decisions behind it, and links the variants document.
    page = text_of(client.get(f"/rules/{slug}").get_data(as_text=True))
    assert "Khishti, Premia (set bonus), Passes." in page and "Changed from Joker" in page
    assert "took none scores −500: the khishti" in page
    assert "a bonus equal to the sum of their deals in that set" in page
    assert "When one player alone earns the premia in a set" in page
    assert "at most 3 times in each set of deals" in page
    assert "Decision: The khishti's amount is the table's choice" in page
    assert 'href="/docs/joker-variants"' in client.get(f"/rules/{slug}").get_data(as_text=True)

    # At the table: Bob passes in deals 1, 2 and 4; in deal 5 his pass is greyed out, with why.
    table = Table(client)
    table.start(slug, FOUR)
    record(client, token, table.game_id, 1, STRICT_SET_ONE[:4])
    page = table.open()
    assert "<b><bdi>Bob</bdi></b> bids" in page  # deal 5: Ann deals, Bob bids first
    assert dict(buttons(page))["bid:pass"] is False
    assert "Bob may not pass: the pass limit is used up (3 passes a set)." in text_of(page)
    refused = table.post("bid:pass")
    assert refused.status_code == 422 and "pass limit" in Table.problem(refused)
    record(client, token, table.game_id, 5, STRICT_SET_ONE[4:])

    # Scored: Ann's premia is the set's sum, +900, and it strikes the others' best deals.
    result = client.get(f"/api/games/{table.game_id}").get_json()["result"]
    assert result["totals"] == [1800, -2430, -180, -850]
    assert [deal["scores"][1] for deal in result["deals"]] == [
        50,
        50,
        -500,
        20,
        -500,
        -500,
        -500,
        -550,
    ]

    # The sheet, on screen and on paper, carries the rules with the scores.
    sheet = text_of(client.get(f"/games/{table.game_id}/scoresheet").get_data(as_text=True))
    assert "1800" in sheet and "-2430" in sheet
    printed = " ".join(pdf_text(client.get(f"/games/{table.game_id}/sheet.pdf").data).split())
    for line in (
        "Khishti (bid 1 or more, took none): −500.",
        "a bonus of the sum of your deals in that set",
        "Passes: at most 3 a set.",
    ):
        assert line in printed, line

    # Compared with plain Joker: which rule changed, and which deals it changed.
    compared = text_of(
        client.get(f"/games/{table.game_id}/compare?ruleset=joker").get_data(as_text=True)
    )
    assert "Khishti penalty: −500 → none" in compared
    assert "Premia (set bonus): the set's sum → best deal of the set" in compared
    assert "Because of: Khishti" in compared and "Premia (set bonus)" in compared

    # Exported and brought back intact: the rules file and the game file.
    rules_file = client.get(f"/rules/{slug}/export.json").get_json()
    assert rules_file["khishti"] == {"fixed": -500, "per_card": 0}
    assert rules_file["premia"] == {"of": "sum", "times": 1, "strike": "alone"}
    assert rules_file["pass_limit"] == {"passes": 3, "per": "set"}
    assert client.post(f"/rules/{slug}/delete", data={"csrf_token": token}).status_code == 303
    again = client.post(
        "/rules/import",
        data={"file": (io.BytesIO(json.dumps(rules_file).encode()), "j.json"), "csrf_token": token},
        content_type="multipart/form-data",
    )
    assert again.status_code == 303
    second = again.headers["Location"].removeprefix("/rules/")
    assert client.get(f"/rules/{second}/export.json").get_json() == rules_file
    game_file = client.get(f"/games/{table.game_id}/export.json").get_data()
    imported = client.post(
        "/import",
        data={"file": (io.BytesIO(game_file), "game.json"), "csrf_token": token},
        content_type="multipart/form-data",
    )
    assert imported.status_code == 303
    copy_id = imported.headers["Location"].rsplit("/", 1)[-1]
    copied = client.get(f"/api/games/{copy_id}").get_json()["result"]
    assert copied["totals"] == [1800, -2430, -180, -850]


def test_editing_a_variant_ruleset_keeps_its_variants(client, token) -> None:
    values = editor(client, "joker-strict")  # a ready-made variant, copied
    assert (values["khishti"], values["khishti_fixed"]) == ("yes", "500")
    assert (values["premia_of"], values["premia_strike"]) == ("sum", "alone")
    assert (values["pass_limit"], values["pass_limit_passes"]) == ("yes", "3")
    values["name"] = "Strict, our way"
    values["khishti_fixed"] = "200"
    saved = client.post("/rules/new", data=values)
    assert saved.status_code == 303
    slug = saved.headers["Location"].removeprefix("/rules/")
    again = editor(client, slug)
    document = client.get(f"/rules/{slug}/export.json").get_json()
    assert document["khishti"] == {"fixed": -200, "per_card": 0}
    assert document["premia"] == {"of": "sum", "times": 1, "strike": "alone"}
    assert document["pass_limit"] == {"passes": 3, "per": "set"}
    assert (again["khishti_fixed"], again["pass_limit_per"]) == ("200", "set")


def test_a_penalty_is_asked_as_the_points_lost(client) -> None:
    values = editor(client, "joker")
    values.update(STRICT, khishti_fixed="-500")
    refused = client.post("/rules/new", data=values)
    assert refused.status_code == 422
    page = text_of(refused.get_data(as_text=True))
    assert "Points lost (e.g. 200, 500, 900): write the points lost without a minus sign" in page
    values.update(khishti_fixed="0", khishti_per_card="0")
    page = text_of(client.post("/rules/new", data=values).get_data(as_text=True))
    assert "A khishti of 0 is no khishti: choose no khishti" in page
    values = editor(client, "back-alley-pagat")
    values.update(pass_limit="yes", pass_limit_passes="3", pass_limit_per="set")
    page = text_of(client.post("/rules/new", data=values).get_data(as_text=True))
    assert 'A pass limit "per set" needs exact scoring with sets of deals' in page


def test_ready_made_variants_are_shown_exported_and_copied_never_changed(client, token) -> None:
    index = client.get("/rules").get_data(as_text=True)
    assert "Ready-made Joker house rules" in index
    assert 'href="/rules/new?from=joker-strict">Copy and adjust' in index
    page = text_of(client.get("/rules/joker-strict").get_data(as_text=True))
    assert "Ready-made house rules, starting from Joker (Georgia)" in page
    assert "Khishti, Premia (set bonus), Passes." in page
    assert "“Joker Score” keeper" in page  # the sources behind the decisions
    exported = client.get("/rules/joker-strict/export.json").get_json()
    assert exported["base"] == "joker" and exported["khishti"] == {"fixed": -500, "per_card": 0}
    assert "schedule" not in exported  # only what differs from Joker
    # Nobody changes or deletes a ready-made variant: editing it makes a copy.
    edit = client.get("/rules/joker-strict/edit")
    assert edit.status_code == 303 and edit.headers["Location"].endswith("from=joker-strict")
    assert client.post("/rules/joker-strict/delete", data={"csrf_token": token}).status_code == 405
    # A family's ruleset named like one gets its own address.
    values = editor(client, "joker-strict")
    values["name"] = "Joker strict"
    saved = client.post("/rules/new", data=values)
    assert saved.headers["Location"] == "/rules/joker-strict-house"
