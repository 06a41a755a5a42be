"""Strict marshmallow schemas shared by every blueprint: the position a request describes, and the
documented (never dumped) shapes of the answers.

One schema per idea, the same in a request and in an answer (`Board`, `Side`, `Move`, `Cube`,
`Match`, `Rules`): whatever an answer carries goes back into the next request as it is, and a
client generated from the spec has one class for it. A field an answer always gives but a request
may leave out is optional in the schema, its description says so.

Strict means: unknown keys are rejected, integers must be JSON integers (not "3", not 3.0, not true),
booleans must be JSON booleans, point keys are exactly "1".."24". Build new request schemas by
subclassing `PositionSchema` (board + context) or `RollPositionSchema` (+ turn and dice).
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from arbitru.engine.board import COLORS
from arbitru.engine.cube import CENTERED, OWNERS
from arbitru.engine.judge import REASON_CODES
from arbitru.engine.outcome import RESULTS
from arbitru.engine.rules import OPTIONS, OptionSpec
from arbitru.formats.limits import (
    CUBE_VALUES,
    MAX_CUBE_LIMIT,
    MAX_MATCH_LENGTH,
    MAX_PLAY_CHARS,
)
from arbitru.http.position_sources import PositionSourcesMixin, sources_openapi
from arbitru.http.states import StateMixin, answer_state_field
from arbitru.messages import Message, message, render

MAX_CHECKERS = 15
POWERS_OF_TWO = list(CUBE_VALUES)  # cube values 1 .. 4096
CUBE_OWNERS = list(OWNERS)
# Extra per-play data a client may ask for with "include" (formats work adds gnubg_id / xgid here).
INCLUDE_OPTIONS = ["pips", "gnubg_id", "xgid", "fibs"]
PLAY_FIELDS = ["moves", "notation", "board", "outcome"]


# -- strict fields ------------------------------------------------------------------------------
class StrictInteger(fields.Integer):
    """An integer that must be a JSON integer: no strings, no floats, no booleans."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise self.make_error("invalid")
        return int(value)


class StrictBoolean(fields.Boolean):
    """A boolean that must be a JSON boolean: no 1/0, no "true"."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class BoundedList(fields.List):
    """A list whose length is checked before its items: a list longer than `max_length` (or shorter
    than `min_length`) is refused without looking at one element. `fields.List` validates every
    item first: 200,000 dice cost 2 s and 200,000 `{}` moves a gigabyte, all for a 422."""

    def __init__(
        self, inner: fields.Field, *, max_length: int, min_length: int | None = None, **kwargs: Any
    ) -> None:
        self.length = validate.Length(min=min_length, max=max_length)
        if min_length == max_length:
            self.length = validate.Length(equal=max_length)
        super().__init__(inner, validate=self.length, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if isinstance(value, list):
            self.length(value)  # raises the Length message, items unseen
        return super()._deserialize(value, attr, data, **kwargs)


class StrictSchema(ma.Schema):
    """Rejects unknown keys (a 422 naming each one)."""

    class Meta:
        unknown = ma.RAISE


def _doc(description: str, **extra: Any) -> dict[str, Any]:
    return {"description": description, **extra}


def count_field(description: str, **kwargs: Any) -> StrictInteger:
    """A checker count 0..15."""
    return StrictInteger(validate=validate.Range(0, MAX_CHECKERS), metadata=_doc(description), **kwargs)


# -- board --------------------------------------------------------------------------------------
POINT_KEYS = tuple(str(p) for p in range(1, 25))
_POINT_KEY_SET = frozenset(POINT_KEYS)


class PointsField(fields.Field):
    """Checkers per point, keys "1".."24" in the side's own numbering; empty points may be left out.

    One field checking the whole mapping in one pass, with the messages and field paths a nested
    schema of 24 strict integers would give (`board.white.points.7`): that schema cost more than
    listing the plays. Documented as the same JSON Schema object.
    """

    default_error_messages = {"invalid": "Invalid input type."}
    # marshmallow's own range message (a catalogue key), rendered in the request's language
    _RANGE = Message(
        "Must be greater than or equal to {min} and less than or equal to {max}.",
        {"min": 0, "max": MAX_CHECKERS},
    )

    def __init__(self, **kwargs: Any) -> None:
        schema = {
            "type": "object",
            "properties": {
                key: {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": MAX_CHECKERS,
                    "description": f"checkers on point {key}",
                }
                for key in POINT_KEYS
            },
            "additionalProperties": False,
        }
        kwargs["metadata"] = {**schema, **kwargs.get("metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> dict[str, int]:
        if not isinstance(value, dict):
            raise self.make_error("invalid")
        errors: dict[str, list[str]] = {}
        for key, count in value.items():
            if key not in _POINT_KEY_SET:
                errors[key] = ["Unknown field."]
            elif isinstance(count, bool) or not isinstance(count, int):
                errors[key] = ["Not a valid integer."]
            elif not 0 <= count <= MAX_CHECKERS:
                errors[key] = [self._RANGE]
        if errors:
            raise ma.ValidationError(errors)
        return value


class PinnedField(BoundedList):
    """Plakoto's pinned checkers of one side: its own points 1..24, each at most once."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            StrictInteger(validate=validate.Range(1, 24)),
            max_length=MAX_CHECKERS,
            metadata=_doc(
                "plakoto only: this side's own points where one of its checkers lies pinned under the "
                "opponent's free checker(s), which the opponent lists in its own `points`",
                uniqueItems=True,
            ),
            **kwargs,
        )

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        points = super()._deserialize(value, attr, data, **kwargs)
        twice = next((point for i, point in enumerate(points) if point in points[:i]), None)
        if twice is not None:
            raise ma.ValidationError(message("board.pinned_twice", point=twice))
        return points


