"""Run the tests against the lowest versions pyproject.toml allows (`make lowest`).

The constraints file pins every runtime dependency to its lower bound; the test tools
stay at their newest. Everything happens in a scratch venv in a temporary folder, so
the project's .venv is left alone. The browser and install tests are left out: they
check the pages and the wheel, not the libraries' versions.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOWER_BOUND = re.compile(r"^(?P<name>[A-Za-z0-9._-]+)\s*>=\s*(?P<version>[^,;\s]+)")


def lowest_pins() -> list[str]:
    """Return `name==version` for each runtime dependency, at its lower bound."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = []
    for requirement in project["dependencies"]:
        found = LOWER_BOUND.match(requirement)
        if not found:
            raise SystemExit(f"lowest: {requirement!r} has no lower bound")
        pins.append(f"{found['name']}=={found['version']}")
    return pins


def main() -> int:
    """Install the lowest versions into a scratch venv and run the tests there."""
    with tempfile.TemporaryDirectory() as scratch:
        constraints = Path(scratch) / "lowest.txt"
        constraints.write_text("\n".join(lowest_pins()) + "\n")
        print(constraints.read_text(), end="", flush=True)
        python = Path(scratch) / "venv" / "bin" / "python"
        subprocess.run([sys.executable, "-m", "venv", Path(scratch) / "venv"], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "-c", constraints,
                        "-e", f"{ROOT}[test]"], check=True)  # fmt: skip
        done = subprocess.run([python, "-m", "pytest", "-n", "2", "-p", "no:randomly",
                               "--ignore=tests/browser", "--ignore=tests/test_install.py"],
                              cwd=ROOT)  # fmt: skip
        return done.returncode


if __name__ == "__main__":
    sys.exit(main())
