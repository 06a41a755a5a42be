"""Game routes: cube actions (/v1/cube), the opening roll (/v1/opening), the rules presets
(/v1/rules), starting boards per variant (/v1/start), and the match block /v1/outcome adds.

Thin: validate (schema, then the engine's own checks of rules and game context), call the engine,
answer with orjson. Human-readable texts follow Accept-Language (en default, ro).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import marshmallow as ma
from flask import Response
from marshmallow import fields, validate

from arbitru.engine.board import COLORS, Board
from arbitru.engine.cube import ACTIONS, CENTRED, OFFERS, REASONS, Cube, CubeVerdict, cube_action
from arbitru.engine.i18n import result_label, text
from arbitru.engine.match import Match, context_problems, game_result, score_game
from arbitru.engine.opening import DICE_PER_PLAYER, decide_opening, opening_problems
from arbitru.engine.outcome import RESIGN_LEVELS, Outcome, most_at_stake, outcome, resignation
from arbitru.engine.rules import (
    HYPERGAMMON_CHECKERS,
    OPENING_DICE,
    OPENING_TIES,
    OPENINGS,
    OPTION_DOCS,
    PRESETS,
    VARIANTS,
    Rules,
    build_rules,
    presets,
)
from arbitru.engine.variants import start_board
from arbitru.http import schemas
from arbitru.http.blueprint import Blueprint, answered_examples
from arbitru.http.i18n import localise_problem, request_language
from arbitru.http.json import json_response
from arbitru.http.position import Position, raise_problems, resolve_context, resolve_position
from arbitru.http.position_sources import PositionSourcesMixin, sources_openapi
from arbitru.http.schemas import MatchBlockSchema

blp = Blueprint(
    "game",
    __name__,
    url_prefix="/v1",
    description="Cube actions, match scoring, the opening roll, rules presets and variants.",
)
blp.after_app_request(localise_problem)

_doc = schemas._doc  # noqa: SLF001 - the shared metadata helper

OPTION_CHOICES: dict[str, list[Any]] = {
    "preset": list(PRESETS),
    "variant": list(VARIANTS),
    "hypergammon_checkers": list(HYPERGAMMON_CHECKERS),
    "opening": list(OPENINGS),
    "opening_ties": list(OPENING_TIES),
    "opening_dice": list(OPENING_DICE),
}


def _answer(data: Any, lang: str) -> Response:
    response = json_response(data)
    response.headers["Content-Language"] = lang
    response.headers["Vary"] = "Accept-Language"
    return response


# -- /v1/outcome: the match block (called by routes/core.py) -----------------------------------
def outcome_extras(position: Position, verdict: Outcome) -> dict[str, Any]:
    """What /v1/outcome adds to the verdict: the localised result `label`, and with a match (given,
    or the rules' default match length) the `match` block: points, new score, over, winner,
    crawford_next, post_crawford. A match context that cannot occur is a 422."""
    lang = request_language()
    extras: dict[str, Any] = {"label": result_label(verdict.counted_as, lang)}
    match = Match.from_dict(position.match, position.rules)
    if match.is_money:
        return extras
    cube = Cube.from_dict(position.cube)  # already checked with the match by resolve_position
    _, scored = game_result(position.board, position.rules, cube, match)
    if scored is not None:
        extras["match"] = scored.to_dict()
    return extras


# -- schemas ------------------------------------------------------------------------------------
class CubeRequestSchema(PositionSourcesMixin, schemas.StrictSchema):
    """Request of /v1/cube: the game context, who is on roll, and the cube action (or a position
    source, `gnubg_id` / `xgid` / `fibs`, that gives them)."""

    OPENAPI_EXTRA = sources_openapi(["turn"], ["action"])

    board = fields.Nested(
        schemas.BoardSchema, metadata=_doc("optional: when given, a finished game refuses cube actions")
    )
    turn = schemas.turn_field(required=True)
    dice = schemas.dice_field()  # optional: once `turn` has rolled it is too late to double
    cube = fields.Nested(
        schemas.CubeSchema, metadata=_doc("the cube before any offer; default: centred at 1")
    )
    match = fields.Nested(
        schemas.MatchSchema, metadata=_doc("default: a money game (or the rules' match length)")
    )
    rules = fields.Nested(schemas.RulesSchema, metadata=_doc("default: standard money-game rules"))
    action = fields.String(
        required=True,
        validate=validate.OneOf(list(ACTIONS)),
        metadata=_doc(
            "`double` by `turn` before rolling; `take`, `drop`, `beaver` (answers to `turn`'s double) or "
            "`raccoon` (`turn`'s answer to a beaver)"
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
            raise ma.ValidationError(
                "`offer` names the offer an answer answers; a double answers none", "offer"
            )


class RollsSchema(schemas.StrictSchema):
    """Each player's opening roll: one die each (standard), two dice each (romanian)."""

    white = schemas.BoundedList(
        schemas.StrictInteger(validate=validate.Range(1, 6)), required=True, min_length=1, max_length=2
    )
    black = schemas.BoundedList(
        schemas.StrictInteger(validate=validate.Range(1, 6)), required=True, min_length=1, max_length=2
    )


class OpeningRequestSchema(schemas.StrictSchema):
    """Request of /v1/opening."""

    rolls = fields.Nested(RollsSchema, required=True)
    cube = fields.Nested(
        schemas.CubeSchema,
        metadata=_doc("the centred cube before this roll (above 1 after automatic doubles)"),
    )
    match = fields.Nested(
        schemas.MatchSchema, metadata=_doc("default: a money game (or the rules' match length)")
    )
    rules = fields.Nested(schemas.RulesSchema, metadata=_doc("default: standard rules (the one-die opening)"))


def _query_field(name: str, default: Any) -> fields.Field:
    """A query-string field for one rules option: text read as the option's type ("2" is 2,
    "true"/"false" booleans); choices and ranges are checked by `build_rules`, the one place."""
    meta = _doc(OPTION_DOCS.get(name, name), default=default)
    if name in OPTION_CHOICES:
        meta["enum"] = OPTION_CHOICES[name]
    if isinstance(default, bool):
        return fields.Boolean(metadata=meta)
    if isinstance(default, int):
        return fields.Integer(strict=False, metadata=meta)
    return fields.String(validate=validate.Length(max=32), metadata=meta)


StartQuerySchema = type(
    "StartQuerySchema",
    (schemas.StrictSchema,),
    {
        "__doc__": "Query of GET /v1/start: any rules option (as in a `rules` object), all optional.",
        **{name: _query_field(name, value) for name, value in Rules().to_dict().items()},
    },
)


class StartRequestSchema(schemas.StrictSchema):
    """Body of POST /v1/start: the rules (a preset plus options) and, for a later game, the match."""

    rules = fields.Nested(schemas.RulesSchema, metadata=_doc("default: standard money-game rules"))
    match = fields.Nested(
        schemas.MatchSchema,
        metadata=_doc("the match before this game (default: the rules' match length, 0-0)"),
    )


class ReasonOutSchema(ma.Schema):
    """Why a cube action is illegal: a stable code and a localised message."""

    code = fields.String(required=True, validate=validate.OneOf(list(REASONS)))
    message = fields.String(required=True)


class OfferOutSchema(ma.Schema):
    """A pending offer: `double`, `beaver` or `raccoon`, by whom, to which value."""

    kind = fields.String(required=True, validate=validate.OneOf(list(OFFERS)))
    by = fields.String(required=True, validate=validate.OneOf(list(COLORS)))
    value = fields.Integer(required=True)


class NextOutSchema(ma.Schema):
    """Who acts next, and what they may do (`roll`, or answers to the pending offer)."""

    player = fields.String(required=True, validate=validate.OneOf(list(COLORS)))
    actions = fields.List(fields.String(validate=validate.OneOf([*ACTIONS, "roll"])), required=True)


class CubeOutSchema(ma.Schema):
    """The cube."""

    value = fields.Integer(required=True)
    owner = fields.String(required=True, validate=validate.OneOf(schemas.CUBE_OWNERS))


class CubeOutcomeSchema(schemas.OutcomeSchema):
    """The outcome of a cube action: over only after a drop (a single game at the dropped value)."""

    label = fields.String(
        allow_none=True,
        metadata=_doc("localised label of what the result counts for (linie / marț / marț tehnic)"),
    )


class CubeLegalSchema(ma.Schema):
    """The cube action is legal: the cube after it, any pending offer, who acts next, the outcome."""

    legal = fields.Boolean(required=True, validate=validate.OneOf([True]))
    action = fields.String(required=True, validate=validate.OneOf(list(ACTIONS)))
    cube = fields.Nested(CubeOutSchema, required=True)
    offer = fields.Nested(OfferOutSchema, required=True, allow_none=True)
    next = fields.Nested(NextOutSchema, required=True, allow_none=True)
    outcome = fields.Nested(CubeOutcomeSchema, required=True)
    match = fields.Nested(MatchBlockSchema, metadata=_doc("after a drop in a match: the new score"))


class CubeIllegalSchema(ma.Schema):
    """The cube action is illegal now; `reason` says why."""

    legal = fields.Boolean(required=True, validate=validate.OneOf([False]))
    action = fields.String(required=True, validate=validate.OneOf(list(ACTIONS)))
    reason = fields.Nested(ReasonOutSchema, required=True)


class OpeningResponseSchema(ma.Schema):
    """Who starts and with which dice, or a re-roll."""

    starter = fields.String(required=True, allow_none=True, validate=validate.OneOf(list(COLORS)))
    dice = fields.List(fields.Integer(), required=True, allow_none=True)
    reroll = fields.Boolean(required=True)
    cube = fields.Nested(CubeOutSchema, required=True)
    automatic_double = fields.Boolean(required=True)
    message = fields.String(required=True)


class OptionOutSchema(ma.Schema):
    """One rules option."""

    description = fields.String(required=True)
    default = fields.Raw(required=True)
    choices = fields.List(fields.Raw())


class RulesResponseSchema(ma.Schema):
    """The presets with all their options, each option described, and the cube reason codes."""

    presets = fields.Dict(keys=fields.String(), values=fields.Dict(), required=True)
    options = fields.Dict(keys=fields.String(), values=fields.Nested(OptionOutSchema), required=True)
    cube_reasons = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class StartStepSchema(ma.Schema):
    """The first step of a game: the opening roll."""

    step = fields.String(required=True, validate=validate.OneOf(["opening"]))
    route = fields.String(required=True, metadata=_doc("where to send the opening rolls: /v1/opening"))
    dice_per_player = fields.Integer(
        required=True, validate=validate.OneOf([1, 2]), metadata=_doc("1 (standard), 2 (romanian)")
    )
    message = fields.String(required=True, metadata=_doc("what the players do, in the request's language"))


class StartResponseSchema(ma.Schema):
    """The starting board of a game, the rules in force, the cube and match, and the first step."""

    variant = fields.String(required=True)
    checkers = fields.Integer(required=True)
    board = fields.Nested(schemas.BoardOutSchema, required=True)
    rules = fields.Dict(required=True, metadata=_doc("every rules option in force (send it back as `rules`)"))
    cube = fields.Nested(CubeOutSchema, required=True)
    match = fields.Nested(
        schemas.MatchSchema, required=True, metadata=_doc("the match this game belongs to (length 0: money)")
    )
    next = fields.Nested(StartStepSchema, required=True)


class OutcomeMatchResponseSchema(schemas.OutcomeResponseSchema):
    """/v1/outcome's answer with the localised label and, in a match, the match block."""

    label = fields.String(
        allow_none=True,
        metadata=_doc(
            "localised label of what the result counts for: single game / linie, gammon / marț, "
            "backgammon / marț tehnic (a backgammon counting as a gammon is labelled gammon / marț)"
        ),
    )
    match = fields.Nested(MatchBlockSchema, metadata=_doc("present in a match: the effect of this game"))


# -- /v1/cube -----------------------------------------------------------------------------------
CUBE_EXAMPLES: dict[str, Any] = {
    "double": {"summary": "White doubles a centred cube", "value": {"turn": "white", "action": "double"}},
    "drop_in_match": {
        "summary": "Black drops white's redouble to 4 in a 5-point match",
        "value": {
            "turn": "white",
            "action": "drop",
            "cube": {"value": 2, "owner": "white"},
            "match": {"length": 5, "score": {"white": 1, "black": 2}},
        },
    },
    "crawford": {
        "summary": "No doubling in the Crawford game (legal: false)",
        "value": {
            "turn": "black",
            "action": "double",
            "match": {"length": 5, "score": {"white": 4, "black": 2}, "crawford": True},
        },
    },
}


def cube_body(verdict: CubeVerdict, match: Match, rules: Rules, lang: str) -> dict[str, Any]:
    """The JSON answer for a cube verdict."""
    if not verdict.legal:
        return {
            "legal": False,
            "action": verdict.action,
            "reason": {"code": verdict.code, "message": verdict.message(lang)},
        }
    assert verdict.cube is not None
    body: dict[str, Any] = {
        "legal": True,
        "action": verdict.action,
        "cube": verdict.cube.to_dict(),
        "offer": verdict.offer.to_dict() if verdict.offer else None,
        "next": {"player": verdict.next_player, "actions": list(verdict.next_actions)}
        if verdict.next_player
        else None,
        "outcome": {
            **verdict.outcome_dict(),
            "label": result_label("single" if verdict.game_over else None, lang),
        },
    }
    if verdict.game_over and not match.is_money and verdict.winner and verdict.points:
        body["match"] = score_game(match, verdict.winner, verdict.points, rules).to_dict()
    return body


def _cube_answer(body: Mapping[str, Any], lang: str) -> dict[str, Any]:
    rules, cube, match = resolve_context(body, lang)
    game_over = False
    if body.get("board") is not None:
        board = Board.from_dict(body["board"], checkers=rules.checkers)
        raise_problems(board.problems(checkers=rules.checkers), lang)
        game_over = outcome(board, rules, cube.value).game_over
    verdict = cube_action(
        body["action"],
        body["turn"],
        cube,
        rules,
        in_match=not match.is_money,
        crawford_game=match.crawford,
        offer=body.get("offer", "double"),
        rolled=body.get("dice") is not None,
        game_over=game_over,
    )
    return cube_body(verdict, match, rules, lang)


@blp.route("/cube", methods=["POST"])
@blp.json_body(CubeRequestSchema, examples=CUBE_EXAMPLES)
@blp.response(
    200,
    {"oneOf": [CubeLegalSchema, CubeIllegalSchema]},
    description="The verdict on the cube action: the request was valid, the action may still be illegal",
    examples=answered_examples(CUBE_EXAMPLES, CubeRequestSchema(), lambda body: _cube_answer(body, "en")),
)
def cube(body: dict[str, Any]) -> Response:
    """Referee a cube action

    Whether `action` is legal now and what follows. `double` is by `turn` before rolling (not once
    `dice` are given), by the cube's owner or either player when centred, never in the Crawford game
    nor past `max_cube`. `take`, `drop` and `beaver` answer the double `turn` has just offered on
    the given cube; `raccoon` is `turn`'s answer to that beaver, and `offer` says which offer a
    take/drop answers. A drop ends the game: the last offerer wins the cube value before the offer.
    Beavers and raccoons only when the rules allow them, and never in a match. Whatever is taken
    ends owned by the opponent of `turn`. Illegal actions are `legal: false` with a stable code.
    """
    lang = request_language()
    return _answer(_cube_answer(body, lang), lang)


# -- /v1/opening --------------------------------------------------------------------------------
OPENING_EXAMPLES: dict[str, Any] = {
    "standard": {"summary": "Standard: one die each", "value": {"rolls": {"white": [5], "black": [3]}}},
    "romanian": {
        "summary": "Romanian: two dice each, a double beats a non-double (marele și dubla mută)",
        "value": {"rolls": {"white": [6, 5], "black": [2, 2]}, "rules": {"preset": "romanian"}},
    },
    "automatic_double": {
        "summary": "Equal dice with automatic doubles on: re-roll and the cube goes to 2",
        "value": {"rolls": {"white": [4], "black": [4]}, "rules": {"automatic_doubles": 1}},
    },
}


def _opening_answer(body: Mapping[str, Any], lang: str) -> dict[str, Any]:
    rules, cube, match = resolve_context(body, lang)
    raise_problems(opening_problems(body["rolls"], rules, cube, lang), lang)
    return decide_opening(body["rolls"], rules, cube, in_match=not match.is_money).to_dict(lang)


@blp.route("/opening", methods=["POST"])
@blp.json_body(OpeningRequestSchema, examples=OPENING_EXAMPLES)
@blp.response(
    200,
    OpeningResponseSchema,
    description="Who starts and what they play, or a re-roll",
    examples=answered_examples(
        OPENING_EXAMPLES, OpeningRequestSchema(), lambda body: _opening_answer(body, "en")
    ),
)
def opening(body: dict[str, Any]) -> Response:
    """Decide the opening roll

    Standard opening: one die each; equal dice re-roll (with `automatic_doubles`, money only, the
    centred cube doubles on each tie up to that many times); the higher die starts and plays both
    dice. Romanian opening (preset `romanian`, "marele și dubla mută"): two dice each; a double
    beats any non-double, otherwise (and between doubles) the higher total starts; equal totals
    re-roll, or with `opening_ties: higher_die` the higher single die decides. `opening_dice`:
    `rolled` (the starter plays the opening dice: its own two in the Romanian opening) or
    `new_roll` (the starter rolls afresh; `dice` is null).
    """
    lang = request_language()
    return _answer(_opening_answer(body, lang), lang)


# -- /v1/rules ----------------------------------------------------------------------------------
def rules_listing(lang: str) -> dict[str, Any]:
    """Every preset with its options, each option described, and the cube reason codes."""
    defaults = Rules().to_dict()
    options: dict[str, Any] = {}
    for name in Rules.option_names():
        entry: dict[str, Any] = {"description": OPTION_DOCS.get(name, name), "default": defaults[name]}
        if name in OPTION_CHOICES:
            entry["choices"] = OPTION_CHOICES[name]
        options[name] = entry
    return {
        "presets": presets(),
        "options": options,
        "cube_reasons": {code: text(code, lang, owner="white", max_cube=64) for code in REASONS},
    }


@blp.route("/rules", methods=["GET"])
@blp.response(200, RulesResponseSchema, description="The presets and options", example=rules_listing("en"))
def rules_presets() -> Response:
    """List the rules presets and options

    `standard` (money game: cube on, Jacoby off, beavers off, Crawford rule) and `romanian` (Table:
    a linie counts 1 and a marț 2, a backgammon counts as a marț unless `backgammons` is true,
    matches to 3, no cube, the Romanian opening).
    Send `rules: {"preset": "romanian", ...}` on any route; every option can be overridden.
    """
    lang = request_language()
    return _answer(rules_listing(lang), lang)


# -- /v1/resign ---------------------------------------------------------------------------------
class ResignRequestSchema(schemas.PositionSchema):
    """Request of /v1/resign: the position (with its cube, match and rules), who resigns, how much."""

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
    reason = fields.Nested(ReasonOutSchema, required=True, allow_none=True, metadata=_doc("why not"))
    by = fields.String(required=True, validate=validate.OneOf(list(COLORS)))
    level = fields.String(required=True, validate=validate.OneOf(list(RESIGN_LEVELS)))
    most_at_stake = fields.String(
        required=True,
        validate=validate.OneOf(list(RESIGN_LEVELS)),
        metadata=_doc("the most the board can still give the opponent: a higher level gives away more"),
    )
    accepted = fields.Nested(
        CubeOutcomeSchema, required=True, allow_none=True, metadata=_doc("the outcome once accepted")
    )
    capped_points = fields.Integer(
        allow_none=True, metadata=_doc("in a match: the points capped at what the winner needed")
    )
    match = fields.Nested(MatchBlockSchema, metadata=_doc("in a match: the match after acceptance"))


RESIGN_EXAMPLES: dict[str, Any] = {
    "gammon_in_match": {
        "summary": "Black resigns a gammon at cube 2, white needing 3 in a 5-point match",
        "value": {
            "board": {
                "white": {"points": {"1": 3, "2": 4}, "bar": 0, "off": 8},
                "black": {"points": {"6": 5, "8": 5, "13": 5}, "bar": 0, "off": 0},
            },
            "cube": {"value": 2, "owner": "black"},
            "match": {"length": 5, "score": {"white": 2, "black": 1}},
            "by": "black",
            "level": "gammon",
        },
    },
    "jacoby": {
        "summary": "Money game, Jacoby rule, cube not turned: a gammon resignation counts single",
        "value": {
            "board": {
                "white": {"points": {"1": 3, "2": 4}, "bar": 0, "off": 8},
                "black": {"points": {"6": 5, "8": 5, "13": 5}, "bar": 0, "off": 0},
            },
            "rules": {"jacoby": True},
            "by": "black",
            "level": "gammon",
        },
    },
}


def resign_body(body: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """The answer of /v1/resign for a validated body."""
    position = resolve_position(body)
    rules, resigner, level = position.rules, body["by"], body["level"]
    cube, match = Cube.from_dict(position.cube), Match.from_dict(position.match, rules)
    answer: dict[str, Any] = {
        "may_offer": True,
        "reason": None,
        "by": resigner,
        "level": level,
        "most_at_stake": most_at_stake(position.board, resigner),
        "accepted": None,
    }
    if outcome(position.board, rules, cube.value).game_over:
        return {
            **answer,
            "may_offer": False,
            "reason": {"code": "GAME_OVER", "message": text("GAME_OVER", lang)},
        }
    centred = cube.owner == "centered"
    accepted = resignation(level, resigner, rules, cube.value, not match.is_money, centred)
    answer["accepted"] = {**accepted.to_dict(), "label": result_label(accepted.counted_as, lang)}
    if not match.is_money and accepted.winner is not None and accepted.points is not None:
        answer["capped_points"] = min(accepted.points, match.away(accepted.winner))
        answer["match"] = score_game(match, accepted.winner, accepted.points, rules).to_dict()
    return answer


@blp.route("/resign", methods=["POST"])
@blp.json_body(ResignRequestSchema, examples=RESIGN_EXAMPLES)
@blp.response(
    200,
    ResignResponseSchema,
    description="Whether the resignation may be offered and what accepting it scores",
    examples=answered_examples(RESIGN_EXAMPLES, ResignRequestSchema(), resign_body),
)
def resign(body: dict[str, Any]) -> Response:
    """Score a resignation

    `by` offers to resign at `level` (single, gammon or backgammon) in the given position, cube and
    match. It may be offered at any time while the game goes on (`may_offer: false`, `GAME_OVER`,
    once it is over). Accepting it gives the opponent that result, counted as a result on the board
    is: gammons and backgammons as the rules count them, the Jacoby rule in money play only while
    the cube is not turned, times the cube value. In a match the answer adds the points capped at
    what the winner needed and the match block after the game. The match referee
    (/v1/matches/verify) scores the resignations of a transcript with the same function.
    `most_at_stake` says what the board can still give: a resignation above it gives away points.
    """
    lang = request_language()
    return _answer(resign_body(body, lang), lang)


# -- /v1/start ----------------------------------------------------------------------------------
START_EXAMPLES: dict[str, Any] = {
    "romanian": {
        "summary": "A Romanian game (Table): match to 3, no cube",
        "value": {"rules": {"preset": "romanian"}},
    },
    "match_game": {
        "summary": "Game 3 of a 5-point match with the cube, the Crawford game",
        "value": {"match": {"length": 5, "score": {"white": 4, "black": 2}, "crawford": True}},
    },
    "nackgammon": {"summary": "Nackgammon, money game", "value": {"rules": {"variant": "nackgammon"}}},
}


def start_listing(body: Mapping[str, Any], lang: str = "en", prefix: str = "rules") -> dict[str, Any]:
    """A game's start for validated rules (`body["rules"]`) and match: the starting board, every rules
    option in force, the centred cube, the match and the first step (the opening roll)."""
    rules, problems = build_rules(body.get("rules"), prefix=prefix, lang=lang)
    raise_problems(problems, lang)
    cube, match = CENTRED, Match.from_dict(body.get("match"), rules)
    raise_problems(context_problems(cube, match, rules, lang), lang)
    dice = DICE_PER_PLAYER[rules.opening]
    return {
        "variant": rules.variant,
        "checkers": rules.checkers,
        "board": start_board(rules).to_dict(),
        "rules": rules.to_dict(),
        "cube": cube.to_dict(),
        "match": match.to_dict(),
        "next": {
            "step": "opening",
            "route": "/v1/opening",
            "dice_per_player": dice,
            "message": text(f"opening_step.{rules.opening}", lang),
        },
    }


# The request a starting board leads to: that board with an opening 3-1 to play, in its variant.
OPENING_ROLL_BODY = {
    "board": "$response.body#/board",
    "turn": "white",
    "dice": [3, 1],
    "rules": {"variant": "$response.body#/variant"},
}


@blp.route("/start", methods=["GET"])
@blp.links(
    moves={
        "target": "POST /v1/moves",
        "body": OPENING_ROLL_BODY,
        "description": "The plays of an opening 3-1 from the starting board",
    },
    convert={
        "target": "POST /v1/convert",
        "body": OPENING_ROLL_BODY,
        "description": "The starting board with an opening 3-1 in every position format",
    },
)
@blp.arguments(StartQuerySchema, location="query", unknown=ma.RAISE)
@blp.response(
    200,
    StartResponseSchema,
    description="The starting board, the rules in force and the first step",
    example=start_listing({"rules": {"preset": "romanian"}}),
)
def start(query: dict[str, Any]) -> Response:
    """Start a game (rules as query parameters)

    Any rules option as a query parameter (`?preset=romanian`, `?variant=hypergammon&hypergammon_checkers=2`,
    `?jacoby=true`). GNU Backgammon's starting positions: `backgammon` (2 on 24, 5 on 13, 3 on 8, 5 on
    6), `nackgammon` (2 on 24, 2 on 23, 4 on 13, 3 on 8, 4 on 6), `hypergammon` with
    `hypergammon_checkers` = 1, 2 or 3 (default 3) checkers on 24, 23, 22. The answer gives the
    rules in force (send them back as `rules`), the centred cube, the match (the rules' match
    length at 0-0) and the first step: the opening roll, decided by POST /v1/opening.
    """
    lang = request_language()
    return _answer(start_listing({"rules": query}, lang, prefix="query"), lang)


@blp.route("/start", methods=["POST"])
@blp.json_body(StartRequestSchema, examples=START_EXAMPLES)
@blp.response(
    200,
    StartResponseSchema,
    description="The starting board, the rules in force and the first step",
    examples=answered_examples(START_EXAMPLES, StartRequestSchema(), start_listing),
)
def start_game(body: dict[str, Any]) -> Response:
    """Start a game (rules and match as JSON)

    The same answer as GET /v1/start, for a `rules` object as every route takes it and, for a later
    game of a match, the `match` before it (its score, and whether it is the Crawford game). Every
    game of a match starts with its own opening roll.
    """
    lang = request_language()
    return _answer(start_listing(body, lang), lang)


__all__ = ["blp", "outcome_extras"]