class SideSchema(StrictSchema):
    """One side's checkers: on the points, on the bar, borne off, and (Plakoto) pinned."""

    points = PointsField(
        metadata=_doc(
            "checkers per point (point 1 is this side's ace point); points with no checker may be left "
            "out, and an answer leaves them out (an answer always gives `points`)"
        )
    )
    bar = count_field(
        "checkers on the bar (default 0; none where checkers are never hit: long_nardy, plakoto, "
        "where an answer leaves it out)"
    )
    off = count_field(
        "checkers borne off; when left out it is what remains of the side's checkers, when given the "
        "side's total must be exact (an answer always gives it)"
    )
    pinned = PinnedField()


class BoardSchema(StrictSchema):
    """Both sides' checkers, each in its own numbering (how the two relate is the variant's
    geometry, `arbitru.engine.geometry`: white's p is black's 25 - p, in
    long_nardy black's p - 12 when p > 12, else p + 12)."""

    white = fields.Nested(SideSchema, required=True)
    black = fields.Nested(SideSchema, required=True)


_SIDE_KEYS = frozenset({"points", "bar", "off", "pinned"})
_PIN_POINTS = frozenset(range(1, 25))


def _valid_count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_CHECKERS


def _valid_side(side: Any) -> bool:
    """Whether `side` is a dict `SideSchema` loads unchanged (the common, valid case)."""
    if type(side) is not dict or not _SIDE_KEYS.issuperset(side):
        return False
    points = side.get("points", {})
    return (
        type(points) is dict
        and _POINT_KEY_SET.issuperset(points)
        and all(map(_valid_count, points.values()))
        and _valid_count(side.get("bar", 0))
        and _valid_count(side.get("off", 0))
        and _valid_pins(side.get("pinned", ()))
    )


def _valid_pins(pinned: Any) -> bool:
    """Whether `pinned` is a list `pinned_field` loads unchanged: distinct points 1..24, ints only."""
    if type(pinned) is tuple and not pinned:
        return True  # not given
    return (
        type(pinned) is list
        and len(pinned) <= MAX_CHECKERS
        and all(type(point) is int for point in pinned)
        and _PIN_POINTS.issuperset(pinned)
        and len(set(pinned)) == len(pinned)
    )


