"""The boards and the scoring in plain words: the rules page, the rules box and "what changed".

Two rules of `words.WORDS`, kept apart for their length: what a board is worth and how it
escalates, and how a deal scores (at least the bid, or exactly it, with its sets of deals).
"""

from __future__ import annotations

from ..rules import Ruleset, board_name
from ..rules.parts import AtLeast, Exact
from ..rules.sentences import Lines, Plural, Sentence
from .phrases import RuleWords, ordinal
from .variant_words import premia_line, premia_phrase


def board_words(ruleset: Ruleset) -> RuleWords:
    """Say the boards: their worth, how they escalate, and the rules box's line."""
    board = ruleset.board
    if board is None:
        return RuleWords(
            (Sentence("There are no boards: nobody may bid to take every trick."),),
            facts=((Sentence("Boards"), Sentence("none")),),
        )
    sentences = [
        Sentence(
            "A board is worth {points} a trick: {points} × n if the team takes every trick, "
            "and the same amount is lost if even one trick is missed.",
            points=board.per_trick,
        )
        if ruleset.partnership
        else Sentence(
            "A board is worth {points} a trick: {points} × n if the bidder takes every trick, "
            "and the same amount is lost if even one trick is missed.",
            points=board.per_trick,
        )
    ]
    if board.multipliers == (1,):
        sentences.append(Sentence("Boards do not escalate: every board is a single board."))
    else:
        levels = Lines(
            [
                Sentence(
                    "the {nth} ({name}) ×{multiplier}",
                    nth=ordinal(level),
                    name=board_name(level) if level > 1 else Sentence("single board"),
                    multiplier=multiplier,
                )
                for level, multiplier in enumerate(board.multipliers, 1)
            ],
            ", ",
        )
        sentences.append(
            Sentence(
                "Boards escalate in the order they are said: {levels}; any later board "
                "counts ×{last}.",
                levels=levels,
                last=board.multipliers[-1],
            )
        )
        if len(board.multipliers) > ruleset.max_players:
            sentences.append(
                Sentence(
                    "With at most {n} players, no more than {n} boards can be said in one deal.",
                    n=ruleset.max_players,
                )
            )
    if ruleset.partnership:
        sentences.append(
            Sentence(
                "A team counts its highest board, and the partner's number bid does not count "
                "beside a board."
            )
        )
    multipliers = ", ".join(str(multiplier) for multiplier in board.multipliers)
    fact = Sentence(
        "{points} a trick × {multipliers}", points=board.per_trick, multipliers=multipliers
    )
    return RuleWords(tuple(sentences), (_board_line(ruleset),), ((Sentence("Boards"), fact),))


#: A board level's short name, as the rules box says it after "board" ("double ×2").
SHORT_BOARD_NAMES = {2: Sentence("double"), 3: Sentence("triple"), 4: Sentence("quadruple")}


def _board_line(ruleset: Ruleset) -> str:
    board = ruleset.board
    assert board is not None
    base = f"{board.per_trick} × n"
    first = board.multipliers[0]
    head = Sentence(
        "Board (take all n tricks) on n cards: {base}",
        base=base if first == 1 else f"{base} × {first}",
    )
    levels = len(board.multipliers)
    if levels == 1:
        text = Lines((head, Sentence("boards do not escalate")), "; ")
    else:
        later = []
        for level in range(2, levels + 1):
            multiplier = board.multiplier(level)
            shown = f"×{multiplier}" if first == 1 else f"{base} × {multiplier}"
            short = SHORT_BOARD_NAMES.get(level) or Sentence("{level}-fold", level=level)
            later.append(Lines((short, shown)))
        text = Lines((head, Lines(later, ", ")), "; ")
        if ruleset.max_players > levels:
            text = Sentence("{rule} (later boards as the last)", rule=text)
    return Sentence("{rule}. A lost board costs as much.", rule=text)


