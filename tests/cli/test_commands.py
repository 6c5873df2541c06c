"""The `scorekeeper` command: rulesets, score from a file or standard input, --ruleset."""

from __future__ import annotations

import json
import socket

import pytest

from scorekeeper.cli import main
from scorekeeper.cli.files import find_slug
from scorekeeper.rules import Ruleset, find_ruleset
from scorekeeper.rules.variants import VARIANTS, variant_changes
from tests.conftest import documented_slugs
from tests.rules.conftest import EXAMPLES, SLUGS, run_cli


def test_rulesets_lists_the_nine_built_ins_then_the_ready_made_variants() -> None:
    done = run_cli("rulesets")
    assert done.returncode == 0, done.stderr
    listed = [line.split()[0] for line in done.stdout.splitlines()[1:] if line.strip()]
    assert listed == [*SLUGS, *VARIANTS]


@pytest.mark.parametrize("slug", SLUGS)
def test_rulesets_slug_prints_a_document_that_reads_back(slug: str) -> None:
    done = run_cli("rulesets", slug)
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert Ruleset.from_document(document, slug=slug) == find_ruleset(slug)
    assert (
        Ruleset.from_document({"base": slug, **document}).schedules == find_ruleset(slug).schedules
    )


def test_rulesets_unknown_slug() -> None:
    done = run_cli("rulesets", "back-alley")
    assert done.returncode != 0
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert "back-alley-pagat" in done.stderr  # says which rulesets there are


def test_score_reads_standard_input() -> None:
    text = (EXAMPLES / "format-example.game.json").read_text()
    from_stdin = run_cli("score", "-", stdin=text)
    from_file = run_cli("score", str(EXAMPLES / "format-example.game.json"))
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert from_stdin.stdout == from_file.stdout
    output = json.loads(from_stdin.stdout)
    assert output["totals"] == [25, -102]
    assert output["sides"] == ["Ann & Cy", "Bob & Dee"]


def test_rescore_under_another_builtin() -> None:
    done = run_cli(
        "score", str(EXAMPLES / "format-example.game.json"), "--ruleset", "back-alley-catsatcards"
    )
    assert done.returncode == 0, done.stderr
    output = json.loads(done.stdout)
    assert output["ruleset"] == "back-alley-catsatcards"
    # Deal 1 as before (17, -130). The thrown-in deal is redealt by the SAME dealer (Bob), so
    # Cy bids first: Ann 1 + Cy pass took 4: 5 + 3 = 8; Bob 2 + Dee 3 took 8: 25 + 3 = 28.
    assert [(d["number"], d["dealer"], d["scores"]) for d in output["deals"]] == [
        (1, 0, [17, -130]),
        (2, 1, None),
        (2, 1, [8, 28]),
    ]
    assert output["totals"] == [25, -102]
    assert output["next"] == {"number": 3, "cards": 11, "dealer": 2}


def test_rescore_under_a_house_ruleset_file(write_json) -> None:
    house = {"base": "back-alley-pagat", "board": {"per_trick": 5, "multipliers": [1]}}
    path = write_json(house, "house.json")
    done = run_cli("score", str(EXAMPLES / "format-example.game.json"), "--ruleset", path)
    assert done.returncode == 0, done.stderr
    output = json.loads(done.stdout)
    assert output["ruleset"] == house
    # Dee's board on 13 cards lost: -5 x 13 = -65 instead of -130.
    assert output["deals"][0]["scores"] == [17, -65]
    assert output["totals"] == [25, -37]


@pytest.mark.parametrize(
    ("game", "option"),
    [
        pytest.param(
            {"ruleset": "bluke", "players": ["A", "B", "C", "D", "E"], "deals": []},
            "back-alley-pagat",
            id="five players under pagat",
        ),
        pytest.param(
            {"ruleset": "back-alley-pagat", "players": ["A", "B", "C", "D"],
             "deals": [{"bids": [1, 0, 0, 0], "team_tricks": [1, 12]}]},
            "back-alley-individual",
            id="team tricks under an individual ruleset",
        ),
        pytest.param(
            {"ruleset": "back-alley-pagat", "players": ["A", "B", "C", "D"],
             "deals": [{"bids": [1, 0, 0, 0], "team_tricks": [1, 12]}]},
            "joker",
            id="team tricks under joker",
        ),
        pytest.param(
            {"ruleset": "back-alley-pagat", "players": ["A", "B", "C", "D"],
             "deals": [{"bids": [1, 0, 0, 0], "tricks": [1, 12, 0, 0], "trump": "none"}]},
            "back-alley-individual",
            id="no trump under a ruleset without jokers",
        ),
        pytest.param(
            {"ruleset": "back-alley-pagat", "players": ["A", "B", "C", "D"], "deals": []},
            "no-such-ruleset",
            id="unknown ruleset option",
        ),
    ],
)  # fmt: skip
def test_rescore_refused_on_one_line(game, option: str, write_json) -> None:
    done = run_cli("score", write_json(game), "--ruleset", option)
    assert done.returncode != 0
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr


