"""House ruleset documents: the keys a house copy changes, and the decisions that still apply."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ..rules import DECISIONS, Ruleset, builtin_document
from ..rules.builtins import BUILTIN_DOCUMENTS, down_and_up, up_and_down
from ..rules.parts import KEYS


def root_slug(document: dict[str, Any]) -> str | None:
    """Return the built-in a house document starts from, if it names one."""
    base = document.get("base")
    return base if isinstance(base, str) and base in BUILTIN_DOCUMENTS else None


def complete_document(ruleset: Ruleset) -> dict[str, Any]:
    """Return a ruleset's complete document (every key), as a copy."""
    return copy.deepcopy(ruleset.document)


def changes_from(base_slug: str | None, complete: dict[str, Any]) -> dict[str, Any]:
    """Write a complete document as {"base": slug, ...only the keys that differ} where it can."""
    if base_slug is None:
        return copy.deepcopy(complete)
    base = builtin_document(base_slug)
    out: dict[str, Any] = {"base": base_slug}
    for key in KEYS:
        if key == "name" or complete[key] != base[key]:
            out[key] = copy.deepcopy(complete[key])
    return out


def changed_keys(document: dict[str, Any]) -> list[str]:
    """Return the rules a house document changes from its base, in document order."""
    base_slug = root_slug(document)
    if base_slug is None:
        return []
    base = builtin_document(base_slug)
    return [key for key in KEYS if key != "name" and key in document and document[key] != base[key]]


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
    """Return the Decision lines of RULES.md that apply to this ruleset (or house copy)."""
    found = []
    for slug, lines in DECISIONS.items():
        if slug not in (ruleset.slug, base_slug):
            continue
        applies = DECISION_APPLIES.get(slug, lambda _doc: True)
        if applies(ruleset.document):
            found.extend(lines)
    return found
