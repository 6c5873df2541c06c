"""House rules through the web: the editor, its errors, export, import, delete, and a game.

The five-player variant is another scorekeeper's sheet: 5 players each for
themself, 10…1 then 1…10, 3 a bid trick, 1 an overtrick, -3 a bid trick when
set, boards 6 a trick × level 1–5, a rainbow +8. The rest (bidding from the
dealer's left, pass allowed, highest bid n-1, redeal by the same dealer, the
highest bid leads) follows individual Back Alley and pagat.
"""

from __future__ import annotations

import html
import io
import json
import re
from html.parser import HTMLParser
from typing import Any

import pytest

from scorekeeper.cli import main as scorekeeper

DOWN_UP_10 = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

FIVE_PLAYER_DOCUMENT = {
    "base": "back-alley-individual",
    "name": "The Millers' five-handed",
    "players": [5, 5],
    "deck": 54,
    "schedule": DOWN_UP_10,
    "first_bidder": "left",
    "board": {"per_trick": 6, "multipliers": [1, 2, 3, 4, 5]},
    "rainbow": {"bonus": 8},
    "one_card": None,
}

# Seven deals (one thrown in) of the five-player variant, first dealer Ann (seat 0).
# Bidding starts left of the dealer. Every number below is checked by hand.
FIVE_PLAYER_DEALS: list[dict[str, Any]] = [
    # Deal 1, 10 cards, dealer Ann. Ann 2 took 2: 2×3 = 6. Bob 3 took 4: 3×3 + 1 = 10.
    # Cy pass took 1: 1 over = 1. Dee 1 took 0: set, -3×1 = -3. Eve 2 took 3: 2×3 + 1 = 7.
    {"bids": [2, 3, "pass", 1, 2], "tricks": [2, 4, 1, 0, 3]},
    # Deal 2, 9 cards, dealer Bob; order Cy, Dee, Eve, Ann, Bob. Cy board (single), Eve board
    # (double), Bob board (triple) and Bob takes all 9: 6×9×3 = 162. Cy: -6×9×1 = -54.
    # Eve: -6×9×2 = -108. Ann and Dee passed and took nothing: 0.
    {"bids": ["pass", "board", "board", "pass", "board"], "tricks": [0, 9, 0, 0, 0]},
    # Deal 3, 8 cards, dealer Cy. Ann 3 took 2: -9. Bob 1 took 1: 3. Cy 2 took 3: 7.
    # Dee pass took 2: 2. Eve 1 took 0: -3.
    {"bids": [3, 1, 2, "pass", 1], "tricks": [2, 1, 3, 2, 0]},
    # Deal 4, 7 cards, dealer Dee: everyone passes, thrown in; the same dealer deals again.
    {"bids": ["pass", "pass", "pass", "pass", "pass"]},
    # Deal 4 again, 7 cards, dealer Dee. Ann 1 took 1: 3. Bob 2 took 2: 6. Cy pass took 0: 0.
    # Dee 2 took 3: 7. Eve 1 took 1: 3.
    {"bids": [1, 2, "pass", 2, 1], "tricks": [1, 2, 0, 3, 1]},
    # Deal 5, 6 cards, dealer Eve. Ann 2 took 2: 6. Bob 1 took 2: 4. Cy 1 took 0: -3.
    # Dee 1 took 1: 3. Eve pass took 1: 1.
    {"bids": [2, 1, 1, 1, "pass"], "tricks": [2, 2, 0, 1, 1]},
    # Deal 6, 5 cards, dealer Ann. Ann 1 took 1: 3. Bob pass took 0: 0. Cy 2 took 2: 6.
    # Dee pass took 1: 1. Eve 1 took 1: 3.
    {"bids": [1, "pass", 2, "pass", 1], "tricks": [1, 0, 2, 1, 1]},
    # Deal 7, 4 cards, dealer Bob. Dee held a rainbow. Ann 1 took 2: 3 + 1 = 4.
    # Bob pass took 1: 1. Cy 1 took 1: 3. Dee 1 took 0: set -3, rainbow +8 = 5. Eve pass took 0: 0.
    {"bids": [1, "pass", 1, 1, "pass"], "tricks": [2, 1, 1, 0, 0], "rainbows": [3]},
]
# Ann:  6 + 0 - 9 + 3 + 6 + 3 + 4 = 13
# Bob: 10 + 162 + 3 + 6 + 4 + 0 + 1 = 186
# Cy:   1 - 54 + 7 + 0 - 3 + 6 + 3 = -40
# Dee: -3 + 0 + 2 + 7 + 3 + 1 + 5 = 15
# Eve:  7 - 108 - 3 + 3 + 1 + 3 + 0 = -97
FIVE_PLAYER_TOTALS = [13, 186, -40, 15, -97]
FIVE_PLAYER_DEAL_SCORES = [
    [6, 10, 1, -3, 7],
    [0, 162, -54, 0, -108],
    [-9, 3, 7, 2, -3],
    None,
    [3, 6, 0, 7, 3],
    [6, 4, -3, 3, 1],
    [3, 0, 6, 1, 3],
    [4, 1, 3, 5, 0],
]