def test_rescore_with_an_invalid_ruleset_file(write_json) -> None:
    bad = write_json({"base": "back-alley-pagat", "schedule": []}, "bad.json")
    broken = write_json("{not json", "broken.json")
    for option in (bad, broken):
        done = run_cli("score", str(EXAMPLES / "format-example.game.json"), "--ruleset", option)
        assert done.returncode != 0
        assert done.stdout == ""
        assert len(done.stderr.splitlines()) == 1, done.stderr


# --- Every ruleset the docs offer, by slug --------------------------------------------------

DOCUMENTED = documented_slugs()
EMPTY_GAME = {"ruleset": "joker", "players": ["Ann", "Bob", "Cy", "Dee"], "deals": []}


@pytest.fixture
def command(capsys):
    """Run `scorekeeper ARGS` in-process through the command's own `main`."""

    def run(*args: str) -> tuple[int, str, str]:
        status = main(list(args))
        out, err = capsys.readouterr()
        return status, out, err

    return run


def test_the_docs_offer_every_built_in_and_every_ready_made_variant() -> None:
    assert documented_slugs() == [*SLUGS, *VARIANTS]


@pytest.mark.parametrize("slug", DOCUMENTED)
def test_rulesets_prints_every_documented_ruleset(command, slug: str) -> None:
    status, out, err = command("rulesets", slug)
    assert status == 0, err
    document = json.loads(out)
    # A built-in prints its document; a ready-made variant its house file (base + changes).
    assert Ruleset.from_document(document).document == find_slug(slug)[0].document


@pytest.mark.parametrize("slug", DOCUMENTED)
def test_score_rescores_under_every_documented_ruleset(command, slug: str, write_json) -> None:
    status, out, err = command("score", write_json(EMPTY_GAME), "--ruleset", slug)
    assert status == 0, err
    scored = json.loads(out)
    # The rescored game names the ruleset so it reads back: a built-in by slug, a
    # ready-made variant written out in full.
    expected = slug if slug in SLUGS else variant_changes(slug)
    assert scored["ruleset"] == expected
    assert scored["next"]["number"] == 1


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["nope"], "invalid choice: 'nope'"),  # a command line used wrongly
        (["score"], "the following arguments are required: game"),
        (["score", "/no/such/game.json"], "no such file: /no/such/game.json"),  # a file
        (["rulesets", "no-such-rules"], "no-such-rules"),  # the rules
    ],
)
def test_every_error_has_one_form_one_line_exit_1_and_a_hint_for_a_wrong_command_line(
    args, words, capsys
) -> None:
    from scorekeeper.cli import main

    assert main(args) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and words in lines[0], captured.err
    # Who spoke, first, as conventional tools say it: a script's log names the program.
    assert lines[0].startswith("scorekeeper: ") and "usage:" not in lines[0]
    if args[0] == "nope" or args == ["score"]:
        assert lines[0].endswith("--help`")  # the hint: where the command line is described


def test_serving_on_a_port_another_program_holds_is_one_line_and_no_banner(tmp_path) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        done = run_cli(
            "serve", "--host", "127.0.0.1", "--port", str(port), "--secure-port", "0",
            "--no-name", "--db", str(tmp_path / "games.sqlite"),
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stdout == ""  # no address promised that nobody can open
    assert done.stderr.splitlines() == [
        f"scorekeeper: cannot listen on 127.0.0.1 port {port} (Address already in use): "
        "another program (another scorekeeper serve?) listens there; choose another with "
        "--port or --secure-port"
    ]
