"""The family's stats, from four small games worked out by hand below, stored in a real database."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from scorekeeper.rules import (
    BidKind,
    DealResult,
    Exact,
    Game,
    GameResult,
    name_key,
    read_game,
    score_game,
)
from scorekeeper.service.games import correct_deal, record_deal, start_game, undo_deal
from scorekeeper.standings.results import (
    best_bidders,
    bring_up_to_date,
    find_player,
    games_of,
    opponents,
    pairs_met_most,
    ranked_players,
)
from scorekeeper.standings.stats import HeadToHead, PlayerStats, one_decimal
from scorekeeper.storage import get_game as games_load
from scorekeeper.storage import open_database
from tests.conftest import EXAMPLES, example
from tests.storage.helpers import forget_results

#: Partnership Back Alley (pagat: at least, 5 per trick bid, 1 over, -5 per trick when set;
#: board 10 × cards) cut to two deals of 3 and 2 cards. Ann & Cy against Bob & Dee.
PAIRS = {"base": "back-alley-pagat", "schedule": [3, 2]}
#: Exact scoring as in Joker (made: 50 + 50 × tricks; bid all and took all: 100 + 100 × tricks;
#: missed: 10 × tricks), two deals of 1 and 2 cards, no set bonus.
EXACT = {
    "base": "joker",
    "schedule": [1, 2],
    "scoring": {
        "type": "exact", "made_base": 50, "made_per_trick": 50, "all_base": 100,
        "all_per_trick": 100, "missed_per_trick": 10, "sets": [],
    },
}  # fmt: skip

GAMES = {
    # G1, finished. Deal 1 (3 cards): Ann 1 + Cy 1 = 2, took 0: set, -5 × 2 = -10 (missed);
    # Dee board, the team took 3: 10 × 3 = +30 (made). Bob's pass does not count.
    # Deal 2 (2 cards): Ann 1 (Cy pass) took 1: +5 made; Bob 1 (Dee pass) took 1: +5 made.
    # Totals: Ann & Cy -5, Bob & Dee 35: Bob and Dee both win.
    "g1": {
        "ruleset": PAIRS,
        "players": ["Ann", "Bob", "Cy", "Dee"],
        "deals": [
            {"bids": [1, "pass", 1, "board"], "team_tricks": [0, 3]},
            {"bids": [1, 1, "pass", "pass"], "team_tricks": [1, 1]},
        ],
    },
    # G2, finished, individual Back Alley (at least 3 / 1 / 3, board 6 × cards), cut to 3 and 2
    # cards, names in other capitals. Deal 1: ann 2 took 2: +6 made; BOB pass: 0 (not a bid);
    # Cy 1 took 1: +3 made. Deal 2: ann 1 took 1: +3 made; BOB board took 1 of 2: -12 missed;
    # Cy pass: 0. Totals: ann 9, BOB -12, Cy 3: ann wins.
    "g2": {
        "ruleset": {"base": "back-alley-individual", "schedule": [3, 2]},
        "players": ["ann", "BOB", "Cy"],
        "deals": [
            {"bids": [2, "pass", 1], "tricks": [2, 0, 1]},
            {"bids": [1, "board", "pass"], "tricks": [1, 1, 0]},
        ],
    },
    # G3, finished, exact scoring: a zero is a real bid. Deal 1 (1 card, Ann deals): Ann 1
    # took all 1: 100 + 100 × 1 = 200; Bob 0 and Cy 0 took 0: 50 each; Dee 1 took 0: 0 missed.
    # Deal 2 (2 cards): Ann 0 took 1: 10 missed; Bob 0 and Cy 0 took 0: 50 each; Dee 1 took 1:
    # 50 + 50 = 100. Totals: Ann 210, Bob 100, Cy 100, Dee 100: Ann wins; the other three tie.
    "g3": {
        "ruleset": EXACT,
        "players": ["Ann", "Bob", "Cy", "Dee"],
        "deals": [
            {"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]},
            {"bids": [0, 0, 0, 1], "tricks": [1, 0, 0, 1]},
        ],
    },
    # G4, still playing (no wins, no head to head). Deal 1 (3 cards): ANN 2 (Eve pass) took 2:
    # +10 made; bob 1 (dee pass) took 1: +5 made. Eve's and dee's passes do not count.
    "g4": {
        "ruleset": PAIRS,
        "players": ["ANN", "bob", "Eve", "dee"],
        "deals": [{"bids": [2, 1, "pass", "pass"], "team_tricks": [2, 1]}],
    },
}


def ranked(db, by: str) -> list[PlayerStats]:
    """Return every player ranked by `by`, read two to a page: the pages in turn are the list."""
    players, page = [], ranked_players(db, by, size=2)
    players += page.players
    while page.later:
        page = ranked_players(db, by, after=page.later, size=2)
        players += page.players
    # And back again from the end: the same players, page by page.
    backwards = list(page.players)
    while page.earlier:
        page = ranked_players(db, by, before=page.earlier, size=2)
        backwards = page.players + backwards
    assert [p.key for p in backwards] == [p.key for p in players]
    return players


def every_game(db, player: PlayerStats) -> PlayerStats:
    """Fill in a player's games, newest first, read two to a page."""
    games, older = games_of(db, player, size=2)
    while older is not None:
        more, older = games_of(db, player, older_than=older, size=2)
        games += more
    player.games = games
    return player


