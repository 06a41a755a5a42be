"""Schemas of the game routes: cube actions (/v1/cube), the opening roll (/v1/opening), the rules
presets (/v1/rules), starting boards (/v1/start), resignations (/v1/resign), and /v1/outcome's answer.

The rules options (the `RulesSchema`, the query of GET /v1/start, GET /v1/rules) are generated from
the one table of options, `arbitru.engine.rules.OPTIONS`.
"""

from __future__ import annotations

import re
from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from arbitru.engine.board import COLORS
from arbitru.engine.cube import ACTIONS, OFFERS, REASONS
from arbitru.engine.outcome import RESIGN_LEVELS
from arbitru.engine.rules import OPTIONS, PRESETS, VARIANTS, OptionSpec
from arbitru.formats.limits import MAX_GAME_NUMBER
from arbitru.http.position_sources import PositionSourcesMixin, sources_openapi
from arbitru.http.schemas.clock import ClockSettingsSchema
from arbitru.http.schemas.core import (
    BoardField,
    BoardSchema,
    BoundedList,
    CubeSchema,
    GameOutcomeSchema,
    MatchBlockSchema,
    MatchSchema,
    OutcomeResponseSchema,
    PositionSchema,
    RulesSchema,
    StrictInteger,
    StrictSchema,
    _doc,
    dice_field,
    first_turn_field,
    option_description,
    turn_field,
)
from arbitru.http.schemas.trust import ProofSchema, seed_hashes_field, seeds_field
from arbitru.http.states import StateMixin, answer_state_field
from arbitru.messages import message


