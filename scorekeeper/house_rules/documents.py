"""House ruleset documents: complete ones, and the keys a house copy changes from its base."""

from __future__ import annotations

import copy
from typing import Any

from ..rules import Ruleset, builtin_document
from ..rules.builtins import BUILTIN_DOCUMENTS
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
