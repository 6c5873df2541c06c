"""Rulesets in plain words: the rules pages, the PDF rules box and "what changed" all say them here.

One small function per rule of the document (`WORDS`) gives that rule at every
length the app shows it: sentences for the rules page, a line for the PDF
rules box, and short facts for "what changed". A new rule needs its function
here; a rule without one is still listed by its value.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from ..rules import RainbowBid, RainbowBonus, Ruleset, board_name
from ..rules.parts import ALL_KEYS, RAINBOW_CARDS, AtLeast, Exact
from ..rules.sentences import Lines, Plural, Sentence, joined
from .phrases import RuleWords, Section, nth, ordinal
from .schedules import schedule_words
from .variant_words import VARIANT_TITLES, VARIANT_WORDS, premia_line, premia_phrase

DECK_WORDS = {
    54: Sentence("54 cards: a standard deck with its two jokers"),
    52: Sentence("52 cards: a standard deck without jokers, so there is always a trump suit"),
    36: Sentence("36 cards: six to ace with the two jokers in place of two sixes"),
}

RULE_TITLES = {
    "name": Sentence("Name"),
    "players": Sentence("Players"),
    "deck": Sentence("Deck"),
    "partnership": Sentence("Teams"),
    "schedule": Sentence("Deals"),
    "first_bidder": Sentence("Who bids first"),
    "bids": Sentence("Bids allowed"),
    "board": Sentence("Boards"),
    "scoring": Sentence("Scoring"),
    "dealer_hook": Sentence("Dealer's hook"),
    "redeal": Sentence("When everyone passes"),
    "rainbow": Sentence("Rainbows"),
    "one_card": Sentence("The 1-card deals"),
    "lead": Sentence("Who leads"),
    **VARIANT_TITLES,
}


def _name(ruleset: Ruleset) -> RuleWords:
    return RuleWords()  # the name heads every page; it is not a rule to compare


def _against(teams: list[str], *, players: bool = True) -> str:
    """Say teams (or pairs) of seats one against the other: "1st and 3rd players against the
    2nd and 4th", or, with numbers, "1 & 3 against 2 & 4"."""
    first, *others = teams
    said = Sentence("{first} players", first=first) if players else first
    for other in others:
        said = (
            Sentence("{us} against the {them}", us=said, them=other)
            if players
            else Sentence("{us} against {them}", us=said, them=other)
        )
    return said


def _players(ruleset: Ruleset) -> RuleWords:
    low, high = ruleset.min_players, ruleset.max_players
    count = f"{low}" if low == high else Sentence("{low} to {high}", low=low, high=high)
    if ruleset.partnership or ruleset.pairs:
        against = _against(
            [joined([nth(seat + 1) for seat in side]) for side in ruleset.seats_by_side(high)]
        )
    if ruleset.partnership:
        sentence = Sentence(
            "Exactly {count} players in two teams of two; partners sit opposite each other "
            "(the {against}).",
            count=count,
            against=against,
        )
    elif ruleset.pairs:
        sentence = Sentence(
            "Exactly {count} players in two pairs; partners sit opposite each other "
            "(the {against}), and each plays their own bids.",
            count=count,
            against=against,
        )
    else:
        sentence = Sentence("{count} players, each playing for themself.", count=count)
    return RuleWords((sentence,), facts=((Sentence("Players"), count),))


def _deck(ruleset: Ruleset) -> RuleWords:
    fullest = max(players * max(counts) for players, counts in ruleset.schedules.items())
    cards = Sentence("{n} cards", n=ruleset.deck)
    deck = DECK_WORDS.get(ruleset.deck, cards)
    biggest = (
        Sentence(
            "The biggest deal uses {n} cards (the whole deck, so no card is turned up for trump).",
            n=fullest,
        )
        if fullest == ruleset.deck
        else Sentence(
            "The biggest deal uses {n} cards; one more is turned up for trump.", n=fullest
        )
    )
    return RuleWords((Sentence("{deck}.", deck=deck), biggest), facts=((Sentence("Deck"), cards),))


