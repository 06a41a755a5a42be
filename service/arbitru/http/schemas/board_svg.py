"""Schemas of /v1/board.svg: the GET query (one position string) and the POST body (a position, the
side on roll, dice and a play to draw)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from arbitru.engine.board import COLORS
from arbitru.formats.limits import MAX_PLAY_CHARS
from arbitru.http.position_sources import EXAMPLES, SOURCES
from arbitru.http.schemas.core import (
    BoundedList,
    MoveSchema,
    PositionSchema,
    StrictBoolean,
    StrictSchema,
    dice_field,
)
from arbitru.messages import AllOf, message


def color_field(description: str) -> fields.String:
    """An optional `white` or `black`."""
    return fields.String(validate=validate.OneOf(list(COLORS)), metadata={"description": description})


def perspective_field() -> fields.String:
    """Whose numbering the picture shows (that side sits at the bottom)."""
    return color_field(
        "whose point numbers the picture shows; that side sits at the bottom with its home board on the "
        "right (default: the side on roll, else white)"
    )


class BoardSvgQuerySchema(StrictSchema):
    """Query of GET /v1/board.svg: exactly one position string, and options.

    Lengths are capped tighter than in JSON bodies so that a whole query, percent-encoded, stays
    within the server's request-line limit (gunicorn's `limit_request_line`, 8190 bytes).
    """

    gnubg_id = fields.String(
        validate=validate.Length(max=40),
        metadata={
            "description": "GNU Backgammon `POSITIONID:MATCHID`, or a Position ID alone with `turn`",
            "example": EXAMPLES["gnubg_id"],
        },
    )
    xgid = fields.String(
        validate=validate.Length(max=80),
        metadata={"description": f"eXtreme Gammon XGID, with or without `XGID=` (e.g. `{EXAMPLES['xgid']}`)"},
    )
    fibs = fields.String(
        validate=validate.Length(max=300),
        metadata={"description": "FIBS CLIP `board:` line (53 fields)"},
    )
    turn = color_field("the side on roll (needed with a Position ID alone)")
    perspective = perspective_field()

    @ma.validates_schema
    def _exactly_one_source(self, data: dict[str, Any], **kwargs: Any) -> None:
        given = [name for name in SOURCES if name in data]
        if len(given) != 1:
            choices = tuple(f"`{name}`" for name in SOURCES)
            raise ma.ValidationError(
                message("problem.one_of_got", choices=choices, given=AllOf(given))
                if given
                else message("problem.one_of", choices=choices),
                "gnubg_id" if not given else given[-1],
            )


class BoardSvgRequestSchema(PositionSchema):
    """Body of POST /v1/board.svg: a position, and optionally the side on roll, dice and a play."""

    turn = color_field("the side on roll: owns the dice and the highlighted play")
    dice = dice_field()
    perspective = perspective_field()
    play = fields.String(
        validate=validate.Length(max=MAX_PLAY_CHARS),
        metadata={
            "description": "a play to draw as arrows, in standard notation (`24/18 13/11`); needs `turn`"
        },
    )
    moves = BoundedList(
        fields.Nested(MoveSchema),
        max_length=16,
        metadata={
            "description": "a play to draw as arrows, as hops in the mover's numbering "
            "(25 = bar, 0 = off; alternative to `play`); needs `turn`"
        },
    )
    targets = StrictBoolean(
        metadata={
            "description": "mark each point, the bar and the bottom side's tray with a transparent area "
            "`data-point` (its number in the perspective's numbering: 25 the bar, 0 off), on top of the "
            "picture, so a page can take clicks on it (default: false)"
        },
    )

    @ma.validates_schema
    def _play_needs_turn(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "play" in data and "moves" in data:
            raise ma.ValidationError(message("problem.play_or_moves_at_most"), "play")
        for name in ("play", "moves"):
            if name in data and data.get("turn") is None:
                raise ma.ValidationError(message("problem.needs_turn", name=name), "turn")
