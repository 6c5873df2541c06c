"""Storage: games, deals, drafts, creators, editors, replies and house rulesets in SQLite
(sqlite-utils).

What is stored is what was said at the table (the game file's deals), never a
score: every score is recomputed by the rules engine. A `Store` owns a database
file, its connections, its writers' lock and the games read lately; every write
runs inside one `BEGIN IMMEDIATE` transaction (`Connection.write`), so two phones
writing to the same game take turns. `backups.py` keeps the daily copies beside the
database and brings one back. No Flask here.

May import: rules, night, machine.
Libraries: sqlite_utils.
"""

from .games import (
    KEEP_DRAFT,
    NotFound,
    Standing,
    StoredGame,
    add_editor,
    created_by,
    creator_key_matches,
    delete_archived_game,
    delete_game_rows,
    game_ids,
    get_game,
    get_game_for,
    insert_game,
    last_changed,
    new_edit_key,
    set_archived,
    set_creator_key,
    standing,
    update_game,
    use_creator_key,
    was_edit_key,
)
from .replies import Reply, recall_reply, remember_reply
from .rulesets import (
    FoundRuleset,
    KeptRuleset,
    add_ruleset_editor,
    delete_house_ruleset,
    find_any_ruleset,
    free_slug,
    game_ruleset_ref,
    kept_rulesets,
    may_edit_ruleset,
    ready_made_rulesets,
    ruleset_choices,
    ruleset_edit_key,
    ruleset_lookup,
    rulesets_kept_by,
    save_house_ruleset,
    slugify,
)
from .store import (
    Connection,
    DiskNearlyFull,
    GameText,
    ReadGame,
    StorageError,
    Store,
    backup_database,
    open_database,
)

__all__ = [
    "KEEP_DRAFT",
    "Connection",
    "DiskNearlyFull",
    "FoundRuleset",
    "GameText",
    "KeptRuleset",
    "NotFound",
    "ReadGame",
    "Reply",
    "Standing",
    "StorageError",
    "Store",
    "StoredGame",
    "add_editor",
    "add_ruleset_editor",
    "backup_database",
    "created_by",
    "creator_key_matches",
    "delete_archived_game",
    "delete_game_rows",
    "delete_house_ruleset",
    "find_any_ruleset",
    "free_slug",
    "game_ids",
    "game_ruleset_ref",
    "get_game",
    "get_game_for",
    "insert_game",
    "kept_rulesets",
    "last_changed",
    "may_edit_ruleset",
    "new_edit_key",
    "open_database",
    "ready_made_rulesets",
    "recall_reply",
    "remember_reply",
    "ruleset_choices",
    "ruleset_edit_key",
    "ruleset_lookup",
    "rulesets_kept_by",
    "save_house_ruleset",
    "set_archived",
    "set_creator_key",
    "slugify",
    "standing",
    "update_game",
    "use_creator_key",
    "was_edit_key",
]
