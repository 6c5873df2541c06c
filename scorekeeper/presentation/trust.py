"""The page that lets a phone trust this server once, as plain data: why, what to install,
the fingerprint to compare, and the steps on each kind of phone and computer."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.sentences import Sentence


@dataclass(frozen=True)
class Steps:
    """How one kind of device trusts the authority, step by step."""

    device: str
    download: str  #: which file to take: "pem", "der" or "profile"
    steps: list[str]


@dataclass(frozen=True)
class TrustPage:
    """The /trust page: the secure address, the fingerprint, and the steps."""

    secure_url: str  #: where the phone goes once it trusts ("" when there is no secure address)
    own_authority: bool  #: this machine made the certificate (else a certificate of yours)
    fingerprint: str  #: the authority's SHA-256, as the start-up banner printed it
    steps: list[Steps]


#: The steps, device by device (the file names are the links the page offers); each a
#: `Sentence`, said in the reader's language.
STEPS = [
    Steps(
        "Android",
        "der",
        [
            Sentence("Tap “Download for Android and Windows” above."),
            Sentence(
                "Open Settings → Security & privacy → More security settings → Encryption & "
                "credentials → Install a certificate → CA certificate."
            ),
            Sentence("Tap “Install anyway”, and choose the file you downloaded."),
        ],
    ),
    Steps(
        Sentence("iPhone and iPad"),
        "profile",
        [
            Sentence(
                "Open this page in Safari and tap “Download for iPhone and iPad” above; allow it."
            ),
            Sentence(
                "Open Settings → General → VPN & Device Management → Scorekeeper at home → Install."
            ),
            Sentence(
                "Open Settings → General → About → Certificate Trust Settings and turn on "
                "“Scorekeeper at home”."
            ),
        ],
    ),
    Steps(
        "Mac",
        "pem",
        [
            Sentence("Download the certificate (PEM) and open it: Keychain Access adds it."),
            Sentence("Double-click “Scorekeeper at home”, open Trust, and choose “Always Trust”."),
        ],
    ),
    Steps(
        "Windows",
        "der",
        [
            Sentence("Download the certificate and open it; choose “Install Certificate…”."),
            Sentence(
                "Choose “Current User”, then “Place all certificates in the following store”, "
                "and pick “Trusted Root Certification Authorities”."
            ),
        ],
    ),
    Steps(
        "Linux (Chrome, Chromium)",
        "pem",
        [
            Sentence("Download the certificate (PEM)."),
            Sentence(
                "Run: certutil -d sql:$HOME/.pki/nssdb -A -t C,, -n Scorekeeper "
                "-i scorekeeper-authority.pem (Debian's package libnss3-tools has certutil). "
                "Firefox: Settings → Privacy & Security → View Certificates → Authorities → Import."
            ),
        ],
    ),
]


def trust_page(*, secure_url: str, own_authority: bool, fingerprint: str) -> TrustPage:
    """Build the /trust page from what the server knows of its secure address."""
    return TrustPage(secure_url, own_authority, fingerprint, STEPS if own_authority else [])