@dataclass
class Family:
    """What the stats say of every player: their numbers, their games, who met whom."""

    players: dict[str, PlayerStats]
    by: dict[str, list[str]]  #: each sort's names, best first
    best: list[str]
    pairs: list[HeadToHead]
    met: dict[str, list[HeadToHead]]  #: by player key: their record against each opponent

    def player(self, name: str) -> PlayerStats:
        return self.players[name_key(name)]

    def head_to_head(self, name: str) -> list[HeadToHead]:
        return self.met[name_key(name)]


def family(db) -> Family:
    """Read every player's stats the way the pages do, a page at a time."""
    players = {p.key: every_game(db, p) for p in ranked(db, "name")}
    for key, player in players.items():
        assert find_player(db, player.name.upper()).key == key
    return Family(
        players=players,
        by={by: [p.name for p in ranked(db, by)] for by in ("made", "wins", "games", "boards")},
        best=[p.name for p in best_bidders(db, 10)[0]],
        pairs=pairs_met_most(db, 1000),
        met={key: opponents(db, player, 1000)[0] for key, player in players.items()},
    )


def stored_stats(tmp_path, names: list[str]) -> tuple[Family, dict[str, str]]:
    """Store these games (oldest first) and count the stats; return them and id → name."""
    db = open_database(tmp_path / "stats.sqlite")
    ids = {}
    for day, name in enumerate(names, 1):
        stored = start_game(db, read_game(GAMES[name]), device=None)
        db.execute("update games set updated = ? where id = ?", [f"2024-06-0{day}", stored.id])
        ids[stored.id] = name
    forget_results(db)  # counted again at start-up, with the dates moved by hand above
    bring_up_to_date(db)
    stats = family(db)
    db.close()
    return stats, ids


@pytest.fixture
def stored(tmp_path):
    return stored_stats(tmp_path, ["g1", "g2", "g3", "g4"])


@pytest.fixture
def stats(stored):
    return stored[0]


@pytest.mark.parametrize(
    ("name", "games", "finished", "wins", "bids", "made", "boards", "boards_made"),
    [
        # Ann: G1 1 of 2, G2 2 of 2, G3 1 of 2, G4 1 of 1 = 5 of 7; wins G2 and G3.
        ("Ann", 4, 3, 2, 7, 5, 0, 0),
        # Bob: G1 1 of 1, G2 board 0 of 1, G3 2 of 2, G4 1 of 1 = 4 of 5; wins G1.
        ("Bob", 4, 3, 1, 5, 4, 1, 0),
        # Cy: G1 0 of 1, G2 1 of 1, G3 2 of 2 = 3 of 4.
        ("Cy", 3, 3, 0, 4, 3, 0, 0),
        # Dee: G1 board 1 of 1, G3 1 of 2, G4 pass = 2 of 3; wins G1 with Bob.
        ("Dee", 3, 2, 1, 3, 2, 1, 1),
        # Eve: one pass in a game still playing.
        ("Eve", 1, 0, 0, 0, 0, 0, 0),
    ],
)
def test_counts(stats, name, games, finished, wins, bids, made, boards, boards_made) -> None:
    player = stats.player(name.lower())
    assert (player.name, player.played, player.finished, player.wins) == (
        name, games, finished, wins
    )  # fmt: skip
    assert (player.bids, player.bids_made, player.boards, player.boards_made) == (
        bids, made, boards, boards_made
    )  # fmt: skip


