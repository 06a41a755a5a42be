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

from arbitru.engine.clock import build_settings
from arbitru.engine.cube import REASONS, cube_action
from arbitru.engine.opening import DICE_PER_PLAYER, decide_opening, opening_problems, opening_step_keys
from arbitru.engine.outcome import most_at_stake
from arbitru.engine.rules import OPTIONS, PRESETS, Rules, first_game, game_rules, presets
from arbitru.engine.variants import board_json, start_board
from arbitru.http.api import cacheable
from arbitru.http.blueprint import Blueprint, strict_query
from arbitru.http.i18n import request_language
from arbitru.http.json import json_response
from arbitru.http.position import raise_problems, resolve_context, resolve_game, resolve_position
from arbitru.http.render import cube_json
from arbitru.http.routes.trust import committed_opening
from arbitru.http.schemas.core import option_description
from arbitru.http.schemas.examples import (
    CUBE_EXAMPLES,
    OPENING_EXAMPLES,
    OPENING_ROLL_BODY,
    RESIGN_EXAMPLES,
    START_EXAMPLES,
)
from arbitru.http.schemas.game import (
    CubeIllegalSchema,
    CubeLegalSchema,
    CubeRequestSchema,
    OpeningRequestSchema,
    OpeningResponseSchema,
    ResignRequestSchema,
    ResignResponseSchema,
    RulesResponseSchema,
    StartQuerySchema,
    StartRequestSchema,
    StartResponseSchema,
)
from arbitru.http.states import next_state, sent_state, start_state, with_state
from arbitru.messages import message, render, result_label, say, say_code, template

blp = Blueprint(
    "game",
    __name__,
    url_prefix="/v1",
    description="Cube actions, match scoring, the opening roll, rules presets and variants.",
)