def _partnership(ruleset: Ruleset) -> RuleWords:
    teams_title = Sentence("Teams")
    if not ruleset.partnership:
        return RuleWords(facts=((teams_title, Sentence("none, each plays for themself")),))
    teams = _against(
        [
            " & ".join(str(seat + 1) for seat in team)
            for team in ruleset.seats_by_side(ruleset.max_players)
        ],
        players=False,
    )
    line = Sentence(
        "Teams: seats {teams}. A team's bid is its two bids added; "
        "a board outranks the partner's number.",
        teams=teams,
    )
    return RuleWords(lines=(line,), facts=((teams_title, Sentence("two teams of two")),))


def _schedule(ruleset: Ruleset) -> RuleWords:
    by_count: dict[tuple[int, ...], list[int]] = {}
    for players, counts in ruleset.schedules.items():
        by_count.setdefault(counts, []).append(players)
    rows = []
    for counts, players in by_count.items():
        who = str(players[0]) if len(players) == 1 else f"{players[0]}–{players[-1]}"
        rows.append(
            (
                Sentence("{who} players", who=who),
                Sentence("{n} deals: {schedule}", n=len(counts), schedule=schedule_words(counts)),
            )
        )
    if len(by_count) == 1:
        counts = next(iter(by_count))
        sentences = (
            Sentence(
                "{n} deals, with this many cards to each player: {schedule}.",
                n=len(counts),
                schedule=schedule_words(counts),
            ),
            Sentence(
                "A deal that is thrown in does not use up a deal of the game: "
                "it is dealt again with the same number of cards."
            ),
        )
        return RuleWords(sentences, facts=((Sentence("Deals"), rows[0][1]),))
    fact = Lines([Lines((who, what), ", ") for who, what in rows], "; ")
    return RuleWords(
        (Sentence("The number of cards depends on how many play:"),),
        facts=((Sentence("Deals"), fact),),
        rows=tuple(rows),
    )


def _first_bidder(ruleset: Ruleset) -> RuleWords:
    if ruleset.first_bidder == "left":
        first = Sentence(
            "Bidding starts with the player to the dealer's left and goes round the table, the "
            "dealer last."
        )
        fact = Sentence("the player to the dealer's left")
    else:
        first = Sentence(
            "Bidding starts with the player to the dealer's right, then goes on round the "
            "table in the direction of play, so the dealer bids second."
        )
        fact = Sentence("the player to the dealer's right")
    return RuleWords(
        (Sentence("The deal passes one seat on after every deal."), first),
        facts=((Sentence("Who bids first"), fact),),
    )


def _bids(ruleset: Ruleset) -> RuleWords:
    sentences = [
        Sentence("n is the number of cards each player holds in a deal, so there are n tricks.")
    ]
    low = (
        Sentence("pass (0 tricks)")
        if ruleset.min_bid == 0
        else Sentence("at least 1 trick (nobody may pass)")
    )
    most = (
        Sentence("up to all n tricks")
        if ruleset.max_bid == "n"
        else Sentence("up to n−1 tricks (never all of them)")
    )
    sentences.append(Sentence("Every player bids once: {low}, {most}.", low=low, most=most))
    extra = []
    if ruleset.board is not None:
        extra.append(Sentence("board, a bid to take every trick"))
    if isinstance(ruleset.rainbow, RainbowBid):
        extra.append(Sentence("rainbow on a {n}-card deal (see Rainbows)", n=RAINBOW_CARDS))
    if len(extra) == 1:
        sentences.append(Sentence("Or instead of a number: {bid}.", bid=extra[0]))
    elif extra:
        sentences.append(
            Sentence("Or instead of a number: {bid}; or {other}.", bid=extra[0], other=extra[1])
        )
    if ruleset.partnership:
        sentences.append(Sentence("A team's bid is the two partners' bids added up."))
    top = "n" if ruleset.max_bid == "n" else "n−1"
    passed = Sentence("pass (0)")
    said: list[str] = [passed, f"1 … {top}"] if ruleset.min_bid == 0 else [f"1 … {top}"]
    said += [Sentence("board")] * (ruleset.board is not None)
    said += [Sentence("rainbow")] * isinstance(ruleset.rainbow, RainbowBid)
    if ruleset.first_bidder == "left":
        order = Sentence("from the dealer's left, dealer last")
    else:
        order = Sentence("from the dealer's right, then round in the direction of play")
    line = Sentence(
        "Bids on n cards: {bids}; bidding starts {order}.", bids=Lines(said, ", "), order=order
    )
    facts = (
        (Sentence("Lowest bid"), passed if ruleset.min_bid == 0 else "1"),
        (Sentence("Highest bid"), top),
    )
    return RuleWords(tuple(sentences), (line,), facts)


