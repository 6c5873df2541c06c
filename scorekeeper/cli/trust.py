"""`scorekeeper trust`: this machine's certificate authority, which phones trust once.

It prints the authority's fingerprint and where its files are (making it if there is
none yet); `--reset` makes a new one, for an authority whose key may have been seen:
phones that trusted the old one must then trust the new one.
"""

from __future__ import annotations

import argparse
import datetime
import sys
from typing import Any

from .files import CommandError


def add_commands(commands: Any) -> None:
    """Add `trust` to the command line."""
    p = commands.add_parser(
        "trust", help="show (or make anew) the certificate authority phones trust once"
    )
    p.add_argument(
        "--reset",
        action="store_true",
        help="make a new authority; phones must trust the new one (their old trust stops working)",
    )
    p.set_defaults(run=run_trust)


def run_trust(args: argparse.Namespace) -> int:
    """Print the authority's fingerprint and files; make a new one with --reset."""
    from ..machine import certificates
    from ..machine.config import INSTANCE

    folder = certificates.folder_in(INSTANCE)
    names, addresses = certificates.machine_names()
    now = datetime.datetime.now(datetime.UTC)
    try:
        if args.reset:
            certificates.make_authority(folder, addresses=addresses, now=now)
            print(
                "made a new certificate authority: every phone must trust it again (/trust)",
                file=sys.stderr,
            )
        certificates.ensure(folder, names=names, addresses=addresses, now=now)
        print(folder.fingerprint())
    except (OSError, ValueError) as error:
        raise CommandError(f"the certificate authority cannot be used: {error}") from None
    print(f"authority: {folder.authority}", file=sys.stderr)
    print(f"its key (never share it): {folder.authority_key}", file=sys.stderr)
    return 0
