"""A note on a deal: read and written by the game file, echoed by `scorekeeper score`, kept by a
rescoring, written and undone by the table's note tap (the code the phone runs too)."""

from __future__ import annotations

import json
import unicodedata

import pytest

from scorekeeper.cli import main
from scorekeeper.house_rules.compare import rescore
from scorekeeper.rules import NoteRefused, find_ruleset, read_game, score_game
from scorekeeper.rules.drafts import from_draft
from scorekeeper.rules.entry import DraftDeal, take_tap

from .conftest import game

P = "pass"
DEAL_1 = {"bids": [1, P, P, P], "team_tricks": [1, 12]}  # pagat's 13-card deal: Ann & Cy make 1
DEAL_2 = {"bids": [2, P, P, P], "team_tricks": [2, 10]}


def pagat(*deals: dict) -> dict:
    return game("back-alley-pagat", list(deals))


def test_a_note_is_kept_trimmed_and_composed_and_scores_nothing() -> None:
    plain = score_game(read_game(pagat(DEAL_1)))
    noted = read_game(pagat({**DEAL_1, "note": "  Cafe\u0301: misdeal, dealt again  "}))
    assert noted.deals[0].note == "Café: misdeal, dealt again"
    assert unicodedata.is_normalized("NFC", noted.deals[0].note)
    assert noted.to_json()["deals"][0]["note"] == "Café: misdeal, dealt again"
    # Ann & Cy bid 1, took 1: 1 × 5 = 5; Bob & Dee passed and took 12 over: 12.
    assert score_game(noted).totals == plain.totals == (5, 12)


@pytest.mark.parametrize("empty", ["", "   "])
def test_an_empty_note_is_no_note(empty: str) -> None:
    read = read_game(pagat({**DEAL_1, "note": empty}))
    assert read.deals[0].note is None
    assert "note" not in read.to_json()["deals"][0]


@pytest.mark.parametrize(
    "note",
    [
        "ა" * 200,  # Georgian: 200 letters
        "🂡" * 200,  # outside the BMP: 200 code points, 400 UTF-16 units
        "שלום, Ann " * 20,  # right-to-left and left-to-right mixed, 200 with the spaces inside
    ],
)
def test_two_hundred_characters_of_any_script_are_kept(note: str) -> None:
    kept = read_game(pagat({**DEAL_1, "note": note})).deals[0].note
    assert kept == note.strip()


@pytest.mark.parametrize(
    ("note", "said"),
    [
        ("x" * 201, "deal 2: a note has at most 200 characters; this one has 201"),
        ("ა" * 250, "deal 2: a note has at most 200 characters; this one has 250"),
        ("misdeal\nredealt", "deal 2: a note cannot hold control characters"),
        ("tab\there", "deal 2: a note cannot hold control characters"),
        (42, "deal 2: a note must be text"),
        (["a"], "deal 2: a note must be text"),
    ],
)
def test_a_bad_note_is_refused_naming_its_deal(note, said: str) -> None:
    with pytest.raises(NoteRefused) as refused:
        read_game(pagat(DEAL_1, {**DEAL_2, "note": note}))
    assert str(refused.value).startswith(said)
    assert refused.value.field == "note"
    assert refused.value.deal == 2


def test_the_command_echoes_each_deal_note(tmp_path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(pagat({**DEAL_1, "note": "Bob dealt out of turn"}, DEAL_2)))
    assert main(["score", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["deals"][0]["note"] == "Bob dealt out of turn"
    assert "note" not in printed["deals"][1]


def test_the_command_refuses_a_bad_note_in_one_line(tmp_path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(pagat({**DEAL_1, "note": "é" * 201})))
    assert main(["score", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "scorekeeper: deal 1: a note has at most 200 characters; this one has 201\n"
    )


def test_a_game_rescored_under_other_rules_keeps_its_notes() -> None:
    noted = read_game(pagat({**DEAL_1, "note": "ruling: the 2 of clubs was exposed"}))
    again = rescore(noted, find_ruleset("back-alley-gamerules"))
    assert again.deals[0].record.note == "ruling: the 2 of clubs was exposed"
    assert again.to_json()["deals"][0]["note"] == "ruling: the 2 of clubs was exposed"


def table(*deals: dict) -> tuple:
    played = read_game(pagat(*deals))
    return played, DraftDeal(played, score_game(played).next)


def test_a_note_tap_writes_the_last_deal_note_and_undo_takes_it_back() -> None:
    played, deal = table(DEAL_1, {**DEAL_2, "note": "first"})
    noted = take_tap(played, deal, "note:dealt again: a card showed")
    assert [d.note for d in noted.game.deals] == [None, "dealt again: a card showed"]
    assert noted.result is not None and noted.result.totals == (5 + 10, 12 + 10)
    # Kept as the draft, as storage and the phone keep it, and read back.
    again = from_draft(noted.game, noted.result.next, noted.deal.to_draft())
    bid = take_tap(noted.game, again, "bid:3")
    unbid = take_tap(bid.game, bid.deal, "undo")  # the tap first
    assert unbid.deal.steps == () and unbid.game.deals[-1].note == "dealt again: a card showed"
    undone = take_tap(unbid.game, unbid.deal, "undo")  # then the note change
    assert [d.note for d in undone.game.deals] == [None, "first"]
    assert len(undone.game.deals) == 2
    last = take_tap(undone.game, undone.deal, "undo")  # then the deal itself
    assert len(last.game.deals) == 1


def test_an_empty_note_tap_removes_the_note() -> None:
    played, deal = table({**DEAL_1, "note": "misdeal"})
    removed = take_tap(played, deal, "note:")
    assert removed.game.deals[0].note is None
    assert "note" not in removed.game.to_json()["deals"][0]


def test_a_deal_taken_back_and_entered_again_keeps_its_note() -> None:
    played, deal = table(DEAL_1, {**DEAL_2, "note": "Cy's ruling"})
    back = take_tap(played, deal, "undo")
    assert len(back.game.deals) == 1 and back.deal.note == "Cy's ruling"
    kept = from_draft(back.game, back.result.next, back.deal.to_draft())
    entered = take_tap(back.game, kept, "tricks:2")
    assert entered.game.deals[-1].note == "Cy's ruling"
    assert entered.game.deals[-1].team_tricks == (2, 10)


def test_a_note_tap_is_refused_before_any_deal_and_when_bad() -> None:
    played, deal = table()
    with pytest.raises(NoteRefused, match="there is no deal to write a note on yet"):
        take_tap(played, deal, "note:misdeal")
    played, deal = table(DEAL_1)
    with pytest.raises(NoteRefused, match="at most 200 characters; this one has 300"):
        take_tap(played, deal, "note:" + "x" * 300)
