"""House ruleset documents: the keys a house copy changes, and the decisions that still apply."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ..rules import DECISIONS, Ruleset, builtin_document
from ..rules.builtins import BUILTIN_DOCUMENTS, down_and_up, up_and_down
from ..rules.parts import ALL_KEYS, VARIANT_DEFAULTS, VARIANT_KEYS
from .variant_words import variant_decisions


def root_slug(document: dict[str, Any]) -> str | None:
    """Return the built-in a house document starts from, if it names one."""
    base = document.get("base")
    return base if isinstance(base, str) and base in BUILTIN_DOCUMENTS else None


def rule_value(document: dict[str, Any], key: str) -> Any:
    """Return a rule of a document; a house variant it leaves out plays its default."""
    return document.get(key, VARIANT_DEFAULTS.get(key))


def complete_document(ruleset: Ruleset) -> dict[str, Any]:
    """Return a ruleset's complete document (every key, the variants too), as a copy."""
    document = copy.deepcopy(ruleset.document)
    for key in VARIANT_KEYS:
        document.setdefault(key, copy.deepcopy(VARIANT_DEFAULTS[key]))
    return document


def changes_from(base_slug: str | None, complete: dict[str, Any]) -> dict[str, Any]:
    """Write a complete document as {"base": slug, ...only the keys that differ} where it can."""
    if base_slug is None:
        return copy.deepcopy(complete)
    base = builtin_document(base_slug)
    out: dict[str, Any] = {"base": base_slug}
    for key in ALL_KEYS:
        if key == "name" or rule_value(complete, key) != rule_value(base, key):
            out[key] = copy.deepcopy(rule_value(complete, key))
    return out


def changed_keys(document: dict[str, Any]) -> list[str]:
    """Return the rules a house document changes from its base, in document order."""
    base_slug = root_slug(document)
    if base_slug is None:
        return []
    base = builtin_document(base_slug)
    return [
        key
        for key in ALL_KEYS
        if key != "name" and key in document and document[key] != rule_value(base, key)
    ]


# Decisions ------------------------------------------------------------------------------------


def _five_player_schedule(document: dict[str, Any]) -> list[int] | None:
    low, high = document["players"]
    if not low <= 5 <= high:
        return None
    schedule = document["schedule"]
    return schedule.get("5") if isinstance(schedule, dict) else schedule


#: When a Decision of RULES.md still applies to a ruleset (it may be a house copy of the built-in).
DECISION_APPLIES: dict[str, Callable[[dict[str, Any]], bool]] = {
    "back-alley-individual": lambda doc: doc["first_bidder"] == "right",
    "bluke": lambda doc: _five_player_schedule(doc) == down_and_up(10, ones=1),
    "bluke-new-jersey": lambda doc: _five_player_schedule(doc) == up_and_down(10),
    "back-alley-seven": lambda doc: doc["rainbow"] == {"bid": {"made": 40, "failed": -40}},
}


def decisions(ruleset: Ruleset, base_slug: str | None = None) -> list[str]:
    """Return the decisions that apply to this ruleset (or house copy): those of the rules
    document for its built-in, then those of the house variants it plays."""
    found = []
    for slug, lines in DECISIONS.items():
        if slug not in (ruleset.slug, base_slug):
            continue
        applies = DECISION_APPLIES.get(slug, lambda _doc: True)
        if applies(ruleset.document):
            found.extend(lines)
    return found + variant_decisions(ruleset)
