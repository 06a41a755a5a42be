"""The playground page at `/`: paste a position ID or XGID and dice (or start a preset's game), see the
board and its plays.

Plain HTML, CSS and a little JavaScript from static/playground/ (no build step, no CDN); the page
only calls the public API (/v1/start, /v1/board.svg, /v1/moves with `include` of IDs, /v1/turn), so it
doubles as an example client. Besides the list of plays, a turn is built on the picture one checker at
a time: the picture's points take clicks (board.svg's `targets`) and /v1/turn says where the chosen
checker can go, makes each hop, and says when the turn is a whole play; a rest that /v1/turn says is
forced (one board remains) is offered as one button that makes its hops. `GET /` is documented in
the spec (under the `playground` tag); its asset files are not.
The page is a Jinja template: its choices of rules preset and language are filled from the tables
that define them (the colours, `arbitru.engine.rules.PRESETS`, the languages of the message catalogue);
each preset says whether its variant has position IDs (`Variant.position_ids`), so the page
asks IDs only where they exist and follows a Long Nardy or Plakoto game by its JSON board.

Every word the page shows comes from the message catalogue (`page_words`: the `playground.*` texts,
the colours, the pip count and the presets' names). The page is served in the request's language
(`?lang=`, else Accept-Language) and carries the words of every language as a JSON data block, so
its script switches language in place and writes its own sentences (the caption, the errors it
finds itself) in the chosen one; the address's `#lang=` chooses too.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import flask
import jinja2
from flask import Response, send_from_directory

from arbitru.engine.board import BAR, COLORS, OFF, point_name
from arbitru.engine.rules import PRESETS
from arbitru.engine.variants import variant_of
from arbitru.http.blueprint import Blueprint
from arbitru.http.errors import ValidationProblem
from arbitru.http.i18n import request_language
from arbitru.messages import LANGUAGES, message, template
from arbitru.messages.catalogue import CATALOGUE

STATIC = Path(__file__).resolve().parent.parent / "static" / "playground"
ASSETS = frozenset({"app.js", "style.css"})
ASSET_MAX_AGE = 3600
Option = tuple[str, str, dict[str, str]]  # a choice's value, its text, its data attributes
WORD_PREFIX = "playground."
SHARED_WORDS = {
    "white": "white",
    "black": "black",
    "pips": "svg.title.pips",
    "on_bar": "point.bar",
    "borne_off": "point.off",
    "point_n": "point.n",
}
"""Words the page shares with the API's answers (the colours as a message names a player, the pip
count as the picture's title says it, the bar, off and a point as a message names them), by the
page's name for each."""
NOTATION = {str(point): point_name(point) for point in (BAR, OFF)}
"""The bar's and off's names in the play notation (the same in every language), for the hops the
page writes while a turn is built."""


blp = Blueprint(
    "playground",
    __name__,
    description="A page for people at `/`: paste a position ID or XGID and dice, see the board picture and "
    "every legal play, click a play to see it drawn and its result.",
)


@blp.route("/", methods=["GET"])
@blp.alt_response(422, response="UNPROCESSABLE_ENTITY")  # a `lang` it does not have
@blp.doc(
    parameters=[
        {
            "in": "query",
            "name": "lang",
            "required": False,
            "schema": {"type": "string", "enum": list(LANGUAGES)},
            "description": "the page's language (default: the one Accept-Language prefers)",
        }
    ],
    responses={
        "200": {
            "description": "The playground page",
            "content": {"text/html": {"schema": {"type": "string"}}},
        }
    },
)
def index() -> Response:
    """The playground page (HTML for people, built only on the public API), in the request's language."""
    response = Response(page(page_language()), mimetype="text/html")
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    response.make_conditional(flask.request)  # 304 when the client holds this page
    return response


def page_language() -> str:
    """The language the page is served in: `?lang=` when given (a 422 naming it unless it is one of
    the catalogue's), else the one Accept-Language prefers."""
    lang = request_language()  # marks the answer as localised (Content-Language, Vary)
    asked = flask.request.args.get("lang")
    if asked is None:
        return lang
    if asked not in LANGUAGES:
        raise ValidationProblem(
            {"query.lang": [message("Must be one of: {choices}.", choices=", ".join(LANGUAGES))]}
        )
    flask.g.arbitru_language = asked
    return asked


def page_words(lang: str) -> dict[str, str]:
    """Every word the page shows in `lang`, by the page's name for it (`data-text` in the page,
    `word(name)` in its script): the catalogue's `playground.*` texts, the shared words and each
    preset's name (`preset.<name>`)."""
    words = {
        key.removeprefix(WORD_PREFIX): template(key, lang) for key in CATALOGUE if key.startswith(WORD_PREFIX)
    }
    words.update({name: template(key, lang) for name, key in SHARED_WORDS.items()})
    words.update({f"preset.{name}": template(f"preset.{name}", lang) for name in PRESETS})
    return words


@cache
def page(lang: str) -> str:
    """The page rendered once per language: its words in `lang` (and every language's for the
    script), the side on roll (from the ID or a colour), each rules preset with its name and whether
    its variant has position IDs (`data-ids`), each language by its own name, `lang` chosen.
    Each option is (value, text, its data attributes: `text` names the word it shows)."""
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(STATIC), autoescape=True)
    words = page_words(lang)
    turns: list[Option] = [
        ("", words["from_id"], {"text": "from_id"}),
        *((color, words[color], {"text": str(color)}) for color in COLORS),
    ]
    presets: list[Option] = [
        (
            name,
            words[f"preset.{name}"],
            {"ids": str(variant_of(rules).position_ids).lower(), "text": f"preset.{name}"},
        )
        for name, rules in PRESETS.items()
    ]
    languages: list[Option] = [(code, template("language.name", code), {}) for code in LANGUAGES]
    choices = [("turn", "turn", turns), ("preset", "rules", presets), ("lang", "language", languages)]
    return environment.get_template("index.html").render(
        lang=lang,
        words=words,
        every_language={code: page_words(code) for code in LANGUAGES},
        notation=NOTATION,
        choices=choices,
    )


def asset(name: str) -> Response:
    """One of the page's own files (script, style sheet)."""
    if name not in ASSETS:
        flask.abort(404)
    return send_from_directory(STATIC, name, max_age=ASSET_MAX_AGE)


# the page's files are plumbing, not operations: flask's own add_url_rule keeps them out of the spec
flask.Blueprint.add_url_rule(blp, "/playground/<name>", "asset", asset, methods=["GET"])
