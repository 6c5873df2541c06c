"""The rules box of a scoresheet: what every bid is worth, said from the ruleset's data.

Each line is built from the ruleset's values, so a house ruleset prints its
own amounts and nothing here needs to know which built-in it is looking at.
"""

from __future__ import annotations

from ..rules import AtLeast, Board, Exact, RainbowBid, RainbowBonus, Ruleset, board_name


def rule_lines(ruleset: Ruleset) -> tuple[str, ...]:
    """Return the rules box: teams, bids, scoring, boards, special deals, redeal, lead."""
    lines = []
    if ruleset.partnership:
        lines.append(
            "Teams: seats 1 & 3 against 2 & 4. A team's bid is its two bids added; "
            "a board outranks the partner's number."
        )
    lines.append(_bidding(ruleset))
    lines.append(_scoring(ruleset))
    if ruleset.board is not None:
        lines.append(_board(ruleset.board, ruleset))
    if ruleset.one_card_board is not None:
        value = ruleset.one_card_board
        lines.append(f"1-card deals: only pass or board; a board scores ±{value}, a pass 0.")
    if isinstance(ruleset.rainbow, RainbowBonus):
        lines.append(
            f"Rainbow (4-card deal): each player holding one card of every suit "
            f"(a joker counts as trump) earns +{ruleset.rainbow.bonus} for the "
            f"{'team' if ruleset.partnership else 'player'}, even when set."
        )
    elif isinstance(ruleset.rainbow, RainbowBid):
        rule = ruleset.rainbow
        lines.append(
            f"Rainbow bid (4-card deal): a player holding one card of every suit may bid "
            f"rainbow and leads; at least one trick +{rule.made}, none {_signed(rule.failed)}."
        )
    if ruleset.dealer_hook:
        lines.append("Dealer's hook: the dealer may not bid so that the bids add up to n.")
    scoring = ruleset.scoring
    if isinstance(scoring, Exact) and scoring.sets:
        spans = ", ".join(f"{first}–{last}" for first, last in scoring.sets)
        lines.append(
            f"Sets: deals {spans}. Made every bid of a set: a bonus of your best deal "
            "in it, added at the set's last deal."
        )
    lines.append(_redeal(ruleset))
    lines.append(_lead(ruleset))
    return tuple(line for line in lines if line)


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def _bidding(ruleset: Ruleset) -> str:
    top = "n" if ruleset.max_bid == "n" else "n−1"
    bids = ["pass (0)", f"1 … {top}"] if ruleset.min_bid == 0 else [f"1 … {top}"]
    if ruleset.board is not None:
        bids.append("board")
    if isinstance(ruleset.rainbow, RainbowBid):
        bids.append("rainbow")
    if ruleset.first_bidder == "left":
        order = "from the dealer's left, dealer last"
    else:
        order = "from the dealer's right, then round in the direction of play"
    return f"Bids on n cards: {', '.join(bids)}; bidding starts {order}."


def _scoring(ruleset: Ruleset) -> str:
    scoring = ruleset.scoring
    who = "a team" if ruleset.partnership else "a player"
    if isinstance(scoring, AtLeast):
        over = "1 per overtrick" if scoring.over == 1 else f"{scoring.over} per overtrick"
        text = (
            f"Made (took at least the bid): {scoring.per_bid} × bid + {over}. "
            f"Set: -{scoring.set_per_bid} × bid."
        )
        if ruleset.min_bid == 0:
            text += f" A bid of 0 by {who}: {scoring.over} per trick taken."
        return text
    return (
        f"Took exactly the bid: {scoring.made_base} + {scoring.made_per_trick} × tricks; "
        f"bid all n and took all: {scoring.all_base} + {scoring.all_per_trick} × tricks; "
        f"missed: {scoring.missed_per_trick} × tricks taken."
    )


def _board(board: Board, ruleset: Ruleset) -> str:
    base = f"{board.per_trick} × n"
    first = board.multipliers[0]
    text = f"Board (take all n tricks) on n cards: {base}"
    if first != 1:
        text += f" × {first}"
    levels = len(board.multipliers)
    if levels == 1:
        text += "; boards do not escalate"
    else:
        later = []
        for level in range(2, levels + 1):
            multiplier = board.multiplier(level)
            shown = f"×{multiplier}" if first == 1 else f"{base} × {multiplier}"
            later.append(f"{board_name(level).removesuffix(' board')} {shown}")
        text += "; " + ", ".join(later)
        if ruleset.max_players > levels:
            text += " (later boards as the last)"
    return text + ". A lost board costs as much."


def _redeal(ruleset: Ruleset) -> str:
    if ruleset.redeal == "next":
        return "Everyone passes: thrown in, redealt by the next dealer with as many cards."
    if ruleset.redeal == "same":
        return "Everyone passes: thrown in, redealt by the same dealer with as many cards."
    if ruleset.min_bid == 0:
        return "Everyone passes: the deal is played and scored."
    return ""


def _lead(ruleset: Ruleset) -> str:
    rainbow = "; a rainbow bidder first" if isinstance(ruleset.rainbow, RainbowBid) else ""
    if ruleset.lead == "left":
        first = "left" if ruleset.first_bidder == "left" else "right"
        return f"Lead: the player on the dealer's {first} (the first bidder){rainbow}."
    return (
        f"Lead: the highest bid leads (the last board said; on a tie the earliest bidder){rainbow}."
    )
