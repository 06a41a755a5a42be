"""Schemas of the clock routes: POST /v1/clock (replay a tournament clock's log and rule on a flag)
and POST /v1/clock/lateness (UKBGF penalty points for a late player).

Every enum is read from `arbitru.engine.clock`; the event log is a bounded list (its length is
checked before any event) read in one pass (`EventLog`: a valid on its face event is not loaded through
a nested schema), every time and duration a finite number of seconds up to a day.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from arbitru.engine.board import COLORS
from arbitru.engine.clock import DELAY_KINDS, EVENTS, FLAG_POLICIES, MAX_SECONDS, PRESETS, RULINGS
from arbitru.engine.rules import MAX_MATCH_LENGTH
from arbitru.http.schemas.core import (
    BoardField,
    BoundedList,
    CubeSchema,
    GameOutcomeSchema,
    MatchBlockSchema,
    MatchSchema,
    RulesSchema,
    ScoreSchema,
    StrictBoolean,
    StrictInteger,
    StrictSchema,
    _doc,
)
from arbitru.messages import message

# The longest event log a request may carry: a long match presses a few hundred times.
MAX_EVENTS = 4000
# The latest a player may be reported late, in minutes (a day).
MAX_MINUTES_LATE = 1440


class FiniteNumber(fields.Float):
    """A finite JSON number from 0 to `maximum`: no strings, no booleans, no NaN."""

    def __init__(self, maximum: float = MAX_SECONDS, **kwargs: Any) -> None:
        super().__init__(validate=validate.Range(0, maximum), **kwargs)

    def _validated(self, value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
            raise self.make_error("invalid")
        return float(value)


def _seconds(description: str, **kwargs: Any) -> FiniteNumber:
    return FiniteNumber(metadata=_doc(description), **kwargs)


class ClockSettingsSchema(StrictSchema):
    """A preset and any explicit setting over it (seconds)."""

    preset = fields.String(
        allow_none=True,
        validate=validate.OneOf(list(PRESETS)),
        metadata=_doc("the rule set whose settings and flag policy apply (default usbgf_2013's numbers)"),
    )
    per_point = _seconds("reserve per point of match length")
    less_per_point_scored = _seconds(
        "reserve taken off per point scored by either player when the clocks start"
    )
    reserve = _seconds(
        "a fixed reserve for each player instead of the per-point reckoning (null: none)", allow_none=True
    )
    delay = _seconds("delay per turn, spent before the reserve")
    delay_kind = fields.String(
        validate=validate.OneOf(list(DELAY_KINDS)),
        metadata=_doc(
            "simple (the reserve runs after the delay) or bronstein (the press gives the delay back)"
        ),
    )
    overtime = _seconds("overtime after a first expiry; 0 for none (the USBGF option: 60 or 120)")
    flag = fields.String(
        validate=validate.OneOf(list(FLAG_POLICIES)),
        metadata=_doc(
            "what a final flag costs: match, match_unless_decided (BIBA), game_backgammon, game_worst_result"
        ),
    )
    team = StrictBoolean(metadata=_doc("team (doubles) match: US 2.2's 2.5 and 1.25 minutes and 18 s"))


# The events that name a side (`start`: whose clock starts; `press`: who presses); the others take none.
_SIDED = frozenset(("start", "press"))


class ClockEventSchema(StrictSchema):
    """One event of the clock's log."""

    event = fields.String(
        required=True,
        validate=validate.OneOf(list(EVENTS)),
        metadata=_doc("start (a side's clock starts), press (by `side`), pause (both stop), resume"),
    )
    at = _seconds("seconds from the first event; never less than the event before", required=True)
    side = fields.String(
        validate=validate.OneOf(list(COLORS)),
        metadata=_doc("start: whose clock starts; press: who presses"),
    )

    @ma.validates_schema
    def _side_with_start_and_press(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("event") in _SIDED and "side" not in data:
            raise ma.ValidationError(message("clock.side_needed"), "side")
        if data.get("event") not in _SIDED and "side" in data:
            raise ma.ValidationError(message("clock.side_not_taken"), "side")


_EVENT_KEYS = frozenset(ClockEventSchema._declared_fields)
_EVENT_KINDS = frozenset(EVENTS)
_SIDES = frozenset(COLORS)


def _event_at_once(item: Any) -> dict[str, Any] | None:
    """`item` as `ClockEventSchema` loads it when it is valid on its face (an object of known keys, an
    event of EVENTS, `at` a JSON number from 0 to MAX_SECONDS, `side` a colour exactly where the
    event takes one); None for anything else, which the schema itself then reads."""
    if type(item) is not dict or not item.keys() <= _EVENT_KEYS:
        return None
    kind: Any = item.get("event")
    at: Any = item.get("at")
    if type(kind) is not str or kind not in _EVENT_KINDS:
        return None
    if type(at) not in (int, float) or not 0 <= at <= MAX_SECONDS:  # NaN compares false
        return None
    if "side" not in item:
        return None if kind in _SIDED else {"event": kind, "at": float(at)}
    side: Any = item["side"]
    if kind not in _SIDED or type(side) is not str or side not in _SIDES:
        return None
    return {"event": kind, "at": float(at), "side": side}


class EventLog(BoundedList):
    """The event log: its length checked before any event (`BoundedList`), then one pass over the
    events. An event that is valid on its face (`_event_at_once`) is taken as the schema would load it,
    without a nested schema load each (which cost most of a long log's request); any other event
    is loaded by `ClockEventSchema`, so a problem names the same field, index and message. The
    OpenAPI document is that of a list of `ClockEventSchema` (the inner field)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(fields.Nested(ClockEventSchema), max_length=MAX_EVENTS, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if not isinstance(value, list):
            return super()._deserialize(value, attr, data, **kwargs)
        self.length(value)  # raises the Length message, events unseen
        loaded: list[Any] = []
        errors: dict[int, Any] = {}
        for index, item in enumerate(value):
            event = _event_at_once(item)
            if event is None:
                try:
                    event = self.inner.deserialize(item, **kwargs)
                except ma.ValidationError as error:
                    if error.valid_data is not None:
                        loaded.append(error.valid_data)
                    errors[index] = error.messages
                    continue
            loaded.append(event)
        if errors:
            raise ma.ValidationError(errors, valid_data=loaded)
        return loaded


class ClockRequestSchema(StrictSchema):
    """Request of /v1/clock: settings, the match, the event log, and optionally `now` and the
    position (cube and rules) at the end."""

    clock = fields.Nested(ClockSettingsSchema, required=True)
    match = fields.Nested(MatchSchema, required=True, metadata=_doc("the match now (length 1 or more)"))
    clocks_started_at = fields.Nested(
        ScoreSchema, metadata=_doc("the score when the clocks started (default: the match's score)")
    )
    events = EventLog(required=True, metadata=_doc(f"the log, first event `start` (at most {MAX_EVENTS})"))
    now = _seconds("read the clocks at this time (default: the last event's)")
    board = BoardField(metadata=_doc("the position at the end, for the policies that read it"))
    turn = fields.String(
        validate=validate.OneOf(list(COLORS)),
        metadata=_doc(
            "the side to roll next on `board`: the flagger, or its opponent when the flagger was "
            "answering a double (default: either; the ruling then holds for both)"
        ),
    )
    cube = fields.Nested(CubeSchema, metadata=_doc("default: centred cube at 1"))
    rules = fields.Nested(RulesSchema, metadata=_doc("default: standard rules"))


class ClockSideSchema(ma.Schema):
    """One side's time left, in seconds."""

    reserve = fields.Float(required=True)
    overtime = fields.Float(required=True, allow_none=True, metadata=_doc("null until overtime starts"))


class ClocksSchema(ma.Schema):
    """Both sides' time left."""

    white = fields.Nested(ClockSideSchema, required=True)
    black = fields.Nested(ClockSideSchema, required=True)


class FlagSchema(ma.Schema):
    """A reserve (or overtime) that ran out."""

    side = fields.String(required=True, validate=validate.OneOf(list(COLORS)))
    at = fields.Float(required=True)
    final = fields.Boolean(required=True, metadata=_doc("false: overtime started; true: no time is left"))


class RulingSchema(ma.Schema):
    """What the flag costs under the policy."""

    kind = fields.String(required=True, validate=validate.OneOf(list(RULINGS)))
    flagger = fields.String(required=True, validate=validate.OneOf(list(COLORS)))
    winner = fields.String(required=True, allow_none=True, validate=validate.OneOf(list(COLORS)))
    outcome = fields.Nested(GameOutcomeSchema, required=True, allow_none=True, metadata=_doc("a game lost"))
    match = fields.Nested(MatchBlockSchema, required=True, allow_none=True)
    message = fields.String(required=True)


class ClockResponseSchema(ma.Schema):
    """The clocks after the log (or at `now`), the flags fallen and the ruling."""

    clock = fields.Nested(
        ClockSettingsSchema,
        required=True,
        metadata=_doc("the settings in force, every one given (send them back as `clock`: the same ruling)"),
    )
    at = fields.Float(required=True)
    clocks = fields.Nested(ClocksSchema, required=True)
    running = fields.String(required=True, allow_none=True, validate=validate.OneOf(list(COLORS)))
    delay_left = fields.Float(required=True, allow_none=True)
    flags = fields.List(fields.Nested(FlagSchema), required=True)
    ruling = fields.Nested(RulingSchema, required=True, allow_none=True)


class LatenessRequestSchema(StrictSchema):
    """Request of /v1/clock/lateness."""

    minutes_late = FiniteNumber(
        maximum=MAX_MINUTES_LATE, required=True, metadata=_doc("how late the player is, in minutes")
    )
    match_length = StrictInteger(required=True, validate=validate.Range(1, MAX_MATCH_LENGTH))


class LatenessResponseSchema(ma.Schema):
    """Penalty points, or the match forfeited."""

    minutes_late = fields.Float(required=True)
    match_length = fields.Integer(required=True)
    penalty_points = fields.Integer(required=True)
    forfeited = fields.Boolean(required=True)
    message = fields.String(required=True)
