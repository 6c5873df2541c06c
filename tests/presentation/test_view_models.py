"""One call, one page: every page is drawn from one plain view-model, its form, and a few words.

The view parses the request, makes one call into `scorekeeper.presentation` and renders
what comes back: a dataclass of strings, numbers and lists (no Markup, no rows, no Flask),
which could be sent to a phone as JSON just as well. Every page a user can reach is opened
here and what its template was given is checked.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from flask import template_rendered
from flask_wtf import FlaskForm
from markupsafe import Markup

from tests.web.conftest import make_games

#: What Flask and its extensions put in every template's context themselves.
FLASK_CONTEXT = {
    "g",
    "request",
    "session",
    "config",
    "get_flashed_messages",
    "csrf_token",
    "csrf_meta_tag",
}
#: Plain words a view may hand its template beside the model (a one-time token, a problem).
PLAIN = (str, int, bool, float, type(None))


def plain(value: Any, where: str) -> None:
    """Fail unless the value is strings, numbers, booleans, None, lists, tuples and dicts."""
    if isinstance(value, Markup):
        raise AssertionError(f"{where} is Markup: the template marks what is safe")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            plain(getattr(value, item.name), f"{where}.{item.name}")
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            plain(item, f"{where}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), f"{where} has a key that is not a string"
            plain(item, f"{where}[{key!r}]")
    else:
        assert isinstance(value, PLAIN), f"{where} is a {type(value).__name__}"


def check_context(template: str, context: dict[str, Any]) -> None:
    """Check what one page's template was given: one model as `page`, a form, plain words."""
    own = {name: value for name, value in context.items() if name not in FLASK_CONTEXT}
    model = own.pop("page", None)
    assert dataclasses.is_dataclass(model), f"{template}: no view-model given as `page`"
    plain(model, f"{template}: page")
    json.dumps(dataclasses.asdict(model), ensure_ascii=False)  # a phone could be sent it
    for name, value in own.items():
        if isinstance(value, FlaskForm):
            continue
        plain(value, f"{template}: {name}")
        assert not isinstance(value, (list, dict)), f"{template}: {name} belongs in the model"


#: Every page a user can reach; {finished}, {current} and {archived} name games made for it.
PAGES = [
    "/",
    "/?state=archived",
    "/games/{archived}",
    "/games/{archived}/delete",
    "/games/{current}/delete",
    "{join}",
    "/games/new",
    "/games/new/draw?ruleset=back-alley-pagat&player=Ann&player=Bob&player=Cy&player=Dee",
    "/games/{current}",
    "/games/{finished}",
    "/games/{current}/scoresheet",
    "/games/{finished}/scoresheet",
    "/games/{current}/deals/2/edit",
    "/games/{current}/live",
    "/games/{current}/live/board",
    "/games/{finished}/compare",
    "/games/{finished}/compare?ruleset=back-alley-catsatcards",
    "/import",
    "/sheets",
    "/rules",
    "/rules/back-alley-bridge",
    "/rules/new",
    "/rules/joker-strict",
    "/rules/new?from=joker-strict",
    "/docs/rules",
    "/docs/joker-variants",
    "/rules/import",
    "/host/rules",
    "/host",
    "/host/nights/{night}",
    "/nights/{night}",
    "/nights/{night}/board",
    "/nights/{night}/cards/{card}",
    "/nights/{night}/cards/{taken}",
    "/rules/calculator",
    "/rules/calculator?cards=5&dealer=3&name_0=Ann&name_1=Bob&name_2=Cy&name_3=Dee"
    "&bid_0=2&bid_1=1&bid_2=pass&bid_3=1&tricks_0=3&tricks_1=1&tricks_2=0&tricks_3=1",
    "/players",
    "/players/Ann",
    "/offline",
    "/trust",
    "/no-such-page",
]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_drawn_from_one_plain_view_model(app, client, path: str) -> None:
    address = path.format(**make_games(client))
    rendered: list[tuple[str, dict[str, Any]]] = []

    def record(sender, template, context, **extra) -> None:
        rendered.append((template.name, dict(context)))

    template_rendered.connect(record, app)
    try:
        client.get(address)
    finally:
        template_rendered.disconnect(record, app)
    assert len(rendered) == 1, f"{address}: one template, drawn once"
    check_context(*rendered[0])


def test_the_check_finds_markup_rows_and_loose_lists() -> None:
    @dataclasses.dataclass
    class Good:
        names: list[str]
        total: int

    check_context("good.html", {"page": Good(["Ann"], 3), "nonce": "x", "csrf_token": object()})
    with pytest.raises(AssertionError, match="Markup"):
        check_context("a.html", {"page": Good([Markup("<b>Ann</b>")], 3)})
    with pytest.raises(AssertionError, match="is a object"):
        check_context("b.html", {"page": Good([object()], 3)})  # type: ignore[list-item]
    with pytest.raises(AssertionError, match="belongs in the model"):
        check_context("c.html", {"page": Good([], 0), "choices": ["joker"]})
    with pytest.raises(AssertionError, match="no view-model"):
        check_context("d.html", {"stored": Good([], 0)})
