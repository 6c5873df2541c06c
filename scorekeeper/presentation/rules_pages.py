"""The rules pages as plain data: every ruleset listed, one ruleset in words, the import page.

`rules_index` builds the list of every ruleset; `rules_page` one ruleset's page, its
rules in the words of `house_rules.words` and deals scored by the engine to show them
at work; `rules_import` the page that brings in a ruleset file. A score and its
sentences come as a `SideResult`, here and on the calculator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..house_rules.documents import changed_keys, decisions
from ..house_rules.examples import (
    HookExample,
    LimitExample,
    SetBonusExample,
    WorkedExample,
    worked_examples,
)
from ..house_rules.phrases import Section
from ..house_rules.variant_words import variants_in_use
from ..house_rules.words import RULE_TITLES, describe
from ..rules import SideScore, find_ruleset
from ..storage import (
    Connection,
    FoundRuleset,
    find_any_ruleset,
    kept_rulesets,
    may_edit_ruleset,
    ready_made_rulesets,
    ruleset_choices,
    ruleset_edit_key,
)


@dataclass(frozen=True)
class SideResult:
    """What one side scored in a deal, and the sentences that say why."""

    side: str
    score: int
    explain: tuple[str, ...]


def side_results(sides: Sequence[str], scores: Sequence[SideScore]) -> list[SideResult]:
    """Pair each side with what it scored and why."""
    return [
        SideResult(side, scored.score, scored.explain)
        for side, scored in zip(sides, scores, strict=True)
    ]


# The list of rulesets ----------------------------------------------------------------------------


@dataclass(frozen=True)
class JoinRules:
    """The ask before a house ruleset's edit link lets this phone change it too."""

    slug: str
    name: str


@dataclass(frozen=True)
class RulesetCard:
    """One ruleset in the list: its name, where it comes from, whom it seats, its deals."""

    slug: str
    name: str
    source: str  #: said beside the name ("" for ready-made rules: their own page says it)
    min_players: int
    max_players: int
    partnership: bool
    deals: str  #: how many deals a game has: "24", or "17 (3 players), 13 (4 players)"


@dataclass(frozen=True)
class RulesIndex:
    """Every ruleset Scorekeeper knows: the family's own, the ready-made, the built-ins."""

    house: list[RulesetCard]
    ready_made: list[RulesetCard]
    builtins: list[RulesetCard]
    strays: int  #: for the host's own browser: house rulesets nobody plays (else 0)


def ruleset_card(found: FoundRuleset) -> RulesetCard:
    """Describe one ruleset for the list."""
    ruleset = found.ruleset
    return RulesetCard(
        slug=found.slug,
        name=ruleset.name,
        source="" if found.ready_made else found.source,
        min_players=ruleset.min_players,
        max_players=ruleset.max_players,
        partnership=ruleset.partnership,
        deals=ruleset.deals_description(),
    )


def rules_index(db: Connection, *, host: bool = False) -> RulesIndex:
    """Build the list of every ruleset, the family's house rules first; for the `host`'s own
    browser, say how many house rulesets nobody plays (its page removes them)."""
    choices = ruleset_choices(db)
    return RulesIndex(
        house=[ruleset_card(found) for found in choices if found.house],
        ready_made=[ruleset_card(found) for found in ready_made_rulesets()],
        builtins=[
            ruleset_card(found) for found in choices if not found.house and not found.ready_made
        ],
        strays=sum(not kept.familys for kept in kept_rulesets(db)) if host else 0,
    )


# One ruleset's page --------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoredExample:
    """A deal scored by the engine under the rules: what each player bid and took, and why."""

    title: str
    cards: int
    note: str
    seats: list[tuple[str, str, int | None]]  #: (name, bid said, tricks) in seating order
    scores: list[SideResult]
    kind: str = field(default="deal", init=False)


