"""Pages for the host alone: only a browser on the machine running Scorekeeper opens them.

`/host/rules` lists the house rules that are not the family's (nobody played them, and no
phone that keeps score here keeps them) and removes them; `scorekeeper rules list` and
`scorekeeper rules remove` do the same on the command line.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import ngettext

from ..presentation.host_rules import host_rules_page
from ..rules.sentences import Sentence
from ..service.errors import NotAllowed
from ..service.rulebook import remove_strays
from ..storage import kept_rulesets
from .db import get_db
from .devices import on_this_machine
from .language import say
from .slow import slow

bp = Blueprint("host", __name__, url_prefix="/host")

HOST_ONLY = (
    "Only a browser on the machine running Scorekeeper can open this page: open "
    "http://localhost:5000/host/rules there (with its own port), or use `scorekeeper rules "
    "list` and `scorekeeper rules remove` on that machine."
)


@bp.route("/rules", methods=["GET", "POST"])
@slow
def rules() -> Any:
    """List the house rules nobody plays, and remove those the host picks (or all of them)."""
    if not on_this_machine():
        raise NotAllowed(HOST_ONLY)
    db = get_db()
    if request.method == "POST":
        if request.form.get("all") == "strays":
            slugs = [ruleset.slug for ruleset in kept_rulesets(db) if not ruleset.familys]
        else:
            slugs = request.form.getlist("slug")[:1000]
        removed, kept = remove_strays(db, slugs)
        count = len(removed)
        flash(
            ngettext(
                "Removed %(num)s house ruleset nobody plays.",
                "Removed %(num)s house rulesets nobody plays.",
                count,
            ),
            "status",
        )
        for slug, reason in list(kept.items())[:5]:
            flash(say(Sentence("Kept “{slug}”: {why}.", slug=slug[:60], why=reason)), "error")
        return redirect(url_for("host.rules"), code=303)
    return render_template("host/rules.html", page=host_rules_page(db))
