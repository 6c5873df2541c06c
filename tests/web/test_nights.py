"""A club night through the web, on a real SQLite file: the host sets it up and starts each
round, every table is scored on its own phone through the API the phone's sync uses (deals
lost on the way and sent again), and the leaderboard is checked against points worked out
here by hand from the finished games.

The places scale is 4-2-1-0: first at a table earns 4, second 2, third 1, fourth 0; sides
tied share their places' points evenly; a round sat out earns the scale's average, 1.75; a
round missed (not yet come, gone home) earns nothing.
"""

from __future__ import annotations

import html
import random
import re
import sqlite3
from fractions import Fraction
from typing import Any

from scorekeeper.rules import read_game, score_game
from tests.conftest import csrf_token
from tests.night.deals import next_deal
from tests.web.conftest import board_lines

SCALE = (4, 2, 1, 0)


def _form(client, url: str, data: dict[str, Any]):
    return client.post(url, data={"csrf_token": csrf_token(client), **data})


def _new_night(client, players: list[str], **changes: Any) -> str:
    data = {"name": "Friday club", "ruleset": "bluke", "players": "\n".join(players),
            "tables": "8", "rounds": "3", "movement": "redraw", "counting": "places",
            "scale": "4-2-1-0"} | changes  # fmt: skip
    made = _form(client, "/host", data)
    assert made.status_code == 303, made.get_data(as_text=True)
    return made.headers["Location"].rsplit("/", 1)[-1]


def _cards(client, night_id: str) -> list[str]:
    page = client.get(f"/host/nights/{night_id}").get_data(as_text=True)
    return re.findall(rf'href="/nights/{night_id}/cards/([^"]+)" class="card-link"', page)


def _flash(client, night_id: str) -> str:
    page = client.get(f"/host/nights/{night_id}").get_data(as_text=True)
    found = re.search(r'<p class="flash error"[^>]*>(.*?)</p>', page, re.S)
    return html.unescape(found.group(1)) if found else ""


class Phone:
    """A table's phone: it claims its card, keeps its own copy of the game, and sends each
    deal once through the API (Idempotency-Key), sometimes losing the answer and resending."""

    def __init__(self, app, night_id: str, card: str, rng: random.Random) -> None:
        self.client = app.test_client()
        self.rng = rng
        opened = self.client.get(f"/nights/{night_id}/cards/{card}")
        assert opened.status_code == 200 and b"Nobody scores this table yet" in opened.data
        claimed = _form(self.client, f"/nights/{night_id}/cards/{card}", {})
        assert claimed.status_code == 303
        self.game_id = claimed.headers["Location"].rsplit("/", 1)[-1]
        self.token = csrf_token(self.client)
        self.game = read_game(self.client.get(f"/games/{self.game_id}/export.json").get_json())
        self.deals: list[dict[str, Any]] = []
        self.unsent: list[int] = []
        self.resent = 0

    def play(self) -> bool:
        """Play the next deal on the phone (kept there first); say whether the game goes on."""
        result = score_game(read_game({**self.game.to_json(), "deals": self.deals}))
        if result.next is None:
            return False
        self.deals.append(next_deal(result, self.rng))
        self.unsent.append(len(self.deals))
        return True

    def send(self) -> None:
        """Send every deal kept on the phone, in order; an answer lost is sent again."""
        while self.unsent:
            number = self.unsent[0]
            headers = {"X-CSRFToken": self.token, "Idempotency-Key": f"{self.game_id}-{number}"}
            sent = self.client.post(
                f"/api/games/{self.game_id}/deals",
                json={"deal": number, **self.deals[number - 1]},
                headers=headers,
            )
            assert sent.status_code == 201, sent.get_json()
            if self.rng.random() < 0.15:
                self.resent += 1
                again = self.client.post(
                    f"/api/games/{self.game_id}/deals",
                    json={"deal": number, **self.deals[number - 1]},
                    headers=headers,
                )
                assert again.status_code == 201 and again.headers["Idempotent-Replay"] == "true"
            self.unsent.pop(0)


def _points_by_hand(totals: list[int]) -> list[Fraction]:
    points = []
    for mine in totals:
        higher = sum(1 for t in totals if t > mine)
        tied = totals.count(mine)
        earned = [SCALE[p] if p < len(SCALE) else 0 for p in range(higher, higher + tied)]
        points.append(Fraction(sum(earned), tied))
    return points


def _board(client, night_id: str) -> dict[str, str]:
    return {name: total for _, name, total in board_lines(client, night_id)}


