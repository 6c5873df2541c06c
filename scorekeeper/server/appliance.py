"""The home server as an appliance: what `scorekeeper serve` does beside serving.

It leaves a record of where it answers beside the database (`machine.running`), so
every link printed elsewhere names the port and name that really answer; it announces
itself by name (`mdns.py`); and once a minute, on one thread of its own, it keeps the
computer awake while a game is on (`awake.py`), takes the day's backup
(`storage.backups`) and follows the LAN address when the router hands out another.

None of it may stop a phone's tap: each kind of trouble is logged once, in one plain
sentence (what it means for the family, never an exception's text), and the thread goes
on. Under `scorekeeper serve` its rounds begin once the banner is printed, so nothing it
says lands between an address and its QR code.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass, replace
from datetime import timedelta

from ..machine import running
from ..machine.addresses import is_loopback, lan_address
from .awake import KeepAwake, latest_tap
from .mdns import Announcer

log = logging.getLogger("scorekeeper.appliance")

#: Seconds between two looks at the games, the day's backup and the address.
EVERY = 60.0
#: Seconds the banner waits for the name to be taken (probing takes about two).
NAME_WAIT = 8.0
EVERY_NETWORK = ("0.0.0.0", "::", "")
#: What each kind of trouble means, said once when it first happens.
TROUBLES = {
    "name": "This server could not announce its name on the network: phones open it by its "
    "address (the QR code by address) until it starts again.",
    "backup": "Today's backup could not be written into the backups folder beside the "
    "database (is the disk full, or the folder not writable?); the games themselves are "
    "safe, and it is tried again every minute.",
    "address": "This computer's address on the network could not be read: if the router "
    "gives it another, the links printed above stop working until it starts again.",
    "awake": "This computer could not be kept awake during a game: set it not to sleep while "
    "Scorekeeper runs, or a phone may find it asleep.",
}


@dataclass(frozen=True)
class Settings:
    """What the appliance does: the name, how long a game keeps the computer awake, backups."""

    #: The name to announce ("scorekeeper" → scorekeeper.local), or None not to announce.
    name: str | None = "scorekeeper"
    #: Announce on this address instead of the LAN address found ("127.0.0.1" in tests).
    announce_on: str = ""
    #: Minutes after a game's last tap that the computer stays awake; 0 never.
    awake_minutes: int = 30
    #: Daily backups kept beside the database; 0 takes none.
    backups: int = 7


class Appliance:
    """Found by name, awake while a game is on, backed up daily, with its record left."""

    def __init__(
        self,
        host: str,
        port: int,
        database: str,
        settings: Settings,
        *,
        every: float = EVERY,
        after_banner: bool = False,
    ) -> None:
        self.host, self.port, self.database = host, port, database
        self.settings = settings
        self.every = every
        self.record = running.RunningServer(
            pid=os.getpid(), port=port, host=host, address=self._address(), name=None,
            database=database,
        )  # fmt: skip
        self.awake = KeepAwake(latest_tap(database), idle=timedelta(minutes=settings.awake_minutes))
        self.announcer: Announcer | None = None
        self.named = threading.Event()
        #: The banner is printed (or there is none): the rounds, and what they log, may begin.
        self.printed = threading.Event()
        if not after_banner:
            self.printed.set()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._troubles: set[str] = set()

    def _address(self) -> str | None:
        """Return the address phones reach the server at, or None when they cannot."""
        if self.host in EVERY_NETWORK:
            return lan_address()
        return None if is_loopback(self.host) else self.host

    def start(self) -> None:
        """Leave the record and start the thread (it takes the name first)."""
        running.leave(self.record)
        self._thread = threading.Thread(target=self._run, name="appliance", daemon=True)
        self._thread.start()

    def banner_printed(self) -> None:
        """Let the rounds begin: the banner is out, so their lines come after it."""
        self.printed.set()

    def links(self) -> list[str]:
        """Return the server's home page as phones should open it: by name, then address."""
        base = f"{self.record.scheme}://"
        found = [f"{base}{self.record.name}:{self.port}/"] if self.record.name else []
        if self.record.address:
            found.append(f"{base}{self.record.address}:{self.port}/")
        return found

    def _run(self) -> None:
        try:
            self._announce()
        finally:
            self.named.set()
        self.printed.wait()
        while not self._stopping.is_set():
            self._once("awake", self.awake.step)
            self._once("backup", self._backup)
            self._once("address", self._follow_address)
            if self._stopping.wait(self.every):
                break
        self._once("awake", self.awake.release)
        if self.announcer is not None:
            self._once("name", self.announcer.stop)

    def _announce(self) -> None:
        where = self.settings.announce_on or self.record.address
        if not self.settings.name or not where:
            return
        self.announcer = Announcer(self.settings.name, self.port, where)
        name = self._once("name", self.announcer.start)
        if name:
            self._update(name=name)
            if self.printed.is_set():  # found after the banner, which could not say it
                log.info("Phones can find this server by name: http://%s:%d/", name, self.port)

    def _backup(self) -> None:
        from ..storage.backups import take_daily

        taken = take_daily(self.database, self.settings.backups)
        if taken is not None:
            log.info("Today's backup: %s", taken)

    def _follow_address(self) -> None:
        """Follow a new LAN address: the record, and the name's announcement."""
        address = self._address()
        if address is None or address == self.record.address:
            return
        log.info("This computer's address is now %s", address)
        self._update(address=address)
        if self.announcer is not None and not self.settings.announce_on:
            self._update(name=self.announcer.move(address))

    def _update(self, **changes: object) -> None:
        self.record = replace(self.record, **changes)  # type: ignore[arg-type]
        running.leave(self.record)

    def _once(self, kind: str, work):  # type: ignore[no-untyped-def]
        """Do the work; log its first failure of this kind in one line, and go on."""
        try:
            return work()
        except Exception as error:
            if kind not in self._troubles:
                self._troubles.add(kind)
                log.warning("%s Scorekeeper goes on serving.", TROUBLES[kind])
                log.debug("%s: %r", kind, error)  # the details, for whoever turns debug on
            return None

    def stop(self, timeout: float = 10.0) -> None:
        """Let the computer sleep, withdraw the name, take the record away."""
        self._stopping.set()
        self.printed.set()
        if self._thread is not None:
            self._thread.join(timeout)
        running.clear(self.database, os.getpid())
