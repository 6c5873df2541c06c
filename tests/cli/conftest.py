"""The command's tests share the rules tests' helpers: game files written to a folder."""

from tests.rules.conftest import write_json  # noqa: F401  (a fixture, registered by import)
