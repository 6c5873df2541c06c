"""Where a line may end inside the text a page shows: never inside a word, a number, a
command's flag or a Georgian word and its ending; an address or a path after a slash.

Browsers end a line after any hyphen ("-|n", "13-|მდე", "--|ruleset") and break an address
only where it overflows. The project's documents (docs.py) and the steps of /trust (a
command to copy) are written as they are: these filters keep such words whole with a
no-wrap span and let a long address end a line after its slashes.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

#: Where a line may end inside a run of code: after a slash (a path), or a comma before
#: anything but a digit (a list of lists, "[[1,4],[5,8]]", never inside "[1,4]").
CODE_BREAK = re.compile(r"(?<=/)(?=[^\s/])|(?<=,)(?=[^\s\d,])")
#: A hyphen that is a sign, not a join between letters ("--ruleset", "-200"): no line ends after it.
SIGN = re.compile(r"(?:^|[^\w-])-|--")
#: A slash before a letter: an address or a path ("github.com/owner/name") may end a line there.
SLASH = re.compile(r"/(?=\w)")
#: A word no line may end inside: one that starts with a hyphen (a command's flag, "-n"), a
#: sign before a bracket ("−(cards × 100)"), or a Georgian ending hyphened to a number, a
#: name or a sign ("1-კარტიანი", "Bob-ის", "≠-ით").
WHOLE = re.compile(r"^-|[−+±]\(|[^\s\u10a0-\u10ff]-[\u10a0-\u10ff]")


def _whole(word: str) -> Markup:
    return Markup('<span class="nowrap">%s</span>') % word


def unbroken_code(code: str) -> Markup:
    """Return inline code whose words never break inside ("--ruleset" whole), but which may
    end a line after a slash or a comma (a long path, a JSON list)."""
    pieces = []
    for word in re.split(r"(\s+)", code):
        if not word.strip():
            pieces.append(escape(word))
            continue
        parts = (
            _whole(part) if SIGN.search(part) else escape(part) for part in CODE_BREAK.split(word)
        )
        pieces.append(Markup("<wbr>").join(parts))
    return Markup("<code>%s</code>") % Markup("").join(pieces)


def unbroken_text(text: str) -> Markup:
    """Return prose whose signed and suffixed words stay whole, and whose addresses may end a
    line after a slash."""
    pieces = []
    for word in re.split(r"(\s+)", text):
        if WHOLE.search(word):
            pieces.append(_whole(word))
        else:
            pieces.append(Markup(SLASH.sub("/<wbr>", str(escape(word)))))
    return Markup("").join(pieces)