class BoardField(fields.Nested):
    """`BoardSchema`, nested and documented as such, with a one-pass check of valid boards.

    Loading a board through two levels of nested schemas cost half of the request's validation.
    A board that passes the one-pass check is exactly one `BoardSchema` would load unchanged, so it
    is returned as it is; anything else goes through `BoardSchema` for its exact messages and paths.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(BoardSchema, **kwargs)

    def _deserialize(
        self,
        value: Any,
        attr: str | None,
        data: Any,
        partial: bool | Sequence[str] | AbstractSet[str] | None = None,
        **kwargs: Any,
    ) -> Any:
        if (
            type(value) is dict
            and len(value) == 2
            and _valid_side(value.get("white"))
            and _valid_side(value.get("black"))
        ):
            return value
        return super()._deserialize(value, attr, data, partial, **kwargs)


# -- game context -------------------------------------------------------------------------------
class CubeSchema(StrictSchema):
    """The doubling cube: its value and who owns it."""

    value = StrictInteger(
        required=True, validate=validate.OneOf(POWERS_OF_TWO), metadata=_doc("cube value, a power of two")
    )
    owner = fields.String(
        load_default=CENTERED,
        validate=validate.OneOf(CUBE_OWNERS),
        metadata=_doc("who may double next: centered (either side), white or black", default=CENTERED),
    )


class ScoreSchema(StrictSchema):
    """Points each side has in the match."""

    white = StrictInteger(required=True, validate=validate.Range(0, MAX_MATCH_LENGTH))
    black = StrictInteger(required=True, validate=validate.Range(0, MAX_MATCH_LENGTH))


class FirstTurnSchema(StrictSchema):
    """Whether each side's next turn is its first (long_nardy only: its first turn may take two
    checkers off the head with 6-6, 4-4 or 3-3). The board says false once a side has a checker
    off the head; this says it when a side's first turn was wholly blocked. Answered with every
    play's board (the position after it): send it back with that board. Absent, or true: what the
    board shows. Fevga needs nothing of the kind: its board shows whether a first checker has
    passed."""

    white = StrictBoolean(metadata=_doc("whether white's next turn is its first"))
    black = StrictBoolean(metadata=_doc("whether black's next turn is its first"))


def first_turn_field(said: str = "") -> fields.Nested:
    """A position's `first_turn` (`FirstTurnSchema`): optional in a request, given in an answer
    where the variant reads it (`said`: what it is there)."""
    default = "long_nardy only (default: what the board shows): whether each side's next turn is its first"
    return fields.Nested(FirstTurnSchema, metadata=_doc(said or default))


class MatchSchema(StrictSchema):
    """Match context: length (0 = money game), score, and whether this is the Crawford game."""

    length = StrictInteger(
        required=True,
        validate=validate.Range(0, MAX_MATCH_LENGTH),
        metadata=_doc("points to win the match; 0 is a money game"),
    )
    score = fields.Nested(ScoreSchema, load_default=lambda: {"white": 0, "black": 0})
    crawford = StrictBoolean(
        load_default=False, metadata=_doc("whether this game is the Crawford game", default=False)
    )


def option_description(name: str, lang: str = "en") -> str:
    """What a rules option means, in `lang` (the catalogue's `rules_option.<name>`)."""
    return render(f"rules_option.{name}", {"limit": MAX_CUBE_LIMIT}, lang)


def _preset_values(spec: OptionSpec) -> str:
    """Each preset's value of an option, for its description."""
    return ", ".join(f"{preset}: {str(value).lower()}" for preset, value in spec.defaults().items())


def _rule_field(spec: OptionSpec) -> fields.Field:
    """A strict field for one rules option, generated from its row of `arbitru.engine.rules.OPTIONS`:
    its type, description, closed choices as an enum, else its limits as a range.

    No option but `preset` has a default: an absent option is the preset's value, so a client
    generated from the spec sends only what it sets (a default would override the preset)."""
    if spec.name == "preset":
        return fields.String(
            validate=validate.OneOf(spec.choices),
            metadata=_doc(option_description(spec.name), default=spec.default()),
        )
    meta = _doc(f"{option_description(spec.name)}. Absent: the preset's value ({_preset_values(spec)})")
    if spec.kind is bool:
        return StrictBoolean(metadata=meta)
    if spec.choices:
        check: validate.Validator = validate.OneOf(spec.choices)
    else:
        assert spec.limits is not None, spec.name
        check = validate.Range(*spec.limits)
    if spec.kind is int:
        return StrictInteger(validate=check, metadata=meta)
    return fields.String(validate=check, metadata=meta)


RulesSchema = type(
    "RulesSchema",
    (StrictSchema,),
    {
        "__doc__": (
            "Rule options: a preset and the options that override it. Every option is optional; an "
            "absent option is the preset's value (the standard money game by default). Unknown keys, "
            "values outside the enums or ranges, and options that contradict each other are a 422."
        ),
        **{name: _rule_field(spec) for name, spec in OPTIONS.items()},
    },
)


# -- request schemas ----------------------------------------------------------------------------
def turn_field(**kwargs: Any) -> fields.String:
    """`white` or `black`."""
    return fields.String(validate=validate.OneOf(list(COLORS)), metadata=_doc("the side on roll"), **kwargs)


def dice_field(**kwargs: Any) -> fields.List:
    """Exactly two dice, each 1..6."""
    return BoundedList(
        StrictInteger(validate=validate.Range(1, 6)),
        min_length=2,
        max_length=2,
        metadata=_doc("the two dice rolled, each 1 to 6 (a double is two equal dice)"),
        **kwargs,
    )


class PositionSchema(StateMixin, PositionSourcesMixin, StrictSchema):
    """A position with its game context (cube, match, rules); the context is optional.

    Instead of `board` a request may give one position source: `gnubg_id`, `xgid` or `fibs`, or a
    signed `state` (`arbitru.http.states`).
    """

    OPENAPI_EXTRA = sources_openapi(["board"])

    board = BoardField(required=True)
    cube = fields.Nested(CubeSchema, metadata=_doc("default: centred cube at 1"))
    match = fields.Nested(MatchSchema, metadata=_doc("default: a money game"))
    rules = fields.Nested(RulesSchema, metadata=_doc("default: standard money-game rules"))
    first_turn = first_turn_field()


class RollPositionSchema(PositionSchema):
    """A position with the side on roll and its dice (or a position source that gives them)."""

    OPENAPI_EXTRA = sources_openapi(["board", "turn", "dice"])

    turn = turn_field(required=True)
    dice = dice_field(required=True)


class ListingRequestSchema(RollPositionSchema):
    """A roll whose plays are answered (/v1/moves, /v1/play), with the extra data asked for each."""

    STATE_STEPS = ("play",)
    GAME_ROUTE = True

    include = BoundedList(
        fields.String(validate=validate.OneOf(INCLUDE_OPTIONS)),
        max_length=len(INCLUDE_OPTIONS) * 2,
        metadata=_doc(
            "extra data to add to each play: `pips` = pip counts after the play; `gnubg_id`, `xgid`, "
            "`fibs` = the resulting position in that format (the opponent to roll, same cube and match)"
        ),
    )


class MovesRequestSchema(ListingRequestSchema):
    """Request of /v1/moves."""

    fields_ = BoundedList(
        fields.String(validate=validate.OneOf(PLAY_FIELDS)),
        data_key="fields",
        min_length=1,
        max_length=len(PLAY_FIELDS),
        metadata=_doc(
            "which of each play's fields to return (default all: `moves`, `notation`, `board`, "
            '`outcome`); a lighter answer for the heaviest positions, e.g. `["notation"]`. The '
            "answer's plays are then `CutPlay`s (only those fields); without it, `Play`s"
        ),
    )


class MoveSchema(StrictSchema):
    """One hop of a play, in the mover's numbering (25 = bar, 0 = off): a listed play's checker moved
    by one die, or a hop of a proposed play (which may span several dice)."""

    from_ = StrictInteger(data_key="from", required=True, validate=validate.Range(0, 25))
    to = StrictInteger(required=True, validate=validate.Range(0, 25))
    hit = StrictBoolean(
        metadata=_doc(
            "whether this hop hits a blot: always in an answer; optional in a request (a proposed "
            "play, a turn's hops), where true claims a hit, checked"
        )
    )


class PlayRequestSchema(ListingRequestSchema):
    """Request of /v1/play: a position plus exactly one of `play` (notation) or `moves`. The verdict's
    play is always whole (no `fields`: a 422 naming it)."""

    play = fields.String(
        validate=validate.Length(max=MAX_PLAY_CHARS),
        metadata=_doc("the proposed play in standard notation, e.g. `24/18 13/11`, `bar/22`, `8/5(2)`"),
    )
    moves = BoundedList(
        fields.Nested(MoveSchema),
        max_length=16,
        metadata=_doc("the proposed play as hops (alternative to `play`)"),
    )

    OPENAPI_EXTRA = {
        "required": [],
        "description": sources_openapi(["board", "turn", "dice"])["description"]
        + " The proposed play is exactly one of `play` (notation) or `moves` (hops).",
    }

    @ma.validates_schema
    def _exactly_one_proposal(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("play" in data) == ("moves" in data):
            raise ma.ValidationError(message("problem.play_or_moves"), "play")


class OutcomeRequestSchema(PositionSchema):
    """Request of /v1/outcome."""

    GAME_ROUTE = True


# -- response schemas (documentation only) ------------------------------------------------------
class OutcomeSchema(ma.Schema):
    """Whether the game is over; the other fields are null while it goes on."""

    game_over = fields.Boolean(required=True)
    winner = fields.String(required=True, allow_none=True, validate=validate.OneOf(list(COLORS)))
    result = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(list(RESULTS)),
        metadata=_doc("what happened on the board: single, gammon (loser bore off none), backgammon"),
    )
    multiplier = fields.Integer(
        required=True,
        allow_none=True,
        metadata=_doc("what the result counts for under the rules (1, 2 or 3)"),
    )
    points = fields.Integer(required=True, allow_none=True, metadata=_doc("multiplier x cube value"))


class PipsSchema(ma.Schema):
    """Pip counts: what each side's checkers still have to travel."""

    white = fields.Integer(required=True)
    black = fields.Integer(required=True)


class MatchBlockSchema(ma.Schema):
    """A finished game's effect on the match (nulls while the game goes on)."""

    points = fields.Integer(required=True, allow_none=True, metadata=_doc("points won this game"))
    score = fields.Nested(ScoreSchema, required=True, metadata=_doc("the score after this game"))
    over = fields.Boolean(required=True)
    winner = fields.String(required=True, allow_none=True, validate=validate.OneOf(list(COLORS)))
    crawford_next = fields.Boolean(
        required=True, allow_none=True, metadata=_doc("the next game is the Crawford game")
    )
    post_crawford = fields.Boolean(
        required=True, allow_none=True, metadata=_doc("the next game is post-Crawford")
    )


class GameOutcomeSchema(OutcomeSchema):
    """How a game stands after a play, a cube action or an accepted resignation. An answer that ends
    the game carries what /v1/outcome answers for it: the localised label and, in a match, the match
    block; the one place of the match block in every answer that ends a game."""

    label = fields.String(
        allow_none=True,
        metadata=_doc(
            "game over: the localised label of what the result counts for (single game / linie, "
            "gammon / marț, backgammon / marț tehnic); absent or null while the game goes on"
        ),
    )
    match = fields.Nested(
        MatchBlockSchema, metadata=_doc("game over in a match only: the effect on the match")
    )


class PlaySchema(ma.Schema):
    """One legal play: its moves (each by one die, `hit` given), notation, the board after it and the
    outcome of that board. Its `board` is the next request's `board`, its `moves` a proposal's."""

    moves = fields.List(fields.Nested(MoveSchema), required=True)
    notation = fields.String(required=True, metadata=_doc("standard notation, empty for no move"))
    board = BoardField(required=True)
    first_turn = first_turn_field(
        "long_nardy only: whether each side's next turn is its first, after the play: send it back as"
        " the next request's `first_turn`"
    )
    outcome = fields.Nested(GameOutcomeSchema, required=True)
    pips = fields.Nested(PipsSchema, metadata=_doc('present when "include" has "pips"'))
    gnubg_id = fields.String(
        metadata=_doc('GNU ID after the play (opponent to roll); with "include": ["gnubg_id"]')
    )
    xgid = fields.String(metadata=_doc('XGID after the play (opponent to roll); with "include": ["xgid"]'))
    fibs = fields.String(metadata=_doc('FIBS board line after the play; with "include": ["fibs"]'))


class CutPlaySchema(PlaySchema):
    """One play of /v1/moves' answer to a request with `fields`: only the fields asked for."""

    moves = fields.List(fields.Nested(MoveSchema))
    notation = fields.String(metadata=_doc("standard notation, empty for no move"))
    board = BoardField()
    outcome = fields.Nested(GameOutcomeSchema)


class MovesResponseSchema(ma.Schema):
    """Every legal play, one per distinct resulting board, in a deterministic order (the default
    answer: whole plays)."""

    turn = fields.String(required=True, validate=validate.OneOf(list(COLORS)))
    dice = fields.List(
        fields.Integer(validate=validate.Range(1, 6)), required=True, validate=validate.Length(equal=2)
    )
    next_turn = fields.String(
        required=True,
        validate=validate.OneOf(list(COLORS)),
        metadata=_doc("the side on roll after any play that does not end the game"),
    )
    plays = fields.List(fields.Nested(PlaySchema), required=True, validate=validate.Length(min=1))


class MovesCutResponseSchema(MovesResponseSchema):
    """The answer to a /v1/moves request with `fields`: each play holds only the fields asked for,
    which `fields` repeats (so a client tells this answer from the default one by it)."""

    fields_ = fields.List(
        fields.String(validate=validate.OneOf(PLAY_FIELDS)),
        data_key="fields",
        required=True,
        metadata=_doc("the fields each play holds, as asked for"),
    )
    plays = fields.List(fields.Nested(CutPlaySchema), required=True, validate=validate.Length(min=1))


MOVES_ANSWER_SCHEMA: dict[str, Any] = {"anyOf": [MovesResponseSchema, MovesCutResponseSchema]}


class LegalVerdictSchema(ma.Schema):
    """The proposed play is legal; `play` is it, as listed by /v1/moves."""

    legal = fields.Boolean(required=True, validate=validate.OneOf([True]))
    as_written = fields.Boolean(
        required=True,
        metadata=_doc(
            "true when the proposed hops can be played with the dice as written (in any order, a hop "
            "spanning several dice); false when they reach this play's board only by another grouping "
            "of the dice: the proposal is then taken as `play`, and `note` says so"
        ),
    )
    note = fields.String(metadata=_doc("present when `as_written` is false: which play it was taken as"))
    play = fields.Nested(PlaySchema, required=True)
    next_turn = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(list(COLORS)),
        metadata=_doc("who plays next: the opponent, or null when the play ends the game"),
    )
    state = answer_state_field("when the request sent a `state`: the signed state after the play")