def test_who_makes_their_bids_most_often(stats) -> None:
    # Bob 4/5 = 80 %, Cy 3/4 = 75 %, Ann 5/7 ≈ 71 %, Dee 2/3 ≈ 67 %, Eve never bid.
    assert stats.by["made"] == ["Bob", "Cy", "Ann", "Dee", "Eve"]
    assert stats.player("bob").made_rate == pytest.approx(0.8)
    assert stats.best == ["Bob"]


def test_a_tie_for_best_bidder_names_both(tmp_path) -> None:
    # G1 alone: Ann 1 of 2, Bob 1 of 1, Cy 0 of 1, Dee 1 of 1 → Bob and Dee tie at 100 %.
    stats, _ = stored_stats(tmp_path, ["g1"])
    assert stats.best == ["Bob", "Dee"]
    assert stored_stats(tmp_path / "none", [])[0].best == []


def test_names_match_whatever_the_capitals(stats) -> None:
    # "Ann" twice, "ann" once, "ANN" once: one player, shown as most often written.
    assert len(stats.players) == 5
    assert stats.player("aNN") is stats.player("Ann")
    assert stats.player("ANN").key == "ann"
    assert stats.player("Ann").name == "Ann"


def test_average_points_by_hand_size(stats) -> None:
    # Ann, 3 cards: G1 -10, G2 +6, G4 +10 → 6 / 3 = 2.0; 2 cards: G1 +5, G2 +3, G3 +10 → 6.0;
    # 1 card: G3 +200.
    assert stats.player("Ann").average_by_cards == [(3, 2.0, 3), (2, 6.0, 3), (1, 200.0, 1)]
    # Dee, 3 cards: G1 +30 (the team's board), G4 +5 → 17.5; 2 cards: G1 +5, G3 +100 → 52.5;
    # 1 card: G3 0.
    assert stats.player("Dee").average_by_cards == [(3, 17.5, 2), (2, 52.5, 2), (1, 0.0, 1)]


def test_head_to_head(stats) -> None:
    # Finished games only, partners never meet. Ann v Bob: G1 lost (-5 v 35), G2 won (9 v -12),
    # G3 won (210 v 100). Ann v Cy: G2 won, G3 won (G1 partners). Ann v Dee: G1 lost, G3 won.
    records = {h.opponent: (h.wins, h.losses, h.ties) for h in stats.head_to_head("ann")}
    assert records == {"Bob": (2, 1, 0), "Cy": (2, 0, 0), "Dee": (1, 1, 0)}
    # Bob v Cy: G1 won (35 v -5), G2 lost (-12 v 3), G3 tied (100 v 100).
    # Bob v Dee: only G3 (partners in G1, G4 unfinished), tied. Cy v Dee: G1 lost, G3 tied.
    pairs = {(h.player, h.opponent): (h.wins, h.losses, h.ties) for h in stats.pairs}
    assert pairs == {
        ("Ann", "Bob"): (2, 1, 0),
        ("Ann", "Cy"): (2, 0, 0),
        ("Ann", "Dee"): (1, 1, 0),
        ("Bob", "Cy"): (1, 1, 1),
        ("Bob", "Dee"): (0, 0, 1),
        ("Dee", "Cy"): (1, 0, 1),
    }


def test_a_players_games(stored) -> None:
    stats, ids = stored
    games = [
        (ids[game.id], (game.side, game.total, game.place, game.won))
        for game in stats.player("Dee").games
    ]
    assert [name for name, _ in games] == ["g4", "g3", "g1"]  # newest first
    assert dict(games) == {
        "g4": ("bob & dee", 5, 2, False),
        "g3": ("Dee", 100, 2, False),
        "g1": ("Bob & Dee", 35, 1, True),
    }


def test_sorting_by_wins_games_boards_and_name(stats) -> None:
    assert stats.by["wins"][:1] == ["Ann"]
    assert stats.by["games"][-1] == "Eve"
    assert stats.by["boards"][0] == "Dee"
    assert list(stats.players) == ["ann", "bob", "cy", "dee", "eve"]


