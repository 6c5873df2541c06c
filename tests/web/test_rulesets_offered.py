"""Every ruleset the docs offer by slug is offered wherever a ruleset is chosen.

The built-ins of docs/rules.md and the ready-made Joker house rules of
docs/joker-variants.md: New game lists each and starts a game with it, the blank
sheet lists each, and a game's compare view offers each that seats its table. Each is
taken by its slug wherever a ruleset is named: the API, a game file, an archive (and a
family's house rules by theirs, on this server).
"""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.rules import score_game
from scorekeeper.rules.variants import VARIANTS, ready_made_ruleset
from scorekeeper.storage import game_ids, get_game, open_database
from tests.conftest import csrf_token, documented_slugs
from tests.rules.conftest import run_cli
from tests.web.test_home import import_archive
from tests.web.test_house_rules import FIVE_PLAYER_TOTALS, five_player_game, save_five_player
from tests.web.test_joker_house_game import text_of
from tests.web.test_table import deals

DOCUMENTED = documented_slugs()
FOUR = ["Ann", "Bob", "Cy", "Dee"]


def test_new_game_offers_every_documented_ruleset(client) -> None:
    page = client.get("/games/new").get_data(as_text=True)
    for slug in DOCUMENTED:
        assert f'value="{slug}"' in page, slug
    assert "Joker in pairs (seats 1 + 3 against 2 + 4) (ready-made house rules)" in page
    assert "· 4 players, 2 pairs" in page


@pytest.mark.parametrize("slug", DOCUMENTED)
def test_new_game_starts_a_game_with_every_documented_ruleset(table, slug: str) -> None:
    table.start(slug, FOUR)
    assert "<b>1</b> card" in table.page or "cards each" in table.page


def test_the_blank_sheet_offers_every_documented_ruleset(client) -> None:
    page = client.get("/sheets").get_data(as_text=True)
    for slug in DOCUMENTED:
        assert f'<option value="{slug}">' in page, slug


def test_compare_offers_every_documented_ruleset_but_its_own(client, table) -> None:
    table.start("joker", FOUR)
    page = client.get(f"/games/{table.game_id}/compare").get_data(as_text=True)
    for slug in DOCUMENTED:
        assert (f'value="{slug}"' in page) == (slug != "joker"), slug


def test_a_ready_made_game_keeps_its_rules_in_the_game(client, table) -> None:
    """A game started from a ready-made variant carries its complete rules, like a house one."""
    table.start("joker-flat-200", FOUR, dealer="3")  # Dee deals; 1 card; Ann bids first
    table.tap("bid:1", "bid:0", "bid:0")  # Dee's only bid, 1, is filled in
    table.tap("tricks:0", "tricks:1")  # Ann takes none, Bob the trick: the rest is filled in
    assert deals(client, table.game_id) == [{"bids": [1, 0, 0, 1], "tricks": [0, 1, 0, 0]}]
    page = text_of(client.get(f"/games/{table.game_id}").get_data(as_text=True))
    assert "Ann bid 1, took 0, not the bid: -200" in page


