"""The family's house rules as a service: save, import, share and delete them, one transaction each.

A house ruleset belongs to the phone that wrote it, and to the phones it shares its
edit link with: only they may change or delete it; everyone may view, copy and play
it. A phone keeps at most `MAX_RULESETS_PER_PHONE`. The host (the command on the
machine running Scorekeeper, or a browser there) may remove the rulesets that are not
the family's (`KeptRuleset.familys`): those nobody played and no phone that keeps score
here keeps, such as a script's thousand.
Finding a ruleset by slug, built-in or house, is `storage.find_any_ruleset`.
A game keeps its own complete copy of the house rules it was started under, so
saving or deleting house rules rescores no game and leaves every game's stored
results (`scorekeeper.standings`) right: nothing here needs to refresh them.
No Flask here.
"""

from __future__ import annotations

from typing import Any

from ..rules import Ruleset, RulesetError, name_key
from ..rules.sentences import Plural, Sentence
from ..storage import (
    Connection,
    FoundRuleset,
    KeptRuleset,
    NotFound,
    add_ruleset_editor,
    delete_house_ruleset,
    find_any_ruleset,
    free_slug,
    kept_rulesets,
    may_edit_ruleset,
    ruleset_choices,
    ruleset_edit_key,
    rulesets_kept_by,
    save_house_ruleset,
)
from .errors import NotAllowed

NOT_YOURS = Sentence(
    "These house rules belong to another phone: you may play them or copy them as your own, "
    "but only the phones that keep them may change or delete them."
)


#: House rulesets one phone may keep (write, or open the edit link of): a family writes a
#: handful; a script writing a thousand made the rules pages slow for everyone.
MAX_RULESETS_PER_PHONE = 20
AT_THE_CAP = (
    f"This phone already keeps {MAX_RULESETS_PER_PHONE} house rulesets, the most one phone "
    "may keep, so these were not saved. Delete one this phone no longer plays (its page has "
    "“Delete these house rules”), or change one instead of saving new ones."
)


class NameTaken(RulesetError):
    """Another ruleset already has this name: two of them would be told apart by nothing."""


class TooManyRulesets(RulesetError):
    """This phone already keeps as many house rulesets as one phone may."""


def may_edit_rules(
    db: Connection, slug: str, device: str | None, *, on_this_machine: bool = False
) -> bool:
    """Say whether this device may change or delete the house ruleset (see may_edit_ruleset)."""
    return may_edit_ruleset(db, slug, device, on_this_machine=on_this_machine)


def at_the_cap(db: Connection, device: str) -> bool:
    """Say whether a phone keeps as many house rulesets as one phone may."""
    return rulesets_kept_by(db, device) >= MAX_RULESETS_PER_PHONE


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
    Raise NameTaken when another ruleset (built-in or house) has the same name, and
    TooManyRulesets for a new one from a phone that keeps as many as a phone may (the
    host's own machine is never held to that).
    """
    ruleset = Ruleset.from_document(document)
    with db.write():
        if slug is not None:
            find_any_ruleset(db, slug)
            if not may_edit_ruleset(db, slug, device, on_this_machine=on_this_machine):
                raise NotAllowed(NOT_YOURS)
        elif device and not on_this_machine and at_the_cap(db, device):
            raise TooManyRulesets(AT_THE_CAP)
        for choice in ruleset_choices(db):
            if choice.slug != slug and name_key(choice.ruleset.name) == name_key(ruleset.name):
                raise NameTaken(
                    Sentence(
                        "There are already rules called “{name}”: give these another name.",
                        name=choice.ruleset.name,
                    ),
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


def check_rules_link(db: Connection, slug: str, edit_key: str) -> None:
    """Raise NotFound unless this is the house ruleset's edit link (reading only)."""
    if not edit_key or edit_key != ruleset_edit_key(db, slug):
        raise NotFound(slug)


def join_house_rules(db: Connection, slug: str, edit_key: str, device: str) -> None:
    """Let a device change the house ruleset, given its edit link; NotFound for a wrong key."""
    with db.write():
        check_rules_link(db, slug, edit_key)
        add_ruleset_editor(db, slug, device)


# The host's clearing up ------------------------------------------------------------------------


def house_rulesets_kept(db: Connection) -> list[KeptRuleset]:
    """Return every house ruleset with who keeps it and whether it is the family's."""
    return kept_rulesets(db)


def why_kept(found: KeptRuleset | None) -> str:
    """Say why the host may not remove a ruleset, or "" when it may."""
    if found is None:
        return Sentence("there are no house rules with that address")
    if found.games:
        return Plural("{n} game was played under it", "{n} games were played under it", found.games)
    if found.scored_here:
        return Sentence("a phone that keeps score here keeps it")
    if not found.phones:
        return Sentence("it was saved before house rules had owners (a browser here may delete it)")
    return ""


def remove_strays(db: Connection, slugs: list[str]) -> tuple[list[KeptRuleset], dict[str, str]]:
    """Remove these house rulesets if they are not the family's, in one transaction; return
    those removed, and why each other one asked for was kept (by slug)."""
    removed: list[KeptRuleset] = []
    kept: dict[str, str] = {}
    with db.write(grows=False):  # removing frees room: it runs when the disk is nearly full
        found = {ruleset.slug: ruleset for ruleset in kept_rulesets(db)}
        for slug in dict.fromkeys(slugs):
            reason = why_kept(found.get(slug))
            if reason:
                kept[slug] = reason
            else:
                delete_house_ruleset(db, slug)
                removed.append(found[slug])
    return removed, kept
