"""The blank scoresheets page as plain data: the rules a sheet can be printed for."""

from __future__ import annotations

from dataclasses import dataclass

from ..storage import Connection, ruleset_choices
from .new_game import house_name


@dataclass(frozen=True)
class BlankSheetsPage:
    """Blank scoresheets: every ruleset a sheet can be printed for (the rest is its form)."""

    ruleset_choices: list[tuple[str, str]]  #: (slug, name) of each, house rules said so


def blank_sheets_page(db: Connection) -> BlankSheetsPage:
    """Build the page that prints blank scoresheets."""
    return BlankSheetsPage(
        ruleset_choices=[
            (choice.slug, house_name(choice.ruleset.name, house=choice.house))
            for choice in ruleset_choices(db)
        ]
    )
