"""The project's documents served by the app: every ruleset and decision, links that work."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import builtin_rulesets


def test_the_rules_page_has_a_section_for_every_built_in_ruleset(client) -> None:
    page = client.get("/docs/rules").get_data(as_text=True)
    for ruleset in builtin_rulesets():
        assert f'<h3 id="{ruleset.slug}">{ruleset.slug}</h3>' in page


def test_the_rules_page_carries_every_decision(client) -> None:
    page = client.get("/docs/rules").get_data(as_text=True)
    assert page.count("<strong>Decision:</strong>") == 3
    assert "Scorekeeper\nplays 19 deals" in page  # Bluke for 5 players
    assert "charges −40" in page  # a failed rainbow bid


@pytest.mark.parametrize("name", ["rules", "game-format"])
def test_every_table_scrolls_in_its_own_focusable_box(client, name) -> None:
    answer = client.get(f"/docs/{name}")
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    page = answer.get_data(as_text=True)
    tables = page.count("<table>")
    assert tables >= 2
    assert page.count('<div class="doc-table" tabindex="0" role="region"') == tables


def test_links_between_documents_stay_in_the_app_and_find_their_heading(client) -> None:
    page = client.get("/docs/game-format").get_data(as_text=True)
    targets = set(re.findall(r'href="(/docs/rules#[^"]+)"', page))
    assert targets == {"/docs/rules#the-built-in-rulesets", "/docs/rules#what-every-ruleset-shares"}
    rules = client.get("/docs/rules").get_data(as_text=True)
    for target in targets:
        assert f'id="{target.split("#")[1]}"' in rules
    assert ".md" not in "".join(re.findall(r'href="([^"]+)"', page))


def test_raw_html_in_a_document_is_shown_as_text() -> None:
    from scorekeeper.web.docs import markdown

    assert "<script>" not in markdown().render("<script>alert(1)</script>\n", {})


def test_an_unknown_document_is_404(client) -> None:
    assert client.get("/docs/secrets").status_code == 404


def test_the_rules_pages_link_the_documents(client) -> None:
    index = client.get("/rules").get_data(as_text=True)
    assert 'href="/docs/rules"' in index and 'href="/docs/game-format"' in index
    page = client.get("/rules/joker").get_data(as_text=True)
    assert 'href="/docs/rules#joker"' in page