# The stats as they were counted before results were stored: every game rescored on every view.
# Kept here as the reference the stored results must agree with.


def counts_as_bid(game: Game, deal: DealResult, seat: int) -> bool:
    """Say whether a seat's bid promised something, as the stats module said it before."""
    bid = deal.record.bids[seat]
    if bid.kind is not BidKind.NUMBER:
        return True
    side_seats = game.side_seats(game.side_of(seat))
    if any(deal.record.bids[other].kind is BidKind.BOARD for other in side_seats):
        return False
    if game.ruleset.is_one_card(deal.setup.cards):
        return False
    return bid.tricks > 0 or isinstance(game.ruleset.scoring, Exact)


def rescored_stats(results: list[tuple[str, GameResult]]) -> dict[str, dict[str, Any]]:
    """Count every player's numbers from scored games, as /players did before (newest first)."""
    players: dict[str, dict[str, Any]] = {}
    meetings: dict[tuple[str, str], list[int]] = {}
    for game_id, result in results:
        game = result.game
        keys = [name_key(name) for name in game.players]
        for seat, (key, name) in enumerate(zip(keys, game.players, strict=True)):
            counted = {"bids": 0, "made": 0, "boards": 0, "boards_made": 0, "wins": 0}
            stats = players.setdefault(
                key, {"spellings": Counter(), "games": [], "points": {}, **counted}
            )
            side = game.side_of(seat)
            stats["spellings"][name.strip()] += 1
            won = result.complete and side in (result.winners or ())
            stats["wins"] += won
            place = 1 + sum(total > result.totals[side] for total in result.totals)
            total, sides = result.totals[side], len(result.sides)
            stats["games"].append(
                (game_id, result.sides[side], total, place, sides, result.complete, won)
            )
            for deal in result.deals:
                if deal.thrown_in or deal.sides is None:
                    continue
                made = deal.sides[side].made
                stats["points"].setdefault(deal.setup.cards, []).append(deal.sides[side].score)
                if counts_as_bid(game, deal, seat):
                    stats["bids"] += 1
                    stats["made"] += made
                if deal.record.bids[seat].kind is BidKind.BOARD:
                    stats["boards"] += 1
                    stats["boards_made"] += made
        if not result.complete:
            continue
        for seat, key in enumerate(keys):
            for other_seat, other in enumerate(keys):
                mine, theirs = game.side_of(seat), game.side_of(other_seat)
                if mine != theirs:
                    record = meetings.setdefault((key, other), [0, 0, 0])
                    difference = result.totals[mine] - result.totals[theirs]
                    record[0 if difference > 0 else 1 if difference < 0 else 2] += 1
    for key, stats in players.items():
        stats["name"] = stats.pop("spellings").most_common(1)[0][0]
        points = sorted(stats.pop("points").items(), reverse=True)
        stats["average_by_cards"] = [
            (cards, Fraction(sum(p), len(p)), len(p)) for cards, p in points
        ]
        stats["meetings"] = {
            other: record for (mine, other), record in meetings.items() if mine == key
        }
    return players


def assert_same_as_rescoring(
    db, results: list[tuple[str, GameResult]], *, ordered: bool = True
) -> None:
    """Check the stats from stored results against rescoring these games (newest first)."""
    expected = rescored_stats(results)
    stats = family(db)
    assert set(stats.players) == set(expected)
    for key, player in stats.players.items():
        want = expected[key]
        shown = [
            (game.id, game.side, game.total, game.place, game.sides, game.complete, game.won)
            for game in player.games
        ]
        if not ordered:  # games changed within the same second: their order is the ids'
            shown, want["games"] = sorted(shown), sorted(want["games"])
        assert (player.name, shown, player.wins) == (want["name"], want["games"], want["wins"])
        assert (player.bids, player.bids_made, player.boards, player.boards_made) == (
            want["bids"], want["made"], want["boards"], want["boards_made"]
        )  # fmt: skip
        assert player.average_by_cards == want["average_by_cards"]
        assert {
            (h.opponent.casefold(), h.wins, h.losses, h.ties) for h in stats.head_to_head(key)
        } == {
            (stats.players[other].name.casefold(), *record)
            for other, record in want["meetings"].items()
        }