class CubeRequestSchema(StateMixin, PositionSourcesMixin, StrictSchema):
    """Request of /v1/cube: the game context, who is on roll, and the cube action (or a position
    source, `gnubg_id` / `xgid` / `fibs`, or a signed `state`, that gives them)."""

    STATE_STEPS = ("roll", "double")
    GAME_ROUTE = True

    OPENAPI_EXTRA = sources_openapi(["turn"], ["action"])

    board = fields.Nested(
        BoardSchema, metadata=_doc("optional: when given, a finished game refuses cube actions")
    )
    turn = turn_field(required=True)
    dice = dice_field()  # optional: once `turn` has rolled it is too late to double
    cube = fields.Nested(CubeSchema, metadata=_doc("the cube before any offer; default: centred at 1"))
    match = fields.Nested(MatchSchema, metadata=_doc("default: a money game (or the rules' match length)"))
    rules = fields.Nested(RulesSchema, metadata=_doc("default: standard money-game rules"))
    first_turn = first_turn_field()
    action = fields.String(
        required=True,
        validate=validate.OneOf(list(ACTIONS)),
        metadata=_doc(
            "`double` by `turn` before rolling; `take`, `drop`, `beaver` (answers to `turn`'s double) or "
            "`raccoon` (`turn`'s answer to a beaver)"
        ),
    )
    by = fields.String(
        validate=validate.OneOf(list(COLORS)),
        metadata=_doc(
            "who takes the action: `turn` for a double and for the answers to a beaver, the opponent "
            "of `turn` for the answers to a double or a raccoon; another side is refused "
            "(`NOT_YOUR_ACTION`). Recommended; when absent, the side the action belongs to"
        ),
    )
    offer = fields.String(
        validate=validate.OneOf(list(OFFERS)),
        metadata=_doc(
            "what a take/drop answers: `double` (when absent; answered by the opponent of `turn`), "
            "`beaver` (answered by `turn`) or `raccoon` (answered by the opponent); not with the action "
            "`double` (no default in the spec: a generated client would send it with every double)",
        ),
    )

    @ma.validates_schema
    def _offer_only_for_answers(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("action") == "double" and "offer" in data:
            raise ma.ValidationError(message("problem.offer_for_answers"), "offer")


class RollsSchema(StrictSchema):
    """Each player's opening roll: one die each (standard), two dice each (romanian)."""

    white = BoundedList(
        StrictInteger(validate=validate.Range(1, 6)), required=True, min_length=1, max_length=2
    )
    black = BoundedList(
        StrictInteger(validate=validate.Range(1, 6)), required=True, min_length=1, max_length=2
    )


class OpeningRequestSchema(StateMixin, StrictSchema):
    """Request of /v1/opening: the players' rolls with the game's context, or a signed `state` at
    the opening (its committed roll is drawn: no `rolls`)."""

    STATE_STEPS = ("opening",)
    GAME_ROUTE = True

    rolls = fields.Nested(
        RollsSchema,
        metadata=_doc(
            "the dice each player rolled; required without `state`, refused with one (a game on signed "
            "states rolls its committed dice, as /v1/roll at the opening)"
        ),
    )
    seeds = seeds_field()
    cube = fields.Nested(
        CubeSchema,
        metadata=_doc("the centred cube before this roll (above 1 after automatic doubles)"),
    )
    match = fields.Nested(MatchSchema, metadata=_doc("default: a money game (or the rules' match length)"))
    rules = fields.Nested(RulesSchema, metadata=_doc("default: standard rules (the one-die opening)"))

    @ma.validates_schema
    def _rolls_or_state(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "state" in data:
            if "rolls" in data:
                raise ma.ValidationError(message("trust.rolls_with_state"), "rolls")
        elif "rolls" not in data:
            raise ma.ValidationError(message("Missing data for required field."), "rolls")
        elif "seeds" in data:
            raise ma.ValidationError(message("trust.seeds_without_state"), "seeds")


def _query_field(spec: OptionSpec) -> fields.Field:
    """A query-string field for one rules option (its row of `OPTIONS`): text read as the option's
    type ("2" is 2, "true"/"false" booleans); choices and ranges are checked by `build_rules`, the
    one place. As in `rules`, no option but `preset` documents a default: a generated client sends
    the defaults it knows, and they would override the preset (`?preset=romanian&cube=true`)."""
    meta = _doc(option_description(spec.name))
    if spec.name == "preset":
        meta["default"] = spec.default()
    if spec.choices:
        meta["enum"] = list(spec.choices)
    if spec.kind is bool:
        return fields.Boolean(metadata=meta)
    if spec.kind is int:
        return QueryInteger(metadata=meta)
    return fields.String(validate=validate.Length(max=32), metadata=meta)


class QueryInteger(fields.Integer):
    """An integer written in a query string: ASCII digits only, at most 6 (Python's `int` would also
    read `５`, `٣`, `5_0` and ` 5 `)."""

    def _validated(self, value: Any) -> int:
        if not isinstance(value, str) or not QUERY_DIGITS.fullmatch(value):
            raise self.make_error("invalid")
        return int(value)


QUERY_DIGITS = re.compile(r"-?[0-9]{1,6}", re.ASCII)


StartQuerySchema = type(
    "StartQuerySchema",
    (StrictSchema,),
    {
        "__doc__": "Query of GET /v1/start: any rules option (as in a `rules` object), all optional.",
        **{name: _query_field(spec) for name, spec in OPTIONS.items()},
    },
)


class AfterGameSchema(StrictSchema):
    """The game of a match just played, as /v1/start's `after`: its number and who won it."""

    game = StrictInteger(
        required=True, validate=validate.Range(1, MAX_GAME_NUMBER), metadata=_doc("its number (1 the first)")
    )
    winner = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(list(COLORS)),
        metadata=_doc("who won it (null: nobody, a tie); in a rotation the winner starts the next game"),
    )


class StartRequestSchema(StrictSchema):
    """Body of POST /v1/start: the rules (a preset plus options) and, for a later game, the match."""

    rules = fields.Nested(RulesSchema, metadata=_doc("default: standard money-game rules"))
    match = fields.Nested(
        MatchSchema,
        metadata=_doc("the match before this game (default: the rules' match length, 0-0)"),
    )
    after = fields.Nested(
        AfterGameSchema,
        metadata=_doc("the game of the match just played: the answer starts the next one (default: game 1)"),
    )
    seed_hashes = seed_hashes_field()
    clock = fields.Nested(
        ClockSettingsSchema,
        metadata=_doc(
            "the game's clock settings, as POST /v1/clock takes them: carried, every one written out, in "
            "the signed state (its `clock`); default: no clock"
        ),
    )


class CubeReasonSchema(ma.Schema):
    """Why a cube action (or a resignation) is refused: a stable code of the cube's (GET /v1/rules'
    `cube_reasons`) and a localised message."""

    code = fields.String(required=True, validate=validate.OneOf(list(REASONS)))
    message = fields.String(required=True)


class OfferSchema(ma.Schema):
    """A pending offer: `double`, `beaver` or `raccoon`, by whom, to which value."""

    kind = fields.String(required=True, validate=validate.OneOf(list(OFFERS)))
    by = fields.String(required=True, validate=validate.OneOf(list(COLORS)))
    value = fields.Integer(required=True)


class NextActionSchema(ma.Schema):
    """Who acts next, and what they may do (`roll`, or answers to the pending offer)."""

    player = fields.String(required=True, validate=validate.OneOf(list(COLORS)))
    actions = fields.List(fields.String(validate=validate.OneOf([*ACTIONS, "roll"])), required=True)


class CubeLegalSchema(ma.Schema):
    """The cube action is legal: the cube after it, any pending offer, who acts next, the outcome."""

    legal = fields.Boolean(required=True, validate=validate.OneOf([True]))
    action = fields.String(required=True, validate=validate.OneOf(list(ACTIONS)))
    cube = fields.Nested(CubeSchema, required=True)
    offer = fields.Nested(OfferSchema, required=True, allow_none=True)
    next = fields.Nested(NextActionSchema, required=True, allow_none=True)
    outcome = fields.Nested(
        GameOutcomeSchema,
        required=True,
        metadata=_doc("over only after a drop: a single game at the dropped value (in a match with `match`)"),
    )
    state = answer_state_field("when the request sent a `state`: the signed state after the action")


class CubeIllegalSchema(ma.Schema):
    """The cube action is illegal now; `reason` says why."""

    legal = fields.Boolean(required=True, validate=validate.OneOf([False]))
    action = fields.String(required=True, validate=validate.OneOf(list(ACTIONS)))
    reason = fields.Nested(CubeReasonSchema, required=True)


class OpeningResponseSchema(ma.Schema):
    """Who starts and with which dice, or a re-roll."""

    starter = fields.String(required=True, allow_none=True, validate=validate.OneOf(list(COLORS)))
    dice = fields.List(fields.Integer(), required=True, allow_none=True)
    reroll = fields.Boolean(required=True)
    cube = fields.Nested(CubeSchema, required=True)
    automatic_double = fields.Boolean(required=True)
    message = fields.String(required=True)
    rolls = fields.Nested(
        RollsSchema, metadata=_doc("with a `state`: the committed dice drawn for each player")
    )
    proof = fields.Nested(
        ProofSchema, metadata=_doc("with a `state`: the roll's proof, as /v1/roll answers it")
    )
    state = answer_state_field("with a `state`: the signed state after this roll")


class RuleOptionSchema(ma.Schema):
    """One rules option."""

    description = fields.String(required=True)
    default = fields.Raw(required=True)
    choices = fields.List(fields.Raw())


class PresetDescriptionSchema(ma.Schema):
    """What a preset is, in the request's language."""

    name = fields.String(required=True, metadata=_doc("the preset's name, e.g. `table pe duse (Long Nardy)`"))
    description = fields.String(required=True, metadata=_doc("the game it plays, in a sentence"))


class RulesResponseSchema(ma.Schema):
    """The presets with all their options, each preset and option described, and the cube reason
    codes."""

    preset_descriptions = fields.Dict(
        keys=fields.String(validate=validate.OneOf(list(PRESETS))),
        values=fields.Nested(PresetDescriptionSchema),
        required=True,
        metadata=_doc("each preset's name and description in the request's language (docs/variants.md)"),
    )

    presets = fields.Dict(
        keys=fields.String(validate=validate.OneOf(list(PRESETS))),
        values=fields.Nested(RulesSchema),
        required=True,
        metadata=_doc("each preset's options that apply, a `rules` object any route accepts as it is"),
    )
    options = fields.Dict(keys=fields.String(), values=fields.Nested(RuleOptionSchema), required=True)
    cube_reasons = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class StartStepSchema(ma.Schema):
    """The first step of a game: the opening roll, or in a rotation's later game its starter's roll."""

    step = fields.String(required=True, validate=validate.OneOf(["opening", "roll"]))
    route = fields.String(
        required=True, metadata=_doc("where to send the opening rolls (/v1/opening), or roll (/v1/roll)")
    )
    dice_per_player = fields.Integer(
        validate=validate.OneOf([1, 2]), metadata=_doc("the opening's: 1 (standard), 2 (romanian)")
    )
    turn = fields.String(
        validate=validate.OneOf(list(COLORS)),
        metadata=_doc("step roll: who rolls first (a rotation's winner of the game before)"),
    )
    message = fields.String(required=True, metadata=_doc("what the players do, in the request's language"))


class StartResponseSchema(ma.Schema):
    """The starting board of a game, the rules in force, the cube and match, and the first step."""

    game = fields.Integer(required=True, metadata=_doc("the game's number in its match (1 the first)"))
    variant = fields.String(required=True, validate=validate.OneOf(VARIANTS))
    checkers = fields.Integer(required=True, validate=validate.Range(1, 15))
    board = BoardField(required=True)
    rules = fields.Nested(
        RulesSchema,
        required=True,
        metadata=_doc("every rules option in force that applies to the variant (send it back as `rules`)"),
    )
    cube = fields.Nested(CubeSchema, required=True)
    match = fields.Nested(
        MatchSchema, required=True, metadata=_doc("the match this game belongs to (length 0: money)")
    )
    next = fields.Nested(StartStepSchema, required=True)
    state = answer_state_field(
        "the game's first signed state: send it to /v1/roll for the opening roll (docs/dice.md)"
    )


class OutcomeMatchResponseSchema(OutcomeResponseSchema):
    """/v1/outcome's answer with the localised label and, in a match, the match block."""

    label = fields.String(
        allow_none=True,
        metadata=_doc(
            "localised label of what the result counts for: single game / linie, gammon / marț, "
            "backgammon / marț tehnic (a backgammon counting as a gammon is labelled gammon / marț)"
        ),
    )
    match = fields.Nested(MatchBlockSchema, metadata=_doc("present in a match: the effect of this game"))


class ResignRequestSchema(PositionSchema):
    """Request of /v1/resign: the position (with its cube, match and rules), who resigns, how much."""

    OPENAPI_EXTRA = sources_openapi(["board"], ["by", "level"])
    STATE_STEPS = ("roll", "play", "double")
    GAME_ROUTE = True

    by = fields.String(
        required=True, validate=validate.OneOf(list(COLORS)), metadata=_doc("the player who resigns")
    )
    level = fields.String(
        required=True,
        validate=validate.OneOf(list(RESIGN_LEVELS)),
        metadata=_doc("what the resigner concedes: single, gammon or backgammon"),
    )


class ResignResponseSchema(ma.Schema):
    """Whether the resignation may be offered, and what accepting it scores."""

    may_offer = fields.Boolean(required=True)
    reason = fields.Nested(CubeReasonSchema, required=True, allow_none=True, metadata=_doc("why not"))
    by = fields.String(required=True, validate=validate.OneOf(list(COLORS)))
    level = fields.String(required=True, validate=validate.OneOf(list(RESIGN_LEVELS)))
    most_at_stake = fields.String(
        required=True,
        validate=validate.OneOf(list(RESIGN_LEVELS)),
        metadata=_doc("the most the board can still give the opponent: a higher level gives away more"),
    )
    accepted = fields.Nested(
        GameOutcomeSchema,
        required=True,
        allow_none=True,
        metadata=_doc("the outcome once accepted (in a match, with the match block `match`)"),
    )
    capped_points = fields.Integer(
        allow_none=True, metadata=_doc("in a match: the points capped at what the winner needed")
    )
    state = answer_state_field(
        "when the request sent a `state` and the resignation may be offered: the signed state once "
        "it is accepted (the game over)"
    )