class FormReader(HTMLParser):
    """Collect what a browser would send for the house-rules form: inputs and checked radios."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self.in_editor = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form" and "rules-editor" in a.get("class", ""):
            self.in_editor = True
        if not self.in_editor or tag != "input" or not a.get("name"):
            return
        kind = a.get("type", "text")
        if kind == "radio":
            if "checked" in a:
                self.values[a["name"]] = a["value"]
        elif kind != "submit":
            self.values[a["name"]] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.in_editor = False


def form_values(page: str) -> dict[str, str]:
    reader = FormReader()
    reader.feed(page)
    return reader.values


def fieldset(page: str, rule: str) -> str:
    match = re.search(rf'<fieldset[^>]*id="rule-{rule}">(.*?)</fieldset>', page, re.S)
    assert match, f"the editor has a part for {rule}"
    return match.group(1)


def editor(client, start: str) -> dict[str, str]:
    response = client.get(f"/rules/new?from={start}")
    assert response.status_code == 200
    return form_values(response.get_data(as_text=True))


def five_player_form(client) -> dict[str, str]:
    """Fill the editor, started from individual Back Alley, as the Millers play."""
    values = editor(client, "back-alley-individual")
    values.update(
        name="The Millers' five-handed",
        players_min="5",
        players_max="5",
        deck="54",
        first_bidder="left",
        board_per_trick="6",
        board_level_1="1",
        board_level_2="2",
        board_level_3="3",
        board_level_4="4",
        board_level_5="5",
        rainbow="bonus",
        rainbow_bonus="8",
        one_card="none",
    )
    return values


def save_five_player(client, token: str) -> str:
    values = five_player_form(client)
    # The shortcut button fills in the schedule and saves nothing.
    shown = client.post(
        "/rules/new", data={**values, "top": "10", "shortcut": "down-up", "csrf_token": token}
    )
    assert shown.status_code == 200
    filled = form_values(shown.get_data(as_text=True))
    assert filled["schedule"] == " ".join(map(str, DOWN_UP_10))
    assert "10 down to 1, 1 up to 10" in shown.get_data(as_text=True)
    response = client.post("/rules/new", data={**filled, "csrf_token": token})
    assert response.status_code == 303, response.get_data(as_text=True)
    location = response.headers["Location"]
    assert location.startswith("/rules/")
    return location.removeprefix("/rules/")


def five_player_game(ruleset: Any) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "players": ["Ann", "Bob", "Cy", "Dee", "Eve"],
        "first_dealer": 0,
        "deals": FIVE_PLAYER_DEALS,
    }


def test_the_editor_starts_from_a_builtin_with_every_rule_filled_in(client) -> None:
    values = editor(client, "back-alley-bridge")
    assert values["base"] == "back-alley-bridge"
    assert (values["players_min"], values["players_max"]) == ("4", "4")
    assert (values["deck"], values["partnership"]) == ("54", "yes")
    assert values["schedule_kind"] == "same"
    assert values["schedule"] == "12 10 8 6 4 2 1 3 5 7 9 11 13"
    assert (values["bids_min"], values["bids_max"]) == ("0", "n")
    assert values["boards"] == "yes"
    assert [values[f"board_level_{level}"] for level in range(1, 5)] == ["2", "4", "8", "16"]
    assert values["board_level_5"] == ""
    assert (values["per_bid"], values["over"], values["set_per_bid"]) == ("10", "1", "10")
    assert (values["rainbow"], values["rainbow_bonus"]) == ("bonus", "10")
    assert (values["redeal"], values["lead"], values["dealer_hook"]) == ("same", "highest", "no")


def test_the_editor_shows_bluke_schedule_by_player_count(client) -> None:
    values = editor(client, "bluke")
    assert values["schedule_kind"] == "by-players"
    assert values["schedule_5"] == " ".join(map(str, [*range(10, 0, -1), *range(2, 11)]))
    assert values["schedule_14"] == "3 2 1 2 3"
    assert values["boards"] == "no"
    assert values["bids_min"] == "1"


def test_editor_round_trip_export_import_and_a_game(client, token) -> None:
    slug = save_five_player(client, token)
    page = client.get(f"/rules/{slug}").get_data(as_text=True)
    assert "The Millers&#39; five-handed" in page
    assert "10 down to 1, 1 up to 10" in page

    exported = client.get(f"/rules/{slug}/export.json")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    document = json.loads(exported.get_data(as_text=True))
    # Saved as the base and only what changed from it.
    assert document == FIVE_PLAYER_DOCUMENT

    def bring_in() -> Any:
        return client.post(
            "/rules/import",
            data={"file": (io.BytesIO(exported.data), "millers.json"), "csrf_token": token},
            content_type="multipart/form-data",
        )

    # The same name twice would be told apart by nothing: refused while the first is kept.
    assert bring_in().status_code == 422
    assert client.post(f"/rules/{slug}/delete", data={"csrf_token": token}).status_code == 303
    again = bring_in()
    assert again.status_code == 303
    second = again.headers["Location"].removeprefix("/rules/")
    assert json.loads(client.get(f"/rules/{second}/export.json").data) == document

    created = client.post(
        "/api/games", json=five_player_game(document), headers={"X-CSRFToken": token}
    )
    assert created.status_code == 201, created.get_data(as_text=True)
    game_id = created.get_json()["id"]
    result = client.get(f"/api/games/{game_id}").get_json()["result"]
    assert result["totals"] == FIVE_PLAYER_TOTALS
    assert [deal["scores"] for deal in result["deals"]] == FIVE_PLAYER_DEAL_SCORES
    assert result["next"] == {"number": 8, "cards": 3, "dealer": 2}
    explained = [client.get(f"/api/games/{game_id}/deals/{k}").get_json() for k in (2, 8)]
    assert explained[0]["explain"][1][0] == "Bob bid triple board and took all 9: 6 × 9 × 3 = 162"
    assert "Dee held a rainbow: +8." in explained[1]["explain"][3]

    # The game file carries the ruleset inline, and the command scores it the same.
    game_file = client.get(f"/games/{game_id}/export.json").get_json()
    assert isinstance(game_file["ruleset"], dict)
    assert game_file["ruleset"]["players"] == [5, 5]


def test_the_exported_game_file_scores_the_same_on_the_command_line(
    client, token, tmp_path, capsys
) -> None:
    slug = save_five_player(client, token)
    document = json.loads(client.get(f"/rules/{slug}/export.json").data)
    game_id = client.post(
        "/api/games", json=five_player_game(document), headers={"X-CSRFToken": token}
    ).get_json()["id"]
    path = tmp_path / "game.json"
    path.write_bytes(client.get(f"/games/{game_id}/export.json").data)
    assert scorekeeper(["score", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == FIVE_PLAYER_TOTALS


def test_a_game_keeps_its_copy_when_the_house_rules_change(app, client, token) -> None:
    from scorekeeper.storage import game_ruleset_ref, open_database

    slug = save_five_player(client, token)
    with app.app_context():
        db = open_database(app.config["DATABASE"])
        ref = game_ruleset_ref(db, slug)
    assert ref["scoring"]["per_bid"] == 3
    game_id = client.post(
        "/api/games", json=five_player_game(ref), headers={"X-CSRFToken": token}
    ).get_json()["id"]

    values = form_values(client.get(f"/rules/{slug}/edit").get_data(as_text=True))
    assert values["schedule"] == " ".join(map(str, DOWN_UP_10))
    values["per_bid"] = "5"
    changed = client.post(f"/rules/{slug}/edit", data={**values, "csrf_token": token})
    assert changed.status_code == 303
    assert changed.headers["Location"] == f"/rules/{slug}"
    saved = json.loads(client.get(f"/rules/{slug}/export.json").data)
    assert saved["scoring"]["per_bid"] == 5

    result = client.get(f"/api/games/{game_id}").get_json()["result"]
    assert result["totals"] == FIVE_PLAYER_TOTALS

    deleted = client.post(f"/rules/{slug}/delete", data={"csrf_token": token})
    assert deleted.status_code == 303
    assert client.get(f"/rules/{slug}").status_code == 404
    assert client.get(f"/api/games/{game_id}").get_json()["result"]["totals"] == FIVE_PLAYER_TOTALS


@pytest.mark.parametrize(
    ("changes", "rule", "message"),
    [
        ({"schedule": "10 9 x"}, "schedule", "“x” is not a number of cards"),
        ({"schedule": ""}, "schedule", "write the cards of every deal"),
        ({"schedule": "10 0 10"}, "schedule", "Every deal in the schedule must be at least 1"),
        (
            {"schedule": "11 10 9"},
            "schedule",
            "Deal 1 gives 11 cards to each of 5 players: 55 cards, but the deck has 54",
        ),
        ({"players_min": "6"}, "players", "The fewest players (6) is more than the most (5)"),
        ({"players_max": ""}, "players", "write a number"),
        ({"per_bid": "-3"}, "scoring", "Per bid cannot be negative (it is -3)"),
        ({"per_bid": "three"}, "scoring", "“three” is not a whole number"),
        ({"board_level_2": "0"}, "board", "A board multiplier must be at least 1 (it is 0)"),
        ({"board_level_2": ""}, "board", "fill in every board level up to the last one you use"),
        ({"rainbow_bonus": "-8"}, "rainbow", "The rainbow bonus cannot be negative (it is -8)"),
        ({"partnership": "yes"}, "partnership", "A partnership needs exactly 4 players"),
        ({"name": "  "}, "name", "The ruleset needs a name"),
        # Past the engine's limits (the inputs carry them as min and max too).
        ({"per_bid": "100001"}, "scoring", "Per bid must be at most 100,000 (it is 100,001)"),
        ({"players_max": "21"}, "players", "The most players must be at most 20 (it is 21)"),
        ({"board_level_1": "1001"}, "board", "A board multiplier must be at most 1,000"),
    ],
)
def test_the_editor_refuses_nonsense_beside_the_field_and_keeps_what_was_typed(
    client, token, changes: dict[str, str], rule: str, message: str
) -> None:
    values = five_player_form(client)
    values["schedule"] = " ".join(map(str, DOWN_UP_10))
    values.update(changes)
    response = client.post("/rules/new", data={**values, "csrf_token": token})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in html.unescape(fieldset(page, rule))
    kept = form_values(page)
    for name, value in changes.items():
        assert kept[name] == value
    assert kept["name"] == values["name"]
    assert client.get("/rules").get_data(as_text=True).count("/edit") == 0


def test_a_family_can_write_partnership_rules_from_bluke(client, token) -> None:
    values = editor(client, "bluke")
    values.update(
        name="Bluke for two teams",
        players_min="4",
        players_max="4",
        partnership="yes",
        schedule_kind="same",
        schedule="7 6 5 4 3 2 1",
    )
    response = client.post("/rules/new", data={**values, "csrf_token": token})
    assert response.status_code == 303
    document = json.loads(client.get(response.headers["Location"] + "/export.json").data)
    assert document == {
        "base": "bluke",
        "name": "Bluke for two teams",
        "players": [4, 4],
        "partnership": True,
        "schedule": [7, 6, 5, 4, 3, 2, 1],
    }


def test_shortcuts_by_player_count_keep_each_count_s_largest_deal(client, token) -> None:
    values = editor(client, "bluke")
    shown = client.post(
        "/rules/new",
        data={**values, "shortcut": "players:up-down-once", "csrf_token": token},
    )
    filled = form_values(shown.get_data(as_text=True))
    assert filled["schedule_6"] == "1 2 3 4 5 6 7 8 7 6 5 4 3 2 1"
    assert filled["schedule_15"] == "1 2 3 2 1"


def test_a_builtin_cannot_be_edited_or_deleted_only_copied(client, token) -> None:
    edit = client.get("/rules/joker/edit")
    assert edit.status_code == 303
    assert edit.headers["Location"] == "/rules/new?from=joker"
    assert client.post("/rules/joker/delete", data={"csrf_token": token}).status_code == 405
    assert client.get("/rules/joker").status_code == 200


def test_a_builtin_exports_its_whole_document(client) -> None:
    from scorekeeper.rules import builtin_document

    response = client.get("/rules/back-alley-seven/export.json")
    assert json.loads(response.data) == builtin_document("back-alley-seven")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "it is not a JSON file"),
        (b'{"base": "bluke", "colour": "red"}', "unknown rule &#39;colour&#39;"),
        (b'{"base": "bluke", "schedule": []}', "the schedule must be a non-empty list"),
        (b'{"base": "canasta"}', "unknown ruleset &#34;canasta&#34;"),
        (
            b'{"ruleset": "bluke", "players": ["A", "B"], "deals": []}',
            "it is a game file, not a ruleset",
        ),
        (b"[1, 2]", "a ruleset must be a JSON object of rules"),
    ],
)
def test_import_refuses_a_bad_file_with_a_clear_message(client, token, content, message) -> None:
    response = client.post(
        "/rules/import",
        data={"file": (io.BytesIO(content), "rules.json"), "csrf_token": token},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_house_rulesets_are_offered_for_new_games(app, client, token) -> None:
    from scorekeeper.storage import open_database, ruleset_choices

    slug = save_five_player(client, token)
    with app.app_context():
        choices = ruleset_choices(open_database(app.config["DATABASE"]))
    assert [choice.slug for choice in choices if choice.house] == [slug]
    index = client.get("/rules").get_data(as_text=True)
    assert f'href="/rules/{slug}"' in index


# The editor shows the settings the family's rules read --------------------------------------

JOKERS_OWN = ("khishti", "premia", "pass_limit", "miss_penalty", "made_pass", "pairs")
BACK_ALLEYS_OWN = ("board", "rainbow", "one_card")


def parts_shown(page: str) -> set[str]:
    return set(re.findall(r'<fieldset[^>]*id="rule-([a-z_]+)"', page))


@pytest.mark.parametrize(
    ("start", "shown", "unseen"),
    [
        ("back-alley-pagat", BACK_ALLEYS_OWN, JOKERS_OWN),
        ("bluke", BACK_ALLEYS_OWN, JOKERS_OWN),  # no boards, but at-least scoring may add them
        ("joker", JOKERS_OWN, BACK_ALLEYS_OWN),
        ("joker-pairs", JOKERS_OWN, BACK_ALLEYS_OWN),
    ],
)
def test_a_copy_offers_only_the_settings_its_family_reads(client, start, shown, unseen) -> None:
    """A Back Alley copy has no khishti to offer; a Joker copy no boards or rainbows."""
    page = client.get(f"/rules/new?from={start}").get_data(as_text=True)
    parts = parts_shown(page)
    assert set(shown) <= parts
    assert not set(unseen) & parts
    assert {"scoring", "schedule", "bids", "dealer_hook"} <= parts  # every family's
    # The other family's settings go along unseen, as they are, and are said not offered.
    unseen_input = 'type="hidden" name="boards" value="no"'
    if start.startswith("joker"):
        assert unseen_input in page and "Not offered with this scoring: Boards," in page
    else:
        assert 'type="hidden" name="khishti" value="none"' in page
        assert "Not offered with this scoring: Khishti," in page


def test_a_copy_goes_through_the_editor_unchanged_with_its_settings_unseen(client, token) -> None:
    for start in ("back-alley-seven", "joker-strict"):
        values = editor(client, start)
        values["name"] = f"Our {start}"
        saved = client.post("/rules/new", data={**values, "csrf_token": token})
        assert saved.status_code == 303, saved.get_data(as_text=True)
        exported = client.get(saved.headers["Location"] + "/export.json").get_json()
        base = "back-alley-seven" if start == "back-alley-seven" else "joker"
        expected = {"base": base, "name": f"Our {start}"}
        if start == "joker-strict":
            expected |= {
                key: value
                for key, value in client.get("/rules/joker-strict/export.json").get_json().items()
                if key not in ("base", "name")
            }
        assert exported == expected


def test_a_setting_in_force_is_shown_whatever_the_family(client, token) -> None:
    """Passes limited over the game are a rule at-least scoring allows: a copy playing it
    shows it, so nothing the rules do is hidden."""
    values = editor(client, "back-alley-pagat")
    values.update(
        name="Pagat, three passes a game",
        pass_limit="yes",
        pass_limit_passes="3",
        pass_limit_per="game",
    )
    saved = client.post("/rules/new", data={**values, "csrf_token": token})
    assert saved.status_code == 303, saved.get_data(as_text=True)
    slug = saved.headers["Location"].rsplit("/", 1)[-1]
    page = client.get(f"/rules/{slug}/edit").get_data(as_text=True)
    assert {"pass_limit", "board"} <= parts_shown(page)
    assert not {"khishti", "premia"} & parts_shown(page)


def test_a_refused_form_keeps_its_family_and_shows_what_is_wrong(client, token) -> None:
    values = editor(client, "back-alley-pagat")
    values.update(name="Pagat, mistyped", per_bid="five")
    page = client.post("/rules/new", data={**values, "csrf_token": token})
    assert page.status_code == 422
    parts = parts_shown(page.get_data(as_text=True))
    assert "scoring" in parts and not set(JOKERS_OWN) & parts  # asked of the built-in copied
    # A setting this family's form does not show, sent wrong all the same, is shown with why.
    values.update(per_bid="5", pass_limit="yes", pass_limit_passes="0", pass_limit_per="game")
    page = client.post("/rules/new", data={**values, "csrf_token": token})
    assert page.status_code == 422
    assert "pass_limit" in parts_shown(page.get_data(as_text=True))
    assert "at least 1" in fieldset(page.get_data(as_text=True), "pass_limit")


def test_a_refused_form_keeps_a_deck_of_its_own_size_chosen(client, token) -> None:
    # A 40-card deck is no answer of the three offered: the editor offers "40 cards" too, on
    # the first look and after a refusal, so fixing the name does not lose the deck.
    values = editor(client, "back-alley-pagat")
    values.update(name="Forty cards", deck="40", schedule="10 9 8 7 6 5 4 3 2 1")
    saved = client.post("/rules/new", data={**values, "csrf_token": token})
    assert saved.status_code == 303, saved.get_data(as_text=True)
    slug = saved.headers["Location"].rsplit("/", 1)[-1]
    values = form_values(client.get(f"/rules/{slug}/edit").get_data(as_text=True))
    assert values["deck"] == "40"
    refused = client.post(f"/rules/{slug}/edit", data={**values, "name": ""})
    assert refused.status_code == 422
    assert form_values(refused.get_data(as_text=True))["deck"] == "40"
    assert "40 cards" in fieldset(refused.get_data(as_text=True), "deck")


def test_new_game_names_beside_the_rules_every_ruleset_here_that_seats_the_table(
    client, token, table
) -> None:
    save_five_player(client, token)  # the Millers' house rules are played by five
    five = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    answer = client.post("/games/new", data=table.new_game_form("back-alley-pagat", five))
    page = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 422
    said = re.search(r'id="ruleset".*?</p>\s*<p class="error-text">(.*?)</p>', page, re.S)
    assert said, "the refusal is beside the rules field"
    assert said.group(1) == (
        "Back Alley (pagat.com) is played by exactly 4 players, not 5. For 5 players: Bluke, "
        "New Jersey Bluke, The Millers' five-handed (house rules). Or write house rules for 5 "
        "players: on Rules, “New house rules from …” a ruleset, then change its players and "
        "its deals by number of players."
    )
    assert 'name="players-4" value="Eve"' in page  # nothing typed is lost
