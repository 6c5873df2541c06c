"""No silent skips: a skipped or xfailed test, or one parametrised over an empty list, fails.

The guard is tests/conftest.py's `_refuse_a_skip`, run on every test's and every
collector's report; it is checked here on the reports pytest makes for each kind of skip,
so that no test in this suite has to skip to prove it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import REPO, _refuse_a_skip

WHERE = ("test_games.py", 3, "test_games")


def report_of(outcome: str, longrepr: object, when: str = "call", **extra: object):
    """Return a test's report as pytest makes it."""
    return pytest.TestReport(
        "test_games.py::test_games", WHERE, {}, outcome, longrepr, when, **extra
    )


@pytest.mark.parametrize(
    ("made", "reason"),
    [
        # A skip called inside the test: skipped in the call, with its reason.
        (lambda: report_of("skipped", ("test_games.py", 4, "Skipped: no reason")),
         "Skipped: no reason"),
        # A skip mark: skipped in the setup, before the test runs.
        (lambda: report_of("skipped", ("test_games.py", 6, "Skipped: by a mark"), "setup"),
         "Skipped: by a mark"),
        # An xfail mark on a test that failed as expected: skipped, marked wasxfail.
        (lambda: report_of("skipped", None, wasxfail="not yet"), "not yet"),
        # An xfail mark on a test that passed anyway: passed, marked wasxfail.
        (lambda: report_of("passed", None, wasxfail="not yet"), "not yet"),
        # A skip of the whole module: the file is skipped at collection.
        (lambda: pytest.CollectReport("test_games.py", "skipped",
                                      ("test_games.py", 1, "Skipped: a module"), []),
         "Skipped: a module"),
    ],
)  # fmt: skip
def test_every_kind_of_skip_becomes_a_failure(made, reason: str) -> None:
    report = made()
    _refuse_a_skip(report)
    assert report.failed and not report.skipped and not report.passed
    assert report.longrepr == f"skipped, and this suite allows no skips: {reason}"


def test_tests_that_ran_keep_their_outcome() -> None:
    passed, failed = report_of("passed", None), report_of("failed", "AssertionError")
    _refuse_a_skip(passed)
    _refuse_a_skip(failed)
    assert passed.passed and passed.longrepr is None
    assert failed.failed and failed.longrepr == "AssertionError"


def test_the_guard_sees_every_test_and_every_collector(request: pytest.FixtureRequest) -> None:
    hooks = request.config.pluginmanager.hook
    for hook in (hooks.pytest_runtest_makereport, hooks.pytest_make_collect_report):
        ours = [impl for impl in hook.get_hookimpls() if impl.plugin_name.endswith("conftest.py")
                and Path(impl.plugin.__file__) == REPO / "tests" / "conftest.py"]  # fmt: skip
        assert len(ours) == 1 and ours[0].wrapper


def our_rules(pytester: pytest.Pytester) -> None:
    """Give the scratch suite this suite's conftest.py and pytest settings."""
    pytester.makeconftest(Path(REPO / "tests" / "conftest.py").read_text(encoding="utf-8"))
    pytester.makeini("[pytest]\nempty_parameter_set_mark = fail_at_collect\n")


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
