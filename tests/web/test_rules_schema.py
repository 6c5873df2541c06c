"""The house-rules editor is drawn from the ruleset schema; every input round-trips.

Each document key has exactly one entry in house_rules/schema.py; every input
of the editor belongs to one field; every built-in ruleset goes through the
editor and comes out as the same document; and every field, set to a new value
in the form, lands in its own place in the document.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

from scorekeeper.house_rules.inputs import from_form, to_form
from scorekeeper.house_rules.schema import SCHEMA, Field, Rule, Variant
from scorekeeper.rules import builtin_rulesets
from scorekeeper.rules.parts import (
    ALL_KEYS,
    MAX_MULTIPLIER,
    MAX_PLAYERS,
    MAX_POINTS,
    VARIANT_DEFAULTS,
)
from scorekeeper.rules.variants import VARIANTS
from tests.web.test_house_rules import editor

BUILTINS = {ruleset.slug: ruleset.document for ruleset in builtin_rulesets()}
#: Every way each rule is played somewhere: the built-ins, then the ready-made Joker variants.
EVERY_DOCUMENT = [*BUILTINS.values(), *(variant.document for variant in VARIANTS.values())]


def test_every_document_key_has_exactly_one_schema_entry() -> None:
    assert Counter(rule.key for rule in SCHEMA) == Counter(ALL_KEYS)
    assert tuple(rule.key for rule in SCHEMA) == ALL_KEYS  # the editor shows them in RULES.md order


def test_every_input_belongs_to_exactly_one_field() -> None:
    names = Counter(
        name
        for rule in SCHEMA
        for field in rule.all_fields()
        if field.kind != "cards" or rule.key != "schedule"
        for name in field.names()
    )
    assert [name for name, count in names.items() if count > 1] == []


@pytest.mark.parametrize("slug", BUILTINS)
def test_every_builtin_reads_back_from_its_own_form_values(slug: str) -> None:
    document, errors = from_form(to_form(BUILTINS[slug]))
    assert errors == {}
    assert document == {**BUILTINS[slug], **VARIANT_DEFAULTS}  # no house variant played


@pytest.mark.parametrize("slug", VARIANTS)
def test_every_ready_made_variant_reads_back_from_its_form_values(slug: str) -> None:
    """Khishti, premia and pass limit keep their values through the editor's inputs."""
    document, errors = from_form(to_form(VARIANTS[slug].document))
    assert errors == {}
    assert document == {**VARIANT_DEFAULTS, **VARIANTS[slug].document}


@pytest.mark.parametrize("slug", BUILTINS)
def test_every_builtin_goes_through_the_editor_unchanged(client, token, slug: str) -> None:
    values = editor(client, slug)
    values["name"] = f"Our {slug}"
    response = client.post("/rules/new", data={**values, "csrf_token": token})
    assert response.status_code == 303, response.get_data(as_text=True)
    saved = json.loads(client.get(response.headers["Location"] + "/export.json").data)
    assert saved == {"base": slug, "name": f"Our {slug}"}


def _where(rule: Rule, variant: Variant | None) -> dict[str, Any]:
    """Return a built-in or ready-made document that plays this rule this way (or any)."""
    for document in EVERY_DOCUMENT:
        values = to_form(document)
        if variant is None or values[rule.switch.name] == variant.value:  # type: ignore[union-attr]
            return document
    raise AssertionError(f"no built-in plays {rule.key} as {variant.value}")


def _cases() -> list[tuple[str, Rule, Variant | None, Field]]:
    cases = []
    for rule in SCHEMA:
        for field in rule.fields:
            cases.append((f"{rule.key}.{field.name}", rule, None, field))
        for variant in rule.variants:
            for field in variant.fields:
                cases.append((f"{rule.key}.{variant.value}.{field.name}", rule, variant, field))
    return cases


def _new_text(field: Field) -> tuple[dict[str, str], Any]:
    """Return inputs holding a new value for this field, and the document value they mean."""
    if field.kind == "number":
        value = (field.minimum or 0) + 7
        return {field.name: str(value)}, -value if field.lost else value
    if field.kind == "choice":
        option = field.choices[-1]
        return {field.name: option.value}, option.means
    if field.kind == "text":
        return {field.name: "  Grandpa's rules "}, "Grandpa's rules"
    if field.kind == "cards":
        return {field.name: "3, 2 1 2 3"}, [3, 2, 1, 2, 3]
    if field.kind == "sets":
        return {field.name: "1-2; 4–5"}, [[1, 2], [4, 5]]
    if field.kind == "levels":
        names = field.names()
        return {name: ["1", "3"][n] if n < 2 else "" for n, name in enumerate(names)}, [1, 3]
    assert field.kind == "by-players"
    return {"players_min": "3", "players_max": "4", "schedule_3": "5 4", "schedule_4": "2 1"}, {
        "3": [5, 4],
        "4": [2, 1],
    }


@pytest.mark.parametrize(("case", "rule", "variant", "field"), _cases(), ids=lambda c: c)
def test_every_field_lands_in_its_place(case: str, rule: Rule, variant, field: Field) -> None:
    values = to_form(_where(rule, variant))
    if variant is not None:
        values[rule.switch.name] = variant.value  # type: ignore[union-attr]
    inputs, expected = _new_text(field)
    values.update(inputs)
    document, errors = from_form(values)
    assert errors == {}
    value = document[rule.key]
    for step in field.path:
        value = value[step]
    assert value == expected


@pytest.mark.parametrize(
    ("name", "low", "high"),
    [
        ("players_min", 2, MAX_PLAYERS),
        ("per_bid", 0, MAX_POINTS),
        ("rainbow_failed", -MAX_POINTS, MAX_POINTS),
        ("board_level_3", 1, MAX_MULTIPLIER),
    ],
)
def test_inputs_carry_the_engine_s_ranges(client, name: str, low: int, high: int) -> None:
    page = client.get("/rules/new?from=back-alley-bridge").get_data(as_text=True)
    tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert tag, name
    assert f'min="{low}"' in tag.group(0)
    assert f'max="{high}"' in tag.group(0)


def test_a_choice_the_form_does_not_offer_is_refused_beside_its_rule() -> None:
    values = to_form(BUILTINS["back-alley-pagat"])
    values["boards"] = "maybe"
    _, errors = from_form(values)
    assert errors == {"board": ["Boards: choose one"]}


def test_a_deck_the_radios_do_not_offer_is_kept(client, token) -> None:
    values = editor(client, "bluke")
    values.update(name="Two decks", deck="108", players_min="4", players_max="4")
    values.update(schedule_kind="same", schedule="20 10 5")
    response = client.post("/rules/new", data={**values, "csrf_token": token})
    assert response.status_code == 303, response.get_data(as_text=True)
    slug = response.headers["Location"].removeprefix("/rules/")
    assert json.loads(client.get(f"/rules/{slug}/export.json").data)["deck"] == 108
    again = client.get(f"/rules/{slug}/edit").get_data(as_text=True)
    assert re.search(r'<input checked id="deck-\d" name="deck" type="radio" value="108">', again)
    assert "108 cards" in again