def _board(ruleset: Ruleset) -> RuleWords:
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


def _scoring(ruleset: Ruleset) -> RuleWords:
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


def _dealer_hook(ruleset: Ruleset) -> RuleWords:
    title = Sentence("Dealer's hook")
    if not ruleset.dealer_hook:
        return RuleWords(facts=((title, Sentence("none")),))
    return RuleWords(
        (
            Sentence(
                "The dealer, bidding last, may not say the number that makes all the bids "
                "add up to n: somebody must miss."
            ),
        ),
        (Sentence("Dealer's hook: the dealer may not bid so that the bids add up to n."),),
        ((title, Sentence("the dealer may not make the bids add up")),),
    )


def _redeal(ruleset: Ruleset) -> RuleWords:
    title = Sentence("When everyone passes")
    if ruleset.redeal is None:
        played = Sentence("played and scored")
        if ruleset.min_bid > 0:
            return RuleWords(
                (Sentence("Nobody can pass, so every deal is played."),),
                facts=((title, played),),
            )
        return RuleWords(
            (Sentence("If everyone passes, the deal is played and scored all the same."),),
            (Sentence("Everyone passes: the deal is played and scored."),),
            ((title, played),),
        )
    who = Sentence("the same dealer") if ruleset.redeal == "same" else Sentence("the next dealer")
    sentence = (
        Sentence(
            "If everyone passes, the deal is thrown in: nothing is scored and it is dealt again "
            "with the same number of cards by the same dealer."
        )
        if ruleset.redeal == "same"
        else Sentence(
            "If everyone passes, the deal is thrown in: nothing is scored and it is dealt again "
            "with the same number of cards by the next dealer."
        )
    )
    line = Sentence("Everyone passes: thrown in, redealt by {who} with as many cards.", who=who)
    return RuleWords((sentence,), (line,), ((title, Sentence("thrown in, {who}", who=who)),))


def _rainbow(ruleset: Ruleset) -> RuleWords:
    rainbow = ruleset.rainbow
    cards = RAINBOW_CARDS
    title = Sentence("Rainbows")
    if rainbow is None:
        return RuleWords(
            (Sentence("Rainbows (one card of each suit) count for nothing."),),
            facts=((title, Sentence("nothing")),),
        )
    if isinstance(rainbow, RainbowBonus):
        held = {"cards": cards, "bonus": rainbow.bonus}
        sentence = (
            Sentence(
                "On a {cards}-card deal, every player whose cards are one of each suit (a joker "
                "counts as the trump suit) earns {bonus} points for their team, even when the "
                "bid is set.",
                **held,
            )
            if ruleset.partnership
            else Sentence(
                "On a {cards}-card deal, every player whose cards are one of each suit (a joker "
                "counts as the trump suit) earns {bonus} points for their score, even when the "
                "bid is set.",
                **held,
            )
        )
        line = (
            Sentence(
                "Rainbow ({cards}-card deal): each player holding one card of every suit "
                "(a joker counts as trump) earns +{bonus} for the team, even when set.",
                **held,
            )
            if ruleset.partnership
            else Sentence(
                "Rainbow ({cards}-card deal): each player holding one card of every suit "
                "(a joker counts as trump) earns +{bonus} for the player, even when set.",
                **held,
            )
        )
        fact = Sentence("a bonus of {n}", n=rainbow.bonus)
        return RuleWords((sentence,), (line,), ((title, fact),))
    made, failed = f"{rainbow.made:+d}", f"{rainbow.failed:+d}"
    sentences = (
        Sentence(
            "On a {cards}-card deal, a player holding one card of each suit may bid rainbow "
            "instead of a number, and leads the first trick (the first such bidder, if several).",
            cards=cards,
        ),
        Sentence(
            "Taking at least one trick scores {made}; taking none scores {failed}.",
            made=made,
            failed=failed,
        ),
    )
    line = Sentence(
        "Rainbow bid ({cards}-card deal): a player holding one card of every suit may bid "
        "rainbow and leads; at least one trick +{made}, none {failed}.",
        cards=cards,
        made=rainbow.made,
        failed=failed,
    )
    fact = Sentence("a bid: {made} made, {failed} failed", made=made, failed=failed)
    return RuleWords(sentences, (line,), ((title, fact),))


