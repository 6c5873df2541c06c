"""The family's house rules as a service: save, import, share and delete them, one transaction each.

A house ruleset belongs to the phone that wrote it, and to the phones it shares its
edit link with: only they may change or delete it; everyone may view, copy and play
it.
Finding a ruleset by slug, built-in or house, is `storage.find_any_ruleset`.
A game keeps its own complete copy of the house rules it was started under, so
saving or deleting house rules rescores no game and leaves every game's stored
results (`scorekeeper.standings`) right: nothing here needs to refresh them.
No Flask here.
"""

from __future__ import annotations

from typing import Any

from ..rules import Ruleset, RulesetError, name_key
from ..storage import (
    Connection,
    FoundRuleset,
    NotFound,
    add_ruleset_editor,
    delete_house_ruleset,
    find_any_ruleset,
    free_slug,
    may_edit_ruleset,
    ruleset_choices,
    ruleset_edit_key,
    save_house_ruleset,
)
from .errors import NotAllowed

NOT_YOURS = (
    "These house rules belong to another phone: you may play them or copy them as your own, "
    "but only the phones that keep them may change or delete them."
)


class NameTaken(RulesetError):
    """Another ruleset already has this name: two of them would be told apart by nothing."""


def may_edit_rules(
    db: Connection, slug: str, device: str | None, *, on_this_machine: bool = False
) -> bool:
    """Say whether this device may change or delete the house ruleset (see may_edit_ruleset)."""
    return may_edit_ruleset(db, slug, device, on_this_machine=on_this_machine)


def save_house_rules(
    db: Connection,
    document: dict[str, Any],
    *,
    device: str | None,
    slug: str | None = None,
    on_this_machine: bool = False,
) -> str:
    """Validate and save house rules: over their own slug when editing, else under a new one.

    A new ruleset belongs to the device that saved it; changing one needs the right to.
    Raise NameTaken when another ruleset (built-in or house) has the same name.
    """
    ruleset = Ruleset.from_document(document)
    with db.write():
        if slug is not None:
            find_any_ruleset(db, slug)
            if not may_edit_ruleset(db, slug, device, on_this_machine=on_this_machine):
                raise NotAllowed(NOT_YOURS)
        for choice in ruleset_choices(db):
            if choice.slug != slug and name_key(choice.ruleset.name) == name_key(ruleset.name):
                raise NameTaken(
                    f"There are already rules called “{choice.ruleset.name}”: give these "
                    "another name.",
                    field="name",
                )
        saved = save_house_ruleset(db, document, slug=slug or free_slug(db, ruleset.name))
        if device:
            add_ruleset_editor(db, saved, device)
    return saved


def delete_house_rules(
    db: Connection, slug: str, *, device: str | None, on_this_machine: bool = False
) -> FoundRuleset:
    """Forget a house ruleset (games played under it keep their own copy); return what it was."""
    with db.write(grows=False):  # deleting frees room: it runs when the disk is nearly full
        found = find_any_ruleset(db, slug)
        if not may_edit_ruleset(db, slug, device, on_this_machine=on_this_machine):
            raise NotAllowed(NOT_YOURS)
        delete_house_ruleset(db, slug)
    return found


def join_house_rules(db: Connection, slug: str, edit_key: str, device: str) -> None:
    """Let a device change the house ruleset, given its edit link; NotFound for a wrong key."""
    with db.write():
        if not edit_key or edit_key != ruleset_edit_key(db, slug):
            raise NotFound(slug)
        add_ruleset_editor(db, slug, device)
