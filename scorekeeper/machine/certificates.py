"""This machine's own certificate authority, and the certificate it gives the server.

Phones give a page their app's powers (a screen kept awake, working offline, installing
to the home screen) only over HTTPS. A home network has no public name to get a
certificate for, so the server makes a certificate authority of its own the first time
it starts, and signs its certificate with it; a phone trusts that authority once.

A phone that trusts an authority trusts it for every website, so this one is bounded:
its name constraints permit only names and addresses of home networks (`.local`,
`home.arpa`, `localhost`, the private, link-local and shared ranges, and the subnets of
this machine's addresses when it is made). Even with its key stolen it cannot vouch for
a bank. The keys are kept in the instance folder, readable by their owner only, and
are never served; the server's certificate is made again when the machine's addresses
change or it nears its end.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import ipaddress
import os
import socket
from dataclasses import dataclass
from pathlib import Path

#: The authority's life: long, as phones trust it by hand once.
AUTHORITY_DAYS = 10 * 365
#: The server certificate's life: within what iOS and Android accept from a private
#: authority (825 days), and the 398 days browsers hold public ones to.
SERVER_DAYS = 397
#: A server certificate with fewer days left than this is made again at start-up.
RENEW_DAYS = 30
#: Names a home network uses: mDNS names, the name home networks are given (RFC 8375), and
#: this very machine.
HOME_NAMES = ("local", "home.arpa", "localhost")
#: Address ranges of home networks: private (RFC 1918, RFC 4193), link-local, shared
#: (RFC 6598, where tailnets live) and loopback.
HOME_RANGES = (
    "10.0.0.0/8",
    "172.16.0.0/12",
    "192.168.0.0/16",
    "169.254.0.0/16",
    "100.64.0.0/10",
    "127.0.0.0/8",
    "fc00::/7",
    "fe80::/10",
    "::1/128",
)
#: The folder in the instance folder where the authority and the certificate are kept.
FOLDER = "tls"


@dataclass(frozen=True)
class Certificates:
    """Where this machine's authority and the server's certificate are kept."""

    folder: Path

    @property
    def authority(self) -> Path:
        return self.folder / "authority.pem"

    @property
    def authority_key(self) -> Path:
        return self.folder / "authority-key.pem"

    @property
    def server(self) -> Path:
        return self.folder / "server.pem"

    @property
    def server_key(self) -> Path:
        return self.folder / "server-key.pem"

    def exists(self) -> bool:
        """Say whether the authority has been made."""
        return self.authority.is_file() and self.authority_key.is_file()

    def authority_pem(self) -> bytes:
        """Return the authority's certificate, as phones install it (PEM)."""
        return self.authority.read_bytes()

    def authority_der(self) -> bytes:
        """Return the authority's certificate in DER, as Android and Windows like it."""
        from cryptography import x509
        from cryptography.hazmat.primitives.serialization import Encoding

        return x509.load_pem_x509_certificate(self.authority_pem()).public_bytes(Encoding.DER)

    def fingerprint(self) -> str:
        """Return the authority's SHA-256 fingerprint, as phones show it: "AB:CD:…"."""
        digest = hashlib.sha256(self.authority_der()).hexdigest().upper()
        return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))


#: Where the authority and the certificate are kept, when not in the instance folder.
FOLDER_SETTING = "SCOREKEEPER_TLS_FOLDER"


def folder_in(instance: Path) -> Certificates:
    """Return where the certificates of an instance folder are kept ($SCOREKEEPER_TLS_FOLDER
    puts them elsewhere)."""
    chosen = os.environ.get(FOLDER_SETTING, "").strip()
    return Certificates(Path(chosen) if chosen else instance / FOLDER)


