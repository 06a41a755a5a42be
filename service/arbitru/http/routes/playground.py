"""The playground page at `/`: paste a position ID or XGID and dice (or start a preset's game), see the
board and its plays.

Plain HTML, CSS and a little JavaScript from static/playground/ (no build step, no CDN); the page
only calls the public API (/v1/start, /v1/board.svg, /v1/moves with `include` of IDs), so it doubles
as an example client. `GET /` is documented in the spec (under the `playground` tag); its asset files are not.
The page is a Jinja template: its choices of rules preset and language are filled from the tables
that define them (the colours, `arbitru.engine.rules.PRESETS`, the languages of the message catalogue);
each preset says whether its variant has position IDs (`arbitru.formats.codec.ID_VARIANTS`), so the page
asks IDs only where they exist and follows a Long Nardy or Plakoto game by its JSON board.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import flask
import jinja2
from flask import Response, send_from_directory

from arbitru.engine.board import COLORS
from arbitru.engine.rules import PRESETS
from arbitru.formats.codec import ID_VARIANTS
from arbitru.http.blueprint import Blueprint
from arbitru.messages import LANGUAGES, template

STATIC = Path(__file__).resolve().parent.parent / "static" / "playground"
ASSETS = frozenset({"app.js", "style.css"})
ASSET_MAX_AGE = 3600
Option = tuple[str, str, dict[str, str]]  # a choice's value, its text, its data attributes


blp = Blueprint(
    "playground",
    __name__,
    description="A page for people at `/`: paste a position ID or XGID and dice, see the board picture and "
    "every legal play, click a play to see it drawn and its result.",
)


@blp.route("/", methods=["GET"])
@blp.doc(
    responses={
        "200": {
            "description": "The playground page",
            "content": {"text/html": {"schema": {"type": "string"}}},
        }
    }
)
def index() -> Response:
    """The playground page (HTML for people, built only on the public API)."""
    response = Response(page(), mimetype="text/html")
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    response.make_conditional(flask.request)  # 304 when the client holds this page
    return response


@cache
def page() -> str:
    """The page rendered once: the side on roll (from the ID or a colour), each rules preset with its
    label and whether its variant has position IDs (`data-ids`), each language by its own name.
    Each option is (value, text, its data attributes)."""
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(STATIC), autoescape=True)
    turns: list[Option] = [("", "from the ID", {}), *((color, color, {}) for color in COLORS)]
    presets: list[Option] = [
        (name, template(f"preset.{name}"), {"ids": str(rules.variant in ID_VARIANTS).lower()})
        for name, rules in PRESETS.items()
    ]
    languages: list[Option] = [(lang, template("language.name", lang), {}) for lang in LANGUAGES]
    choices = [
        ("turn", "turn", "On roll", turns),
        ("preset", "rules", "Rules", presets),
        ("lang", "language", "Language", languages),
    ]
    return environment.get_template("index.html").render(choices=choices)


def asset(name: str) -> Response:
    """One of the page's own files (script, style sheet)."""
    if name not in ASSETS:
        flask.abort(404)
    return send_from_directory(STATIC, name, max_age=ASSET_MAX_AGE)


# the page's files are plumbing, not operations: flask's own add_url_rule keeps them out of the spec
flask.Blueprint.add_url_rule(blp, "/playground/<name>", "asset", asset, methods=["GET"])
