"""The rules and `scorekeeper score` stay free of Flask, sqlite-utils and WeasyPrint."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .conftest import EXAMPLES, REPO

HEAVY = "{'flask', 'sqlite_utils', 'weasyprint'}"
CHECK = (
    "import sys\n"
    "heavy = sorted(m for m in sys.modules if m.split('.')[0] in " + HEAVY + ")\n"
    "assert not heavy, heavy\n"
)


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60
    )


@pytest.mark.parametrize("module", ["scorekeeper", "scorekeeper.rules", "scorekeeper.cli"])
def test_import_pulls_in_nothing_heavy(module: str) -> None:
    done = run_python(f"import {module}\n{CHECK}")
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["score", str(EXAMPLES / "joker.game.json")],
        [
            "score",
            str(EXAMPLES / "format-example.game.json"),
            "--ruleset",
            "back-alley-catsatcards",
        ],
        ["rulesets"],
        ["rulesets", "bluke"],
    ],
)
def test_command_pulls_in_nothing_heavy(argv: list[str]) -> None:
    code = (
        "import contextlib, io, sys\n"
        "from scorekeeper.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n    status = main({argv!r})\n"
        "assert status == 0, status\n" + CHECK
    )
    done = run_python(code)
    assert done.returncode == 0, done.stderr


def test_python_dash_m_score_pulls_in_nothing_heavy() -> None:
    # Run the module as `python -m scorekeeper.cli score FILE` and look at sys.modules at exit.
    code = (
        "import atexit, runpy, sys\n"
        "def check():\n"
        "    heavy = sorted(m for m in sys.modules if m.split('.')[0] in " + HEAVY + ")\n"
        "    if heavy:\n"
        "        sys.stderr.write('HEAVY ' + repr(heavy))\n"
        "        sys.stderr.flush()\n"
        "        import os; os._exit(3)\n"
        "atexit.register(check)\n"
        f"sys.argv = ['scorekeeper', 'score', {str(EXAMPLES / 'bluke.game.json')!r}]\n"
        "runpy.run_module('scorekeeper.cli', run_name='__main__')\n"
    )
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    assert "HEAVY" not in done.stderr
    assert done.stdout.startswith("{")


def test_rules_package_imports_only_the_standard_library() -> None:
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import scorekeeper.rules\n"
        "new = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "outside = sorted(m for m in new - {'scorekeeper'} "
        "if m not in sys.stdlib_module_names and not m.startswith('_'))\n"
        "assert not outside, outside\n"
    )
    done = run_python(code)
    assert done.returncode == 0, done.stderr
