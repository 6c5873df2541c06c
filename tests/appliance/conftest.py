"""The web tests' table, for the appliance tests that score a game first."""

from tests.web.conftest import table  # noqa: F401
