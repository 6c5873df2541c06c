"""The project's documents (docs/*.md, and their translations in docs/<language>/) as pages
of the app.

Which documents there are and what each page shows is `presentation.docs`; here a
document's Markdown becomes HTML, for the page's `markdown` filter.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from flask import Blueprint, render_template, url_for
from markupsafe import Markup

from .. import DOCS
from ..machine import config
from ..presentation.docs import DOCUMENTS, document_page
from .language import language
from .wrapping import unbroken_code, unbroken_text

bp = Blueprint("docs", __name__, url_prefix="/docs")

#: A link from one document to another, as written in the Markdown (`rules.md#leader`).
DOCUMENT_LINK = re.compile(r"^(?P<file>[a-z-]+)\.md(?P<fragment>#.*)?$")


def anchor(title: str) -> str:
    """Return the id of a heading, as GitHub makes it ("What every ruleset shares" → ...)."""
    return re.sub(r"\s", "-", re.sub(r"[^\w\s-]", "", title.strip().lower()))


@functools.cache
def markdown() -> Any:
    """Return the Markdown renderer: CommonMark with tables, no raw HTML."""
    from markdown_it import MarkdownIt

    renderer = MarkdownIt("commonmark", {"html": False}).enable("table")

    def heading_ids(state: Any) -> None:
        for opening, inline in zip(state.tokens, state.tokens[1:], strict=False):
            if opening.type == "heading_open":
                opening.attrSet("id", anchor(inline.content))

    def document_links(state: Any) -> None:
        for token in state.tokens:
            for child in token.children or ():
                found = DOCUMENT_LINK.match(str(child.attrGet("href") or ""))
                if child.type == "link_open" and found and found["file"] in DOCUMENTS:
                    page = url_for("docs.document", name=found["file"])
                    child.attrSet("href", page + (found["fragment"] or ""))

    def table_open(_renderer: Any, tokens: Any, index: int, options: Any, env: Any) -> str:
        # A wide table scrolls inside its own box, never the page; the box can take
        # focus so it scrolls from the keyboard too.
        label = f"table {env.setdefault('tables', 0) + 1}"
        env["tables"] += 1
        return f'<div class="doc-table" tabindex="0" role="region" aria-label="{label}">\n<table>\n'

    def table_close(_renderer: Any, tokens: Any, index: int, options: Any, env: Any) -> str:
        return "</table>\n</div>\n"

    plain_fence = renderer.renderer.rules["fence"]

    def fence(_renderer: Any, tokens: Any, index: int, options: Any, env: Any) -> str:
        # A long line of code scrolls inside its block, which takes focus for the keyboard.
        html = plain_fence(tokens, index, options, env)
        return html.replace("<pre>", '<pre tabindex="0">', 1)

    def code_inline(_renderer: Any, tokens: Any, index: int, options: Any, env: Any) -> str:
        return str(unbroken_code(tokens[index].content))

    def text(_renderer: Any, tokens: Any, index: int, options: Any, env: Any) -> str:
        return str(unbroken_text(tokens[index].content))

    renderer.core.ruler.push("heading_ids", heading_ids)
    renderer.core.ruler.push("document_links", document_links)
    renderer.add_render_rule("table_open", table_open)
    renderer.add_render_rule("table_close", table_close)
    renderer.add_render_rule("fence", fence)
    renderer.add_render_rule("code_inline", code_inline)
    renderer.add_render_rule("text", text)
    return renderer


@functools.lru_cache(maxsize=len(DOCUMENTS) * len(config.LANGUAGES))
def as_html(text: str) -> Markup:
    """Return a document's Markdown as HTML (rendered once per process for each document)."""
    return Markup(markdown().render(text, {}))  # safe: the renderer lets no raw HTML through


@bp.get("/<name>")
def document(name: str) -> str:
    """Show one of the project's documents, in the reader's language when it is translated."""
    return render_template("docs.html", page=document_page(DOCS, name, language()))
