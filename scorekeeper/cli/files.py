"""Files the command reads and writes, and `CommandError` for what goes wrong with them.

A `CommandError` is a problem of the command line or the machine (a missing file,
a bad path, an unwritable output, options that do not go together), never of the
rules: those stay a `ScoreError`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..rules import BUILTIN_DOCUMENTS, Ruleset, find_ruleset
from ..rules.variants import VARIANTS, ready_made_ruleset, variant_changes


class CommandError(Exception):
    """A file or usage problem, reported on one line of standard error with exit status 1."""


def read_input(path: str) -> str:
    """Read a file, or standard input for "-"."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CommandError(f"no such file: {path}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"cannot read {path}: {error}") from None


def write_output(path: str, content: bytes) -> None:
    """Write bytes to a file, or to standard output for "-"."""
    if path == "-":
        sys.stdout.buffer.write(content)
        sys.stdout.buffer.flush()
        return
    try:
        Path(path).write_bytes(content)
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}") from None


def known_slugs() -> list[str]:
    """Return every ruleset slug the command knows: the built-ins, then the ready-made variants."""
    return [*BUILTIN_DOCUMENTS, *VARIANTS]


def find_slug(slug: str) -> tuple[Ruleset, Any]:
    """Return a built-in or ready-made ruleset, and what a game file says for it.

    A built-in is named by its slug; a ready-made variant is written out as the house
    file it is (Joker and the rules it changes), so the scored game carries its rules.
    """
    if slug in BUILTIN_DOCUMENTS:
        return find_ruleset(slug), slug
    if slug in VARIANTS:
        return ready_made_ruleset(slug), variant_changes(slug)
    raise CommandError(
        f"there is no ruleset called {slug}; the rulesets are {', '.join(known_slugs())}"
    )


def load_ruleset_option(value: str) -> tuple[Ruleset, Any]:
    """Find a ruleset named on the command line: a built-in or ready-made slug, or a file."""
    if value in BUILTIN_DOCUMENTS or value in VARIANTS:
        return find_slug(value)
    path = Path(value)
    if not path.exists():
        builtins, ready_made = ", ".join(BUILTIN_DOCUMENTS), ", ".join(VARIANTS)
        raise CommandError(
            f"{value} is neither a built-in ruleset ({builtins}), nor a ready-made one "
            f"({ready_made}), nor a file"
        )
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CommandError(f"cannot read the ruleset file {value}: {error}") from None
    return Ruleset.from_document(document), document
