"""From a validated request body to the engine's values: the one place a position is resolved.

Alternative position sources (gnubg_id, xgid, fibs) plug in here, so every route that takes a
position gains them at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from arbitru.engine import Board, Color, Rules
from arbitru.engine.board import Problem
from arbitru.engine.cube import INITIAL_CUBE, Cube
from arbitru.engine.match import Match, context_problems
from arbitru.engine.position import MONEY_GAME, Dice, Position
from arbitru.engine.rules import STANDARD, build_rules
from arbitru.engine.variants import read_board, variant_of
from arbitru.http.errors import ValidationProblem, field_errors
from arbitru.messages import message

DEFAULT_CUBE: dict[str, Any] = {"value": 1, "owner": "centered"}
Context = tuple[Rules, Cube, Match]


class ResolvedPosition(NamedTuple):
    """Everything a route needs to know about the game a request describes."""

    board: Board
    turn: Color | None
    dice: tuple[int, int] | None
    cube: dict[str, Any]
    match: dict[str, Any] | None
    rules: Rules
    game: Position  # the same position as the engine's value: what the routes ask


def raise_problems(problems: Sequence[Problem]) -> None:
    """A 422 naming every field of `problems` (nothing when there is none), in the client's language."""
    if problems:
        raise ValidationProblem(field_errors(problems))


def resolve_context(payload: Mapping[str, Any], prefix: str = "rules") -> Context:
    """Rules (preset + options), cube and match of a schema-valid body, or a 422 naming every bad
    field (the rules' fields under `prefix`). The default money game is not rebuilt for every request."""
    options, cube_data, match_data = payload.get("rules"), payload.get("cube"), payload.get("match")
    if not (options or cube_data or match_data):
        return STANDARD, INITIAL_CUBE, MONEY_GAME  # the common request: nothing to build or check
    rules, problems = build_rules(options, prefix=prefix) if options else (STANDARD, [])
    cube, match = Cube.from_dict(cube_data), Match.from_dict(match_data, rules)
    if not problems and (cube_data or match_data):
        problems = context_problems(cube, match, rules)
    raise_problems(problems)
    return rules, cube, match


def resolve_game(
    payload: Mapping[str, Any], context: Context, turn: Color | None = None, dice: Dice | None = None
) -> tuple[Position | None, list[Problem]]:
    """The engine's position of the body's `board` in `context` (None when the body gives none),
    with every reason it cannot occur (`Position.problems`; with `turn` on roll, also a game that
    is already over) and every problem of its `first_turn` (`Variant.read_history`). Routes
    where `board` is optional (/v1/cube, /v1/clock) use it as it is."""
    if payload.get("board") is None:
        return None, []
    rules, cube, match = context
    board = read_board(payload["board"], rules)
    variant = variant_of(rules)
    history, found = variant.read_history(board, payload.get("first_turn"))
    game = Position(board, turn, dice, cube, match, rules, history)
    return game, game.problems() + found


def resolve_position(payload: Mapping[str, Any]) -> ResolvedPosition:
    """Turn a schema-validated body into engine values, or raise a 422 naming every bad field.

    Checks what the schema cannot, by asking the engine's position (`Position.problems`): checker
    totals, points held by both sides, and that nobody is on roll in a game that is already over.
    """
    turn: Color | None = payload.get("turn")
    dice = payload.get("dice")
    roll = (dice[0], dice[1]) if dice is not None else None
    game, problems = resolve_game(payload, resolve_context(payload), turn, roll)
    if problems:
        raise ValidationProblem(field_errors(problems), detail=message("problem.unreachable_position"))
    assert game is not None, "the schema requires a board"
    cube = {**DEFAULT_CUBE, **(payload.get("cube") or {})}
    return ResolvedPosition(game.board, turn, roll, cube, payload.get("match"), game.rules, game)
