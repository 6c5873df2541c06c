"""Forms for house rules: the editor (every rule of a ruleset document), import, the calculator.

The editor reads into a complete ruleset document and lets the rules engine
judge it; each refusal comes back with the document key it concerns
(`RulesetError.field`) and is shown beside that part of the form.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import BooleanField, HiddenField, IntegerField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice

from ..house_rules.examples import EXAMPLE_NAMES
from ..house_rules.schedules import parse_card_counts
from ..rules import Ruleset, RulesetError, builtin_document

#: The most players any ruleset may list a schedule for, in the editor.
MOST_PLAYERS = 15
#: How many board levels the editor offers (the last one repeats for any later board).
BOARD_LEVELS = 6
AT_LEAST_FIELDS = ("per_bid", "over", "set_per_bid")
EXACT_FIELDS = ("made_base", "made_per_trick", "all_base", "all_per_trick", "missed_per_trick")

#: Values for the parts of a rule that the starting ruleset does not use (so switching
#: boards or rainbows on starts from something sensible).
SPARE_VALUES: dict[str, Any] = {
    "board": {"per_trick": 10, "multipliers": [1, 2, 3, 4]},
    "at-least": builtin_document("back-alley-pagat")["scoring"],
    "exact": builtin_document("joker")["scoring"],
    "rainbow_bonus": 10,
    "rainbow_bid": {"made": 40, "failed": -40},
    "one_card": 13,
}


class Whole(IntegerField):
    """A number input; blank is None, anything else that is not a whole number is refused."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist or str(valuelist[0]).strip() == "":
            self.data = None
            return
        text = str(valuelist[0]).strip()
        try:
            self.data = int(text)
        except ValueError:
            self.data = None
            raise ValueError(f"“{text}” is not a whole number") from None


