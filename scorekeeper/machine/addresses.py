"""This machine's addresses: the one the home network reaches it at, and links made for it.

A link made for a request to `localhost` (the scorer opened the app on the server
itself) would be useless on every other phone, so a loopback host is swapped for
the machine's LAN address. No Flask here: the pages and the command share these.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
from urllib.parse import urlsplit, urlunsplit

#: An address on no network (TEST-NET-1): connecting a UDP socket to it sends nothing,
#: but makes the system pick the interface, and so the address, it would route through.
_PROBE = ("192.0.2.1", 9)


#: The address phones should open, when the one found is not it (several networks, a
#: container): `scorekeeper serve --address`, or this setting.
ADDRESS_SETTING = "SCOREKEEPER_ADDRESS"


def lan_address() -> str | None:
    """Return this machine's address on the home network, or None when it has none."""
    chosen = os.environ.get(ADDRESS_SETTING, "").strip()
    if chosen:
        return chosen
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if is_loopback(address) or address == "0.0.0.0" else address


def lan_addresses() -> list[str]:
    """Return every address of this machine on its networks, the one phones use first."""
    found = []
    first = lan_address()
    if first:
        found.append(first)
    with contextlib.suppress(OSError):
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None):
            address = str(sockaddr[0]).split("%")[0]
            if not is_loopback(address) and address != "0.0.0.0":
                found.append(address)
    return list(dict.fromkeys(found))


def is_loopback(host: str) -> bool:
    """Say whether a host name or address only reaches this machine."""
    if host.lower() in ("localhost", "localhost.localdomain") or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def reachable(url: str, lan: str | None = None) -> str:
    """Return the link with a loopback host swapped for the LAN address (when there is one)."""
    parts = urlsplit(url)
    if not parts.hostname or not is_loopback(parts.hostname):
        return url
    address = lan if lan is not None else lan_address()
    if address is None:
        return url
    netloc = address if parts.port is None else f"{address}:{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))


def offered(url: str, name: str | None, lan: str | None = None) -> list[str]:
    """Return the link as phones should be offered it: by name first (when the server is
    announced by one), then by address; one link when there is one way to it.

    A link that names the machine (loopback, an IP address, the name itself) gets both; a
    link on any other name (a reverse proxy's) stays as it is.
    """
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    by_name = name.lower() if name else None
    if host == by_name:
        found = lan if lan is not None else lan_address()
        by_address = _with_host(url, found) if found else url
    else:
        by_address = reachable(url, lan)
    ours = is_loopback(host) or host == by_name or _is_address(host)
    links = [_with_host(url, by_name)] if by_name and ours else []
    return list(dict.fromkeys([*links, by_address]))


def _with_host(url: str, host: str) -> str:
    parts = urlsplit(url)
    host = f"[{host}]" if ":" in host else host
    netloc = host if parts.port is None else f"{host}:{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True
