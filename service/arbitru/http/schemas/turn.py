"""/v1/turn: a turn built one checker at a time (arbitru.engine.turn), its request and its answer."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from arbitru.http.schemas.core import (
    BoardField,
    BoundedList,
    ListingRequestSchema,
    MoveSchema,
    PlaySchema,
    ReasonSchema,
    StrictInteger,
    _doc,
    sources_openapi,
)
from arbitru.http.states import answer_state_field

MAX_HOPS = 16  # as many as /v1/play's `moves`: a fifth hop of a turn is a ruling, not a malformed body


class HopSchema(MoveSchema):
    """One checker moved by one die, in the mover's numbering (25 = bar, 0 = off): a `Move` with the
    die it uses. The answer's hops (`hops`, `next`, `completion`) always give `die` and `hit` and go
    back as the request's `hops` as they are; a request may leave both out."""

    die = StrictInteger(
        validate=validate.Range(1, 6),
        metadata=_doc(
            "the die it uses: always in an answer; in a request needed only when either die could "
            "make the hop and the choice matters (bearing off from the 3 point with 5-6), by default "
            "the higher die that still leads to a legal play"
        ),
    )


class TurnRequestSchema(ListingRequestSchema):
    """Request of /v1/turn: a position with its roll and the hops made so far, in order."""

    OPENAPI_EXTRA = sources_openapi(["board", "turn", "dice"])

    hops = BoundedList(
        fields.Nested(HopSchema),
        max_length=MAX_HOPS,
        metadata=_doc("the single-die hops made so far, in the order made (none: the turn's start)"),
    )


class ReachSchema(ma.Schema):
    """A point a checker can reach this turn, moving on alone from where it stands, on a legal play."""

    from_ = fields.Integer(data_key="from", required=True, validate=validate.Range(1, 25))
    to = fields.Integer(required=True, validate=validate.Range(0, 24))
    path = fields.List(
        fields.Integer(validate=validate.Range(0, 25)),
        required=True,
        metadata=_doc("the points it stops on, from where it stands to `to`"),
    )
    dice = fields.List(fields.Integer(validate=validate.Range(1, 6)), required=True)
    hits = fields.List(fields.Boolean(), required=True, metadata=_doc("whether each stop hits (pins)"))


class TurnResponseSchema(ma.Schema):
    """The turn after the hops made: what to draw, what may come next, and whether it is done."""

    legal = fields.Boolean(
        required=True,
        metadata=_doc("false when some hop begins no legal play: `reason` and `failed_hop` say which"),
    )
    reason = fields.Nested(ReasonSchema, metadata=_doc("present when `legal` is false, as /v1/play says it"))
    failed_hop = fields.Integer(metadata=_doc("present when `legal` is false: the index of the hop refused"))
    hops = fields.List(
        fields.Nested(HopSchema),
        required=True,
        metadata=_doc("the hops as understood (before the one refused), each with its die"),
    )
    board = BoardField(required=True, metadata=_doc("the board after `hops`"))
    dice_left = fields.List(fields.Integer(validate=validate.Range(1, 6)), required=True)
    next = fields.List(
        fields.Nested(HopSchema),
        required=True,
        metadata=_doc("every single hop that leads to at least one legal play (empty once complete)"),
    )
    reach = fields.List(
        fields.Nested(ReachSchema),
        required=True,
        metadata=_doc("for each point a checker may move from, every point it can reach this turn"),
    )
    complete = fields.Boolean(required=True, metadata=_doc("the hops are a whole legal play"))
    play = fields.Nested(
        PlaySchema,
        allow_none=True,
        required=True,
        metadata=_doc("once complete: the play as /v1/moves lists it, with what `include` asks"),
    )
    forced = fields.Boolean(required=True, metadata=_doc("exactly one resulting board can still be reached"))
    completion = fields.List(
        fields.Nested(HopSchema),
        allow_none=True,
        required=True,
        metadata=_doc("when `forced`: the hops that finish the turn (empty once complete)"),
    )
    state = answer_state_field(
        "once complete, when the request sent a `state`: the signed state after the play"
    )