def options(pairs: Any) -> list[SelectChoice]:
    """Return choices for a radio or select field from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def _radio(label: str, choices: list[tuple[str, str]]) -> RadioField:
    return RadioField(label, choices=options(choices), validate_choice=True)


class HouseRulesForm(FlaskForm):
    """Every rule of a ruleset document, in plain words."""

    base = HiddenField()
    name = StringField("Name of your rules")
    players_min = Whole("Fewest players", render_kw={"min": 2, "max": MOST_PLAYERS})
    players_max = Whole("Most players", render_kw={"min": 2, "max": MOST_PLAYERS})
    deck = _radio(
        "Deck",
        [
            ("54", "54 cards: a standard deck with two jokers"),
            ("52", "52 cards: no jokers"),
            ("36", "36 cards: six to ace (Joker's deck)"),
        ],
    )
    partnership = _radio(
        "Teams",
        [("no", "Each plays for themself"), ("yes", "Two teams of two, partners opposite")],
    )
    schedule_kind = _radio(
        "Deals",
        [("same", "The same deals whatever the number of players"), ("by-players", "By players")],
    )
    schedule = StringField("Cards per player in each deal, in order")
    top = Whole("Largest deal, for the buttons", render_kw={"min": 1, "max": 27})
    first_bidder = _radio(
        "Who bids first",
        [
            ("left", "The player to the dealer's left; the dealer bids last"),
            ("right", "The player to the dealer's right, then round the table"),
        ],
    )
    bids_min = _radio(
        "Lowest bid", [("0", "Pass (0) is allowed"), ("1", "At least 1: nobody may pass")]
    )
    bids_max = _radio(
        "Highest bid",
        [("n-1", "n−1: never every trick"), ("n", "n: all the tricks")],
    )
    boards = _radio("Boards", [("no", "No boards"), ("yes", "Boards: a bid to take every trick")])
    board_per_trick = Whole("Points a trick for a board", render_kw={"min": 0})
    scoring_type = _radio(
        "Scoring",
        [
            ("at-least", "At least: make your bid or more"),
            ("exact", "Exactly: take exactly your bid (like Joker)"),
        ],
    )
    per_bid = Whole("Points for every trick bid (when made)", render_kw={"min": 0})
    over = Whole("Points for every trick over the bid", render_kw={"min": 0})
    set_per_bid = Whole("Points lost for every trick bid (when set)", render_kw={"min": 0})
    made_base = Whole("Exactly made: points", render_kw={"min": 0})
    made_per_trick = Whole("… plus points a trick", render_kw={"min": 0})
    all_base = Whole("Bid all and took all: points", render_kw={"min": 0})
    all_per_trick = Whole("… plus points a trick", render_kw={"min": 0})
    missed_per_trick = Whole("Missed the bid: points a trick taken", render_kw={"min": 0})
    sets = StringField("Sets of deals for the set bonus (e.g. 1-8, 9-12); blank for none")
    dealer_hook = _radio(
        "Dealer's hook",
        [("no", "The dealer may bid anything"), ("yes", "The dealer may not make the bids add up")],
    )
    redeal = _radio(
        "When everyone passes",
        [
            ("none", "Play the deal and score it"),
            ("same", "Throw it in; the same dealer deals again"),
            ("next", "Throw it in; the next dealer deals"),
        ],
    )
    rainbow = _radio(
        "Rainbows (one card of each suit, on 4-card deals)",
        [
            ("none", "Count for nothing"),
            ("bonus", "A bonus for each player holding one"),
            ("bid", "A rainbow bid"),
        ],
    )
    rainbow_bonus = Whole("Bonus for holding a rainbow", render_kw={"min": 0})
    rainbow_made = Whole("Rainbow bid, took a trick: points", render_kw={"min": 0})
    rainbow_failed = Whole("Rainbow bid, took none: points (negative to lose)")
    one_card = _radio(
        "The 1-card deals",
        [
            ("none", "Like any other deal"),
            ("board", "Only pass or board; a board scores a fixed amount, a pass 0"),
        ],
    )
    one_card_board = Whole("A board on 1 card scores", render_kw={"min": 0})
    lead = _radio(
        "Who leads the first trick",
        [
            ("highest", "The highest bid (the last board said)"),
            ("left", "The first bidder"),
        ],
    )


for _count in range(2, MOST_PLAYERS + 1):
    setattr(HouseRulesForm, f"schedule_{_count}", StringField(f"{_count} players"))
for _level in range(1, BOARD_LEVELS + 1):
    setattr(
        HouseRulesForm,
        f"board_level_{_level}",
        Whole(f"Board {_level}", render_kw={"min": 1}),
    )

#: Which rule (document key) each form field belongs to, so errors land beside it.
FIELD_RULES: dict[str, str] = {
    "name": "name",
    "players_min": "players",
    "players_max": "players",
    "deck": "deck",
    "partnership": "partnership",
    "schedule_kind": "schedule",
    "schedule": "schedule",
    "top": "schedule",
    "first_bidder": "first_bidder",
    "bids_min": "bids",
    "bids_max": "bids",
    "boards": "board",
    "board_per_trick": "board",
    "scoring_type": "scoring",
    "sets": "scoring",
    "dealer_hook": "dealer_hook",
    "redeal": "redeal",
    "rainbow": "rainbow",
    "rainbow_bonus": "rainbow",
    "rainbow_made": "rainbow",
    "rainbow_failed": "rainbow",
    "one_card": "one_card",
    "one_card_board": "one_card",
    "lead": "lead",
    **{key: "scoring" for key in (*AT_LEAST_FIELDS, *EXACT_FIELDS)},
    **{f"schedule_{count}": "schedule" for count in range(2, MOST_PLAYERS + 1)},
    **{f"board_level_{level}": "board" for level in range(1, BOARD_LEVELS + 1)},
}


def player_counts(form: HouseRulesForm) -> range:
    """Return the player counts the form's schedule rows are for (a sensible range if unclear)."""
    low = form.players_min.data if isinstance(form.players_min.data, int) else 2
    high = form.players_max.data if isinstance(form.players_max.data, int) else low
    low = min(max(low, 2), MOST_PLAYERS)
    high = min(max(high, low), MOST_PLAYERS)
    return range(low, high + 1)


def schedule_field(form: HouseRulesForm, count: int) -> StringField:
    """Return the schedule row for this many players."""
    return getattr(form, f"schedule_{count}")


def board_level_fields(form: HouseRulesForm) -> list[Whole]:
    """Return the board level inputs, first to last."""
    return [getattr(form, f"board_level_{level}") for level in range(1, BOARD_LEVELS + 1)]


def _words(counts: list[int]) -> str:
    return " ".join(str(cards) for cards in counts)


