"""The scoresheet view-model: what the page and the PDF say, checked without rendering."""

from __future__ import annotations

import pytest

from scorekeeper.house_rules.words import rule_lines
from scorekeeper.presentation.scoresheet import build_blank_sheet, build_game_sheet
from scorekeeper.presentation.sheet_grid import MADE, SET
from scorekeeper.rules import (
    GameFileError,
    Ruleset,
    RulesetError,
    builtin_rulesets,
    find_ruleset,
)

from .games import bluke_game, example, joker_passing_game, scored


@pytest.mark.parametrize(
    ("slug", "players"),
    [
        ("back-alley-pagat", 4),
        ("back-alley-individual", 4),
        ("bluke", 4),
        ("bluke-new-jersey", 4),
        ("joker", 4),
        ("back-alley-seven", 4),
    ],
)
def test_blank_sheet_without_names_uses_the_usual_table(slug, players):
    ruleset = find_ruleset(slug)
    assert ruleset.usual_players == players
    sheet = build_blank_sheet(ruleset, players=players)
    assert [name for _, name in sheet.seating] == [""] * players
    rows = sheet.grids[0].rows
    assert [row.cards for row in rows] == list(ruleset.schedule(players))
    assert all(row.dealer == "" for row in rows)
    assert sheet.blank and sheet.date == "" and sheet.notes == ()


def test_blank_sheet_fills_in_dealers_and_says_throw_ins_are_not_foreseen():
    sheet = build_blank_sheet(
        find_ruleset("back-alley-pagat"), players=["Ann", "Bob", "Cy", "Dee"], first_dealer=1
    )
    dealers = [row.dealer for row in sheet.grids[0].rows]
    assert dealers[:5] == ["Bob", "Cy", "Dee", "Ann", "Bob"]
    assert len(dealers) == 26
    assert any("thrown in" in note for note in sheet.notes)
    heads = sheet.grids[0].sides
    assert [head.title for head in heads] == [
        "\u2068Ann\u2069 & \u2068Cy\u2069",
        "\u2068Bob\u2069 & \u2068Dee\u2069",
    ]
    assert heads[0].bidders == ((1, "Ann"), (3, "Cy"))


def test_a_blank_sheet_of_joker_pairs_heads_each_pair_with_both_partners_bid_columns():
    pairs = Ruleset.from_document({"base": "joker", "pairs": True})
    sheet = build_blank_sheet(pairs, players=["Ann", "Bob", "Cy", "Dee"], first_dealer=0)
    heads = sheet.grids[0].sides
    assert [head.title for head in heads] == [
        "\u2068Ann\u2069 & \u2068Cy\u2069",
        "\u2068Bob\u2069 & \u2068Dee\u2069",
    ]
    assert [head.bidders for head in heads] == [((1, "Ann"), (3, "Cy")), ((2, "Bob"), (4, "Dee"))]
    # Each partner bids for themself: two bid cells under each pair, on every row.
    assert {len(side.bids) for row in sheet.grids[0].rows for side in row.cells} == {2}


def test_blank_sheet_without_redeal_needs_no_throw_in_note():
    sheet = build_blank_sheet(find_ruleset("joker"), players=["A", "B", "C", "D"], first_dealer=0)
    assert sheet.notes == ()
    assert [row.dealer for row in sheet.grids[0].rows][:4] == ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    ("slug", "players", "first_dealer", "error"),
    [
        ("joker", 3, None, RulesetError),
        ("joker", ["Ann", "Bob"], None, GameFileError),
        ("joker", ["Ann", "ann", "Cy", "Dee"], None, GameFileError),
        ("joker", ["Ann", "Bob", "Cy", "Dee"], 4, GameFileError),
        ("bluke", 16, None, RulesetError),
    ],
)
def test_blank_sheet_refuses_a_table_the_ruleset_cannot_seat(slug, players, first_dealer, error):
    with pytest.raises(error):
        build_blank_sheet(find_ruleset(slug), players=players, first_dealer=first_dealer)


@pytest.mark.parametrize(
    ("slug", "marked"),
    [
        ("back-alley-bridge", {5: ("rainbow",)}),
        ("back-alley-seven", {4: ("rainbow bid",), 11: ("rainbow bid",)}),
        ("back-alley-individual", {13: ("pass/board",), 14: ("pass/board",)}),
        ("joker", {8: ("set bonus",), 12: ("set bonus",), 20: ("set bonus",), 24: ("set bonus",)}),
        ("back-alley-pagat", {}),
    ],
)
def test_special_deals_are_marked_on_their_rows(slug, marked):
    sheet = build_blank_sheet(find_ruleset(slug), players=4)
    tags = {row.number: row.tags for row in sheet.grids[0].rows if row.tags}
    assert tags == marked


def test_fifteen_players_are_split_into_balanced_grids_with_every_deal():
    sheet = build_game_sheet(scored(bluke_game(15)))
    assert [len(grid.sides) for grid in sheet.grids] == [5, 5, 5]
    assert all(len(grid.rows) == 5 for grid in sheet.grids)
    assert all(len(row.cells) == 5 for grid in sheet.grids for row in grid.rows)
    assert [side.title for side in sheet.grids[2].sides][-1] == "\u2068Player15\u2069"