class ReasonSchema(ma.Schema):
    """Why a play is illegal: a stable code and a human-readable message."""

    code = fields.String(
        required=True,
        validate=validate.OneOf(list(REASON_CODES)),
        metadata=_doc("stable reason code: " + "; ".join(f"{k}: {v}" for k, v in REASON_CODES.items())),
    )
    message = fields.String(required=True)


class AsPlayedSchema(ma.Schema):
    """An illegal play as played: the board it leaves."""

    board = BoardField(required=True)


class IllegalVerdictSchema(ma.Schema):
    """The proposed play is illegal; `reason` says why."""

    legal = fields.Boolean(required=True, validate=validate.OneOf([False]))
    reason = fields.Nested(ReasonSchema, required=True)
    next_turn = fields.String(
        required=True,
        validate=validate.OneOf(list(COLORS)),
        metadata=_doc("the same side: an illegal play is played again"),
    )
    as_played = fields.Nested(
        AsPlayedSchema,
        required=True,
        allow_none=True,
        metadata=_doc(
            "the board as the hops leave it, when the opponent may accept the play instead of having "
            "it corrected (the illegal-moves rule, U.S. Backgammon Tournament Rules 4.8: rolling or "
            "turning the cube condones it); null for an impossible play (a checker moved backwards or "
            "borne off early, an opponent's checker moved, a hit checker not on the bar, a closed point)"
        ),
    )


PLAY_VERDICT_SCHEMA: dict[str, Any] = {"oneOf": [LegalVerdictSchema, IllegalVerdictSchema]}


class OutcomeResponseSchema(OutcomeSchema):
    """The game-over verdict of a position with both pip counts."""

    pips = fields.Nested(PipsSchema, required=True)
