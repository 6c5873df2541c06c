"""The premia: Joker's set bonus, settled on the last deal of each set of the schedule.

A side that made every bid of a set earns its best deal of the set (or the set's sum),
some number of times; where the house rules say so, it strikes the best deal of the set
of every side that missed a bid. Each side's scores of the set are counted partner by
partner, so a pair's premia adds each partner's own best deal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .parts import Premia
from .records import Game
from .scoring import SideScore, signed
from .sentences import Sentence, joined

#: Each side's score of each deal played so far, by the slot of the schedule.
Played = Mapping[int, Sequence[SideScore]]


def with_premia(
    game: Game, first: int, last: int, played: Played, sides: Sequence[SideScore]
) -> tuple[SideScore, ...]:
    """Settle the set that ends with this deal: premia for every side that made every bid,
    and, where the house rules say so, the others' best deal of the set struck."""
    premia = game.ruleset.premia
    sides = list(sides)
    count = len(sides)
    # Each side's scores of the set, partner by partner: a pair's premia and strike count
    # each partner's own best deal (the keepers' pairs), a single player's their own.
    in_set = [_set_scores(played, first, last, side) for side in range(count)]
    earners = [
        side
        for side in range(count)
        if all(played[slot][side].made for slot in range(first, last + 1))
    ]
    if game.ruleset.pairs and len(earners) == count:
        # Joker Score's pairs: a set both pairs made in full earns neither anything.
        return tuple(side.noted(_neither_pair, first, last) for side in sides)
    strikes = premia.strikes(len(earners))
    for side in earners:
        if premia.adds:
            sides[side] = sides[side].plus(*_premia(game, premia, first, last, side, in_set[side]))
        else:
            others = [game.sides[other] for other in earners if other != side]
            sides[side] = sides[side].noted(_premia_strikes_only, first, last, strikes, others)
    if strikes:
        for side in range(count):
            bests = [max(scores) for scores in in_set[side]]
            struck = sum(best for best in bests if best > 0)
            if side not in earners and struck > 0:
                who = [game.players[seat] for seat in game.side_seats(side)]
                sentence = _struck(game, earners, first, last, who, bests)
                sides[side] = sides[side].plus(-struck, sentence)
    return tuple(sides)


def _set_scores(played: Played, first: int, last: int, side: int) -> list[list[int]]:
    """Return a side's scores in the set's deals: one list, or one per partner of a pair."""
    deals = [played[slot][side] for slot in range(first, last + 1)]
    partners = len(deals[0].parts)
    if not partners:
        return [[deal.score for deal in deals]]
    return [[deal.parts[partner].score for deal in deals] for partner in range(partners)]


def _premia(
    game: Game, premia: Premia, first: int, last: int, side: int, scores: Sequence[Sequence[int]]
) -> tuple[int, Callable[[], str]]:
    """Return the premia of a side that made every bid of the set, and the sentence for it."""
    bases = [max(own) if premia.of == "best" else sum(own) for own in scores]
    base = sum(bases)
    bonus = base * premia.times
    best = premia.of == "best"
    if len(bases) > 1:
        # A pair: each partner's own best deal (or sum), added.
        if best:
            what = Sentence("each one's best deal of the set")
        else:
            what = Sentence("each one's sum of the set")
        added = " + ".join(str(each) for each in bases).replace("+ -", "- ")
        base_said = f"({added})" if premia.times > 1 else added
    else:
        what = Sentence("the best deal of the set") if best else Sentence("the sum of the set")
        base_said = str(base)
    if premia.times == 1 and len(bases) == 1:
        amount = signed(bonus)
    elif premia.times == 1:
        amount = f"{base_said} = {signed(bonus)}"
    else:
        amount = f"{premia.times} × {base_said} = {signed(bonus)}"
        what = Sentence("{times} × {what}", times=premia.times, what=what)
    values = {"first": first, "last": last, "what": what, "amount": amount}

    def words() -> str:
        if len(bases) == 1:
            return Sentence(
                "Made every bid in deals {first}–{last}: the set bonus is {what}, {amount}.",
                **values,
            )
        return Sentence(
            "{side} made every bid in deals {first}–{last}: the set bonus is {what}, {amount}.",
            side=game.sides[side],
            **values,
        )

    return bonus, words


def _premia_strikes_only(first: int, last: int, strikes: bool, others: Sequence[str]) -> str:
    """Say what a premia that adds nothing (it only strikes) did for the side that earned it."""
    if strikes:
        return Sentence(
            "Made every bid in deals {first}–{last}: the set bonus adds nothing here, it "
            "strikes the others' best deal of the set.",
            first=first,
            last=last,
        )
    return Sentence(
        "Made every bid in deals {first}–{last}, and so did {others}: the set "
        "bonus strikes only when one earns it alone, so it changes nothing.",
        first=first,
        last=last,
        others=joined(others),
    )


def _neither_pair(first: int, last: int) -> str:
    """Say why a set both pairs made in full pays neither a set bonus."""
    return Sentence(
        "Both pairs made every bid in deals {first}–{last}: when both do, neither earns the "
        "set bonus.",
        first=first,
        last=last,
    )


def _struck(
    game: Game,
    earners: Sequence[int],
    first: int,
    last: int,
    who: Sequence[str],
    bests: Sequence[int],
) -> Callable[[], str]:
    """Return the sentence for a best deal struck by the premia of another side."""

    def words() -> str:
        names = joined([game.sides[side] for side in earners])
        struck = [(name, best) for name, best in zip(who, bests, strict=True) if best > 0]
        total = signed(-sum(best for _, best in struck))
        if len(who) == 1:
            what = Sentence("the best deal of the set, {total}", total=total)
        else:
            each = joined([Sentence("{name}'s ({best})", name=n, best=b) for n, b in struck])
            what = Sentence("the best deal of the set of {each}, {total}", each=each, total=total)
        return Sentence(
            "{names} made every bid in deals {first}–{last}: the set bonus strikes {what}.",
            names=names,
            first=first,
            last=last,
            what=what,
        )

    return words
