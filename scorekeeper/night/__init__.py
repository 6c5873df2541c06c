"""A club night, pure: several tables, a few rounds, one leaderboard.

A night is its plan (`evening.py`: the rules each table plays, the players, how many tables
and rounds, how seats move between rounds and how the leaderboard counts, with the limits
of a night and every refusal said in words), the seats of each round (`seating.py`: round 1
by the draw for seats, later rounds redrawn so that as few people as the numbers allow meet
again, tables of the sizes the rules take, sit-outs rotated; `partners.py`: partners kept and
partnerships moved between tables by the Howell circle), and the leaderboard
(`leaderboard.py`, and for a team game the partnerships' beside it), counted from each
table's scored game (`rules.score_game`), every number with its explanation as a `Sentence`.
Nothing here stores or shows anything.

May import: rules.
Libraries: none.
"""

from .evening import (
    MAX_NIGHT_PLAYERS,
    MAX_ROUNDS,
    MAX_TABLES,
    Counting,
    CountingKind,
    Movement,
    NightPlan,
    NightRefused,
    read_plan,
)
from .leaderboard import (
    Board,
    BoardRow,
    Counted,
    RoundPlay,
    TablePlay,
    count_night,
    count_partnerships,
    number_text,
)
from .seating import (
    RoundSeating,
    SeatedTable,
    check_entered,
    meetings,
    repeat_cost,
    seat_round,
    table_sizes,
)

__all__ = [
    "MAX_NIGHT_PLAYERS",
    "MAX_ROUNDS",
    "MAX_TABLES",
    "Board",
    "BoardRow",
    "Counted",
    "Counting",
    "CountingKind",
    "Movement",
    "NightPlan",
    "NightRefused",
    "RoundPlay",
    "RoundSeating",
    "SeatedTable",
    "TablePlay",
    "check_entered",
    "count_night",
    "count_partnerships",
    "meetings",
    "number_text",
    "read_plan",
    "repeat_cost",
    "seat_round",
    "table_sizes",
]
