"""Players' names: one person, one name, whatever the keyboard typed.

A name comes in from a game file, the API, New game, the draw or a blank sheet; each
reads it here. It is kept in Unicode's composed form (NFC), so "Ána" typed as "A" and
a combining accent is the same text as "Ána" typed in one key. A name may hold any
letters, marks, symbols and emoji, but no character a reader cannot see: a zero-width
space, a right-to-left override, a soft hyphen, a filler (Unicode's default-ignorable
characters, and the other invisible format characters). "Ana" and "Ana" with a
zero-width space look the same at the table; they would be two players in the stats.

Some invisible characters are part of the text around them, and are kept there: a
joiner inside an emoji (👩‍💻), a variation selector after a symbol (❤️), the zero-width
non-joiner of Persian and the joiners of the Indic scripts, a flag's tags (🏴󠁧󠁢󠁳󠁣󠁴󠁿).

`name_key` is how a player is known across seats and games: the name with every
invisible character dropped (but a flag's tags), compatibility forms folded (full-width
letters, ligatures), capitals folded and runs of spaces made one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

#: The longest name a player may have: room for "Grandma Louise" many times over, while
#: every page, column and scoresheet still has room for it.
MAX_NAME_LENGTH = 100

#: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.1):
#: characters a text shows as nothing at all.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
#: Shown as a blank but not a space: a name of them looks like no name (a Braille blank).
BLANKS = frozenset({0x2800})
#: General categories no reader sees: format characters, line and paragraph separators.
INVISIBLE_CATEGORIES = frozenset({"Cf", "Zl", "Zp"})

#: The other format characters (Cf) of Unicode 15.1: signs that span numbers, interlinear
#: annotation, Egyptian hieroglyph controls. None of them belongs in a name.
OTHER_FORMAT = (
    (0x0600, 0x0605),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x2028, 0x2029),
    (0xFFF9, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x1343F),
)


def _any_of(ranges: tuple[tuple[int, int], ...]) -> re.Pattern[str]:
    return re.compile("[" + "".join(f"{chr(low)}-{chr(high)}" for low, high in ranges) + "]")


_INVISIBLE_RANGES = (*DEFAULT_IGNORABLE, *OTHER_FORMAT, *((code, code) for code in BLANKS))
_INVISIBLE = _any_of(_INVISIBLE_RANGES)
#: What a key leaves out: every invisible character but a flag's tags (🏴󠁧󠁢󠁳󠁣󠁴󠁿 is not 🏴󠁧󠁢󠁥󠁮󠁧󠁿).
_UNSEEN = _any_of(
    (
        *(span for span in _INVISIBLE_RANGES if span != (0xE0000, 0xE0FFF)),
        (0xE0000, 0xE001F),
        (0xE0080, 0xE0FFF),
    )
)

ZWNJ, ZWJ = "\u200c", "\u200d"
KEYCAP = "\u20e3"
_TAGS = (0xE0020, 0xE007E)
_CANCEL_TAG = 0xE007F
_BLACK_FLAG = "\U0001f3f4"
#: Scripts whose letters join, where a joiner or non-joiner chooses a letter's form.
_JOINING_SCRIPTS = ((0x0600, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF), (0x1800, 0x18AF))
#: Han ideographs, which an ideographic variation selector may follow.
_IDEOGRAPHS = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3FFFF))


def _within(ch: str, ranges: tuple[tuple[int, int], ...]) -> bool:
    return bool(ch) and any(low <= ord(ch) <= high for low, high in ranges)


def _pictograph(ch: str) -> bool:
    """Say whether a character is a symbol an emoji sequence is built of (or a skin tone)."""
    return bool(ch) and unicodedata.category(ch) in ("So", "Sk")


def _emoji_before(text: str, at: int) -> bool:
    """Say whether the character before `at`, past its presentation and skin tone, is one."""
    at -= 1
    while at >= 0 and (text[at] in "\ufe0e\ufe0f" or unicodedata.category(text[at]) == "Sk"):
        at -= 1
    return at >= 0 and _pictograph(text[at])


def _joiner_belongs(text: str, at: int) -> bool:
    before = text[at - 1] if at else ""
    after = text[at + 1] if at + 1 < len(text) else ""
    if before and unicodedata.combining(before) == 9:  # after a virama: an Indic conjunct's form
        return True
    joined = _within(before, _JOINING_SCRIPTS) and _within(after, _JOINING_SCRIPTS)
    if joined and unicodedata.category(after)[0] in "LM":  # Persian's half-space, Arabic forms
        return True
    return text[at] == ZWJ and _emoji_before(text, at) and _pictograph(after)  # 👩‍💻


def _presentation_belongs(text: str, at: int) -> bool:
    before = text[at - 1] if at else ""
    after = text[at + 1] if at + 1 < len(text) else ""
    if not before:
        return False
    if before in "0123456789#*":
        return after == KEYCAP  # 1️⃣
    return unicodedata.category(before)[0] in "SP"  # ❤️, ‼️


def _variant_belongs(text: str, at: int) -> bool:
    before = text[at - 1] if at else ""
    if 0x180B <= ord(text[at]) <= 0x180F:  # Mongolian free variation selectors
        return _within(before, ((0x1820, 0x18AF),))
    return _within(before, _IDEOGRAPHS)  # 葛󠄀: a family's own way of writing a character


def _tag_belongs(text: str, at: int) -> bool:
    before = text[at - 1] if at else ""
    if before == _BLACK_FLAG:
        return ord(text[at]) != _CANCEL_TAG
    return _within(before, (_TAGS,))  # 🏴󠁧󠁢󠁳󠁣󠁴󠁿: the flag, its tags, the cancel tag


#: Invisible characters that are part of the text around them: (first, last, belongs there).
BELONGING: tuple[tuple[int, int, Callable[[str, int], bool]], ...] = (
    (0x200C, 0x200D, _joiner_belongs),
    (0xFE0E, 0xFE0F, _presentation_belongs),
    (0xFE00, 0xFE0D, _variant_belongs),
    (0xE0100, 0xE01EF, _variant_belongs),
    (0x180B, 0x180F, _variant_belongs),
    (_TAGS[0], _CANCEL_TAG, _tag_belongs),
)


def describe_character(ch: str) -> str:
    """Name a character the way Unicode does: "U+200B ZERO WIDTH SPACE"."""
    return f"U+{ord(ch):04X} {unicodedata.name(ch, '')}".strip()


def invisible_character(text: str) -> str | None:
    """Return the first character of the text no reader can see (and not part of an emoji
    or a joined script), or None."""
    at = _invisible_at(text)
    return None if at is None else text[at]


def _invisible_at(text: str) -> int | None:
    for found in _INVISIBLE.finditer(text):
        at, code = found.start(), ord(found.group())
        if not any(low <= code <= high and fits(text, at) for low, high, fits in BELONGING):
            return at
    for at, ch in enumerate(text):  # format characters not listed above, as Unicode knows them
        if unicodedata.category(ch) in INVISIBLE_CATEGORIES and not _INVISIBLE.match(ch):
            return at
    return None


def visible_name(name: str) -> str:
    """Return a name as a reader sees it: composed, trimmed, its invisible characters dropped.

    A new name is already so; one stored before names were checked may not be, and the
    stats show it so.
    """
    text = unicodedata.normalize("NFC", name).strip()
    while (at := _invisible_at(text)) is not None:
        text = text[:at] + text[at + 1 :]
    return text.strip()


def has_control_character(text: str) -> bool:
    """Say whether the text holds a control character or broken text (a lone surrogate)."""
    return not text.isprintable() and any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text)


def name_key(name: str) -> str:
    """Return how a player is known across seats and games (see the module's docstring)."""
    visible = _UNSEEN.sub("", name)
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", visible).casefold())
    return " ".join(folded.split())