# -- /v1/cube -----------------------------------------------------------------------------------
def _cube_answer(body: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    rules, cube, match = context = resolve_context(body)
    game, problems = resolve_game(body, context)  # the board is optional; the game may be over
    raise_problems(problems)
    verdict = cube_action(
        body["action"],
        body["turn"],
        cube,
        rules,
        in_match=not match.is_money,
        crawford_game=match.crawford,
        offer=body.get("offer", "double"),
        rolled=body.get("dice") is not None,
        game_over=game is not None and game.ends_game(),
        by=body.get("by"),
    )
    return cube_json(verdict, match, rules, lang)


@blp.route("/cube", methods=["POST"])
@blp.answers(
    CubeRequestSchema,
    CUBE_EXAMPLES,
    _cube_answer,
    {"oneOf": [CubeLegalSchema, CubeIllegalSchema]},
    "The verdict on the cube action: the request was valid, the action may still be illegal",
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

    `by` names who acts: `turn` doubles, the opponent of `turn` answers a double (take, drop,
    beaver), `turn` answers a beaver (take, drop, raccoon). An action `by` the wrong side is
    `legal: false` with `NOT_YOUR_ACTION`, never reassigned. Without `by` (older clients) the action
    is taken as by the side it belongs to.
    """
    lang = request_language()
    return json_response(_with_cube_state(_cube_answer(body, lang)))


def _with_cube_state(answer: dict[str, Any]) -> dict[str, Any]:
    """A legal action's answer with the state after it, when the request sent one: the cube and any
    pending offer (step `double`), the game over after a drop, else the roller rolls."""
    if not answer["legal"]:
        return answer
    over = answer["outcome"]["game_over"]
    step = "over" if over else "double" if answer["offer"] else "roll"
    changes: dict[str, Any] = {"cube": answer["cube"], "offer": answer["offer"], "step": step}
    if over:
        changes["turn"] = None
    return with_state(answer, next_state(**changes))


# -- /v1/opening --------------------------------------------------------------------------------
def _opening_answer(body: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    if sent_state() is not None:
        return committed_opening(body, lang)
    rules, cube, match = resolve_context(body)
    raise_problems(opening_problems(body["rolls"], rules, cube))
    opening = decide_opening(body["rolls"], rules, cube, in_match=not match.is_money)
    return {**opening.to_dict(), "message": say(opening, lang)}


@blp.route("/opening", methods=["POST"])
@blp.answers(
    OpeningRequestSchema,
    OPENING_EXAMPLES,
    _opening_answer,
    OpeningResponseSchema,
    "Who starts and what they play, or a re-roll",
)
def opening(body: dict[str, Any]) -> Response:
    """Decide the opening roll

    Standard opening: one die each; equal dice re-roll (with `automatic_doubles`, money only, the
    centred cube doubles on each tie up to that many times); the higher die starts and plays both
    dice. Romanian opening (preset `romanian`, "marele și dubla mută"): two dice each; a double
    beats any non-double, otherwise (and between doubles) the higher total starts; equal totals
    re-roll, or with `opening_ties: higher_die` the higher single die decides. `opening_dice`:
    `rolled` (the starter plays the opening dice: its own two in the Romanian opening) or
    `new_roll` (the starter rolls afresh; `dice` is null). With a signed `state` at the opening
    in place of `rolls` and the context, the state's committed opening roll is drawn (as POST
    /v1/roll draws it, the players' `seeds` revealed at the game's first roll): the same answer
    plus the `rolls` drawn, their `proof` and the next `state` (docs/dice.md).
    """
    lang = request_language()
    return json_response(_opening_answer(body, lang))


# -- /v1/rules ----------------------------------------------------------------------------------
CUBE_REASON_SAMPLE = {"owner": "white", "max_cube": 64, "player": "black"}
"""The parameters /v1/rules fills its cube reasons with (a listing has no real owner or player); put
into words as POST /v1/cube puts a verdict's (`say_code`: the colours named in the answer's language)."""


def rules_listing(lang: str) -> dict[str, Any]:
    """Every preset with its options, each preset and option described, and the cube reason codes."""
    options: dict[str, Any] = {}
    for name, spec in OPTIONS.items():
        entry: dict[str, Any] = {
            "description": option_description(name, lang),
            "default": spec.default(),
        }
        if spec.choices:
            entry["choices"] = list(spec.choices)
        options[name] = entry
    return {
        "presets": presets(),
        "preset_descriptions": {
            name: {
                "name": template(f"preset.{name}", lang),
                "description": template(f"preset_description.{name}", lang),
            }
            for name in PRESETS
        },
        "options": options,
        "cube_reasons": {code: say_code(code, CUBE_REASON_SAMPLE, lang) for code in REASONS},
    }


@blp.route("/rules", methods=["GET"])
@blp.response(200, RulesResponseSchema, description="The presets and options", example=rules_listing("en"))
def rules_presets() -> Response:
    """List the rules presets and options

    `standard` (money game: cube on, Jacoby off, beavers off, Crawford rule) and `romanian` (Table:
    a linie counts 1 and a marț 2, a backgammon counts as a marț unless `backgammons` is true,
    matches to 3, no cube, the Romanian opening); the Table family (docs/variants.md): `long_nardy`
    (table pe duse: the same direction, no hitting, the head and block rules; the cube), `plakoto`
    (pins instead of hits, the mother rule; no cube), `fevga` (the same direction, one checker holds
    a point, the starting, starting-quarter and unblocking rules; no cube), `portes` and `tavla`
    (backgammon without the cube, a backgammon counting 2); `tavli`, Greek Tavli, a match of Portes,
    Plakoto and Fevga in turn (option `rotation`; POST /v1/start tells each game after the one
    before). `preset_descriptions` names and describes each in the request's language.
    Send `rules: {"preset": "romanian", ...}` on any route; every option can be overridden.
    """
    strict_query(())  # it reads no query parameter: any is a 422 naming it
    lang = request_language()
    return cacheable(json_response(rules_listing(lang)))


# -- /v1/resign ---------------------------------------------------------------------------------
def resign_body(body: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """The answer of /v1/resign for a validated body."""
    game = resolve_position(body).game
    resigner, level = body["by"], body["level"]
    answer: dict[str, Any] = {
        "may_offer": True,
        "reason": None,
        "by": resigner,
        "level": level,
        "most_at_stake": most_at_stake(game.board, resigner),
        "accepted": None,
    }
    if game.ends_game():
        return {
            **answer,
            "may_offer": False,
            "reason": {"code": "GAME_OVER", "message": render("GAME_OVER", None, lang)},
        }
    accepted = game.resignation(level, resigner)
    answer["accepted"] = {**accepted.to_dict(), "label": result_label(accepted.counted_as, lang)}
    scored = game.match_after(accepted)
    if scored is not None and accepted.winner is not None and accepted.points is not None:
        answer["capped_points"] = min(accepted.points, game.match.away(accepted.winner))
        answer["accepted"]["match"] = scored.to_dict()
    return answer


@blp.route("/resign", methods=["POST"])
@blp.answers(
    ResignRequestSchema,
    RESIGN_EXAMPLES,
    resign_body,
    ResignResponseSchema,
    "Whether the resignation may be offered and what accepting it scores",
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
    answer = resign_body(body, lang)
    if answer["may_offer"]:
        answer = with_state(answer, next_state(step="over", turn=None, dice=None, offer=None))
    return json_response(answer)


# -- /v1/start ----------------------------------------------------------------------------------
def start_listing(body: Mapping[str, Any], lang: str = "en", prefix: str = "rules") -> dict[str, Any]:
    """A game's start for validated rules (`body["rules"]`) and match: the starting board, every rules
    option in force, the centred cube, the match and the first step (the opening roll). After a game
    (`body["after"]`: its number and winner) the next one: in a rotation (Tavli) it is played by its
    turn's preset (`game_rules`) and its first step is the previous winner's roll, with no opening."""
    rules, cube, match = resolve_context({"rules": body.get("rules"), "match": body.get("match")}, prefix)
    after = body.get("after")
    number = after["game"] + 1 if after else first_game(rules)  # without `after`: the game sent
    rules = game_rules(rules, number)
    starter = after["winner"] if after and rules.rotates else None
    return {
        "game": number,
        "variant": rules.variant,
        "checkers": rules.checkers,
        "board": board_json(start_board(rules), rules),
        "rules": rules.to_dict(),
        "cube": cube.to_dict(),
        "match": match.to_dict(),
        "next": _first_step(rules, starter, lang),
    }


def _first_step(rules: Rules, starter: str | None, lang: str) -> dict[str, Any]:
    """A game's first step: the opening roll, or (`starter`, a rotation's winner of the game before)
    that player's roll."""
    if starter is not None:
        return {
            "step": "roll",
            "route": "/v1/roll",
            "turn": starter,
            "message": render("rotation_step", {"player": message(starter)}, lang),
        }
    return {
        "step": "opening",
        "route": "/v1/opening",
        "dice_per_player": DICE_PER_PLAYER[rules.opening],
        "message": " ".join(render(key, None, lang) for key in opening_step_keys(rules)),
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
    roll={
        "target": "POST /v1/roll",
        "body": {"state": "$response.body#/state"},
        "description": "The opening roll of the game, on its committed dice",
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
    `hypergammon_checkers` = 1, 2 or 3 (default 3) checkers on 24, 23, 22; `long_nardy`, `plakoto`
    and `fevga`: all 15 on the own 24 (the presets `portes` and `tavla` start as backgammon). The
    answer gives the rules in force (send them back as `rules`), the centred cube, the match (the
    rules' match length at 0-0) and the first step: the opening roll, decided by POST /v1/opening.
    """
    lang = request_language()
    answer = start_listing({"rules": query}, lang, prefix="query")
    return json_response({**answer, "state": start_state(answer)})


@blp.route("/start", methods=["POST"])
@blp.answers(
    StartRequestSchema,
    START_EXAMPLES,
    start_listing,
    StartResponseSchema,
    "The starting board, the rules in force and the first step",
)
def start_game(body: dict[str, Any]) -> Response:
    """Start a game (rules and match as JSON)

    The same answer as GET /v1/start, for a `rules` object as every route takes it and, for a later
    game of a match, the `match` before it (its score, and whether it is the Crawford game) and
    `after`, the game just played (its number and winner): the answer is game `after.game + 1`
    (without it, the first game the rules play: game 1, or a rotation's first game of their preset).
    Every game of a match starts with its own opening roll, but in a rotation (`rotation: tavli`,
    the preset `tavli`): there each game is played by its turn's preset (Portes, Plakoto, Fevga, again
    and again; `rules` answers it, with the rotation, to send back) and a game after one that was won
    is started by its winner (`next.step: roll`, `next.turn`), with no opening roll. For committed
    dice, `seed_hashes` fixes each player's secret seed by its SHA-256 in the signed state (the seeds
    are revealed with the first /v1/roll); `clock` (as POST /v1/clock takes it) is carried in the
    state (docs/dice.md).
    """
    lang = request_language()
    answer = start_listing(body, lang)
    clock = None
    if "clock" in body:
        settings, problems = build_settings(body["clock"])
        raise_problems(problems)
        clock = settings.to_dict()
    return json_response({**answer, "state": start_state(answer, body.get("seed_hashes"), clock)})


__all__ = ["blp"]