def _one_card(ruleset: Ruleset) -> RuleWords:
    value = ruleset.one_card_board
    title = Sentence("The 1-card deals")
    if value is None:
        return RuleWords(facts=((title, Sentence("like any other deal")),))
    return RuleWords(
        (
            Sentence("With 1 card each, a player may only pass or bid board."),
            Sentence(
                "A board scores +{value} if it takes the trick and -{value} if not; "
                "a pass scores 0 whatever happens.",
                value=value,
            ),
        ),
        (
            Sentence(
                "1-card deals: only pass or board; a board scores ±{value}, a pass 0.", value=value
            ),
        ),
        ((title, Sentence("only pass or board, a board ±{value}", value=value)),),
    )


def _lead(ruleset: Ruleset) -> RuleWords:
    sentences = []
    rainbow = isinstance(ruleset.rainbow, RainbowBid)
    if rainbow:
        sentences.append(
            Sentence("A rainbow bidder leads the first trick before anyone else. Otherwise:")
        )
    first_too = Sentence("; a rainbow bidder first") if rainbow else ""
    title = Sentence("Who leads")
    if ruleset.lead == "left":
        sentences.append(Sentence("The first bidder leads the first trick."))
        line = (
            Sentence(
                "Lead: the player on the dealer's left (the first bidder){rainbow}.",
                rainbow=first_too,
            )
            if ruleset.first_bidder == "left"
            else Sentence(
                "Lead: the player on the dealer's right (the first bidder){rainbow}.",
                rainbow=first_too,
            )
        )
        return RuleWords(tuple(sentences), (line,), ((title, Sentence("the first bidder")),))
    sentences.append(
        Sentence(
            "The highest bid leads the first trick: the last board said, or else the highest "
            "number (the earlier bidder on a tie; the first bidder if everyone passed)."
        )
    )
    line = Sentence(
        "Lead: the highest bid leads (the last board said; on a tie the earliest bidder){rainbow}.",
        rainbow=first_too,
    )
    return RuleWords(tuple(sentences), (line,), ((title, Sentence("the highest bid")),))


#: Each rule of the document in words; a rule missing here is still shown by its value.
WORDS: dict[str, Callable[[Ruleset], RuleWords]] = {
    "name": _name,
    "players": _players,
    "deck": _deck,
    "partnership": _partnership,
    "schedule": _schedule,
    "first_bidder": _first_bidder,
    "bids": _bids,
    "board": _board,
    "scoring": _scoring,
    "dealer_hook": _dealer_hook,
    "redeal": _redeal,
    "rainbow": _rainbow,
    "one_card": _one_card,
    "lead": _lead,
    **VARIANT_WORDS,
}


def rule_words(ruleset: Ruleset, key: str) -> RuleWords:
    """Return one rule of a ruleset in words (its value as written, if it has no words yet)."""
    words = WORDS.get(key)
    if words is not None:
        return words(ruleset)
    value = json.dumps(ruleset.document.get(key), ensure_ascii=False)
    return RuleWords(facts=((RULE_TITLES.get(key, key.replace("_", " ").capitalize()), value),))


def describe(ruleset: Ruleset) -> list[Section]:
    """Write a ruleset in plain words, one section per part of the game."""
    sections = []
    for key in ALL_KEYS:
        words = rule_words(ruleset, key)
        if words.sentences:
            sections.append(Section(key, RULE_TITLES[key], words.sentences, words.rows))
    return sections


def rule_lines(ruleset: Ruleset) -> tuple[str, ...]:
    """Return the scoresheet's rules box: one short line for each rule that needs saying."""
    return tuple(line for key in ALL_KEYS for line in rule_words(ruleset, key).lines)
