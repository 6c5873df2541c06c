"""Found by name: the server's mDNS record is registered, resolves, gives way to a name already
taken, and is withdrawn on shutdown, all on the loopback interface alone.

zeroconf is confined to loopback by choosing its interface by address
(`Zeroconf(interfaces=["127.0.0.1"])`): its sending sockets are bound to a loopback
address with IP_MULTICAST_IF set to it (verified below on every datagram sent), and its
receiving socket joins the mDNS group on loopback only. Every datagram any socket of
this process sends during these tests is recorded; each must go to a loopback address,
or to the mDNS group from a socket bound to, and sending through, loopback.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time

import pytest
from zeroconf import IPVersion, ServiceBrowser, ServiceStateChange, Zeroconf

from scorekeeper.server.mdns import SERVICE_TYPE, Announcer

LOOPBACK = "127.0.0.1"
#: Another "machine" on the loopback network: 127.0.0.0/8 is all loopback.
NEIGHBOUR = "127.0.0.2"


@pytest.fixture
def sent(monkeypatch) -> list[tuple[str, str, str]]:
    """Record every datagram this process sends: (bound to, multicast through, sent to)."""
    record: list[tuple[str, str, str]] = []
    original = socket.socket.sendto

    def sendto(self, data, *rest):
        to = rest[-1]
        through = ""
        if self.family == socket.AF_INET:
            packed = self.getsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, 4)
            through = socket.inet_ntoa(packed)
        record.append((self.getsockname()[0], through, to[0]))
        return original(self, data, *rest)

    monkeypatch.setattr(socket.socket, "sendto", sendto)
    yield record
    for bound, through, to in record:
        destination = ipaddress.ip_address(to)
        if destination.is_multicast:
            assert ipaddress.ip_address(bound).is_loopback, (bound, through, to)
            assert ipaddress.ip_address(through).is_loopback, (bound, through, to)
        else:
            assert destination.is_loopback, (bound, through, to)


class Watcher:
    """A phone browsing for web servers on the loopback network."""

    def __init__(self) -> None:
        self.zeroconf = Zeroconf(interfaces=[LOOPBACK], ip_version=IPVersion.V4Only)
        self.changes: list[tuple[str, ServiceStateChange]] = []
        self.changed = threading.Condition()
        self.browser = ServiceBrowser(self.zeroconf, SERVICE_TYPE, handlers=[self.on_change])

    def on_change(self, zeroconf, service_type, name, state_change) -> None:
        with self.changed:
            self.changes.append((name, state_change))
            self.changed.notify_all()

    def wait_for(self, name: str, change: ServiceStateChange, timeout: float = 10) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: (name, change) in self.changes, timeout)

    def close(self) -> None:
        self.browser.cancel()
        self.zeroconf.close()


@pytest.fixture
def watcher(sent):
    phone = Watcher()
    yield phone
    phone.close()


def test_the_name_is_registered_resolves_and_is_withdrawn_on_shutdown(watcher, sent):
    announcer = Announcer("scorekeeper", 5161, LOOPBACK)
    try:
        assert announcer.start() == "scorekeeper.local"
        service = f"scorekeeper.{SERVICE_TYPE}"
        assert watcher.wait_for(service, ServiceStateChange.Added)
        info = watcher.zeroconf.get_service_info(SERVICE_TYPE, service, timeout=3000)
        assert info is not None
        assert (info.server, info.port, info.parsed_addresses()) == (
            "scorekeeper.local.", 5161, [LOOPBACK],
        )  # fmt: skip
        assert info.properties == {b"path": b"/"}
    finally:
        announcer.stop()
    assert watcher.wait_for(service, ServiceStateChange.Removed)
    assert announcer.name is None
    assert any(ipaddress.ip_address(to).is_multicast for _, _, to in sent)  # checked above


def test_a_name_another_machine_answers_for_is_given_up_as_mdns_does(watcher):
    first = Announcer("scorekeeper", 5161, NEIGHBOUR)
    second = Announcer("scorekeeper", 5162, LOOPBACK)
    try:
        assert first.start() == "scorekeeper.local"
        time.sleep(1.2)  # past mDNS's one second between two answers of the same record
        assert second.start() == "scorekeeper-2.local"
        service = f"scorekeeper-2.{SERVICE_TYPE}"
        assert watcher.wait_for(service, ServiceStateChange.Added)
        info = watcher.zeroconf.get_service_info(SERVICE_TYPE, service, timeout=3000)
        assert info is not None and (info.server, info.port) == ("scorekeeper-2.local.", 5162)
    finally:
        second.stop()
        first.stop()


def test_a_network_that_refuses_is_said_in_one_line_and_nothing_stops(sent, caplog):
    announcer = Announcer("scorekeeper", 5161, "192.0.2.99")  # an address this machine lacks
    assert announcer.start() is None
    said = [r.getMessage() for r in caplog.records if r.name == "scorekeeper.mdns"]
    assert len(said) == 1 and said[0].startswith("Phones cannot find this server by name"), said
    announcer.stop()
    assert sent == []  # it could not bind there, so nothing was sent anywhere
