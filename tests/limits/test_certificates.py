"""This machine's certificate authority and the server's certificate: valid for phones, bounded
to home networks, kept private, made again when the machine's addresses change."""

from __future__ import annotations

import datetime
import ipaddress
import stat

import pytest
from cryptography import x509
from cryptography.x509.oid import ExtendedKeyUsageOID

from scorekeeper.machine import certificates
from scorekeeper.server.secure import SecureError, secure_setup

NOW = datetime.datetime(2026, 11, 26, 12, 0, tzinfo=datetime.UTC)
NAMES = ["localhost", "kitchen.local"]
#: A home address, and one outside every home range (a network of the machine's own).
ADDRESSES = ["127.0.0.1", "192.168.1.20", "203.0.113.7"]


@pytest.fixture
def made(tmp_path) -> certificates.Certificates:
    found = certificates.Certificates(tmp_path / "tls")
    assert certificates.ensure(found, names=NAMES, addresses=ADDRESSES, now=NOW)
    return found


def load(path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


def test_the_server_certificate_is_signed_by_the_authority_and_names_every_address(made) -> None:
    authority, server = load(made.authority), load(made.server)
    server.verify_directly_issued_by(authority)  # raises if the chain is broken
    named = server.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert named.get_values_for_type(x509.DNSName) == NAMES
    assert [str(a) for a in named.get_values_for_type(x509.IPAddress)] == ADDRESSES
    usage = server.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert list(usage) == [ExtendedKeyUsageOID.SERVER_AUTH]
    basic = server.extensions.get_extension_for_class(x509.BasicConstraints)
    assert basic.critical and basic.value.ca is False
    # Phones refuse a private authority's certificate longer than 825 days.
    life = server.not_valid_after_utc - server.not_valid_before_utc
    assert (
        datetime.timedelta(days=390)
        < life
        <= datetime.timedelta(days=398)
        < datetime.timedelta(days=825)
    )


def test_the_authority_can_vouch_only_for_home_names_and_addresses(made) -> None:
    authority = load(made.authority)
    basic = authority.extensions.get_extension_for_class(x509.BasicConstraints)
    assert basic.critical and basic.value.ca and basic.value.path_length == 0
    constraints = authority.extensions.get_extension_for_class(x509.NameConstraints)
    assert constraints.critical and constraints.value.excluded_subtrees is None
    permitted = constraints.value.permitted_subtrees
    names = {item.value for item in permitted if isinstance(item, x509.DNSName)}
    assert names == {"local", "home.arpa", "localhost"}
    networks = {item.value for item in permitted if isinstance(item, x509.IPAddress)}
    for home in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16",
                 "100.64.0.0/10", "fc00::/7"):  # fmt: skip
        assert ipaddress.ip_network(home) in networks
    # The machine's own network outside the home ranges, as it was when the authority was made.
    assert ipaddress.ip_network("203.0.113.0/24") in networks

    def allowed(address: str) -> bool:
        return any(ipaddress.ip_address(address) in network for network in networks
                   if network.version == ipaddress.ip_address(address).version)  # fmt: skip

    assert allowed("192.168.7.9") and not allowed("8.8.8.8") and not allowed("1.1.1.1")


def test_the_keys_are_readable_by_their_owner_only(made) -> None:
    for key in (made.authority_key, made.server_key):
        assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert stat.S_IMODE(made.authority.stat().st_mode) & 0o044  # the certificate is public


def test_the_certificate_is_made_again_for_a_new_address_or_near_its_end(made) -> None:
    authority, first = made.fingerprint(), load(made.server).serial_number
    assert not certificates.ensure(made, names=NAMES, addresses=ADDRESSES, now=NOW)
    assert load(made.server).serial_number == first  # nothing changed: nothing made
    moved = [*ADDRESSES[:2], "192.168.1.31"]  # the router gave the machine another address
    assert certificates.ensure(made, names=NAMES, addresses=moved, now=NOW)
    named = load(made.server).extensions.get_extension_for_class(x509.SubjectAlternativeName)
    assert "192.168.1.31" in {str(a) for a in named.value.get_values_for_type(x509.IPAddress)}
    later = NOW + datetime.timedelta(days=certificates.SERVER_DAYS - 10)
    second = load(made.server).serial_number
    assert certificates.ensure(made, names=NAMES, addresses=moved, now=later)
    assert load(made.server).serial_number != second
    assert made.fingerprint() == authority  # the authority phones trust stays the same


def test_a_new_authority_has_a_new_fingerprint_and_remakes_the_certificate(made) -> None:
    before = made.fingerprint()
    certificates.make_authority(made, addresses=ADDRESSES, now=NOW)
    assert not made.server.exists()  # signed by the old authority: gone
    assert certificates.ensure(made, names=NAMES, addresses=ADDRESSES, now=NOW)
    assert made.fingerprint() != before
    load(made.server).verify_directly_issued_by(load(made.authority))


def test_a_certificate_of_your_own_is_used_as_given(tmp_path, made) -> None:
    secure = secure_setup(5001, certfile=str(made.server), keyfile=str(made.server_key))
    assert (secure.port, secure.own_authority, secure.fingerprint) == (5001, False, "")
    with pytest.raises(SecureError, match="give both"):
        secure_setup(5001, certfile=str(made.server))
    with pytest.raises(SecureError, match="there is no file"):
        secure_setup(5001, certfile=str(tmp_path / "nope.pem"), keyfile=str(made.server_key))
