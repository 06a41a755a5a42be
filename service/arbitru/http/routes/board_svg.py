"""GET/POST /v1/board.svg: a picture of a position (SVG), from a position ID or a JSON board.

The picture itself is drawn by arbitru.formats.svg; this module only reads the request, resolves
the position (the same validation and the same 422 problem+json as every other route) and sets
the caching headers. Bad input is always answered in problem+json, never as an SVG.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

import marshmallow as ma
from flask import Response, request
from flask.views import MethodView

from arbitru.engine import NotationError, parse_play
from arbitru.engine.board import Color
from arbitru.engine.cube import CENTERED
from arbitru.engine.variants import variant_of
from arbitru.formats.svg import render_board
from arbitru.http.blueprint import Blueprint, JsonBodyParser
from arbitru.http.errors import ValidationProblem, flatten_messages, said
from arbitru.http.i18n import request_language
from arbitru.http.position import ResolvedPosition, resolve_position
from arbitru.http.position_sources import SOURCES
from arbitru.http.schemas.board_svg import BoardSvgQuerySchema, BoardSvgRequestSchema
from arbitru.http.schemas.examples import OPENING_BOARD
from arbitru.messages import Message

SVG_CONTENT_TYPE = "image/svg+xml; charset=utf-8"
# The picture of an ID never changes for a given release: let browsers and proxies keep it a day.
GET_CACHE_CONTROL = "public, max-age=86400"


class _QueryParser(JsonBodyParser):
    """The house parser for query strings: unknown parameters are a 422 (a typo such as `perspectve`
    must not be silently ignored) and fields are named bare (`gnubg_id`, not `query.gnubg_id`)."""

    DEFAULT_UNKNOWN_BY_LOCATION = {
        **JsonBodyParser.DEFAULT_UNKNOWN_BY_LOCATION,
        "query": None,
        "querystring": None,
    }

    def handle_error(self, error: ma.ValidationError, req: Any, schema: ma.Schema, **kwargs: Any) -> NoReturn:
        """Drop the `query` location prefix, then answer like every other 422."""
        messages = error.messages
        if isinstance(messages, dict) and set(messages) == {"query"}:
            error = ma.ValidationError(messages["query"])
        super().handle_error(error, req, schema, **kwargs)


class _PicturesBlueprint(Blueprint):
    """The house Blueprint, reading query strings with `_QueryParser`."""

    ARGUMENTS_PARSER = _QueryParser()


blp = _PicturesBlueprint(
    "pictures",
    __name__,
    url_prefix="/v1",
    description="Board pictures: a clean, deterministic SVG of a position (phones, dark mode).",
)


POST_EXAMPLE = {
    "board": OPENING_BOARD,
    "turn": "white",
    "dice": [3, 1],
    "cube": {"value": 1, "owner": CENTERED},
    "play": "8/5 6/5",
}

SVG_RESPONSE_DOC = "The picture, `image/svg+xml` (deterministic: the same request gives the same bytes)"
SVG_CONTENT_DOC = {"image/svg+xml": {"schema": {"type": "string"}}}
GET_RESPONSES_DOC = {
    "200": {
        "description": SVG_RESPONSE_DOC,
        "content": SVG_CONTENT_DOC,
        "headers": {
            "Cache-Control": {"description": GET_CACHE_CONTROL, "schema": {"type": "string"}},
            "ETag": {"description": "strong validator of the picture", "schema": {"type": "string"}},
        },
    },
    "304": {"description": "Not modified (the `If-None-Match` ETag still matches)"},
}
POST_RESPONSES_DOC = {"200": {"description": SVG_RESPONSE_DOC, "content": SVG_CONTENT_DOC}}


def _position_from_query(query: Mapping[str, Any]) -> tuple[ResolvedPosition, dict[str, Any]]:
    """Resolve the query's position string exactly as a body carrying it would be resolved, so a
    malformed ID gets the same 422 problem+json as on every other route."""
    body = {name: query[name] for name in (*SOURCES, "turn") if query.get(name) is not None}
    try:
        payload = BoardSvgRequestSchema().load(body)
    except ma.ValidationError as exc:
        raise ValidationProblem(flatten_messages(exc.messages)) from None
    return resolve_position(payload), payload


def _svg_response(svg: str) -> Response:
    response = Response(svg, status=200, content_type=SVG_CONTENT_TYPE)
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@blp.route("/board.svg")
class BoardSvg(MethodView):
    """A picture of a position."""

    @blp.arguments(BoardSvgQuerySchema, location="query")
    @blp.doc(responses=GET_RESPONSES_DOC)
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def get(self, query: dict[str, Any]) -> Response:
        """Picture of a GNU Backgammon ID, an XGID or a FIBS board line (cacheable).

        The side on roll, dice and cube come from the string. Example:
        `/v1/board.svg?gnubg_id=4HPwATDgc/ABMA:cAkAAAAAAAAA`.
        """
        position, payload = _position_from_query(query)
        svg = _picture(position, payload, perspective=query.get("perspective"))
        response = _svg_response(svg)
        response.headers["Cache-Control"] = GET_CACHE_CONTROL
        response.add_etag()
        response.make_conditional(request)  # 304 when If-None-Match still matches (same object)
        return response

    @blp.json_body(BoardSvgRequestSchema, example=POST_EXAMPLE)
    @blp.doc(responses=POST_RESPONSES_DOC)
    def post(self, payload: Mapping[str, Any]) -> Response:
        """Picture of a JSON position, with optional dice, cube and a play drawn as arrows.

        With `targets`, each point, the bar and the tray are marked for a page's clicks (the
        playground builds a turn on them with /v1/turn).

        The play (`play` in notation or `moves` as hops) is drawn on the board before it is made;
        it is not judged: send it to /v1/play for a verdict.
        """
        position = resolve_position(payload)
        if "play" in payload:
            try:
                moves: tuple[tuple[int, int], ...] = tuple(parse_play(payload["play"]))
            except NotationError as exc:
                raise ValidationProblem({"play": [Message(exc.message_key, exc.params)]}) from None
        else:
            moves = tuple((hop["from_"], hop["to"]) for hop in payload.get("moves", ()))
        field = "moves" if "moves" in payload else "play"
        svg = _picture(
            position,
            payload,
            perspective=payload.get("perspective"),
            play=moves,
            field=field,
            targets=payload.get("targets", False),
        )
        response = _svg_response(svg)
        response.headers["Cache-Control"] = "no-store"
        return response


def _picture(
    position: ResolvedPosition,
    payload: Mapping[str, Any],
    *,
    perspective: Color | None,
    play: tuple[tuple[int, int], ...] = (),
    field: str = "body",
    targets: bool = False,
) -> str:
    """Draw a resolved position, the other side's checkers placed by its rules' geometry (long nardy:
    both sides move the same way). The cube is drawn when the request gave one (or its position string
    carried one); anything the picture cannot show is a 422 naming `field`, never a 500."""
    try:
        return render_board(
            position.board,
            perspective=perspective or position.turn,
            turn=position.turn,
            dice=position.dice,
            cube_value=position.cube["value"] if "cube" in payload else None,
            cube_owner=position.cube.get("owner", "centered"),
            play=play,
            lang=request_language(),
            variant=variant_of(position.rules),
            targets=targets,
        )
    except ValueError as exc:
        raise ValidationProblem({field: [said(exc)]}) from None
