"""House rulesets as stored, and the one way to find any ruleset (built-in or house) by slug."""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from ..rules import (
    BUILTIN_DOCUMENTS,
    SOURCES,
    Ruleset,
    ScoreError,
    builtin_document,
    default_lookup,
    find_ruleset,
)
from ..rules.gamefile import RulesetLookup
from ..rules.variants import VARIANTS, ready_made_ruleset, variant_changes
from .games import NotFound
from .migrations import now
from .store import Connection

#: Addresses under /rules that a house ruleset's slug may not take.
RESERVED_SLUGS = frozenset({"new", "import", "calculator"})


@dataclass(frozen=True)
class FoundRuleset:
    """A ruleset found by slug: a built-in or a family's house rules, with its document as saved."""

    slug: str
    ruleset: Ruleset
    saved: dict[str, Any]  #: the document as written: a built-in's, or a house {"base", …changes}
    house: bool  #: saved by a family (a ready-made variant is not: nobody may change it)
    ready_made: bool = False  #: one of the house variants shipped to copy (rules/variants.py)

    @property
    def base(self) -> str | None:
        """Return the built-in this ruleset starts from (itself for a built-in)."""
        if not self.house and not self.ready_made:
            return self.slug
        base = self.saved.get("base")
        return base if isinstance(base, str) and base in BUILTIN_DOCUMENTS else None

    @property
    def source(self) -> str:
        """Say where the rules come from: a built-in's source, a ready-made variant's."""
        if self.ready_made:
            return VARIANTS[self.slug].source
        return "" if self.house else SOURCES.get(self.slug, "")

    @property
    def game_ref(self) -> str | dict[str, Any]:
        """Return what a new game's file says for this ruleset.

        A built-in is named by its slug; a house ruleset is copied into the game as a
        complete document, so editing the house rules later never changes a past game.
        """
        copied = self.house or self.ready_made
        return dict(self.ruleset.document) if copied else self.slug


def find_any_ruleset(db: Connection, slug: str) -> FoundRuleset:
    """Return the built-in, saved house or ready-made ruleset with this slug, or raise NotFound.

    A family's own ruleset comes before a ready-made one: a slug saved before the
    ready-made variants existed keeps meaning the family's rules.
    """
    if slug in BUILTIN_DOCUMENTS:
        return FoundRuleset(slug, find_ruleset(slug), builtin_document(slug), False)
    rows = db.execute("select document from house_rulesets where slug = ?", [slug]).fetchall()
    if not rows:
        if slug in VARIANTS:
            return _ready_made(slug)
        raise NotFound(slug)
    saved = json.loads(rows[0][0])
    try:
        return FoundRuleset(slug, Ruleset.from_document(saved, slug=slug), saved, True)
    except ScoreError:
        raise NotFound(slug) from None  # a ruleset that no longer validates cannot be used


def ready_made_rulesets() -> list[FoundRuleset]:
    """Return the ready-made house variants a family may copy (rules/variants.py)."""
    return [_ready_made(slug) for slug in VARIANTS]


def _ready_made(slug: str) -> FoundRuleset:
    return FoundRuleset(slug, ready_made_ruleset(slug), variant_changes(slug), False, True)


def ruleset_choices(db: Connection) -> list[FoundRuleset]:
    """Return every ruleset a new game can use: the built-ins, the ready-made variants the
    docs offer, then saved house rulesets (a family's own wins a slug they share)."""
    choices = [
        FoundRuleset(slug, find_ruleset(slug), BUILTIN_DOCUMENTS[slug], False)
        for slug in BUILTIN_DOCUMENTS
    ]
    house = []
    for slug, document in db.execute("select slug, document from house_rulesets order by name"):
        saved = json.loads(document)
        try:
            ruleset = Ruleset.from_document(saved, slug=slug)
        except ScoreError:
            continue  # a ruleset that no longer validates is shown on the rules pages, not offered
        house.append(FoundRuleset(slug, ruleset, saved, True))
    taken = {found.slug for found in house}
    choices += [_ready_made(slug) for slug in VARIANTS if slug not in taken]
    return choices + house


def ruleset_lookup(db: Connection) -> RulesetLookup:
    """Return how a game file's "ruleset" is found here: by any slug New game offers (a
    built-in, a family's house rules, a ready-made one), or as an inline house document."""

    def lookup(ref: Any) -> Ruleset:
        if isinstance(ref, str):
            with contextlib.suppress(NotFound):
                return find_any_ruleset(db, ref).ruleset
        return default_lookup(ref)  # an inline document, or a slug said unknown in words

    return lookup


def game_ruleset_ref(db: Connection, slug: str) -> str | dict[str, Any]:
    """Return what a new game's file says for the ruleset with this slug (see FoundRuleset)."""
    return find_any_ruleset(db, slug).game_ref


