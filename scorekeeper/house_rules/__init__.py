"""House rules and settling disputes: rulesets in plain words, worked examples, rescoring.

Everything here is drawn from a ruleset *document* and the rules engine: the
rules pages, the house-rules editor, the compare view and the calculator, the
PDF rules box and `scorekeeper score --ruleset` all call these modules. No
Flask, no SQLite.

- `schedules`  schedules in words, the editor's schedule shortcuts, card counts
- `documents`  complete documents and the keys a house copy changes from its base
- `words`      every rule in plain words: rules pages, rules box, "what changed" (the boards
               and the scoring in `scoring_words`)
- `schema`     the editable rules: each input, its kind and range; `inputs` reads the form
- `examples`   worked examples scored by the engine
- `compare`    a game or one deal rescored under another ruleset, and what changed

May import: rules.
Libraries: none.
"""

from __future__ import annotations

from .compare import (
    Comparison,
    DealComparison,
    Difference,
    Line,
    OneDeal,
    RuleChange,
    Verdict,
    compare,
    judge,
    judge_difference,
    judge_everywhere,
    rescore,
    what_changed,
)
from .documents import changed_keys, changes_from, complete_document, decisions, root_slug
from .examples import (
    EXAMPLE_NAMES,
    HookExample,
    SetBonusExample,
    WorkedExample,
    example_players,
    worked_examples,
)
from .schedules import (
    SHORTCUTS,
    Shortcut,
    find_shortcut,
    most_cards_that_fit,
    parse_card_counts,
    schedule_words,
)
from .words import DECK_WORDS, RULE_TITLES, Section, describe, rule_lines

__all__ = [
    "DECK_WORDS",
    "EXAMPLE_NAMES",
    "RULE_TITLES",
    "SHORTCUTS",
    "Comparison",
    "DealComparison",
    "Difference",
    "HookExample",
    "Line",
    "OneDeal",
    "RuleChange",
    "Section",
    "SetBonusExample",
    "Shortcut",
    "Verdict",
    "WorkedExample",
    "changed_keys",
    "changes_from",
    "compare",
    "complete_document",
    "decisions",
    "describe",
    "example_players",
    "find_shortcut",
    "judge",
    "judge_difference",
    "judge_everywhere",
    "most_cards_that_fit",
    "parse_card_counts",
    "rescore",
    "root_slug",
    "rule_lines",
    "schedule_words",
    "what_changed",
    "worked_examples",
]