def _text(value: Fraction) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def test_eight_tables_three_rounds_late_players_leavers_and_resends(app, client) -> None:
    rng = random.Random(42)
    players = [f"P{n:02}" for n in range(33)]
    night_id = _new_night(client, players)
    expected: dict[str, Fraction] = {name: Fraction(0) for name in players}
    sent_twice = 0
    for round_number in (1, 2, 3):
        if round_number == 2:
            for late in ("Late A", "Late B"):
                assert (
                    _form(client, f"/host/nights/{night_id}/players", {"name": late}).status_code
                    == 303
                )
                expected[late] = Fraction(0)
            _form(client, f"/host/nights/{night_id}/players", {"name": "P05", "leaves": "1"})
        if round_number == 3:
            _form(client, f"/host/nights/{night_id}/players", {"name": "P06", "leaves": "1"})
        started = _form(client, f"/host/nights/{night_id}/rounds", {"seats": ""})
        assert started.status_code == 303 and not _flash(client, night_id)
        cards = _cards(client, night_id)
        assert len(cards) == 8
        phones = [Phone(app, night_id, card, rng) for card in cards]
        seated = [name for phone in phones for name in phone.game.players]
        present = 33 + (2 if round_number > 1 else 0) - (round_number - 1)
        assert len(seated) == len(set(seated)) == 32, "eight tables of four, each player once"
        assert "P05" not in seated or round_number == 1
        out = set(expected) - set(seated) - ({"P05"} if round_number > 1 else set())
        out -= {"P06"} if round_number > 2 else set()
        out -= {"Late A", "Late B"} if round_number == 1 else set()
        assert len(out) == present - 32
        if round_number == 1:
            # A round started before the last ended is refused, in words.
            phones[0].play(), phones[0].send()
            _form(client, f"/host/nights/{night_id}/rounds", {"seats": ""})
            assert _flash(client, night_id).startswith("round 1 is still being played at table 1")
        going = list(phones)
        while going:
            going = [phone for phone in going if phone.play()]
            for phone in going:
                # A table out of reach keeps its deals; when it answers they are sent in order.
                if rng.random() < 0.7:
                    phone.send()
        for phone in phones:
            phone.send()
            sent_twice += phone.resent
            stored = client.get(f"/games/{phone.game_id}/export.json").get_json()
            assert stored["deals"] == phone.deals, "the server holds the phone's deals, in order"
            assert len(phone.deals) == 25, "no deal lost, none counted twice"
            totals = score_game(read_game(stored)).totals
            by_hand = _points_by_hand(list(totals))
            for name, points in zip(stored["players"], by_hand, strict=True):
                expected[name] += points
        for name in out:
            expected[name] += Fraction(7, 4)
    assert sent_twice > 0, "some answers were lost and their deals sent again"
    board = _board(client, night_id)
    assert board == {name: _text(points) for name, points in expected.items()}


