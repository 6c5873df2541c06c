"""Found by name: the server announced on the home network by mDNS/DNS-SD (zeroconf).

Phones open http://scorekeeper.local:PORT/ instead of an address the router may change
tomorrow. The announcement is a DNS-SD `_http._tcp` service whose host is NAME.local,
on the LAN address only (one interface, IPv4). A name another machine already answers
for is not taken: as mDNS does (RFC 6762, section 9), the next one is tried, NAME-2,
NAME-3 …, for the host name and the service alike. Stopping sends mDNS's goodbye, so
phones forget the name at once rather than at the record's end of life.

Where the network refuses (no multicast, the port taken), one log line says so and the
server goes on: phones still have the address.
"""

from __future__ import annotations

import logging
import socket
from typing import Any

log = logging.getLogger("scorekeeper.mdns")

SERVICE_TYPE = "_http._tcp.local."
#: Names tried before giving up: NAME, NAME-2 … NAME-9.
TRIES = 9
#: How long an answer for a host name is waited for before the name is taken (ms).
PROBE_MS = 1000


class Announcer:
    """The server's name on the network: announced by `start`, moved, withdrawn by `stop`."""

    def __init__(self, name: str, port: int, address: str, *, probe_ms: int = PROBE_MS) -> None:
        self.wanted = name
        self.port = port
        self.address = address
        self.probe_ms = probe_ms
        self.zeroconf: Any = None
        self.info: Any = None

    @property
    def name(self) -> str | None:
        """Return the host name phones open ("scorekeeper.local"), or None before it is taken."""
        return self.info.server.rstrip(".") if self.info is not None else None

    def start(self) -> str | None:
        """Take a name no other machine answers for and announce it; return it (or None)."""
        from zeroconf import IPVersion, NonUniqueNameException, Zeroconf

        try:
            self.zeroconf = Zeroconf(interfaces=[self.address], ip_version=IPVersion.V4Only)
            for attempt in range(1, TRIES + 1):
                label = self.wanted if attempt == 1 else f"{self.wanted}-{attempt}"
                if self._answered(f"{label}.local."):
                    continue
                info = self._service(label)
                try:
                    self.zeroconf.register_service(info, allow_name_change=False)
                except NonUniqueNameException:
                    continue
                self.info = info
                return self.name
            log.warning(
                "Phones cannot find this server by name: %s to %s-%d are all taken on this "
                "network (start it with another --name). They can use its address.",
                self.wanted, self.wanted, TRIES,
            )  # fmt: skip
        except Exception as error:  # the network said no: the address still works
            log.warning(
                "Phones cannot find this server by name (%s: %s); they can use its address.",
                type(error).__name__, error,
            )  # fmt: skip
        self.stop()
        return None

    def _service(self, label: str) -> Any:
        from zeroconf import ServiceInfo

        return ServiceInfo(
            SERVICE_TYPE,
            f"{label}.{SERVICE_TYPE}",
            port=self.port,
            addresses=[socket.inet_aton(self.address)],
            server=f"{label}.local.",
            properties={"path": "/"},
        )

    def _answered(self, host: str) -> bool:
        """Say whether anyone on the network answers for this host name already.

        Another Scorekeeper on this very machine answers too: it keeps its name, and this
        one takes the next (their ports differ, so one name cannot stand for both).
        """
        from zeroconf import AddressResolverIPv4, DNSQuestionType

        return bool(
            AddressResolverIPv4(host).request(self.zeroconf, self.probe_ms, DNSQuestionType.QM)
        )

    def move(self, address: str) -> str | None:
        """Announce the same name on a new address (the router handed out another)."""
        self.stop()
        self.address = address
        return self.start()

    def stop(self) -> None:
        """Withdraw the name (mDNS goodbye) and close the sockets."""
        zeroconf, info = self.zeroconf, self.info
        self.zeroconf = self.info = None
        if zeroconf is None:
            return
        try:
            if info is not None:
                zeroconf.unregister_service(info)
        finally:
            zeroconf.close()
