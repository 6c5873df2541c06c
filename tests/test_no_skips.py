"""No silent skips: a skipped test, or one parametrised over an empty list, fails the run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import REPO

#: A scratch suite that skips every way pytest allows, kept as data: it is copied into a
#: temporary folder and run there, never collected here.
SKIPPING = (REPO / "tests" / "data" / "skipping_suite.txt").read_text(encoding="utf-8")


def our_rules(pytester: pytest.Pytester) -> None:
    """Give the scratch suite this suite's conftest.py and pytest settings."""
    pytester.makeconftest(Path(REPO / "tests" / "conftest.py").read_text(encoding="utf-8"))
    pytester.makeini("[pytest]\nempty_parameter_set_mark = fail_at_collect\n")


def test_every_kind_of_skip_fails_the_run(pytester: pytest.Pytester) -> None:
    our_rules(pytester)
    pytester.makepyfile(SKIPPING)
    result = pytester.runpytest("-p", "no:randomly")
    result.assert_outcomes(passed=1, failed=1, errors=1, skipped=0)
    assert result.ret != 0


def test_a_parametrised_test_over_an_empty_list_fails_at_collection(pytester) -> None:
    our_rules(pytester)
    pytester.makepyfile(
        "import pytest\n@pytest.mark.parametrize('game', [])\ndef test_games(game):\n    pass\n"
    )
    result = pytester.runpytest("-p", "no:randomly")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*Empty parameter set*"])


def test_the_project_settings_make_an_empty_parameter_list_fail() -> None:
    import tomllib

    settings = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["pytest"]
    assert settings["ini_options"]["empty_parameter_set_mark"] == "fail_at_collect"
