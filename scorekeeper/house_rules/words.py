"""Rulesets in plain words: the rules pages, the PDF rules box and "what changed" all say them here.

One small function per rule of the document (`WORDS`) gives that rule at every
length the app shows it: sentences for the rules page, a line for the PDF
rules box, and short facts for "what changed". A new rule needs its function
here; a rule without one is still listed by its value.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from ..rules import RainbowBid, RainbowBonus, Ruleset
from ..rules.parts import ALL_KEYS, RAINBOW_CARDS
from ..rules.sentences import Lines, Plural, Sentence, joined
from .phrases import RuleWords, Section, nth
from .schedules import schedule_words
from .scoring_words import board_words, scoring_words
from .variant_words import VARIANT_TITLES, VARIANT_WORDS

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
                Plural(
                    "{n} deal: {schedule}",
                    "{n} deals: {schedule}",
                    len(counts),
                    schedule=schedule_words(counts),
                ),
            )
        )
    if len(by_count) == 1:
        counts = next(iter(by_count))
        sentences = (
            Plural(
                "{n} deal, with this many cards to each player: {schedule}.",
                "{n} deals, with this many cards to each player: {schedule}.",
                len(counts),
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
    if not ruleset.throws_in():
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
    "board": board_words,
    "scoring": scoring_words,
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
