"""`scorekeeper night`: a night set up, its round started and its cards printed from the host's
terminal, then written out as its file and brought back; a plan that cannot be played is
refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

from tests.qr_codes import qr_links
from tests.rules.conftest import run_cli
from tests.sheets.games import page_texts, pdf_pages

PLAN = {"name": "Friday club", "ruleset": "joker",
        "players": ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"],
        "tables": 2, "rounds": 3, "movement": "redraw",
        "counting": {"kind": "places", "scale": [4, 2, 1, 0]}}  # fmt: skip


def test_a_night_from_the_terminal(tmp_path: Path) -> None:
    db = str(tmp_path / "night.sqlite")
    made = run_cli("night", "--db", db, "new", "-", stdin=json.dumps(PLAN))
    assert made.returncode == 0, made.stderr
    night = made.stdout.strip()
    started = run_cli("night", "--db", db, "round", night)
    assert started.returncode == 0, started.stderr
    lines = started.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "round 1, table 1", "round 1, table 2", "sitting out"
    ]  # fmt: skip
    seated = [name for line in lines for name in line.split(": ")[1].split(", ")]
    assert sorted(seated) == sorted(PLAN["players"]), "nine players: two tables of four, one out"

    pdf = tmp_path / "cards.pdf"
    address = "http://192.168.1.5:5000"
    printed = run_cli("night", "--db", db, "cards", night, str(pdf), "--address", address)
    assert printed.returncode == 0, printed.stderr
    pages = page_texts(pdf.read_bytes())
    assert len(pages) == 2 and "Table 2" in pages[1] and "Round 1 of 3" in pages[0]
    (link,) = qr_links(pdf.read_bytes(), whole=True)
    assert link.startswith(f"{address}/nights/{night}/cards/")

    out = tmp_path / "night.json"
    assert run_cli("night", "--db", db, "export", night, str(out)).returncode == 0
    document = json.loads(out.read_text())
    back = run_cli("night", "--db", db, "import", str(out))
    assert back.returncode == 0, back.stderr
    again = run_cli("night", "--db", db, "export", back.stdout.strip(), "-")
    assert json.loads(again.stdout) == document


def test_a_plan_that_cannot_be_played_is_refused_in_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "night.sqlite")
    bad = run_cli("night", "--db", db, "new", "-", stdin=json.dumps({**PLAN, "tables": 21}))
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr.startswith("scorekeeper: ") and len(bad.stderr.splitlines()) == 1
    assert "20" in bad.stderr, bad.stderr
    missing = run_cli("night", "--db", db, "round", "no-such-night")
    assert missing.returncode == 1
    assert missing.stderr == "scorekeeper: there is no night no-such-night\n"


def test_a_partnership_night_from_the_terminal(tmp_path: Path) -> None:
    db = str(tmp_path / "night.sqlite")
    plan = {**PLAN, "ruleset": "back-alley-pagat", "players": PLAN["players"][:8],
            "movement": "partners"}  # fmt: skip
    refused = run_cli(
        "night", "--db", db, "new", "-", stdin=json.dumps({**plan, "ruleset": "joker"})
    )
    assert refused.stderr == (
        "scorekeeper: Joker (Georgia) is played without partners: only a partnership game can "
        "keep its partners\n"
    )
    night = run_cli("night", "--db", db, "new", "-", stdin=json.dumps(plan)).stdout.strip()
    started = run_cli("night", "--db", db, "round", night)
    assert started.returncode == 0, started.stderr
    for line in started.stdout.splitlines():  # partners sit opposite: seats 1 and 3, 2 and 4
        seats = line.split(": ")[1].split(" (")[0].split(", ")
        assert line.endswith(f"(partners: {seats[0]} & {seats[2]}; {seats[1]} & {seats[3]})")
    exported = run_cli("night", "--db", db, "export", night, "-")
    assert json.loads(exported.stdout)["plan"]["movement"] == "partners"
    for paper, width in [("a4", 595.28), ("letter", 612.0)]:
        pdf = tmp_path / f"cards-{paper}.pdf"
        assert (
            run_cli("night", "--db", db, "cards", night, str(pdf), "--paper", paper).returncode == 0
        )
        assert [round(w, 2) for w, _ in pdf_pages(pdf.read_bytes())] == [width, width]
