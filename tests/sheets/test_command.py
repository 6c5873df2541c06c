"""`scorekeeper sheet`: the command writes a PDF, or one line of error and no file.

Two tests run the real command in a subprocess (a completed sheet, and a refusal);
the others call its `main` in-process, which renders the same PDF far faster.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from scorekeeper.cli import main
from tests.conftest import documented_slugs

from .games import EXAMPLES, pdf_pages, pdf_text

REPO = Path(__file__).resolve().parents[2]
ILLEGAL_BID = {
    "ruleset": "joker",
    "players": ["A", "B", "C", "D"],
    "deals": [{"bids": [9, 0, 0, 0], "tricks": [1, 0, 0, 0]}],
}


def sheet_command(*args, stdin=None):
    """Run `python -m scorekeeper.cli sheet ARGS`: the real command, in its own process."""
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "sheet", *args],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


@dataclass
class Done:
    """What `main` did: its exit status and what it printed."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def sheet(capsys, monkeypatch):
    """Run `scorekeeper sheet ARGS` in-process through the command's own `main`."""

    def run(*args, stdin=None):
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin or ""))
        status = main(["sheet", *args])
        out, err = capsys.readouterr()
        return Done(status, out, err)

    return run


def test_completed_sheet_from_a_game_file(tmp_path):
    out = tmp_path / "out.pdf"
    done = sheet_command(str(EXAMPLES / "joker.game.json"), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "its sheet carries no QR code" in done.stderr  # a game from a file is on no server
    pdf = out.read_bytes()
    assert len(pdf_pages(pdf)) == 1
    assert "Joker (Georgia)" in pdf_text(pdf)


def test_completed_sheet_from_standard_input(sheet, tmp_path):
    out = tmp_path / "out.pdf"
    game = (EXAMPLES / "back-alley-bridge.game.json").read_text(encoding="utf-8")
    done = sheet("-", "--paper", "a4", "-o", str(out), stdin=game)
    assert done.returncode == 0, done.stderr
    width, height = pdf_pages(out.read_bytes())[0]
    assert abs(width - 595.28) < 1 and abs(height - 841.89) < 1


def test_blank_sheet_with_names_on_a4(sheet, tmp_path):
    out = tmp_path / "blank.pdf"
    done = sheet(
        "--blank", "--ruleset", "joker", "--players", "Ann,Bob,Cy,Dee", "--paper", "a4",
        "-o", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    pdf = out.read_bytes()
    pages = pdf_pages(pdf)
    assert len(pages) == 1 and abs(pages[0][1] - 841.89) < 1
    text = pdf_text(pdf)
    for name in ("Ann", "Bob", "Cy", "Dee", "Joker (Georgia)", "50 + 50 × tricks"):
        assert name in text


def test_blank_sheet_without_players_uses_the_usual_count(sheet, tmp_path):
    out = tmp_path / "blank.pdf"
    done = sheet("--blank", "--ruleset", "bluke", "-o", str(out))
    assert done.returncode == 0, done.stderr
    text = pdf_text(out.read_bytes())
    assert "seat 4" in text and "seat 5" not in text
    assert " 25 13 " in text


def test_blank_sheet_from_a_ruleset_file(sheet, tmp_path):
    ruleset = tmp_path / "house.json"
    ruleset.write_text(
        json.dumps({"base": "back-alley-pagat", "name": "Grandma's Alley", "redeal": "same"}),
        encoding="utf-8",
    )
    out = tmp_path / "blank.pdf"
    done = sheet("--blank", "--ruleset", str(ruleset), "-o", str(out))
    assert done.returncode == 0, done.stderr
    text = pdf_text(out.read_bytes())
    assert "Grandma's Alley" in text and "redealt by the same dealer" in text


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["--blank", "--ruleset", "nope"], None, "neither a built-in ruleset"),
        (["--blank"], None, "needs --ruleset"),
        (["--blank", "--ruleset", "joker", "--players", "Ann,Bob"], None, "exactly 4 players"),
        (["--blank", "--ruleset", "joker", "--players", "Ann,,Cy,Dee"], None, "by commas"),
        (["--blank", "--ruleset", "joker", "--first-dealer", "7"], None, "first dealer"),
        (["--blank", "--ruleset", "joker", "{examples}/joker.game.json"], None, "not both"),
        ([], None, "give a game file"),
        (["{examples}/joker.game.json", "--ruleset", "bluke"], None, "blank sheets"),
        (["/no/such/game.json"], None, "no such file"),
        (["-"], "{not json", "not valid JSON"),
        (["-"], '{"ruleset": "joker", "players": ["A", "B"]}', "exactly 4 players"),
        (["-"], json.dumps(ILLEGAL_BID), "deal 1: A can bid at most 1"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_on_stderr_and_no_file(sheet, tmp_path, args, stdin, message):
    out = tmp_path / "out.pdf"
    args = [arg.format(examples=EXAMPLES) for arg in args]
    done = sheet(*args, "-o", str(out), stdin=stdin)
    assert done.returncode != 0
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert message in lines[0]
    assert not out.exists()


def test_the_real_command_refuses_with_one_line_and_no_file(tmp_path):
    out = tmp_path / "out.pdf"
    done = sheet_command("-", "-o", str(out), stdin=json.dumps(ILLEGAL_BID))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "scorekeeper: deal 1: A can bid at most 1 with 1 card"
    ]
    assert not out.exists()


def test_unwritable_output_is_one_line_on_stderr(sheet, tmp_path):
    done = sheet("--blank", "--ruleset", "joker", "-o", str(tmp_path / "no" / "such" / "dir.pdf"))
    assert done.returncode != 0
    assert len(done.stderr.strip().splitlines()) == 1
    assert "cannot write" in done.stderr


def test_importing_the_command_line_loads_no_weasyprint():
    code = (
        "import sys, scorekeeper.cli, scorekeeper.rules, scorekeeper.sheets; "
        "import scorekeeper.cli.sheet, scorekeeper.sheets.fetcher; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('weasyprint', 'jinja2')))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr


@pytest.mark.parametrize("slug", documented_slugs())
def test_a_blank_sheet_for_every_ruleset_the_docs_offer(sheet, tmp_path, slug: str) -> None:
    out = tmp_path / f"{slug}.pdf"
    done = sheet("--blank", "--ruleset", slug, "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF")