def fill(form: HouseRulesForm, document: dict[str, Any], *, base: str | None) -> None:
    """Put a complete ruleset document into the form."""
    form.base.data = base or ""
    form.name.data = document["name"]
    form.players_min.data, form.players_max.data = document["players"]
    deck = str(document["deck"])
    if deck not in {choice.value for choice in form.deck.choices}:
        form.deck.choices = [*form.deck.choices, SelectChoice(deck, f"{deck} cards")]
    form.deck.data = deck
    form.partnership.data = "yes" if document["partnership"] else "no"
    schedule = document["schedule"]
    if isinstance(schedule, dict):
        form.schedule_kind.data = "by-players"
        for count, counts in schedule.items():
            if 2 <= int(count) <= MOST_PLAYERS:
                schedule_field(form, int(count)).data = _words(counts)
        first = schedule[min(schedule, key=int)]
        form.schedule.data = _words(first)
        form.top.data = max(first)
    else:
        form.schedule_kind.data = "same"
        form.schedule.data = _words(schedule)
        for count in range(2, MOST_PLAYERS + 1):
            schedule_field(form, count).data = _words(schedule)
        form.top.data = max(schedule)
    form.first_bidder.data = document["first_bidder"]
    form.bids_min.data = str(document["bids"]["min"])
    form.bids_max.data = document["bids"]["max"]
    board = document["board"] or SPARE_VALUES["board"]
    form.boards.data = "yes" if document["board"] else "no"
    form.board_per_trick.data = board["per_trick"]
    for field, multiplier in zip(board_level_fields(form), board["multipliers"], strict=False):
        field.data = multiplier
    scoring = document["scoring"]
    form.scoring_type.data = scoring["type"]
    at_least = scoring if scoring["type"] == "at-least" else SPARE_VALUES["at-least"]
    exact = scoring if scoring["type"] == "exact" else SPARE_VALUES["exact"]
    for key in AT_LEAST_FIELDS:
        getattr(form, key).data = at_least[key]
    for key in EXACT_FIELDS:
        getattr(form, key).data = exact[key]
    form.sets.data = ", ".join(f"{first}-{last}" for first, last in exact["sets"])
    form.dealer_hook.data = "yes" if document["dealer_hook"] else "no"
    form.redeal.data = document["redeal"] or "none"
    rainbow = document["rainbow"] or {}
    form.rainbow.data = "bonus" if "bonus" in rainbow else "bid" if "bid" in rainbow else "none"
    form.rainbow_bonus.data = rainbow.get("bonus", SPARE_VALUES["rainbow_bonus"])
    bid = rainbow.get("bid", SPARE_VALUES["rainbow_bid"])
    form.rainbow_made.data, form.rainbow_failed.data = bid["made"], bid["failed"]
    one_card = document["one_card"]
    form.one_card.data = "board" if one_card else "none"
    form.one_card_board.data = one_card["board"] if one_card else SPARE_VALUES["one_card"]
    form.lead.data = document["lead"]


class FormErrors(defaultdict[str, list[str]]):
    """Messages by rule (document key), to show beside each part of the form."""

    def __init__(self) -> None:
        super().__init__(list)

    def add(self, rule: str, message: str) -> None:
        """Add a message for a rule, once."""
        if message not in self[rule]:
            self[rule].append(message)


def _needed(form: HouseRulesForm, name: str, errors: FormErrors) -> int:
    field = getattr(form, name)
    if field.data is None:
        if not field.errors:
            errors.add(FIELD_RULES[name], f"{field.label.text}: write a number")
        return 0
    return field.data


def _sets(text: str) -> list[list[int]]:
    sets = []
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        pieces = [piece.strip() for piece in part.replace("–", "-").split("-")]
        if len(pieces) != 2 or not all(piece.isdigit() for piece in pieces):
            raise ValueError(f"“{part.strip()}” is not a set of deals such as 1-8")
        sets.append([int(pieces[0]), int(pieces[1])])
    return sets


