"""The phone's questions, answered by the server's own code: every golden game tapped in through
`screen.phone` ends as the golden file says, scored as `scorekeeper score` scores it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from scorekeeper.rules import read_game, score_game
from scorekeeper.rules.entry import taps_of
from scorekeeper.screen import phone
from tests.conftest import EXAMPLES, example

GOLDEN = sorted(path.name.removesuffix(".game.json") for path in EXAMPLES.glob("*.game.json"))


def ask(question: str, **asked: Any) -> dict[str, Any]:
    """Ask the phone's table one question, through JSON as the page's script does."""
    return json.loads(phone.answer(json.dumps({"ask": question, **asked})))


def played(document: dict[str, Any]) -> dict[str, Any]:
    """Tap every deal of a game file in on the phone, from an empty game; return where it ends."""
    game = read_game(document)
    result = score_game(game)
    at = {"document": {**document, "deals": []}, "draft": None}
    for scored in result.deals:
        steps = taps_of(game, scored.setup, scored.record)
        while len(at["document"]["deals"]) < scored.setup.index:
            # A value filled in for the scorer takes no tap: go on from the taps done so far.
            done = len(at["draft"]["steps"]) if at["draft"] else 0
            step = ":".join(steps[done])
            at = ask("tap", document=at["document"], draft=at["draft"], step=step)
            assert "error" not in at, (scored.setup.index, step, at)
    return at


@pytest.mark.parametrize("name", GOLDEN)
def test_every_golden_game_tapped_in_on_the_phone_scores_as_the_server_scores(name: str) -> None:
    document = example(name)
    at = played(document)
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    # Tapped in, a deal is written as the table page writes it (team tricks, "pass"): the
    # same deal, the same scores.
    assert len(at["document"]["deals"]) == len(document["deals"])
    assert at["totals"] == [deal["totals"] for deal in expected["deals"]]
    assert at["totals"][-1] == expected["totals"]


def test_undo_on_the_phone_takes_back_a_tap_and_then_a_deal() -> None:
    document = {**example("back-alley-pagat"), "deals": []}
    at = {"document": document, "draft": None}
    for step in ("bid:2", "bid:pass", "bid:1", "bid:3", "tricks:6"):
        at = ask("tap", step=step, **at)
    assert len(at["document"]["deals"]) == 1 and at["taps"] == []
    at = ask("tap", step="undo", document=at["document"], draft=at["draft"])
    assert at["document"]["deals"] == [] and at["taps"] == ["bid:2", "bid:pass", "bid:1", "bid:3"]
    at = ask("tap", step="undo", document=at["document"], draft=at["draft"])
    assert at["taps"] == ["bid:2", "bid:pass", "bid:1"]


def test_a_tap_the_rules_refuse_is_answered_in_the_servers_words() -> None:
    document = {**example("joker"), "deals": []}
    answer = ask("tap", document=document, draft=None, step="bid:12")
    assert answer["error"].startswith("deal 1:") and "at most" in answer["error"]


def test_a_game_started_on_the_phone_is_checked_as_new_game_checks_it() -> None:
    started = ask("start", ruleset="joker", players=["Ann", "Bob", "Cy", "Dee"], dealer=2)
    assert started["document"]["first_dealer"] == 2 and started["document"]["deals"] == []
    refused = ask("start", ruleset="joker", players=["Ann", "ann", "Cy", "Dee"], dealer=0)
    assert "Ann" in refused["error"]
    slugs = [found["slug"] for found in ask("rulesets")["rulesets"]]
    assert "back-alley-pagat" in slugs and "joker" in slugs and len(slugs) > 8
    variant = next(slug for slug in slugs if slug.startswith("joker-"))
    started = ask("start", ruleset=variant, players=["Ann", "Bob", "Cy", "Dee"])
    assert isinstance(started["document"]["ruleset"], dict)  # a ready-made copy travels whole


def test_both_versions_are_said_from_the_first_deal_they_differ() -> None:
    document = example("back-alley-pagat")
    server = {**document, "deals": document["deals"][:3]}
    # This phone took deal 3 with other tricks, then deal 4.
    at = {"document": {**document, "deals": document["deals"][:2]}, "draft": None}
    for step in ("bid:2", "bid:pass", "bid:1", "bid:3", "tricks:6", "bid:1", "bid:1", "bid:1"):
        at = ask("tap", step=step, document=at["document"], draft=at["draft"])
    at = ask("tap", step="bid:1", document=at["document"], draft=at["draft"])
    at = ask("tap", step="tricks:4", document=at["document"], draft=at["draft"])
    assert len(at["document"]["deals"]) == 4, at
    drawn = ask("settle", server=server, phone=at["document"])
    assert drawn["first"] == 3
    html = drawn["html"]
    assert html.count("<li><b>Deal") == 1 + 2
    assert "Keep this phone's deals" in html and "Keep the server's game" in html


def test_two_versions_that_differ_by_a_note_alone_are_said_with_their_notes() -> None:
    document = example("back-alley-pagat")
    server = {**document, "deals": document["deals"][:2]}
    at = ask("open", document=server, taps=[])
    at = ask("tap", step="note:Bob misdealt", document=at["document"], draft=at["draft"])
    on_server = {**server, "deals": [*server["deals"][:1], {**server["deals"][1], "note": "Cy"}]}
    drawn = ask("settle", server=on_server, phone=at["document"])
    assert drawn["first"] == 2
    # Each version's note, set apart from the words around it (names inside still <bdi>).
    assert "note “\u2068<bdi>Bob</bdi> misdealt\u2069”" in drawn["html"]
    assert "note “\u2068<bdi>Cy</bdi>\u2069”" in drawn["html"]
    changed = ask("settle", server=on_server, phone=at["document"], before=server)["html"]
    assert "deal 2 was changed on another phone" in changed


def test_what_changed_on_the_server_since_both_were_drawn_is_said_by_its_deal() -> None:
    document = example("back-alley-pagat")
    two, four = document["deals"][:2], document["deals"][:4]
    other = {**four[2], "tricks": [5, 2, 3, 1]}  # deal 3 as another phone scored it
    assert other != four[2]

    def changed(before: list[dict], now: list[dict]) -> str:
        drawn = ask("settle", server={**document, "deals": now}, phone=document,
                    before={**document, "deals": before})  # fmt: skip
        found = re.search(r'<p class="flash" id="settle-changed" role="status">(.*?)</p>',
                          drawn["html"])  # fmt: skip
        return found.group(1) if found else ""

    just_now = "The game on the server changed just now: "
    assert changed(two, four) == just_now + "deals 3 to 4 were scored on another phone."
    assert changed(two, two[:1] + two[1:] + four[2:3]) == (
        just_now + "deal 3 was scored on another phone."
    )
    assert changed(four, two) == just_now + "deal 3 was taken back on another phone."
    assert (
        changed(four, [*two, other, four[3]]) == just_now + "deal 3 was changed on another phone."
    )
    assert changed(two, two) == just_now + "another phone is entering a deal."
    drawn = ask("settle", server={**document, "deals": four}, phone=document)
    assert "settle-changed" not in drawn["html"]  # nothing said when nothing was shown before
    georgian = ask("settle", server={**document, "deals": four}, phone=document,
                   before={**document, "deals": two}, language="ka")  # fmt: skip
    assert just_now not in georgian["html"] and 'id="settle-changed"' in georgian["html"]


def test_the_phone_draws_the_table_screen_with_its_chart_and_the_servers_words() -> None:
    document = example("back-alley-pagat")
    document["deals"] = document["deals"][:3]
    drawn = ask("screen", id="g1", version=3, document=document, draft=None, token="t", nonce="n")
    html = drawn["html"]
    # The chart's caption is a word marked for translation: the phone says it in English.
    assert "Running totals after each deal." in html
    assert "<svg" in html and 'name="csrf_token" value="t"' in html
    expected = score_game(read_game(document))
    assert drawn["totals"][-1] == list(expected.totals)