@dataclass(frozen=True)
class BidsExample:
    """The bids one player may say, and those greyed out with the reason (hook, pass limit)."""

    kind: str  #: "hook": the dealer's hook after the others' bids; "limit": passes used up
    title: str
    cards: int
    player: str  #: the dealer, for the hook
    said: list[tuple[str, str]]  #: (name, bid) said before the dealer, for the hook
    allowed: list[str]
    forbidden: list[tuple[str, str]]  #: (bid, why not)


@dataclass(frozen=True)
class SetExample:
    """A whole set of deals in which one player makes every bid, and the bonus it earns."""

    title: str
    player: str
    deals: list[tuple[int, int, str, int]]  #: (deal, cards, bid, score)
    explain: tuple[str, ...]  #: the last deal of the set, bonus included
    struck: list[tuple[str, str]]  #: (player, sentence) where the premia strikes
    kind: str = field(default="set", init=False)


Example = ScoredExample | BidsExample | SetExample


@dataclass(frozen=True)
class RulesPage:
    """One ruleset in plain words: its rules, the decisions taken, and worked examples."""

    slug: str
    name: str
    house: bool  #: a family's own rules
    ready_made: bool  #: ready-made house rules, to copy
    source: str
    base: str  #: the built-in it starts from ("" for a built-in, or none known)
    base_name: str
    changes: list[str]  #: the titles of the rules changed from the built-in
    editor: bool  #: this phone may change and delete them
    edit_key: str  #: the key of the link that lets another phone change them ("" if not shown)
    sections: list[Section]
    decisions: list[str]
    plays_variants: bool  #: plays a Joker house variant (khishti, premia, a pass limit …)
    examples: list[Example]


def rules_page(
    db: Connection, slug: str, device: str | None, *, on_this_machine: bool
) -> RulesPage:
    """Build a ruleset's page for this phone (raise NotFound for an unknown slug)."""
    found = find_any_ruleset(db, slug)
    ruleset = found.ruleset
    changed = found.house or found.ready_made
    base = found.base if changed and found.base else ""
    editor = found.house and may_edit_ruleset(db, slug, device, on_this_machine=on_this_machine)
    return RulesPage(
        slug=found.slug,
        name=ruleset.name,
        house=found.house,
        ready_made=found.ready_made,
        source=found.source,
        base=base,
        base_name=find_ruleset(base).name if base else "",
        changes=[RULE_TITLES[key] for key in changed_keys(found.saved)] if changed else [],
        editor=editor,
        edit_key=ruleset_edit_key(db, slug) if editor else "",
        sections=describe(ruleset),
        decisions=decisions(ruleset, found.base),
        plays_variants=bool(variants_in_use(ruleset)),
        examples=[example(shown) for shown in worked_examples(ruleset)],
    )


def example(worked: WorkedExample | HookExample | LimitExample | SetBonusExample) -> Example:
    """Turn one of the engine's worked examples into the page's words and numbers."""
    if isinstance(worked, WorkedExample):
        return ScoredExample(
            worked.title,
            worked.cards,
            worked.note,
            list(worked.seats),
            side_results(worked.sides, worked.results),
        )
    if isinstance(worked, HookExample):
        return BidsExample(
            "hook",
            worked.title,
            worked.cards,
            worked.dealer,
            list(worked.said),
            list(worked.allowed),
            list(worked.forbidden),
        )
    if isinstance(worked, LimitExample):
        return BidsExample(
            "limit",
            worked.title,
            worked.cards,
            worked.player,
            [],
            list(worked.allowed),
            list(worked.forbidden),
        )
    return SetExample(
        worked.title, worked.player, list(worked.deals), worked.explain, list(worked.struck)
    )


# Import -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RulesImport:
    """The page that brings in a ruleset file: what was wrong with the file sent, if anything."""

    problems: list[str]


def rules_import(problems: Sequence[str] = ()) -> RulesImport:
    """Build the import page, with why the file sent could not be imported."""
    return RulesImport(list(problems))
