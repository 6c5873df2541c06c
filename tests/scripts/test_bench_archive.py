"""The archive benchmark's pure parts: its games are legal, its table says what it measured."""

from __future__ import annotations

from scorekeeper.rules import read_game, score_game, stored_values
from scripts.benchmarks import archive as bench


def test_the_long_game_has_249_deals_and_takes_its_next() -> None:
    game, following = bench.long_game()
    with stored_values():  # longer than new rulesets may be: a game kept from before
        result = score_game(read_game(game))
        after = score_game(read_game({**game, "deals": [*game["deals"], following[0]]}))
    assert len(result.deals) == 249 and not result.complete
    assert len(after.deals) == 250


def test_the_club_games_are_legal_with_the_clubs_names() -> None:
    games = bench.club_games(24)
    for number, document in enumerate(games):
        players = document["players"]
        assert len(set(players)) == len(players)
        if number % 10 == 9:  # every tenth table is strangers, met once
            assert all(name.startswith(f"Stranger {number}-") for name in players)
        else:
            assert set(players) <= set(bench.MEMBERS)
        score_game(read_game(document))
    assert sum(not score_game(read_game(g)).complete for g in games) >= len(games) // 5


def test_the_table_gives_each_size_its_budget_and_growth() -> None:
    assert bench.SIZES == (10, 1_000, 3_000, 30_000)
    figures = [
        bench.ArchiveFigure("Page", "ms", 50, {10: 5.0, 1000: 10.0, 3000: 11.0, 30000: 11.0}),
        bench.ArchiveFigure("Stats", "ms", 100, {10: 5.0, 1000: 50.0, 3000: 90.0, 30000: 150.0}),
        bench.ArchiveFigure("Import", "s", None, {10: 1.0, 1000: 10.0, 3000: 30.0, 30000: 30.0}),
        bench.ArchiveFigure("Half", "ms", 10, {10: 1.0, 1000: 1.0}),
    ]
    lines = bench.format_archive(figures).splitlines()
    assert lines[0].startswith(
        "| Archive figure | 10 games | 1,000 games | 3,000 games | 30,000 games |"
    )
    # 11 / 10 = 1.1 is flat; 150 / 50 = 3 grows and misses its budget.
    assert lines[2] == (
        "| Page | 5.0 ms | 10.0 ms | 11.0 ms | 11.0 ms | ≤ 50.0 ms | PASS; flat: ×2.20 from 10, "
        "×1.10 from 1,000 |"
    )
    assert "| ≤ 100.0 ms | MISS; GROWS: ×30.00 from 10, ×3.00 from 1,000 |" in lines[3]
    assert lines[4].endswith("| 30.0 s |  | GROWS: ×30.00 from 10, ×3.00 from 1,000 |")
    assert lines[5] == "| Half | 1.0 ms | 1.0 ms | – | – | ≤ 10.0 ms | not measured at every size |"
