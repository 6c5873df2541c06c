"""`python -m scorekeeper.cli`: the `scorekeeper` command."""

import sys

from scorekeeper.cli import main

# Guarded: the sheet printer's processes import this module again, and must not run it.
if __name__ == "__main__":
    sys.exit(main())
