"""The rules pages in the states a first visit never sees are drawn from plain view-models too.

`test_view_models.py` opens every page as it first looks; here each rules page is also
drawn refused, filled in by a shortcut, scored, for the phone that keeps the rules, and
the same check is made of what its template was given.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import template_rendered

from tests.conftest import example
from tests.presentation.test_view_models import check_context
from tests.web.test_house_rules import FIVE_PLAYER_DOCUMENT, editor
from tests.web.test_rules_pages import BRIDGE_SCORING, import_rules, new_game

SCORED = (
    "/rules/calculator?cards=4&dealer=0&name_0=Ann&name_1=Bob&name_2=Cy&name_3=Dee"
    "&bid_0=board&bid_1=pass&bid_2=1&bid_3=pass&tricks_0=3&tricks_1=0&tricks_2=1&tricks_3=0"
    "&rainbow_1=y"
)


def drawn(app, send) -> tuple[int, list[tuple[str, dict[str, Any]]]]:
    """Send a request; return its status and each template drawn with what it was given."""
    rendered: list[tuple[str, dict[str, Any]]] = []

    def record(sender, template, context, **extra) -> None:
        rendered.append((template.name, dict(context)))

    template_rendered.connect(record, app)
    try:
        status = send().status_code
    finally:
        template_rendered.disconnect(record, app)
    return status, rendered


@pytest.mark.parametrize(
    ("state", "status", "template"),
    [
        ("the editor refused", 422, "rules/editor.html"),
        ("the editor filled in by a shortcut", 200, "rules/editor.html"),
        ("the editor on the family's own rules", 200, "rules/editor.html"),
        ("the family's rules, for the phone keeping them", 200, "rules/page.html"),
        ("a deal scored under every ruleset, house rules too", 200, "rules/calculator.html"),
        ("a deal whose tricks do not add up", 200, "rules/calculator.html"),
        ("a deal with a choice missing", 200, "rules/calculator.html"),
        ("a game under rules that cannot score it", 200, "rules/compare.html"),
        ("a game under the family's rules", 200, "rules/compare.html"),
        ("a ruleset file refused", 422, "rules/import.html"),
    ],
)
def test_each_rules_page_in_each_state_is_drawn_from_a_plain_model(
    app, client, token, state: str, status: int, template: str
) -> None:
    slug = import_rules(client, token, FIVE_PLAYER_DOCUMENT)  # five players: not a pagat game
    bridge = import_rules(client, token, BRIDGE_SCORING)
    values = {**editor(client, "joker"), "csrf_token": token}
    game = new_game(client, token, example("back-alley-pagat"))
    requests = {
        "the editor refused": lambda: client.post("/rules/new", data={**values, "name": ""}),
        "the editor filled in by a shortcut": lambda: client.post(
            "/rules/new", data={**values, "shortcut": "players:down-up"}
        ),
        "the editor on the family's own rules": lambda: client.get(f"/rules/{slug}/edit"),
        "the family's rules, for the phone keeping them": lambda: client.get(f"/rules/{slug}"),
        "a deal scored under every ruleset, house rules too": lambda: client.get(SCORED),
        "a deal whose tricks do not add up": lambda: client.get(SCORED.replace("ks_0=3", "ks_0=4")),
        "a deal with a choice missing": lambda: client.get("/rules/calculator?cards=99"),
        "a game under rules that cannot score it": lambda: client.get(
            f"/games/{game}/compare?ruleset={slug}"
        ),
        "a game under the family's rules": lambda: client.get(
            f"/games/{game}/compare?ruleset={bridge}"
        ),
        "a ruleset file refused": lambda: client.post(
            "/rules/import", data={"csrf_token": token}, content_type="multipart/form-data"
        ),
    }
    answered, rendered = drawn(app, requests[state])
    assert answered == status
    assert [name for name, _ in rendered] == [template]
    check_context(*rendered[0])
