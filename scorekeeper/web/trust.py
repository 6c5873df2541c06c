"""Trust this server once: the page, the authority's certificate in each form a device
wants, and the check a plain page makes to learn whether its phone trusts it yet."""

from __future__ import annotations

import plistlib
import uuid
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, render_template, request
from werkzeug.exceptions import SecurityError

from ..machine.certificates import Certificates
from ..presentation.trust import trust_page
from .sharing import external, qr_svg

bp = Blueprint("trust", __name__, url_prefix="/trust")
#: The name the authority's file is saved under on a phone.
FILE = "scorekeeper-authority"


def secure_origin() -> str:
    """Return the secure address of the server this request reached, or "" without one."""
    port = current_app.config.get("SECURE_PORT")
    if not port:
        return ""
    try:
        host = request.host
    except SecurityError:  # a name this server does not answer to: refused elsewhere
        return ""
    host = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return f"https://{host}:{port}"


def _authority() -> Certificates:
    folder = current_app.config.get("TLS_FOLDER")
    if not folder:
        abort(404)  # a certificate of the family's own: nothing of ours to install
    certificates = Certificates(Path(folder))
    if not certificates.exists():
        abort(404)
    return certificates


@bp.get("")
def page() -> str:
    folder = current_app.config.get("TLS_FOLDER")
    own = bool(folder) and Certificates(Path(folder)).exists()
    model = trust_page(
        secure_url=secure_origin(),
        own_authority=own,
        fingerprint=_authority().fingerprint() if own else "",
    )
    return render_template("trust.html", page=model)


@bp.get(f"/{FILE}.pem")
def pem() -> Response:
    """The authority's certificate as PEM (Mac, Linux)."""
    return _download(_authority().authority_pem(), "application/x-pem-file", f"{FILE}.pem")


@bp.get(f"/{FILE}.crt")
def der() -> Response:
    """The authority's certificate as DER (Android, Windows)."""
    return _download(_authority().authority_der(), "application/x-x509-ca-cert", f"{FILE}.crt")


@bp.get(f"/{FILE}.mobileconfig")
def profile() -> Response:
    """An iOS configuration profile holding the authority: one tap to install on an iPhone."""
    certificates = _authority()
    name = "Scorekeeper at home"
    inner = {
        "PayloadType": "com.apple.security.root",
        "PayloadVersion": 1,
        "PayloadIdentifier": "home.scorekeeper.authority",
        "PayloadUUID": str(uuid.uuid5(uuid.NAMESPACE_URL, certificates.fingerprint())),
        "PayloadDisplayName": name,
        "PayloadContent": certificates.authority_der(),
    }
    outer = {
        "PayloadType": "Configuration",
        "PayloadVersion": 1,
        "PayloadIdentifier": "home.scorekeeper",
        "PayloadUUID": str(uuid.uuid5(uuid.NAMESPACE_DNS, certificates.fingerprint())),
        "PayloadDisplayName": name,
        "PayloadDescription": "Lets this device open Scorekeeper's secure address at home.",
        "PayloadContent": [inner],
    }
    return _download(
        plistlib.dumps(outer), "application/x-apple-aspen-config", f"{FILE}.mobileconfig"
    )


def _download(data: bytes, mimetype: str, name: str) -> Response:
    response = Response(data, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/check")
def check() -> Response:
    """Answer nothing, over the secure address: a plain page asking this learns that its phone
    trusts the server (the request fails before it arrives otherwise)."""
    response = Response(status=204)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/qr.svg")
def qr() -> Response:
    """The /trust page's address as a QR code, for the next phone."""
    response = qr_svg(external("trust.page"), "QR code: trust this server")
    response.headers["Cache-Control"] = "no-cache"
    return response
