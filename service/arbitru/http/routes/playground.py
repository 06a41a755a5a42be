"""The playground page at `/`: paste a position ID or XGID and dice, see the board and its plays.

Plain HTML, CSS and a little JavaScript from static/playground/ (no build step, no CDN); the page
only calls the public API (/v1/board.svg, /v1/moves with `include` of IDs), so it doubles as an
example client. `GET /` is documented in the spec (under the `playground` tag); its asset files are not.
"""

from __future__ import annotations

from pathlib import Path

import flask
from flask import Response, send_from_directory

from arbitru.http.blueprint import Blueprint

STATIC = Path(__file__).resolve().parent.parent / "static" / "playground"
ASSETS = frozenset({"app.js", "style.css"})
ASSET_MAX_AGE = 3600


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
    response = send_from_directory(STATIC, "index.html", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


def asset(name: str) -> Response:
    """One of the page's own files (script, style sheet)."""
    if name not in ASSETS:
        flask.abort(404)
    return send_from_directory(STATIC, name, max_age=ASSET_MAX_AGE)


# the page's files are plumbing, not operations: flask's own add_url_rule keeps them out of the spec
flask.Blueprint.add_url_rule(blp, "/playground/<name>", "asset", asset, methods=["GET"])
