"""The documents on a phone: no sideways scroll, wide tables scroll in place, axe-clean."""

from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser

#: Each table box: how wide it shows, and how wide its table is inside it.
TABLE_BOXES = """() => [...document.querySelectorAll('.doc-table')]
    .map(box => [box.clientWidth, box.scrollWidth])"""


@pytest.mark.parametrize(
    ("name", "language"),
    [("rules", "en"), ("game-format", "en"), ("rules", "ka"), ("game-format", "ka"),
     ("joker-variants", "ka")],
)  # fmt: skip
def test_a_document_fits_a_360_px_phone_and_passes_axe(phone, name, language) -> None:
    """In English and in Georgian, whose words are long and whose tables are wider."""
    from axe_playwright_python.sync_playwright import Axe

    phone.goto(f"/language/{language}?next=/docs/{name}")
    assert phone.evaluate("() => document.documentElement.lang") == language
    screenshot(phone, f"docs-{name}-{language}")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 360
    boxes = phone.evaluate(TABLE_BOXES)
    assert boxes and all(shown <= 360 for shown, _ in boxes)
    assert any(inside > shown for shown, inside in boxes)  # a wide table scrolls in its box
    results = Axe().run(phone)
    assert results.violations_count == 0, results.generate_report()
