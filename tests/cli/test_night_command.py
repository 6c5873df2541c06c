"""`scorekeeper night`: a night set up, its round started and its cards printed from the host's
terminal, then written out as its file and brought back; a plan that cannot be played is
refused in one line."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import csrf_token
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


def _score_one_deal_at_each_table(app, night: str) -> None:
    """Each table's phone claims its card and records deal 1 (one card each in Joker): all
    bid nothing, the first seated takes the trick."""
    host = app.test_client()
    page = host.get(f"/host/nights/{night}").get_data(as_text=True)
    cards = re.findall(rf'href="/nights/{night}/cards/([^"]+)" class="card-link"', page)
    assert len(cards) == 2
    for card in cards:
        phone = app.test_client()
        claimed = phone.post(
            f"/nights/{night}/cards/{card}", data={"csrf_token": csrf_token(phone)}
        )
        game_id = claimed.headers["Location"].rsplit("/", 1)[-1]
        sent = phone.post(
            f"/api/games/{game_id}/deals",
            json={"deal": 1, "bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]},
            headers={"X-CSRFToken": csrf_token(phone)},
        )
        assert sent.status_code == 201, sent.get_json()


def test_a_whole_night_run_from_the_terminal(app, tmp_path: Path) -> None:
    db = app.config["DATABASE"]
    plan = {**PLAN, "players": PLAN["players"][:8], "rounds": 2}
    night = run_cli("night", "--db", db, "new", "-", stdin=json.dumps(plan)).stdout.strip()
    first = run_cli("night", "--db", db, "round", night).stdout.splitlines()
    _score_one_deal_at_each_table(app, night)
    playing = run_cli("night", "--db", db, "board", night)
    assert playing.stdout.splitlines()[0] == "tables still playing"
    ended = run_cli("night", "--db", db, "end", night)
    assert ended.returncode == 0 and ended.stdout == "round 1 of 2 ended\n", ended.stderr

    # Deal 1 at each table: the three who bid nothing and took nothing score 50, the first
    # seated, who bid nothing and took the trick, 10 (Joker: 10 a trick over a bid not made
    # exactly). The three share places 1 to 3 of the scale 4-2-1-0, (4 + 2 + 1) / 3 = 2.33
    # each; the first seated is fourth: 0, tied with the other table's.
    board = run_cli("night", "--db", db, "board", night, "--why")
    lines = board.stdout.splitlines()
    assert "tables still playing" not in lines  # the round is over: nothing more counts
    totals = {line.split()[1]: line.split()[::2] for line in lines if not line.startswith(" " * 6)}
    firsts = {line.split(": ")[1].split(", ")[0] for line in first}
    assert sorted(totals) == sorted(plan["players"])
    for name, (place, total) in totals.items():
        assert (place, total) == (("7=", "0") if name in firsts else ("1=", "2.33")), lines
    assert "places 1 to 3 of 4, tied at 50: (4 + 2 + 1) ÷ 3 = 2.33" in board.stdout

    late = run_cli("night", "--db", db, "player", night, "Ivy")
    assert late.stdout == "Ivy plays from the next round on\n", late.stderr
    home = run_cli("night", "--db", db, "player", night, "Ann", "--leaves")
    assert home.stdout == "Ann goes home from the next round on\n", home.stderr
    second = run_cli("night", "--db", db, "round", night).stdout.splitlines()
    seated = {name for line in second for name in line.split(": ")[1].split(", ")}
    assert "Ivy" in seated and "Ann" not in seated
    unknown = run_cli("night", "--db", db, "player", night, "Zed", "--leaves")
    assert unknown.returncode == 1 and unknown.stderr == "scorekeeper: Zed is not playing tonight\n"

    pdf = tmp_path / "results.pdf"
    printed = run_cli("night", "--db", db, "results", night, str(pdf), "--paper", "a4")
    assert printed.returncode == 0, printed.stderr
    text = " ".join(page_texts(pdf.read_bytes()))
    assert "Friday club" in text and "Ivy" in text
    assert {round(width, 2) for width, _ in pdf_pages(pdf.read_bytes())} == {595.28}