def test_a_second_phone_on_a_card_is_refused_unless_the_host_consents(app, client) -> None:
    night_id = _new_night(client, ["Ann", "Bob", "Cy", "Dee"], tables="1", ruleset="joker")
    _form(client, f"/host/nights/{night_id}/rounds", {"seats": ""})
    (card,) = _cards(client, night_id)
    first, second = app.test_client(), app.test_client()
    claimed = _form(first, f"/nights/{night_id}/cards/{card}", {})
    game_id = claimed.headers["Location"].rsplit("/", 1)[-1]
    # The second phone is told another phone scores, and cannot claim the card.
    opened = second.get(f"/nights/{night_id}/cards/{card}").get_data(as_text=True)
    assert "Another phone scores this table, since" in opened
    refused = _form(second, f"/nights/{night_id}/cards/{card}", {})
    assert refused.status_code == 200 and b"Another phone scores this table" in refused.data
    deal = {"deal": 1, "bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}
    headers = {"X-CSRFToken": csrf_token(second)}
    assert second.post(f"/api/games/{game_id}/deals", json=deal, headers=headers).status_code == 403
    # A made-up code is refused beside the field; the host's code lets it take over once.
    wrong = _form(second, f"/nights/{night_id}/cards/{card}", {"code": "000000x"})
    assert wrong.status_code == 422 and b"that is not the code for table 1" in wrong.data
    code = _takeover_code(client, night_id, 1)
    taken = _form(second, f"/nights/{night_id}/cards/{card}", {"code": code})
    assert taken.status_code == 303
    assert second.post(f"/api/games/{game_id}/deals", json=deal, headers=headers).status_code == 201
    # The first phone has stopped scoring; the code is used up.
    headers = {"X-CSRFToken": csrf_token(first)}
    deal2 = {"deal": 2, "bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 1]}
    assert first.post(f"/api/games/{game_id}/deals", json=deal2, headers=headers).status_code == 403
    third = app.test_client()
    again = _form(third, f"/nights/{night_id}/cards/{card}", {"code": code})
    assert again.status_code == 422


def _takeover_code(client, night_id: str, table: int) -> str:
    """Ask for a table's take-over code on the host's page; return it as the page shows it,
    once: it is gone from the page the next time it opens."""
    _form(client, f"/host/nights/{night_id}/takeover", {"round": "1", "table": str(table)})
    page = client.get(f"/host/nights/{night_id}").get_data(as_text=True)
    said = f"code for another phone to score table {table}: "
    code = re.search(re.escape(said) + r"(\d{6})", page).group(1)
    again = client.get(f"/host/nights/{night_id}").get_data(as_text=True)
    assert code not in again and "A code to take over is out" in again
    return code


def test_a_takeover_code_is_kept_as_a_hash_and_void_after_five_wrong_tries(app, client) -> None:
    night_id = _new_night(client, ["Ann", "Bob", "Cy", "Dee"], tables="1", ruleset="joker")
    _form(client, f"/host/nights/{night_id}/rounds", {"seats": ""})
    (card,) = _cards(client, night_id)
    _form(app.test_client(), f"/nights/{night_id}/cards/{card}", {})
    code = _takeover_code(client, night_id, 1)
    with sqlite3.connect(app.config["DATABASE"]) as db:
        (kept,) = db.execute("select takeover_hash from night_tables").fetchone()
    assert code not in kept and len(kept) == 64, "only the code's hash is kept"
    guesser = app.test_client()
    wrong = [f"{(int(code) + n) % 1_000_000:06d}" for n in range(1, 6)]
    for number, guess in enumerate(wrong, start=1):
        said = _form(guesser, f"/nights/{night_id}/cards/{card}", {"code": guess})
        assert said.status_code == 422
        void = b"no code for it may be typed now" in said.data
        assert void == (number == 5), number
    # The fifth wrong code voided it: the right one no longer takes the table over.
    late = _form(guesser, f"/nights/{night_id}/cards/{card}", {"code": code})
    assert late.status_code == 422 and b"ask the host to make a new one" in late.data
    assert "A code to take over is out" not in client.get(f"/host/nights/{night_id}").get_data(
        as_text=True
    )
    # A new code from the host works again, typed with a space as read aloud.
    fresh = _takeover_code(client, night_id, 1)
    taken = _form(guesser, f"/nights/{night_id}/cards/{card}", {"code": f"{fresh[:3]} {fresh[3:]}"})
    assert taken.status_code == 303


def test_codes_typed_on_table_cards_meet_a_quota(tmp_path) -> None:
    from scorekeeper.web import create_app

    guarded = create_app(
        {"DATABASE": str(tmp_path / "quota.sqlite"), "SECRET_KEY": "quota", "QUOTAS": True}
    )
    host = guarded.test_client()
    night_id = _new_night(host, ["Ann", "Bob", "Cy", "Dee"], tables="1", ruleset="joker")
    _form(host, f"/host/nights/{night_id}/rounds", {"seats": ""})
    (card,) = _cards(host, night_id)
    _form(guarded.test_client(), f"/nights/{night_id}/cards/{card}", {})
    guesser = guarded.test_client()
    token = csrf_token(guesser)
    said = [
        guesser.post(
            f"/nights/{night_id}/cards/{card}", data={"csrf_token": token, "code": "12345x"}
        ).status_code
        for _ in range(11)
    ]
    assert said == [422] * 10 + [429]


def test_a_card_of_another_night_or_round_is_refused_in_words(app, client) -> None:
    one = _new_night(client, ["Ann", "Bob", "Cy", "Dee"], tables="1", ruleset="joker")
    two = _new_night(client, ["Eve", "Fay", "Gus", "Hal"], tables="1", ruleset="joker", name="Sat")
    _form(client, f"/host/nights/{one}/rounds", {"seats": ""})
    (card,) = _cards(client, one)
    phone = app.test_client()
    refused = phone.get(f"/nights/{two}/cards/{card}")
    assert refused.status_code == 409
    assert "this card is from another night (Friday club)" in refused.get_data(as_text=True)
    # The host seats round 2 as typed; round 1's card no longer opens a table.
    _form(client, f"/host/nights/{one}/end", {})
    _form(client, f"/host/nights/{one}/rounds", {"seats": "Ann, Bob, Cy, Ann"})
    assert _flash(client, one) == "Ann is seated twice at table 1"
    _form(client, f"/host/nights/{one}/rounds", {"seats": "Dee, Cy, Bob, Ann"})
    old = phone.get(f"/nights/{one}/cards/{card}").get_data(as_text=True)
    assert "this card is for round 1; round 2 is being played" in old


def test_the_host_pages_open_only_on_the_host(app) -> None:
    phone = app.test_client()
    answer = phone.get("/host", environ_base={"REMOTE_ADDR": "192.168.1.20"})
    assert answer.status_code == 403
    assert "Only a browser on the machine running Scorekeeper" in answer.get_data(as_text=True)