def test_stored_results_count_the_same_numbers_as_rescoring_every_game(tmp_path) -> None:
    names = sorted(path.name.removesuffix(".game.json") for path in EXAMPLES.glob("*.game.json"))
    documents = [example(name) for name in names] + [GAMES[name] for name in sorted(GAMES)]
    db = open_database(tmp_path / "examples.sqlite")
    results = []
    for day, document in enumerate(documents, 1):
        stored = start_game(db, read_game(document), device=None)
        stamp = f"2024-06-{day:02d}"  # one game a day, so "newest first" has one order
        db.execute("update games set updated = ? where id = ?", [stamp, stored.id])
        results.append((stored.id, score_game(read_game(document))))
    forget_results(db)  # counted again at start-up, with the dates moved by hand above
    bring_up_to_date(db)
    assert_same_as_rescoring(db, list(reversed(results)))
    db.close()


def test_the_running_sums_follow_every_change(tmp_path) -> None:
    # Each change takes a game's old numbers out of the players' sums and puts its new ones in.
    db = open_database(tmp_path / "changes.sqlite")
    ids = {}
    for day, name in enumerate(["g1", "g2", "g3", "g4"], 1):
        stored = start_game(db, read_game(GAMES[name]), device="phone")
        db.execute("update games set updated = ? where id = ?", [f"2024-06-0{day}", stored.id])
        ids[name] = stored.id
    forget_results(db)
    bring_up_to_date(db)  # counted with those dates
    # G4 finishes: deal 2 (2 cards), ANN 1 (Eve pass) took 2, bob pass, dee pass: 5 + 1 = 6.
    last = {"bids": [1, "pass", "pass", "pass"], "team_tricks": [2, 0]}
    record_deal(db, ids["g4"], last, device="phone", number=2)
    # G1's first deal corrected: Ann & Cy took all 3 of their 2 bid; Dee's board is set.
    correct_deal(db, ids["g1"], 1, {"bids": [1, "pass", 1, "board"], "team_tricks": [3, 0]},
                 device="phone")  # fmt: skip
    undo_deal(db, ids["g2"], 2, device="phone")  # G2 is being played again
    results = [(ids[name], games_load(db, ids[name]).result()) for name in ["g2", "g1", "g4", "g3"]]
    assert results[2][1].complete and not results[0][1].complete
    assert_same_as_rescoring(db, results, ordered=False)
    db.close()


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(5, 2), "2.5"),
        (Fraction(-5, 4), "-1.3"),
        (Fraction(1, 20), "0.1"),
        (Fraction(-1, 100), "0.0"),
        (Fraction(10**400 * 3 + 1, 3), f"{10**400}.3"),
    ],
)
def test_averages_are_written_exactly_however_large(value: Fraction, shown: str) -> None:
    assert one_decimal(value) == shown


def test_what_deleted_games_alone_gave_is_forgotten_and_nothing_else(tmp_path) -> None:
    # Eve plays only in G4; Ann and Cy meet as opponents only in G2 (in G1 they are
    # partners). Deleting G2 and G4 leaves no row of Eve's and no Ann-Cy meeting, while
    # Ann, Bob, Cy and Dee keep exactly what G1 gave them.
    from scorekeeper.service.games import delete_for_good, move_to_archive

    db = open_database(tmp_path / "forget.sqlite")
    ids = {name: start_game(db, read_game(GAMES[name]), device="phone").id for name in GAMES}

    def count(where: str) -> int:
        return db.execute(f"select count(*) from {where}").fetchone()[0]

    assert count("player_totals where key = 'eve'") == 1
    ann_cy = (
        "player_meetings m join player_totals a on a.id = m.player"
        " join player_totals b on b.id = m.other where a.key = 'ann' and b.key = 'cy'"
    )
    assert count(ann_cy) == 1
    for name in ("g2", "g3", "g4"):
        move_to_archive(db, ids[name], "phone")
        delete_for_good(db, ids[name], "phone")
    for table in ("player_totals", "player_spellings", "player_points"):
        assert count(f"{table} where key = 'eve'") == 0
    assert count(ann_cy) == 0
    assert count("player_meetings where wins + losses + ties <= 0") == 0
    assert count("player_totals") == 4 and count("result_rulesets") == 1
    assert_same_as_rescoring(db, [(ids["g1"], score_game(read_game(GAMES["g1"])))], ordered=False)
    db.close()