def slugify(name: str) -> str:
    """Turn a ruleset's name into a slug for its address: "Grandpa's rules" → "grandpas-rules"."""
    kept = "".join(
        ch if ch.isalnum() else "-" for ch in name.casefold() if ch.isalnum() or ch in " -_"
    )
    slug = "-".join(part for part in kept.split("-") if part)[:60]
    return slug or "house-rules"


def free_slug(db: Connection, name: str) -> str:
    """Return an unused address for a new house ruleset with this name."""
    slug = slugify(name)
    if slug in BUILTIN_DOCUMENTS or slug in VARIANTS or slug in RESERVED_SLUGS:
        slug = f"{slug}-house"
    candidate, number = slug, 1
    while db["house_rulesets"].count_where("slug = ?", [candidate]):
        number += 1
        candidate = f"{slug}-{number}"
    return candidate


def save_house_ruleset(db: Connection, document: dict[str, Any], *, slug: str) -> str:
    """Save a house ruleset under its slug, new or replacing one; return the slug."""
    ruleset = Ruleset.from_document(document)
    stamp = now()
    row = {
        "slug": slug,
        "name": ruleset.name,
        "document": json.dumps(document, ensure_ascii=False),
        "updated": stamp,
    }
    if db["house_rulesets"].count_where("slug = ?", [slug]):
        db["house_rulesets"].update(slug, row)
    else:
        db["house_rulesets"].insert(
            {**row, "created": stamp, "edit_key": secrets.token_urlsafe(18)}
        )
    return slug


def delete_house_ruleset(db: Connection, slug: str) -> None:
    """Forget a house ruleset and its editors; games played under it keep their own copy."""
    db.execute("delete from ruleset_editors where slug = ?", [slug])
    db.execute("delete from house_rulesets where slug = ?", [slug])


def add_ruleset_editor(db: Connection, slug: str, device: str) -> None:
    """Let this device change (and delete) the house ruleset."""
    db["ruleset_editors"].insert({"slug": slug, "device": device, "created": now()}, ignore=True)


def ruleset_edit_key(db: Connection, slug: str) -> str:
    """Return the key of a house ruleset's edit link, or raise NotFound."""
    rows = db.execute("select edit_key from house_rulesets where slug = ?", [slug]).fetchall()
    if not rows:
        raise NotFound(slug)
    return rows[0][0] or ""


def may_edit_ruleset(
    db: Connection, slug: str, device: str | None, *, on_this_machine: bool
) -> bool:
    """Say whether a device may change or delete a house ruleset.

    Its editors may: the phone that wrote it and the phones it shared its edit link
    with. A ruleset saved before rulesets had owners has no editor; only a browser on
    the machine running Scorekeeper may change it (and so becomes its owner), every
    phone may still view, copy and play it.
    """
    editors = {
        found
        for (found,) in db.execute("select device from ruleset_editors where slug = ?", [slug])
    }
    if not editors:
        return on_this_machine
    return bool(device) and device in editors


def rulesets_kept_by(db: Connection, device: str) -> int:
    """Count the house rulesets a device may change (wrote, or opened the edit link of)."""
    (count,) = db.execute(
        "select count(*) from ruleset_editors where device = ?", [device]
    ).fetchone()
    return int(count)


@dataclass(frozen=True)
class KeptRuleset:
    """A house ruleset as the host sees it: who keeps it, and whether it is the family's."""

    slug: str
    name: str
    saved: str  #: when it was last saved (ISO time)
    games: int  #: stored games played under its name
    phones: tuple[str, ...]  #: a short tag for each phone that keeps it (never its id)
    scored_here: bool  #: one of those phones started or scored a game here

    @property
    def familys(self) -> bool:
        """Say whether the ruleset is the family's: a game was played under it, a phone that
        keeps score here keeps it, or nobody does (saved before rulesets had owners, the
        host's own). Only a ruleset that is none of these may be removed by the host."""
        return bool(self.games or self.scored_here or not self.phones)


def phone_tag(device: str) -> str:
    """Return a short tag telling phones apart in the host's lists, that gives away no id."""
    return hashlib.sha256(device.encode()).hexdigest()[:6]


def kept_rulesets(db: Connection) -> list[KeptRuleset]:
    """Return every house ruleset with who keeps it and whether it is the family's, by name."""
    rows = db.execute(
        "select h.slug, h.name, coalesce(h.updated, h.created, ''),"
        " coalesce((select games from result_rulesets where ruleset = h.name), 0),"
        " (select group_concat(device, char(10)) from ruleset_editors where slug = h.slug),"
        " exists (select 1 from ruleset_editors e where e.slug = h.slug and ("
        "   exists (select 1 from games where creator = e.device)"
        "   or exists (select 1 from editors where device = e.device)))"
        " from house_rulesets h order by h.name collate nocase, h.slug"
    ).fetchall()
    return [
        KeptRuleset(
            slug,
            name,
            saved,
            games,
            tuple(sorted(phone_tag(device) for device in (devices or "").splitlines())),
            bool(scored),
        )
        for slug, name, saved, games, devices, scored in rows
    ]
