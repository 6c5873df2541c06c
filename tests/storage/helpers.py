"""What the tests do to a database that the app never does: make it look old."""

from __future__ import annotations

from scorekeeper.storage import Connection
from scorekeeper.storage.results import RESULT_TABLES


def forget_results(db: Connection) -> None:
    """Drop every stored result and sum, as in a database from before results were stored."""
    for table in RESULT_TABLES:
        db.execute(f"delete from {table}")
