"""A crafted multipart post with a part that has no name is refused plainly, never a 500."""

from __future__ import annotations

import pytest

from tests.conftest import csrf_token

BOUNDARY = "xyz"


def nameless_post(token: str) -> bytes:
    """Return a multipart body: the CSRF token, then a part with no name at all."""
    return (
        f"--{BOUNDARY}\r\n"
        'Content-Disposition: form-data; name="csrf_token"\r\n\r\n'
        f"{token}\r\n"
        f"--{BOUNDARY}\r\n"
        "Content-Disposition: form-data\r\n\r\n"
        "who am I\r\n"
        f"--{BOUNDARY}--\r\n"
    ).encode()


@pytest.mark.parametrize("path", ["/games/new", "/rules/new", "/import", "/rules/import"])
def test_a_part_without_a_name_is_dropped_not_crashed_on(client, path: str) -> None:
    answer = client.post(
        path,
        data=nameless_post(csrf_token(client)),
        content_type=f"multipart/form-data; boundary={BOUNDARY}",
    )
    assert answer.status_code < 500, answer.status_code
