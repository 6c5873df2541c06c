"""The rules of Back Alley and its relatives: pure, standard library only.

Rulesets are data (`builtins.py`), validated into `Ruleset`; a game file
(`gamefile.py`) becomes a `Game` (`records.py`); `score_game` (`game.py`) walks
it deal by deal, with the ruleset's answers for the table worked out once
(`plan.py`), each deal checked against the rules (`deal_checks.py`), into a
`GameResult` whose every side of every deal carries its score and its explanation,
written when first read (`scoring.py`), and every set its premia (`premia.py`). Players' names,
what they may hold and how one person is known across games, are `names.py`'s; the
rulesets offered by slug, and which of them seat a table of N, `offered.py`'s.

May import: nothing of Scorekeeper's (the standard library only).
Libraries: none.
"""

from .bidding import (
    BOARD,
    PASS,
    RAINBOW,
    Bid,
    BidChoice,
    BidKind,
    bid_choices,
    bidding_order,
    board_levels,
    board_name,
    check_bid,
    is_thrown_in,
    leader,
    number,
    parse_bid,
    pass_refusal,
)
from .builtins import BUILTIN_DOCUMENTS, DECISIONS, SOURCES
from .deal_checks import DealSetup, check_bids, deal_setup
from .errors import (
    GameFileError,
    GameOverError,
    IllegalBid,
    NameRefused,
    NoteRefused,
    PlayersRefused,
    RulesetError,
    ScoreError,
    ThrownInError,
    TricksError,
)
from .game import DealResult, GameResult, passes_used, score_deal, score_game, sides_ahead
from .gamefile import (
    default_lookup,
    load_game_text,
    read_deal,
    read_game,
    read_name,
    read_note,
    read_players,
    score,
)
from .names import MAX_NAME_LENGTH, name_key, visible_name
from .parts import Khishti, MissPenalty, PassLimit, Premia
from .records import MAX_NOTE_LENGTH, TRUMPS, DealRecord, Game, trump_label
from .ruleset import (
    AtLeast,
    Board,
    Exact,
    RainbowBid,
    RainbowBonus,
    Ruleset,
    builtin_document,
    builtin_rulesets,
    find_ruleset,
)
from .scoring import SideScore
from .validation import stored_values

__all__ = [
    "BOARD",
    "BUILTIN_DOCUMENTS",
    "DECISIONS",
    "MAX_NAME_LENGTH",
    "MAX_NOTE_LENGTH",
    "PASS",
    "RAINBOW",
    "SOURCES",
    "TRUMPS",
    "AtLeast",
    "Bid",
    "BidChoice",
    "BidKind",
    "Board",
    "DealRecord",
    "DealResult",
    "DealSetup",
    "Exact",
    "Game",
    "GameFileError",
    "GameOverError",
    "GameResult",
    "IllegalBid",
    "Khishti",
    "MissPenalty",
    "NameRefused",
    "NoteRefused",
    "PassLimit",
    "PlayersRefused",
    "Premia",
    "RainbowBid",
    "RainbowBonus",
    "Ruleset",
    "RulesetError",
    "ScoreError",
    "SideScore",
    "ThrownInError",
    "TricksError",
    "bid_choices",
    "bidding_order",
    "board_levels",
    "board_name",
    "builtin_document",
    "builtin_rulesets",
    "check_bid",
    "check_bids",
    "deal_setup",
    "default_lookup",
    "find_ruleset",
    "is_thrown_in",
    "leader",
    "load_game_text",
    "name_key",
    "number",
    "parse_bid",
    "pass_refusal",
    "passes_used",
    "read_deal",
    "read_game",
    "read_name",
    "read_note",
    "read_players",
    "score",
    "score_deal",
    "score_game",
    "sides_ahead",
    "stored_values",
    "trump_label",
    "visible_name",
]