@pytest.mark.parametrize(
    ("players", "sizes"), [(5, [5]), (6, [3, 3]), (7, [4, 3]), (11, [4, 4, 3])]
)
def test_grids_hold_at_most_five_players(players, sizes):
    sheet = build_blank_sheet(find_ruleset("bluke"), players=players)
    assert [len(grid.sides) for grid in sheet.grids] == sizes


def test_completed_game_fills_every_row_and_names_the_winner():
    result = scored(example("back-alley-pagat"))
    sheet = build_game_sheet(result, date="2024-06-01")
    rows = sheet.grids[0].rows
    assert len(rows) == len(result.deals) == 28
    assert sheet.date == "2024-06-01"
    assert sheet.status.startswith("Winner: ")
    assert sheet.total_label == "Final"
    thrown = [row for row in rows if row.thrown_in]
    assert len(thrown) == 2
    assert thrown[0].thrown_in.startswith("everyone passed: thrown in, redealt by ")
    last = rows[-1]
    assert [side.total.text for side in last.cells] == [str(total) for total in result.totals]
    heads = sheet.grids[0].sides
    assert [head.total for head in heads] == [str(total) for total in result.totals]
    assert [head.winner for head in heads] == [side in result.winners for side in range(2)]
    labels = {cell.text for row in rows for side in row.cells for cell in side.bids}
    assert {"pass", "board", "double board"} <= labels


def test_game_in_progress_leaves_the_rest_of_the_schedule_open():
    result = scored(example("format-example"))
    sheet = build_game_sheet(result)
    rows = sheet.grids[0].rows
    assert len(rows) == 3 + 24
    assert rows[1].thrown_in == "everyone passed: thrown in, redealt by Cy"
    assert rows[2].trump == "NT"
    assert rows[0].trump == "♠"
    current = [row for row in rows if row.current]
    assert [(row.number, row.cards, row.dealer) for row in current] == [(3, 11, "Dee")]
    assert rows[3].cells[0].total.text == ""
    assert rows[4].dealer == "Ann"
    assert sheet.total_label == "So far"
    assert sheet.status == "2 of 26 deals played; totals so far"


def test_made_and_set_are_marked_on_the_tricks():
    result = scored(example("back-alley-pagat"))
    first = build_game_sheet(result).grids[0].rows[0]
    marks = [side.took.mark for side in first.cells]
    assert marks == [MADE if side.made else SET for side in result.deals[0].sides]


def test_rainbow_bonus_is_shown_in_the_score():
    sheet = build_game_sheet(scored(example("back-alley-bridge")))
    row = next(row for row in sheet.grids[0].rows if row.cards == 4)
    assert row.cells[0].score.note == "rainbow +10"
    assert row.cells[0].bids[0].note == "rainbow"


def test_joker_set_bonus_is_shown_at_the_end_of_each_set():
    sheet = build_game_sheet(scored(joker_passing_game()))
    rows = {row.number: row for row in sheet.grids[0].rows}
    ann, bob = rows[8].cells[0], rows[8].cells[1]
    assert ann.score.text == "100"
    assert ann.score.note == "set bonus +50"
    assert bob.score.note == ""
    assert rows[7].cells[0].score.note == ""


def test_partner_bid_beside_a_board_is_struck():
    sheet = build_game_sheet(scored(example("back-alley-bridge")))
    struck = [cell for row in sheet.grids[0].rows for side in row.cells for cell in side.bids]
    assert any(cell.struck for cell in struck)
    assert not any(cell.struck and cell.text == "board" for cell in struck)


@pytest.mark.parametrize(
    ("slug", "phrases"),
    [
        ("back-alley-pagat", ["5 × bid + 1 per overtrick", "Set: -5 × bid", "10 × n; double ×2",
                              "triple ×3", "quadruple ×4", "redealt by the next dealer"]),
        ("back-alley-gamerules", ["5 × bid", "redealt by the next dealer"]),
        ("back-alley-catsatcards", ["1 … n,", "redealt by the same dealer"]),
        ("back-alley-individual", ["3 × bid", "6 × n; boards do not escalate", "±13",
                                   "from the dealer's right"]),
        ("bluke", ["Bids on n cards: 1 … n;", "10 × bid + 1 per overtrick", "Set: -10 × bid"]),
        ("bluke-new-jersey", ["10 × bid"]),
        ("joker", ["50 + 50 × tricks", "100 + 100 × tricks", "10 × tricks taken",
                   "1–8, 9–12, 13–20, 21–24", "Dealer's hook"]),
        ("back-alley-bridge", ["10 × n × 2", "double 10 × n × 4", "quadruple 10 × n × 16",
                               "+10 for the team", "redealt by the same dealer"]),
        ("back-alley-seven", ["+40", "none -40", "played and scored", "a rainbow bidder first"]),
    ],
)  # fmt: skip
def test_rules_box_says_what_everything_is_worth(slug, phrases):
    text = " ".join(rule_lines(find_ruleset(slug)))
    for phrase in phrases:
        assert phrase in text


def test_every_builtin_has_a_rules_box_with_bids_scoring_and_lead():
    for ruleset in builtin_rulesets():
        lines = rule_lines(ruleset)
        assert lines[0].startswith(("Teams", "Bids"))
        assert any(line.startswith("Lead:") for line in lines)
