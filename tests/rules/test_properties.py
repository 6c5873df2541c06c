"""Properties of every legal game, under every built-in ruleset (Hypothesis).

Legal games are built deal by deal with the engine's own `bid_choices` (every allowed bid is
fair game) and random tricks. They are scored by the engine and by `reference`, a short
independent reading of docs/rules.md written for these tests only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    BidKind,
    bid_choices,
    builtin_document,
    find_ruleset,
    load_game_text,
    read_game,
    score,
    score_game,
)

from .conftest import SLUGS, expected_schedule

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- docs/rules.md, typed in independently of scorekeeper/rules/builtins.py --------------------


@dataclass(frozen=True)
class Rules:
    partnership: bool
    first_bidder: str  # "left" or "right"
    board: tuple[int, tuple[int, ...]] | None  # per trick, multipliers
    scoring: tuple[Any, ...]  # ("at-least", per_bid, over, set) or ("exact", ...)
    redeal: str | None
    lead: str
    rainbow_bonus: int | None = None
    rainbow_bid: tuple[int, int] | None = None  # made, failed
    one_card: int | None = None
    sets: tuple[tuple[int, int], ...] = ()


PARTNER = Rules(True, "left", (10, (1, 2, 3, 4)), ("at-least", 5, 1, 5), "next", "highest")
BLUKE = Rules(False, "left", None, ("at-least", 10, 1, 10), None, "left")
RULES = {
    "back-alley-pagat": PARTNER,
    "back-alley-gamerules": PARTNER,
    "back-alley-catsatcards": Rules(
        True, "left", (10, (1, 2, 3, 4)), ("at-least", 5, 1, 5), "same", "highest"
    ),
    "back-alley-individual": Rules(
        False, "right", (6, (1,)), ("at-least", 3, 1, 3), "same", "highest", one_card=13
    ),
    "bluke": BLUKE,
    "bluke-new-jersey": BLUKE,
    "joker": Rules(
        False, "left", None, ("exact", 50, 50, 100, 100, 10), None, "left",
        sets=((1, 8), (9, 12), (13, 20), (21, 24)),
    ),
    "back-alley-bridge": Rules(
        True, "left", (10, (2, 4, 8, 16)), ("at-least", 10, 1, 10), "same", "highest",
        rainbow_bonus=10,
    ),
    "back-alley-seven": Rules(
        False, "left", (10, (1, 2, 3, 4)), ("at-least", 5, 1, 5), None, "highest",
        rainbow_bid=(40, -40),
    ),
}  # fmt: skip


def order_of(rules: Rules, players: int, dealer: int) -> list[int]:
    start = dealer + 1 if rules.first_bidder == "left" else dealer - 1
    return [(start + i) % players for i in range(players)]


def kind(bid: Any) -> tuple[str, int]:
    if bid in ("board", "rainbow"):
        return (bid, 0)
    return ("number", 0 if bid == "pass" else int(bid))


def reference(slug: str, document: dict[str, Any]) -> dict[str, Any]:
    """Score a game file the way docs/rules.md says, deal by deal."""
    rules = RULES[slug]
    players = len(document["players"])
    schedule = expected_schedule(slug, players)
    sides = [(0, 2), (1, 3)] if rules.partnership else [(seat,) for seat in range(players)]
    totals = [0] * len(sides)
    dealer = document.get("first_dealer", 0)
    slot = 1
    out: list[dict[str, Any]] = []
    history: dict[int, list[tuple[int, bool]]] = {}
    for record in document["deals"]:
        cards = schedule[slot - 1]
        order = order_of(rules, players, dealer)
        bids = [kind(b) for b in record["bids"]]
        row: dict[str, Any] = {"number": slot, "cards": cards, "dealer": dealer}
        if rules.redeal and all(b == ("number", 0) for b in bids):
            out.append({**row, "thrown_in": True, "leader": None, "scores": None,
                        "totals": list(totals)})  # fmt: skip
            if rules.redeal == "next":
                dealer = (dealer + 1) % players
            continue
        level = [0] * players
        said = 0
        for seat in order:
            if bids[seat][0] == "board":
                said += 1
                assert rules.board is not None
                escalates = len(set(rules.board[1])) > 1
                level[seat] = said if escalates else 1
        if "team_tricks" in record:
            taken = list(record["team_tricks"])
        elif rules.partnership:
            t = record["tricks"]
            taken = [t[0] + t[2], t[1] + t[3]]
        else:
            taken = list(record["tricks"])
        rainbows = record.get("rainbows", [])
        scores, made = [], []
        for side, seats in enumerate(sides):
            tricks = taken[side]
            boards = [level[s] for s in seats if bids[s][0] == "board"]
            if boards:
                assert rules.board is not None
                per_trick, multipliers = rules.board
                m = multipliers[min(max(boards), len(multipliers)) - 1]
                base = rules.one_card if rules.one_card and cards == 1 else per_trick * cards
                ok = tricks == cards
                points = base * m if ok else -base * m
            elif any(bids[s][0] == "rainbow" for s in seats):
                assert rules.rainbow_bid is not None
                ok = tricks >= 1
                points = rules.rainbow_bid[0] if ok else rules.rainbow_bid[1]
            elif rules.one_card and cards == 1:
                ok, points = True, 0
            else:
                target = sum(bids[s][1] for s in seats)
                if rules.scoring[0] == "at-least":
                    _, per_bid, over, set_per_bid = rules.scoring
                    ok = tricks >= target
                    points = (
                        per_bid * target + over * (tricks - target)
                        if ok
                        else (-set_per_bid * target)
                    )
                else:
                    _, made_base, made_per, all_base, all_per, missed = rules.scoring
                    ok = tricks == target
                    if ok and target == cards:
                        points = all_base + all_per * tricks
                    elif ok:
                        points = made_base + made_per * tricks
                    else:
                        points = missed * tricks
            if rules.rainbow_bonus and cards == 4:
                points += rules.rainbow_bonus * sum(1 for s in seats if s in rainbows)
            scores.append(points)
            made.append(ok)
        history[slot] = list(zip(scores, made, strict=True))
        for first, last in rules.sets:
            if last == slot:
                for side in range(len(sides)):
                    in_set = [history[n][side] for n in range(first, last + 1)]
                    if all(ok for _, ok in in_set):
                        scores[side] += max(points for points, _ in in_set)
        rainbow_bidders = [s for s in order if bids[s][0] == "rainbow"]
        board_bidders = [s for s in order if bids[s][0] == "board"]
        if rainbow_bidders:
            first_lead = rainbow_bidders[0]
        elif rules.lead == "left":
            first_lead = order[0]
        elif board_bidders:
            first_lead = board_bidders[-1]
        else:
            best = max(bids[s][1] for s in order)
            first_lead = next(s for s in order if bids[s][1] == best)
        totals = [a + b for a, b in zip(totals, scores, strict=True)]
        out.append({**row, "thrown_in": False, "leader": first_lead, "scores": scores,
                    "totals": list(totals)})  # fmt: skip
        slot += 1
        dealer = (dealer + 1) % players
    complete = slot > len(schedule)
    best = max(totals)
    return {
        "deals": out,
        "totals": totals,
        "complete": complete,
        "winners": [s for s, t in enumerate(totals) if t == best] if complete else None,
        "next": None if complete else {"number": slot, "cards": schedule[slot - 1],
                                       "dealer": dealer},
    }  # fmt: skip


# --- legal games --------------------------------------------------------------------------


def said(bid, draw) -> Any:
    """Write a bid the way a game file might: 0 as 0, "0" or "pass"; numbers maybe as text."""
    if bid.kind is BidKind.BOARD:
        return "board"
    if bid.kind is BidKind.RAINBOW:
        return "rainbow"
    if bid.tricks == 0:
        return draw(st.sampled_from([0, "pass", "0"]))
    return draw(st.sampled_from([bid.tricks, str(bid.tricks)]))


def split(draw, total: int, parts: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [edges[i + 1] - edges[i] for i in range(parts)]


@st.composite
def legal_games(draw, slugs: tuple[str, ...] = tuple(SLUGS), full: bool = False):
    slug = draw(st.sampled_from(slugs))
    ruleset = find_ruleset(slug)
    rules = RULES[slug]
    players = draw(st.integers(ruleset.min_players, min(ruleset.max_players, 8)))
    first_dealer = draw(st.integers(0, players - 1))
    schedule = expected_schedule(slug, players)
    slots = len(schedule) if full else draw(st.integers(0, len(schedule)))
    deals: list[dict[str, Any]] = []
    dealer, slot, thrown = first_dealer, 0, 0
    # A lucky seat takes exactly its bid whenever it can, so that Joker's set bonuses happen.
    lucky = draw(st.none() | st.integers(0, players - 1))
    while slot < slots:
        cards = schedule[slot]
        order = order_of(rules, players, dealer)
        in_order = []
        all_pass = thrown < 3 and draw(st.integers(0, 9)) == 0
        for _ in order:
            choices = [c.bid for c in bid_choices(ruleset, cards, in_order, players) if c.allowed]
            zeros = [b for b in choices if b.kind is BidKind.NUMBER and b.tricks == 0]
            in_order.append(draw(st.sampled_from(zeros if all_pass and zeros else choices)))
        if rules.redeal and all(b.kind is BidKind.NUMBER and b.tricks == 0 for b in in_order):
            if thrown >= 3:  # enough: the first bidder bids something after all
                first = bid_choices(ruleset, cards, [], players)
                in_order[0] = next(c.bid for c in first if c.allowed and not c.bid.is_zero)
            else:
                thrown += 1
                by_seat = [None] * players
                for seat, bid in zip(order, in_order, strict=True):
                    by_seat[seat] = said(bid, draw)
                deals.append({"bids": by_seat})
                if rules.redeal == "next":
                    dealer = (dealer + 1) % players
                continue
        by_seat = [None] * players
        for seat, bid in zip(order, in_order, strict=True):
            by_seat[seat] = said(bid, draw)
        record: dict[str, Any] = {"bids": by_seat}
        if rules.partnership and draw(st.booleans()):
            record["team_tricks"] = split(draw, cards, 2)
        else:
            record["tricks"] = split(draw, cards, players)
            bid = in_order[order.index(lucky)] if lucky is not None else None
            if bid is not None and bid.kind is BidKind.NUMBER and bid.tricks <= cards:
                others = split(draw, cards - bid.tricks, players - 1)
                others.insert(lucky, bid.tricks)
                record["tricks"] = others
        if draw(st.booleans()):
            suits = ["clubs", "diamonds", "hearts", "spades"]
            record["trump"] = draw(
                st.sampled_from(suits + ([] if ruleset.deck == 52 else ["none"]))
            )
        if rules.rainbow_bonus and cards == 4 and draw(st.booleans()):
            record["rainbows"] = draw(st.lists(st.integers(0, players - 1), unique=True))
        deals.append(record)
        slot += 1
        dealer = (dealer + 1) % players
    return slug, {
        "ruleset": slug,
        "players": [f"P{i}" for i in range(players)],
        "first_dealer": first_dealer,
        "deals": deals,
    }


# --- the properties -----------------------------------------------------------------------


@SETTINGS
@given(legal_games())
def test_legal_games_score_and_totals_are_sums_of_deal_scores(case) -> None:
    _, document = case
    output = score(document).to_json()  # never raises on legal input
    running = [0] * len(output["totals"])
    for deal in output["deals"]:
        if deal["thrown_in"]:
            assert deal["scores"] is None and deal["leader"] is None
        else:
            running = [a + b for a, b in zip(running, deal["scores"], strict=True)]
            assert len(deal["explain"]) == len(running)
            assert all(sentences and all(sentences) for sentences in deal["explain"])
        assert deal["totals"] == running
    assert output["totals"] == running


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_games())
def test_legal_games_score_as_rules_md_says(case) -> None:
    slug, document = case
    output = score(document).to_json()
    want = reference(slug, document)
    fields = ("number", "cards", "dealer", "thrown_in", "leader", "scores", "totals")
    got = [{k: deal[k] for k in fields} for deal in output["deals"]]
    assert got == [{k: deal[k] for k in fields} for deal in want["deals"]]
    for key in ("totals", "complete", "winners", "next"):
        assert output[key] == want[key], key


@SETTINGS
@given(legal_games(full=True))
def test_complete_games_name_the_winners(case) -> None:
    slug, document = case
    output = score(document).to_json()
    assert output["complete"] is True and output["next"] is None
    best = max(output["totals"])
    assert output["winners"] == [i for i, t in enumerate(output["totals"]) if t == best]
    scored_deals = [d for d in output["deals"] if not d["thrown_in"]]
    assert len(scored_deals) == len(expected_schedule(slug, len(document["players"])))


@SETTINGS
@given(legal_games(), st.data())
def test_exported_file_rescores_the_same(case, data) -> None:
    _, document = case
    game = read_game(document)
    exported = json.dumps(game.to_json())
    again = load_game_text(exported)
    assert score_game(again).to_json() == score_game(game).to_json()
    assert again.to_json() == game.to_json()


@SETTINGS
@given(legal_games(), st.data())
def test_partial_game_next_follows_the_schedule(case, data) -> None:
    slug, document = case
    cut = data.draw(st.integers(0, len(document["deals"])))
    partial = {**document, "deals": document["deals"][:cut]}
    output = score(partial).to_json()
    players = len(document["players"])
    schedule = expected_schedule(slug, players)
    played = sum(1 for d in output["deals"] if not d["thrown_in"])
    if played == len(schedule):
        assert output["next"] is None and output["complete"] is True
        return
    thrown = sum(1 for d in output["deals"] if d["thrown_in"])
    shifts = played + (thrown if RULES[slug].redeal == "next" else 0)
    assert output["next"] == {
        "number": played + 1,
        "cards": schedule[played],
        "dealer": (document["first_dealer"] + shifts) % players,
    }
    assert output["complete"] is False and output["winners"] is None


REDEALING = tuple(slug for slug in SLUGS if RULES[slug].redeal)


@SETTINGS
@given(legal_games(REDEALING), st.data())
def test_a_thrown_in_deal_changes_no_total_and_takes_no_slot(case, data) -> None:
    slug, document = case
    before = score(document).to_json()
    deals = document["deals"]
    last = len(deals) if not before["complete"] else len(deals) - 1
    if last < 0:
        return
    at = data.draw(st.integers(0, last))
    passes = {"bids": ["pass"] * len(document["players"])}
    after = score({**document, "deals": [*deals[:at], passes, *deals[at:]]}).to_json()
    inserted = after["deals"][at]
    assert inserted["thrown_in"] is True and inserted["scores"] is None
    previous = after["deals"][at - 1]["totals"] if at else [0] * len(after["totals"])
    assert inserted["totals"] == previous
    unthrown = [d["number"] for d in before["deals"] if not d["thrown_in"]]
    assert [d["number"] for d in after["deals"] if not d["thrown_in"]] == unthrown
    assert after["complete"] == before["complete"]
    if before["next"] is not None:
        assert after["next"]["number"] == before["next"]["number"]
        assert after["next"]["cards"] == before["next"]["cards"]
    if RULES[slug].redeal == "same":
        # Same dealer: everything else is exactly as before.
        rest = after["deals"][:at] + after["deals"][at + 1 :]
        assert rest == before["deals"]
        assert after["totals"] == before["totals"]
        assert after["next"] == before["next"]
    else:
        # Next dealer: the replay (and every later deal) is dealt by one seat further on.
        players = len(document["players"])
        if at < len(deals):
            assert after["deals"][at + 1]["dealer"] == (inserted["dealer"] + 1) % players
        elif before["next"] is not None:
            assert after["next"]["dealer"] == (before["next"]["dealer"] + 1) % players
            assert after["totals"] == before["totals"]


# --- house variants (issue 17) ------------------------------------------------------------

VARIANTS_AT_DEFAULT = {
    "khishti": None,
    "premia": {"of": "best", "times": 1, "strike": "never"},
    "pass_limit": None,
    "miss_penalty": None,
    "made_pass": None,
    "pairs": False,
}


def _played(output: dict[str, Any]) -> dict[str, Any]:
    """Return what scoring says about the deals, leaving out how the ruleset was named."""
    return {key: value for key, value in output.items() if key != "ruleset"}


@SETTINGS
@given(legal_games())
def test_variants_at_their_defaults_score_exactly_as_without_them(case) -> None:
    slug, document = case
    spelled = {**document, "ruleset": {**builtin_document(slug), **VARIANTS_AT_DEFAULT}}
    assert _played(score(spelled).to_json()) == _played(score(document).to_json())


@SETTINGS
@given(legal_games(("joker",)))
def test_a_khishti_changes_only_the_deals_bid_and_lost_without_a_trick(case) -> None:
    _, document = case
    khishti = {"fixed": -500, "per_card": -10}
    house = {**document, "ruleset": {"base": "joker", "khishti": khishti}}
    plain = score(document).to_json()["deals"]
    charged = score(house).to_json()["deals"]
    schedule = expected_schedule("joker")
    for before, after, record in zip(plain, charged, document["deals"], strict=True):
        cards = schedule[before["number"] - 1]
        for seat, (old, new) in enumerate(zip(before["scores"], after["scores"], strict=True)):
            bid = kind(record["bids"][seat])[1]
            lost = bid >= 1 and record["tricks"][seat] == 0
            assert new - old == (-500 - 10 * cards if lost else 0)


@SETTINGS
@given(legal_games(("joker",)))
def test_a_missed_bid_penalty_changes_only_the_missed_bids(case) -> None:
    """-100 a trick short, -50 a trick over, -20 more for any miss (no khishti here)."""
    _, document = case
    penalty = {"fixed": -20, "short": -100, "over": -50}
    house = {**document, "ruleset": {"base": "joker", "miss_penalty": penalty}}
    plain = score(document).to_json()["deals"]
    charged = score(house).to_json()["deals"]
    for before, after, record in zip(plain, charged, document["deals"], strict=True):
        for seat, (old, new) in enumerate(zip(before["scores"], after["scores"], strict=True)):
            bid, took = kind(record["bids"][seat])[1], record["tricks"][seat]
            if took < bid:
                assert new == -20 - 100 * (bid - took)
            elif took > bid:
                assert new == -20 - 50 * (took - bid)
            else:
                assert new == old


@SETTINGS
@given(legal_games(("joker",)))
def test_a_made_pass_setting_changes_only_the_made_passes(case) -> None:
    _, document = case
    # Without sets: a set bonus would count the best deal, which may be a made pass.
    no_sets = {**builtin_document("joker")["scoring"], "sets": []}
    plain = score({**document, "ruleset": {"base": "joker", "scoring": no_sets}}).to_json()["deals"]
    rules = {"base": "joker", "scoring": no_sets, "made_pass": 0}
    house = {**document, "ruleset": rules}
    changed = score(house).to_json()["deals"]
    for before, after, record in zip(plain, changed, document["deals"], strict=True):
        for seat, (old, new) in enumerate(zip(before["scores"], after["scores"], strict=True)):
            made_pass = kind(record["bids"][seat])[1] == 0 and record["tricks"][seat] == 0
            assert new == (old - 50 if made_pass else old)
