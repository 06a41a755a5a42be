"""Schemas of POST /v1/convert: one position in, every position format out."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from arbitru.engine.board import COLORS
from arbitru.engine.cube import OFFERS
from arbitru.http.position_sources import sources_openapi
from arbitru.http.schemas.core import (
    BoardField,
    CubeSchema,
    MatchSchema,
    PositionSchema,
    StrictInteger,
    dice_field,
)


class PositionConvertRequestSchema(PositionSchema):
    """Request of /v1/convert: exactly one of `board` (with `turn`), `gnubg_id`, `xgid` or `fibs`."""

    OPENAPI_EXTRA = sources_openapi(["board", "turn"])

    turn = fields.String(
        validate=validate.OneOf(list(COLORS)),
        metadata={"description": "the side on roll (needed with `board` or a Position ID alone)"},
    )
    dice = dice_field()
    fibs_colour = StrictInteger(
        validate=validate.OneOf([1, -1]),
        metadata={
            "description": "colour of white (the line's player) in the `fibs` answer: 1 = O, -1 = X",
            "default": 1,
        },
    )
    fibs_direction = StrictInteger(
        validate=validate.OneOf([1, -1]),
        metadata={
            "description": "direction of white in the `fibs` answer: -1 = from 24 to 1, 1 = from 1 to 24",
            "default": -1,
        },
    )


class PositionConvertResponseSchema(ma.Schema):
    """The position in every form."""

    board = BoardField(required=True)
    turn = fields.String(required=True, validate=validate.OneOf(list(COLORS)))
    dice = fields.List(
        fields.Integer(), required=True, allow_none=True, metadata={"description": "null before the roll"}
    )
    cube = fields.Nested(CubeSchema, required=True)
    match = fields.Nested(MatchSchema, required=True)
    gnubg_id = fields.String(required=True, metadata={"description": "POSITIONID:MATCHID"})
    position_id = fields.String(
        required=True, metadata={"description": "GNU Position ID (player on roll second)"}
    )
    match_id = fields.String(required=True, metadata={"description": "GNU Match ID"})
    xgid = fields.String(required=True)
    fibs = fields.String(required=True, metadata={"description": "FIBS board: line, white as the player"})
    jacoby = fields.Boolean(
        required=True, metadata={"description": "the Jacoby flag the source carries (money)"}
    )
    beavers = fields.Boolean(
        required=True, metadata={"description": "the beaver flag the source carries (money)"}
    )
    cube_offer = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(list(OFFERS)),
        metadata={"description": "a pending cube offer by `turn` (XGID D/B/R, the Match ID's doubled flag)"},
    )
    notes = fields.List(
        fields.String(), required=True, metadata={"description": "what a lenient decoder normalised"}
    )