def scoring_words(ruleset: Ruleset) -> RuleWords:
    """Say how a deal scores (at least the bid, or exactly it) and the sets of deals."""
    scoring = ruleset.scoring
    if isinstance(scoring, AtLeast):
        over_words = Plural("{n} point", "{n} points", scoring.over)
        if ruleset.partnership:
            sentences = [
                Sentence(
                    "A team that takes at least its bid scores {bid} for every trick bid and "
                    "{over} for every trick over the bid.",
                    bid=scoring.per_bid,
                    over=over_words,
                ),
                Sentence(
                    "A team that takes fewer tricks than its bid is set: it loses {set} for "
                    "every trick bid.",
                    set=scoring.set_per_bid,
                ),
            ]
        else:
            sentences = [
                Sentence(
                    "A player that takes at least their bid scores {bid} for every trick bid and "
                    "{over} for every trick over the bid.",
                    bid=scoring.per_bid,
                    over=over_words,
                ),
                Sentence(
                    "A player that takes fewer tricks than their bid is set: it loses {set} for "
                    "every trick bid.",
                    set=scoring.set_per_bid,
                ),
            ]
        if ruleset.min_bid == 0:
            sentences.append(
                Sentence(
                    "A pass (a bid of 0) can never be set: it scores {over} for every trick taken.",
                    over=over_words,
                )
            )
        line: str = Sentence(
            "Made (took at least the bid): {bid} × bid + {over} per overtrick. Set: -{set} × bid.",
            bid=scoring.per_bid,
            over=scoring.over,
            set=scoring.set_per_bid,
        )
        if ruleset.min_bid == 0:
            zero = (
                Sentence("A bid of 0 by a team: {n} per trick taken.", n=scoring.over)
                if ruleset.partnership
                else Sentence("A bid of 0 by a player: {n} per trick taken.", n=scoring.over)
            )
            line = Lines((line, zero))
        facts = (
            (Sentence("Scoring"), Sentence("at least the bid")),
            (Sentence("Points per bid"), str(scoring.per_bid)),
            (Sentence("Points per overtrick"), str(scoring.over)),
            (Sentence("Points lost per bid when set"), str(scoring.set_per_bid)),
        )
        return RuleWords(tuple(sentences), (line,), facts)
    assert isinstance(scoring, Exact)
    made = {"base": scoring.made_base, "each": scoring.made_per_trick}
    sentences = [
        Sentence("A team that takes exactly the tricks bid scores {base} + {each} a trick.", **made)
        if ruleset.partnership
        else Sentence(
            "A player that takes exactly the tricks bid scores {base} + {each} a trick.", **made
        ),
        Sentence(
            "One that bid all n tricks and took them all scores {base} + {each} a trick instead.",
            base=scoring.all_base,
            each=scoring.all_per_trick,
        ),
        Sentence(
            "Anyone who misses the bid, over or under, scores {each} for every trick taken.",
            each=scoring.missed_per_trick,
        ),
    ]
    lines = [
        Sentence(
            "Took exactly the bid: {made_base} + {made_each} × tricks; "
            "bid all n and took all: {all_base} + {all_each} × tricks; "
            "missed: {missed} × tricks taken.",
            made_base=scoring.made_base,
            made_each=scoring.made_per_trick,
            all_base=scoring.all_base,
            all_each=scoring.all_per_trick,
            missed=scoring.missed_per_trick,
        )
    ]
    spans = ", ".join(f"{first}–{last}" for first, last in scoring.sets)
    if scoring.sets and ruleset.pairs:
        sentences.append(
            Sentence(
                "The game is played in sets of deals ({spans}). A pair whose two players both "
                "make every bid exactly in a set earns, at the end of the set, {premia}.",
                spans=spans,
                premia=premia_phrase(ruleset.premia, pairs=True),
            )
        )
    elif scoring.sets:
        sentences.append(
            Sentence(
                "The game is played in sets of deals ({spans}). A player who makes every bid "
                "exactly in a set earns, at the end of the set, {premia}.",
                spans=spans,
                premia=premia_phrase(ruleset.premia),
            )
        )
    if scoring.sets:
        lines.append(
            Sentence(
                "Sets: deals {spans}. Made every bid of a set: {premia}, added at the set's "
                "last deal.",
                spans=spans,
                premia=premia_line(ruleset.premia),
            )
            if ruleset.premia.adds
            else Sentence(
                "Sets: deals {spans}. Made every bid of a set: {premia}, settled at the set's "
                "last deal.",
                spans=spans,
                premia=premia_line(ruleset.premia),
            )
        )
    a_trick = "{base} + {each} a trick"
    facts = (
        (Sentence("Scoring"), Sentence("exactly the bid")),
        (Sentence("Exactly made"), Sentence(a_trick, **made)),
        (
            Sentence("Bid all and took all"),
            Sentence(a_trick, base=scoring.all_base, each=scoring.all_per_trick),
        ),
        (Sentence("Missed"), Sentence("{n} a trick taken", n=scoring.missed_per_trick)),
        (Sentence("Sets for the set bonus"), spans or Sentence("none")),
    )
    return RuleWords(tuple(sentences), tuple(lines), facts)
