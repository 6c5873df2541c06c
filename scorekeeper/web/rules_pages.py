"""The rules pages: every ruleset in plain words, the house-rules editor, and settling disputes.

Each page is drawn from one call into `scorekeeper.presentation` (rules_pages.py,
rules_editor.py, compare.py, calculator.py); saving, sharing and deleting house rules
is `service.rulebook`'s. Here the request is read and the answer given.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from flask_wtf import FlaskForm

from ..house_rules.documents import changes_from
from ..house_rules.inputs import FormErrors
from ..presentation.calculator import DealAsked, calculator_page
from ..presentation.compare import NoSuchPart, compare_page
from ..presentation.rules_editor import (
    DEFAULT_START,
    RulesEditor,
    change_rules,
    new_rules,
    rules_editor,
)
from ..presentation.rules_pages import JoinRules, rules_import, rules_index, rules_page
from ..rules import BUILTIN_DOCUMENTS, Ruleset, ScoreError
from ..rules.sentences import Sentence
from ..screen.bidi import isolate
from ..service.errors import NotAllowed
from ..service.rulebook import (
    NOT_YOURS,
    NameTaken,
    TooManyRulesets,
    check_rules_link,
    delete_house_rules,
    join_house_rules,
    may_edit_rules,
    save_house_rules,
)
from ..storage import FoundRuleset, find_any_ruleset
from .db import get_db
from .devices import current_device, on_this_machine
from .errors import page_asked
from .language import language, say
from .quotas import quota
from .rules_forms import (
    SEATS,
    CalculatorForm,
    HouseRulesForm,
    ImportRulesForm,
    fill,
    form_texts,
    options,
    read,
    seat_fields,
)
from .slow import slow

bp = Blueprint("rules_pages", __name__)


def find(slug: str) -> FoundRuleset:
    """Return the built-in or house ruleset with this slug (NotFound answers 404)."""
    return find_any_ruleset(get_db(), slug)


def may_edit(found: FoundRuleset) -> bool:
    """Say whether this phone may change or delete a house ruleset (never a built-in)."""
    return found.house and may_edit_rules(
        get_db(), found.slug, current_device(), on_this_machine=on_this_machine()
    )


# The rules pages ------------------------------------------------------------------------------


@bp.get("/rules")
@slow
def index() -> str:
    shown = rules_index(get_db(), host=on_this_machine())
    return render_template("rules/index.html", page=shown)


@bp.get("/rules/<slug>")
def page(slug: str) -> str:
    shown = rules_page(get_db(), slug, current_device(), on_this_machine=on_this_machine())
    return render_template("rules/page.html", page=shown)


@bp.get("/rules/<slug>/export.json")
def export(slug: str) -> Response:
    found = find(slug)
    response = Response(
        json.dumps(found.saved, ensure_ascii=False, indent=2) + "\n", mimetype="application/json"
    )
    response.headers["Content-Disposition"] = f'attachment; filename="{slug}.rules.json"'
    return response


# The editor -----------------------------------------------------------------------------------


def _editor(form: HouseRulesForm, shown: RulesEditor, *, status: int) -> Any:
    fill(form, shown.values)
    return render_template("rules/editor.html", page=shown, form=form), status


def _save(form: HouseRulesForm, editing: FoundRuleset | None) -> Any:
    """Handle a posted editor: a shortcut re-shows the form; otherwise validate and save."""
    name = editing.ruleset.name if editing else ""
    shortcut = request.form.get("shortcut")
    if shortcut:
        shown = rules_editor(form_texts(form), FormErrors(), editing=name, shortcut=shortcut)
        return _editor(form, shown, status=200)
    document, errors = read(form)
    if document is None:
        return _editor(form, rules_editor(form_texts(form), errors, editing=name), status=422)
    base = form.base.data if form.base.data in BUILTIN_DOCUMENTS else None
    saved = changes_from(base, document)
    try:
        slug = save_house_rules(
            get_db(),
            saved,
            device=current_device(),
            slug=editing.slug if editing else None,
            on_this_machine=on_this_machine(),
        )
    except (NameTaken, TooManyRulesets) as refused:
        errors.add("name", refused.message)
        return _editor(form, rules_editor(form_texts(form), errors, editing=name), status=422)
    flash(gettext("Saved %(name)s.", name=document["name"]), "status")
    return redirect(url_for("rules_pages.page", slug=slug), code=303)


@bp.route("/rules/new", methods=["GET", "POST"])
@slow
@quota("rules")
def new() -> Any:
    form = HouseRulesForm()
    if request.method == "POST":
        return _save(form, None)
    start = request.args.get("from", DEFAULT_START)
    return _editor(form, new_rules(get_db(), start, language()), status=200)


@bp.route("/rules/<slug>/edit", methods=["GET", "POST"])
@slow
@quota("rules")
def edit(slug: str) -> Any:
    found = find(slug)
    if not found.house:
        return redirect(url_for("rules_pages.new", **{"from": slug}), code=303)
    if not may_edit(found):
        if request.method == "POST":
            raise NotAllowed(NOT_YOURS)
        flash(
            gettext("%(refused)s Here is a copy to make your own.", refused=say(NOT_YOURS)),
            "status",
        )
        return redirect(url_for("rules_pages.new", **{"from": slug}), code=303)
    form = HouseRulesForm()
    if request.method == "POST":
        return _save(form, found)
    return _editor(form, change_rules(found), status=200)


@bp.post("/rules/<slug>/delete")
def delete(slug: str) -> Response:
    found = find(slug)
    if not found.house:
        abort(405)
    delete_house_rules(get_db(), slug, device=current_device(), on_this_machine=on_this_machine())
    flash(
        gettext(
            "Deleted %(name)s. Games played under it keep their own copy of the rules.",
            name=isolate(found.ruleset.name),
        ),
        "status",
    )
    return redirect(url_for("rules_pages.index"), code=303)  # type: ignore[return-value]


@bp.route("/rules/<slug>/join/<edit_key>", methods=["GET", "POST"])
def join(slug: str, edit_key: str) -> Any:
    """Ask, then let this phone change the house rules too: the link their keepers share.

    Only the answer (a post) joins: a chat app's link preview changes nothing.
    """
    db = get_db()
    form = FlaskForm()
    if form.validate_on_submit():
        join_house_rules(db, slug, edit_key, current_device())
        return redirect(url_for("rules_pages.page", slug=slug), code=303)
    check_rules_link(db, slug, edit_key)
    page = JoinRules(slug=slug, name=find(slug).ruleset.name)
    return render_template("rules/join.html", page=page, form=form)


@bp.route("/rules/import", methods=["GET", "POST"])
@slow
@quota("imports")
def import_rules() -> Any:
    form = ImportRulesForm()
    problems = []
    if form.validate_on_submit():
        raw = form.file.data.read(256 * 1024 + 1)
        try:
            document = _ruleset_file(raw)
            ruleset = Ruleset.from_document(document)
        except ScoreError as error:
            problems.append(Sentence("This file cannot be imported: {why}.", why=error.said()))
        else:
            try:
                slug = save_house_rules(
                    get_db(), document, device=current_device(), on_this_machine=on_this_machine()
                )
            except (NameTaken, TooManyRulesets) as refused:
                problems.append(refused.message)
            else:
                flash(gettext("Imported %(name)s.", name=ruleset.name), "status")
                return redirect(url_for("rules_pages.page", slug=slug), code=303)
    status = 422 if form.is_submitted() else 200
    shown = rules_import([*form.file.errors, *problems])
    return render_template("rules/import.html", page=shown, form=form), status


def _ruleset_file(raw: bytes) -> Any:
    if len(raw) > 256 * 1024:
        raise ScoreError(Sentence("it is too big for a ruleset (256 KB at most)"))
    try:
        document = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ScoreError(Sentence("it is not a JSON file")) from None
    if isinstance(document, dict) and "deals" in document and "ruleset" in document:
        raise ScoreError(
            Sentence("it is a game file, not a ruleset; import games from the Import page instead")
        )
    return document


# Settle it ------------------------------------------------------------------------------------


@bp.get("/games/<game_id>/compare")
@slow
@quota("long reads")
def compare_game(game_id: str) -> Any:
    try:
        shown = compare_page(
            get_db(), game_id, request.args.get("ruleset", "")[:200], page_asked("part") or 1
        )
    except NoSuchPart:
        abort(404)
    return render_template("rules/compare.html", page=shown)


@bp.get("/rules/calculator")
@slow
@quota("long reads")
def calculator() -> Any:
    form = CalculatorForm(formdata=request.args or None)
    names = []
    for seat in range(SEATS):
        name = (seat_fields(form, seat)[0].data or "").strip()
        names.append(name or f"Player {seat + 1}")
    form.dealer.choices = options((str(seat), name) for seat, name in enumerate(names))
    asked = None
    readable = not request.args or form.validate()
    if request.args and readable:
        asked = _deal_asked(form)
    shown = calculator_page(get_db(), names, asked, unreadable=not readable)
    return render_template("rules/calculator.html", page=shown, form=form)


def _deal_asked(form: CalculatorForm) -> DealAsked:
    """Read the calculator's form, its choices already checked, into the deal asked."""
    seats = [seat_fields(form, seat) for seat in range(SEATS)]
    return DealAsked(
        cards=int(form.cards.data),
        dealer=int(form.dealer.data),
        bids=tuple(bid.data for _name, bid, _took, _rainbow in seats),
        tricks=tuple(int(took.data) for _name, _bid, took, _rainbow in seats),
        rainbows=tuple(seat for seat, (*_, rainbow) in enumerate(seats) if rainbow.data),
    )
