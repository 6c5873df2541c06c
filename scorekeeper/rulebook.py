"""The family's house rules as a service: save, import and delete them, one transaction each.

Finding a ruleset by slug, built-in or house, is `storage.find_any_ruleset`.
A game keeps its own complete copy of the house rules it was started under, so
saving or deleting house rules rescores no game and leaves every game's stored
results (`scorekeeper.results`) right: nothing here needs to refresh them.
No Flask here.
"""

from __future__ import annotations

from typing import Any

from .rules import Ruleset
from .storage import (
    Connection,
    FoundRuleset,
    delete_house_ruleset,
    find_any_ruleset,
    free_slug,
    save_house_ruleset,
)


def save_house_rules(db: Connection, document: dict[str, Any], *, slug: str | None = None) -> str:
    """Validate and save house rules: over their own slug when editing, else under a new one."""
    ruleset = Ruleset.from_document(document)
    with db.write():
        return save_house_ruleset(db, document, slug=slug or free_slug(db, ruleset.name))


def delete_house_rules(db: Connection, slug: str) -> FoundRuleset:
    """Forget a house ruleset (games played under it keep their own copy); return what it was."""
    with db.write():
        found = find_any_ruleset(db, slug)
        delete_house_ruleset(db, slug)
    return found
