"""The benchmarks: their pure helpers on inputs small enough to check by hand, and a quick
run of the real script against a real server (no timing is asserted)."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace

import pytest

from scorekeeper.rules import read_game, score_game
from scorekeeper.rules.entry import buttons_of
from scripts.benchmarks import figures, forms, pages
from tests.conftest import REPO, example

SCRIPT = REPO / "scripts" / "bench.py"
#: The helpers by the module they live in, under one name as the tests read them.
bench = SimpleNamespace(
    **{name: getattr(figures, name) for name in (
        "Budget", "Figure", "END", "START", "format_table", "format_value", "percentile",
        "replace_section")},
    **{name: getattr(pages, name) for name in (
        "AssetParser", "css_urls", "manifest_icons", "page_assets", "precached")},
    tap_form=forms.tap_form,
)  # fmt: skip


@pytest.mark.parametrize(
    ("values", "q", "expected"),
    [
        ([5.0], 50, 5.0),
        ([1.0, 2.0, 3.0], 50, 2.0),
        ([3.0, 1.0, 2.0, 4.0], 50, 2.5),
        ([1.0, 2.0, 3.0, 4.0, 5.0], 0, 1.0),
        ([1.0, 2.0, 3.0, 4.0, 5.0], 100, 5.0),
        ([1.0, 2.0, 3.0, 4.0, 5.0], 95, 4.8),
        (list(range(1, 101)), 95, 95.05),
    ],
)
def test_percentile(values, q, expected) -> None:
    assert bench.percentile(values, q) == pytest.approx(expected)


@pytest.mark.parametrize(("values", "q"), [([], 50), ([1.0], 101), ([1.0], -1)])
def test_percentile_refuses_nonsense(values, q) -> None:
    with pytest.raises(ValueError):
        bench.percentile(values, q)


PAGE = """<!doctype html><html><head>
<link rel="stylesheet" href="/static/app.css">
<link rel="icon" href="/static/icon.svg">
<link rel="canonical" href="https://example.org/elsewhere">
<script src="/static/table.js" defer></script>
<script>inline()</script>
</head><body>
<a href="https://example.org/a-link-is-not-loaded">link</a>
<img src="qr.svg" alt="">
<img src="data:image/png;base64,AAAA" alt="">
<img src="https://cdn.example.com/logo.png" alt="">
<script src="//cdn.example.com/lib.js"></script>
<link rel="stylesheet" href="/static/app.css">
</body></html>"""


def test_page_assets_are_resolved_and_split_by_origin() -> None:
    same, elsewhere = bench.page_assets(PAGE, "http://127.0.0.1:5000/games/abc")
    assert same == [
        "http://127.0.0.1:5000/static/app.css",
        "http://127.0.0.1:5000/static/icon.svg",
        "http://127.0.0.1:5000/static/table.js",
        "http://127.0.0.1:5000/games/qr.svg",
    ]
    assert elsewhere == ["https://cdn.example.com/logo.png", "http://cdn.example.com/lib.js"]


def test_a_page_loading_nothing_from_elsewhere() -> None:
    html = '<link rel="stylesheet" href="/static/app.css"><a href="https://pagat.com">rules</a>'
    assert bench.page_assets(html, "http://127.0.0.1:8000/") == (
        ["http://127.0.0.1:8000/static/app.css"],
        [],
    )


def test_css_urls_skip_data_urls() -> None:
    css = """@import "print.css"; .a { background: url(data:image/svg+xml;utf8,<svg/>) }
    @font-face { src: url('/static/font.woff2') } .b { background: url( "x.png" ) }"""
    assert bench.css_urls(css) == ["print.css", "/static/font.woff2", "x.png"]


def test_a_service_workers_kept_files_are_found() -> None:
    script = """var CACHE = "v1";
    var SHELL = [
      "/offline",
      '/static/app.css', "/static/icons/icon.svg"
    ];
    fetch("/api/games");"""
    assert bench.precached(script) == ["/offline", "/static/app.css", "/static/icons/icon.svg"]


def test_a_manifests_icons_are_found() -> None:
    manifest = '{"name": "S", "icons": [{"src": "/i/192.png"}, {"sizes": "any"}, "x"]}'
    assert bench.manifest_icons(manifest) == ["/i/192.png"]
    assert bench.manifest_icons("not json") == []


def test_the_buttons_tapped_for_a_deal_are_the_pages_step_values() -> None:
    # Deal 1 of the pagat example: Cy deals, so Dee bids first. Diamonds; Dee 4, Bob 0, Ann 0,
    # Cy pass; Dee and Ann took 7. A 0 and a pass are both the page's "pass" button.
    result = score_game(read_game(example("back-alley-pagat")))
    first = result.deals[0]
    assert buttons_of(result.game, first.setup, first.record) == [
        "trump:diamonds", "bid:4", "bid:pass", "bid:pass", "bid:pass", "tricks:7"
    ]  # fmt: skip
    assert len(forms.form_steps(example("back-alley-pagat"))) == len(result.deals)


@pytest.mark.parametrize(
    ("value", "unit", "text"),
    [
        (12.345, "ms", "12.3 ms"),
        (1234.0, "ms", "1,234 ms"),
        (0.4123, "s", "0.412 s"),
        (5210.4, "/s", "5,210 /s"),
        (21.06, "KB", "21.1 KB"),
        (7.0, "taps", "7 taps"),
        (523.4, "µs", "523 µs"),
        (1234.5, "µs", "1,234 µs"),
    ],
)
def test_format_value(value, unit, text) -> None:
    assert bench.format_value(value, unit) == text


def test_format_table_gives_median_spread_budget_and_verdict() -> None:
    figures = [
        bench.Figure("Recording p95", "ms", [20.0, 35.0, 25.0], bench.Budget(30)),
        bench.Figure("Scoring", "/s", [4000.0, 6000.0], bench.Budget(5000, at_most=False)),
        bench.Figure("Page", "KB", [31.0], bench.Budget(30), note="too heavy"),
        bench.Figure("Forms", "ms", note="not measured: no forms yet"),
        bench.Figure("Bare python", "s", [0.02]),
    ]
    lines = bench.format_table(figures).splitlines()
    assert lines[0].startswith("| Figure | Median | Spread")
    assert lines[2] == "| Recording p95 | 25.0 ms | 20.0 ms – 35.0 ms | 3 | ≤ 30.0 ms | PASS |"
    assert lines[3] == "| Scoring | 5,000 /s | 4,000 /s – 6,000 /s | 2 | ≥ 5,000 /s | PASS |"
    assert lines[4] == "| Page | 31.0 KB | 31.0 KB – 31.0 KB | 1 | ≤ 30.0 KB | MISS (too heavy) |"
    assert lines[5] == "| Forms | – | – | – |  | not measured: no forms yet |"
    assert lines[6] == "| Bare python | 0.020 s | 0.020 s – 0.020 s | 1 |  |  |"


def test_a_figure_can_miss_whatever_its_median() -> None:
    figure = bench.Figure("Page", "KB", [10.0], bench.Budget(30), miss=True)
    assert figure.verdict == "MISS"


def test_the_tap_form_is_found_with_its_hidden_fields() -> None:
    html = """<form method="post" action="/import"><input type="hidden" name="x" value="1"></form>
    <form method="post" action="/games/g/tap" id="tap">
    <input type="hidden" name="nonce" value="n1"><input type="hidden" name="version" value="3">
    <button name="step" value="bid:pass">pass</button><button name="step" value="undo">Undo</button>
    </form>"""
    action, hidden, steps = bench.tap_form(html)
    assert action == "/games/g/tap"
    assert hidden == {"nonce": "n1", "version": "3"}
    assert steps == {"bid:pass", "undo"}


def test_the_results_section_is_replaced_between_the_markers() -> None:
    document = f"# Benchmarks\n\n{bench.START}\nold table\n{bench.END}\n\n## How to reproduce\n"
    updated = bench.replace_section(document, "new table")
    assert (
        updated == f"# Benchmarks\n\n{bench.START}\nnew table\n{bench.END}\n\n## How to reproduce\n"
    )
    assert (
        bench.replace_section("# Benchmarks\n", "t")
        == f"# Benchmarks\n\n{bench.START}\nt\n{bench.END}\n"
    )


def test_the_script_runs_quickly_against_a_real_server() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--no-write", "--only", "scoring",
         "--only", "server"],
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")][1:]
    names = [row.split(" | ")[0].removeprefix("| ") for row in rows]
    assert names[0].startswith("Scoring: complete 26-deal games per second")
    for wanted in ("Recording a deal via the API, 8 concurrent clients: p95",
                   "Recording via the table page's forms", "Live game page GET, 1 client: p50",
                   "Live game page with everything it loads"):  # fmt: skip
        assert any(name.startswith(wanted) for name in names), wanted
    assert "not measured" not in done.stdout


def test_a_lazy_image_in_a_closed_panel_is_not_counted_as_loaded() -> None:
    """Chromium does not fetch a lazy image that is not rendered, as in a closed <details>."""
    html = """<details><summary>Share</summary><img loading="lazy" src="/qr.svg" alt=""></details>
    <details open><img loading="lazy" src="/open.svg" alt=""></details>
    <img loading="lazy" src="/seen.svg" alt=""><img src="/eager.svg" alt="">"""
    parser = bench.AssetParser()
    parser.feed(html)
    assert parser.urls == ["/open.svg", "/seen.svg", "/eager.svg"]
    assert parser.on_opening == ["/qr.svg"]


def test_the_stranger_bench_family_stops_tapping_when_the_game_is_over() -> None:
    from scripts.benchmarks.stall import next_tap

    bidding = (
        '<button name="step" value="bid:pass">pass</button><button name="step" value="bid:2">2'
    )
    assert next_tap(bidding) == "bid:2"
    # Over: only undo and the last deal's note are left, and neither moves a deal on.
    over = '<button name="step" value="undo">Undo</button><button name="step" value="note">Save'
    assert next_tap(over) is None