def read(form: HouseRulesForm) -> tuple[dict[str, Any] | None, FormErrors]:
    """Read the form into a complete ruleset document, judged by the rules engine."""
    errors = FormErrors()
    form.validate()
    for field in form:
        for message in field.errors:
            errors.add(FIELD_RULES.get(field.name, "name"), f"{field.label.text}: {message}")
    document: dict[str, Any] = {"name": (form.name.data or "").strip()}
    document["players"] = [
        _needed(form, "players_min", errors),
        _needed(form, "players_max", errors),
    ]
    document["deck"] = int(form.deck.data) if (form.deck.data or "").isdigit() else 0
    document["partnership"] = form.partnership.data == "yes"
    if form.schedule_kind.data == "by-players":
        by_players = {}
        for count in player_counts(form):
            try:
                by_players[str(count)] = parse_card_counts(schedule_field(form, count).data or "")
            except ValueError as error:
                errors.add("schedule", f"{count} players: {error}")
        document["schedule"] = by_players
    else:
        try:
            document["schedule"] = parse_card_counts(form.schedule.data or "")
        except ValueError as error:
            errors.add("schedule", str(error))
    document["first_bidder"] = form.first_bidder.data
    document["bids"] = {
        "min": int(form.bids_min.data) if form.bids_min.data in ("0", "1") else None,
        "max": form.bids_max.data,
    }
    document["board"] = None
    if form.boards.data == "yes":
        multipliers = [field.data for field in board_level_fields(form)]
        while multipliers and multipliers[-1] is None:
            multipliers.pop()
        if None in multipliers:
            errors.add("board", "fill in every board level up to the last one you use")
        document["board"] = {
            "per_trick": _needed(form, "board_per_trick", errors),
            "multipliers": multipliers,
        }
    if form.scoring_type.data == "exact":
        scoring: dict[str, Any] = {"type": "exact"}
        for key in EXACT_FIELDS:
            scoring[key] = _needed(form, key, errors)
        try:
            scoring["sets"] = _sets(form.sets.data or "")
        except ValueError as error:
            errors.add("scoring", str(error))
    else:
        scoring = {"type": "at-least"}
        for key in AT_LEAST_FIELDS:
            scoring[key] = _needed(form, key, errors)
    document["scoring"] = scoring
    document["dealer_hook"] = form.dealer_hook.data == "yes"
    document["redeal"] = None if form.redeal.data == "none" else form.redeal.data
    if form.rainbow.data == "bonus":
        document["rainbow"] = {"bonus": _needed(form, "rainbow_bonus", errors)}
    elif form.rainbow.data == "bid":
        document["rainbow"] = {
            "bid": {
                "made": _needed(form, "rainbow_made", errors),
                "failed": _needed(form, "rainbow_failed", errors),
            }
        }
    else:
        document["rainbow"] = None
    document["one_card"] = None
    if form.one_card.data == "board":
        document["one_card"] = {"board": _needed(form, "one_card_board", errors)}
    document["lead"] = form.lead.data
    if errors:
        return None, errors
    try:
        Ruleset.from_document(document)
    except RulesetError as error:
        errors.add(error.field or "name", error.message[:1].upper() + error.message[1:] + ".")
        return None, errors
    return document, errors


class ImportRulesForm(FlaskForm):
    """Bring in a ruleset file a family member shared."""

    file = FileField(
        "Ruleset file (.json)", validators=[FileRequired("Choose a ruleset file first.")]
    )


SPECIAL_BIDS = ("board", "rainbow")
BID_CHOICES = options(
    [("pass", "pass"), *((str(n), str(n)) for n in range(1, 14)), *((b, b) for b in SPECIAL_BIDS)]
)


class CalculatorForm(FlaskForm):
    """One deal at a table of four: cards, dealer, and each player's bid and tricks."""

    class Meta:
        csrf = False  # a GET form that changes nothing

    cards = SelectField(
        "Cards each", choices=options((str(n), str(n)) for n in range(1, 14)), default="5"
    )
    dealer = SelectField(
        "Dealer", choices=options((str(seat), f"Seat {seat + 1}") for seat in range(4))
    )


for _seat in range(4):
    setattr(CalculatorForm, f"name_{_seat}", StringField("Name", default=EXAMPLE_NAMES[_seat]))
    setattr(CalculatorForm, f"bid_{_seat}", SelectField("Bid", choices=BID_CHOICES, default="pass"))
    setattr(
        CalculatorForm,
        f"tricks_{_seat}",
        SelectField("Took", choices=options((str(n), str(n)) for n in range(14)), default="0"),
    )
    setattr(CalculatorForm, f"rainbow_{_seat}", BooleanField("Held a rainbow"))


def seat_fields(form: CalculatorForm, seat: int) -> tuple[Any, Any, Any, Any]:
    """Return a seat's name, bid, tricks and rainbow fields."""
    return tuple(  # type: ignore[return-value]
        getattr(form, f"{part}_{seat}") for part in ("name", "bid", "tricks", "rainbow")
    )