def machine_names(extra: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """Return this machine's names and addresses a phone may use: (DNS names, IP addresses)."""
    from .addresses import lan_addresses

    host = socket.gethostname().strip(".").lower().split(".")[0]
    names = ["localhost"]
    if host and host != "localhost":
        names.append(f"{host}.local")
    addresses = ["127.0.0.1", "::1", *lan_addresses()]
    for item in extra:
        if _is_address(item):
            addresses.append(item)
        elif item:
            names.append(item.lower())
    return list(dict.fromkeys(names)), list(dict.fromkeys(addresses))


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def ensure(
    certificates: Certificates, *, names: list[str], addresses: list[str], now: datetime.datetime
) -> bool:
    """Make the authority if there is none, and the server's certificate if it is missing,
    near its end, or does not name every one of these names and addresses; say whether
    anything was made."""
    made = False
    if not certificates.exists():
        make_authority(certificates, addresses=addresses, now=now)
        made = True
    if made or needs_renewal(certificates, names=names, addresses=addresses, now=now):
        make_server(certificates, names=names, addresses=addresses, now=now)
        made = True
    return made


def make_authority(
    certificates: Certificates, *, addresses: list[str], now: datetime.datetime
) -> None:
    """Make a new certificate authority, bounded to home networks' names and addresses."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Scorekeeper at home"),
            x509.NameAttribute(
                NameOID.COMMON_NAME, f"Scorekeeper on {socket.gethostname()[:40] or 'this machine'}"
            ),
        ]
    )
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=AUTHORITY_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(_key_usage(authority=True), critical=True)
        .add_extension(
            x509.NameConstraints(permitted_subtrees=permitted(addresses), excluded_subtrees=None),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    certificates.folder.mkdir(parents=True, exist_ok=True)
    _write_key(certificates.authority_key, key)
    _write(certificates.authority, certificate)
    with contextlib.suppress(FileNotFoundError):
        certificates.server.unlink()  # signed by the old authority: made again


def permitted(addresses: list[str]) -> list[object]:
    """Return the authority's permitted subtrees: home names, home ranges, and the subnets
    of the addresses given (this machine's, when the authority is made)."""
    from cryptography import x509

    networks = [ipaddress.ip_network(text) for text in HOME_RANGES]
    for text in addresses:
        address = ipaddress.ip_address(text)
        if any(address in network for network in networks):
            continue
        prefix = 24 if address.version == 4 else 64
        networks.append(ipaddress.ip_network(f"{address}/{prefix}", strict=False))
    return [
        *(x509.DNSName(name) for name in HOME_NAMES),
        *(x509.IPAddress(network) for network in networks),
    ]


def make_server(
    certificates: Certificates, *, names: list[str], addresses: list[str], now: datetime.datetime
) -> None:
    """Make the server's certificate for these names and addresses, signed by the authority."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    authority = x509.load_pem_x509_certificate(certificates.authority.read_bytes())
    authority_key = serialization.load_pem_private_key(
        certificates.authority_key.read_bytes(), password=None
    )
    key = ec.generate_private_key(ec.SECP256R1())
    first = names[1] if len(names) > 1 else names[0]
    certificate = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, first)]))
        .issuer_name(authority.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=SERVER_DAYS))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(_key_usage(authority=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.SubjectAlternativeName(
                [
                    *(x509.DNSName(name) for name in names),
                    *(x509.IPAddress(ipaddress.ip_address(text)) for text in addresses),
                ]
            ),
            critical=False,
        )
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(authority.public_key()),  # type: ignore[arg-type]
            critical=False,
        )
        .sign(authority_key, hashes.SHA256())  # type: ignore[arg-type]
    )
    _write_key(certificates.server_key, key)
    _write(certificates.server, certificate)


def needs_renewal(
    certificates: Certificates, *, names: list[str], addresses: list[str], now: datetime.datetime
) -> bool:
    """Say whether the server's certificate is missing, nearly over, or misses a name."""
    from cryptography import x509

    if not certificates.server.is_file() or not certificates.server_key.is_file():
        return True
    try:
        certificate = x509.load_pem_x509_certificate(certificates.server.read_bytes())
        named = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (ValueError, x509.ExtensionNotFound):
        return True
    if certificate.not_valid_after_utc - now < datetime.timedelta(days=RENEW_DAYS):
        return True
    have_names = set(named.get_values_for_type(x509.DNSName))
    have_addresses = {str(address) for address in named.get_values_for_type(x509.IPAddress)}
    wanted_addresses = {str(ipaddress.ip_address(text)) for text in addresses}
    return not (set(names) <= have_names and wanted_addresses <= have_addresses)


def _key_usage(*, authority: bool) -> object:
    """Return what a key may do: sign certificates (the authority), or sign a TLS handshake."""
    from cryptography import x509

    return x509.KeyUsage(
        digital_signature=not authority,
        content_commitment=False,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=authority,
        crl_sign=authority,
        encipher_only=False,
        decipher_only=False,
    )


def _write_key(path: Path, key: object) -> None:
    """Write a private key readable by its owner only (created so: never world-readable)."""
    from cryptography.hazmat.primitives import serialization

    data = key.private_bytes(  # type: ignore[attr-defined]
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    os.replace(temporary, path)


def _write(path: Path, certificate: object) -> None:
    from cryptography.hazmat.primitives.serialization import Encoding

    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    temporary.write_bytes(certificate.public_bytes(Encoding.PEM))  # type: ignore[attr-defined]
    os.replace(temporary, path)
