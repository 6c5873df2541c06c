"""Players' names: one person, one name. Tables of names a player could check by eye."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    MAX_NAME_LENGTH,
    NameRefused,
    Ruleset,
    RulesetError,
    name_key,
    read_game,
    read_name,
    stored_values,
)

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def seated(*names: str) -> tuple[str, ...]:
    """Seat these names, filling a table of four, and return the names as kept."""
    players = [*names, *FOUR[len(names) :]]
    return read_game({"ruleset": "back-alley-individual", "players": players}).players


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("A\u0301na", "\u00c1na"),  # a decomposed accent is kept composed
        ("  Ana  ", "Ana"),  # spaces around a name are not part of it
        ("Zoe\u0308", "Zo\u00eb"),
        ("q\u0307", "q\u0307"),  # a mark with no composed form stays a mark
        ("שלום", "שלום"),  # right to left
        ("👩🏽\u200d💻 Kim", "👩🏽\u200d💻 Kim"),  # an emoji joined from three
        ("🃏👨\u200d👩\u200d👧\u200d👦 Nana", "🃏👨\u200d👩\u200d👧\u200d👦 Nana"),
        ("❤\ufe0f Mum", "❤\ufe0f Mum"),  # shown as an emoji
        ("1\ufe0f\u20e3 Jo", "1\ufe0f\u20e3 Jo"),  # a keycap
        ("🏳\ufe0f\u200d🌈 Al", "🏳\ufe0f\u200d🌈 Al"),
        ("🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Ian", None),  # a flag
        ("علی\u200cرضا", None),  # Persian's half-space (zero-width non-joiner)
        ("क्\u200dष", None),  # a joiner after a virama (Devanagari)
        ("葛\U000e0100西", None),  # an ideographic variation
        ("Ana\u00a0Li", None),  # a no-break space is a space anyone sees
        ("x" * MAX_NAME_LENGTH, None),
    ],
)
def test_names_are_kept_composed_with_the_invisible_characters_they_need(typed, kept) -> None:
    assert read_name(typed, 0) == (typed if kept is None else kept)


@pytest.mark.parametrize(
    ("typed", "character"),
    [
        ("Ana\u200b", "U+200B ZERO WIDTH SPACE"),
        ("A\u200cna", "U+200C ZERO WIDTH NON-JOINER"),  # not between joining letters
        ("A\u200dna", "U+200D ZERO WIDTH JOINER"),  # not inside an emoji
        ("\u202eAnn", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("שלום\u200f", "U+200F RIGHT-TO-LEFT MARK"),
        ("\u2066Ann\u2069", "U+2066 LEFT-TO-RIGHT ISOLATE"),
        ("An\u00adna", "U+00AD SOFT HYPHEN"),
        ("\ufeffAnn", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ("An\u2060n", "U+2060 WORD JOINER"),
        ("A\u034fna", "U+034F COMBINING GRAPHEME JOINER"),
        ("Ana\u3164", "U+3164 HANGUL FILLER"),
        ("\u2800", "U+2800 BRAILLE PATTERN BLANK"),
        ("Ana\u2028Li", "U+2028 LINE SEPARATOR"),
        ("Ana\ufe0f", "U+FE0F VARIATION SELECTOR-16"),  # after a letter: shows nothing
        ("Ana\U000e0041", "U+E0041 TAG LATIN CAPITAL LETTER A"),
        ("\u0600Ana", "U+0600 ARABIC NUMBER SIGN"),
    ],
)
def test_an_invisible_character_is_refused_by_its_name(typed, character) -> None:
    with pytest.raises(NameRefused) as refused:
        read_name(typed, 1)
    assert refused.value.reason == f"a name cannot hold an invisible character ({character})"
    assert str(refused.value) == f"player 2: {refused.value.reason}"
    assert refused.value.seat == 1


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "every player needs a name"),
        (" \u3000 ", "every player needs a name"),
        ("x" * (MAX_NAME_LENGTH + 1), f"at most {MAX_NAME_LENGTH} characters; this one has 101"),
        ("Ann\x00", "control characters"),
    ],
)
def test_a_name_that_is_blank_long_or_broken_is_refused(typed, reason) -> None:
    with pytest.raises(NameRefused, match=reason):
        read_name(typed, 0)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("\u00c1na", "A\u0301na"),  # one composed, one decomposed
        ("Ana", "ANA"),
        ("Ana", "\uff21\uff4e\uff41"),  # full-width letters
        ("Ana Li", "ana  li"),
        ("Stra\u00dfe", "STRASSE"),  # case folding, as the German capital has it
    ],
)
def test_two_seats_whose_names_read_alike_are_refused(first, second) -> None:
    with pytest.raises(NameRefused) as refused:
        seated(first, second)
    kept = read_name(first, 0)
    assert refused.value.seat == 1
    assert refused.value.reason == f"the same name as {kept} (player 1): names must differ"
    assert str(refused.value) == (
        f"player 2: {read_name(second, 1)} is the same name as {kept} (player 1); names must differ"
    )


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ana", "Ána"),  # an accent makes another name
        ("🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
         "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"),  # Scotland, England
        ("Ana Li", "AnaLi"),
    ],
)  # fmt: skip
def test_names_that_differ_to_the_eye_are_two_players(one, other) -> None:
    assert name_key(one) != name_key(other)
    assert len(seated(one, other)) == 4


@pytest.mark.parametrize(
    ("stored", "key"),
    [
        ("Ana\u200b", "ana"),  # kept before invisible characters were refused
        ("A\u0301na ", "\u00e1na"),
        ("\u202eAnn", "ann"),
        ("Ana\u2800", "ana"),
        ("👨\u200d👩\u200d👧", "👨👩👧"),
    ],
)
def test_a_stored_name_is_known_by_its_visible_letters(stored, key) -> None:
    assert name_key(stored) == key


def test_a_game_stored_before_keeps_its_names_as_they_were_stored() -> None:
    players = ["Ana\u200b", "ana", "A\u0301na ", "Dee"]
    with stored_values():
        assert read_game({"ruleset": "back-alley-individual", "players": players}).players == (
            tuple(players)
        )
    with pytest.raises(NameRefused):
        read_game({"ruleset": "back-alley-individual", "players": players})


def test_house_rules_cannot_be_named_with_an_invisible_character() -> None:
    with pytest.raises(RulesetError, match=r"invisible character \(U\+200B ZERO WIDTH SPACE\)"):
        Ruleset.from_document({"base": "back-alley-pagat", "name": "Nana\u200b's rules"})
    assert Ruleset.from_document({"base": "back-alley-pagat", "name": "Nana's ❤\ufe0f rules"})
    with stored_values():  # a game keeps its own copy of the rules it was started under
        Ruleset.from_document({"base": "back-alley-pagat", "name": "Nana\u200b's rules"})