def test_pairs_are_played_at_the_table_player_by_player(client, table) -> None:
    """Pairs tap each player's tricks, as in Joker; the pair's score is the two added."""
    table.start("joker-pairs", FOUR, dealer="3")  # Dee deals; 1 card; Ann bids first
    table.tap("bid:1", "bid:0", "bid:0")  # Dee may not pass: 1 is filled in
    table.tap("tricks:1")  # Ann takes the trick: no tricks are left for the others
    assert deals(client, table.game_id) == [{"bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}]
    page = text_of(client.get(f"/games/{table.game_id}").get_data(as_text=True))
    # As Joker Score's in-order game pays them: Ann 100 (all of 1 card, 100 a card) + Cy 50;
    # Bob 50 + Dee -100 (bid 1, took none: khishti, 100 a card). The pair's line adds them.
    assert "Ann & Cy 150 +150 Bob & Dee -50 -50" in page  # the scoreboard: one line a pair
    assert "Ann bid 1, took all 1: 0 + 100 × 1 = 100" in page
    assert "Dee bid 1, took none: khishti, -100 × 1 card = -100" in page
    assert "Ann & Cy : 100 + 50 = 150" in page and "Bob & Dee : 50 - 100 = -50" in page


# --- A ruleset the app offers is taken by its slug wherever a ruleset is named -----------------

# joker-khishti-200, one card, Dee deals first (seat 3), Ann bids first. Ann bids 1, Bob and
# Cy pass, Dee must bid 1 (the hook: not a total of 1). Bob takes the trick. Ann bid 1 and
# took none: the khishti, -200. Bob passed and took 1: 10 x 1 = 10. Cy passed, took none:
# 50. Dee bid 1 and took none: -200. Under the built-in Joker both misses would score 0.
KHISHTI_GAME = {
    "ruleset": "joker-khishti-200",
    "players": FOUR,
    "first_dealer": 3,
    "deals": [{"bids": [1, 0, 0, 1], "tricks": [0, 1, 0, 0]}],
}
KHISHTI_TOTALS = [-200, 10, 50, -200]


def api_game(client, game_id: str) -> dict:
    answer = client.get(f"/api/games/{game_id}")
    assert answer.status_code == 200
    return answer.get_json()


def assert_khishti_game(client, game_id: str) -> None:
    """The game is scored under the ready-made rules, and carries them whole."""
    body = api_game(client, game_id)
    assert body["result"]["totals"] == KHISHTI_TOTALS
    assert body["game"]["ruleset"]["name"] == "Joker, khishti -200"
    assert body["game"]["ruleset"]["khishti"] == {"fixed": -200, "per_card": 0}


@pytest.mark.parametrize("slug", DOCUMENTED)
def test_the_api_starts_a_game_under_every_ruleset_new_game_offers(client, slug: str) -> None:
    headers = {"X-CSRFToken": csrf_token(client)}
    answer = client.post("/api/games", json={"ruleset": slug, "players": FOUR}, headers=headers)
    assert answer.status_code == 201, answer.get_json()
    ruleset = api_game(client, answer.get_json()["id"])["game"]["ruleset"]
    # A built-in is named by its slug; a ready-made one is copied in whole, as New game does.
    if slug in VARIANTS:
        assert ruleset == ready_made_ruleset(slug).document
    else:
        assert ruleset == slug


def test_the_api_scores_a_ready_made_game_by_its_own_rules(client) -> None:
    headers = {"X-CSRFToken": csrf_token(client)}
    answer = client.post("/api/games", json=KHISHTI_GAME, headers=headers)
    assert answer.status_code == 201, answer.get_json()
    assert_khishti_game(client, answer.get_json()["id"])


def test_the_api_takes_the_familys_house_rules_by_slug(client, token) -> None:
    slug = save_five_player(client, token)
    game = five_player_game(slug)
    answer = client.post("/api/games", json=game, headers={"X-CSRFToken": token})
    assert answer.status_code == 201, answer.get_json()
    body = api_game(client, answer.get_json()["id"])
    assert body["result"]["totals"] == FIVE_PLAYER_TOTALS
    assert body["game"]["ruleset"]["name"] == "The Millers' five-handed"  # copied in whole


def test_an_unknown_ruleset_names_the_built_in_and_the_ready_made_ones(client) -> None:
    headers = {"X-CSRFToken": csrf_token(client)}
    game = {"ruleset": "joker-khishti-300", "players": FOUR}
    answer = client.post("/api/games", json=game, headers=headers)
    assert answer.status_code == 422
    said = answer.get_json()["error"]
    assert said.startswith('unknown ruleset "joker-khishti-300"; the built-in rulesets are ')
    assert "back-alley-pagat" in said and "and the ready-made ones joker-khishti-200" in said


def test_a_game_file_naming_a_ready_made_ruleset_is_imported(client, token) -> None:
    answer = client.post(
        "/import",
        data={
            "csrf_token": token,
            "file": (io.BytesIO(json.dumps(KHISHTI_GAME).encode()), "game.json"),
        },
        content_type="multipart/form-data",
    )
    assert answer.status_code == 303, text_of(answer.get_data(as_text=True))
    assert_khishti_game(client, answer.headers["Location"].rsplit("/", 1)[-1])


def test_an_archive_naming_ready_made_and_house_rules_is_imported(client, token) -> None:
    slug = save_five_player(client, token)
    archive = {"format": "scorekeeper-archive", "version": 1,
               "games": [KHISHTI_GAME, five_player_game(slug)]}  # fmt: skip
    import_archive(client, archive["games"])  # answered 303: imported
    assert sorted(stored_totals(client.application.config["DATABASE"])) == sorted(
        [KHISHTI_TOTALS, FIVE_PLAYER_TOTALS]
    )


def test_the_command_imports_and_scores_a_game_file_naming_a_ready_made_ruleset(tmp_path) -> None:
    def write_json(document: dict, name: str) -> str:
        (tmp_path / name).write_text(json.dumps(document), encoding="utf-8")
        return str(tmp_path / name)

    scored = run_cli("score", write_json(KHISHTI_GAME, "game.json"))
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["totals"] == KHISHTI_TOTALS
    archive = {"format": "scorekeeper-archive", "version": 1, "games": [KHISHTI_GAME]}
    database = tmp_path / "games.sqlite"
    done = run_cli("import-all", write_json(archive, "all.json"), "--db", str(database))
    assert done.returncode == 0, done.stderr
    assert stored_totals(database) == [KHISHTI_TOTALS]


def stored_totals(database) -> list[list[int]]:
    """Return each stored game's totals, as the rules score it from the database."""
    db = open_database(database)
    try:
        return [list(score_game(get_game(db, found).game).totals) for found in game_ids(db)]
    finally:
        db.close()
