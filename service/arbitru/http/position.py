"""From a validated request body to the engine's values: the one place a position is resolved.

Alternative position sources (gnubg_id, xgid, fibs) plug in here, so every route that takes a
position gains them at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from arbitru.engine import COLORS, Board, Color, Rules
from arbitru.engine.board import OFF, Problem
from arbitru.engine.cube import Cube
from arbitru.engine.match import Match, context_problems
from arbitru.engine.position import Position as Game
from arbitru.engine.rules import STANDARD, build_rules
from arbitru.http.errors import ValidationProblem, field_errors
from arbitru.messages import message

DEFAULT_CUBE: dict[str, Any] = {"value": 1, "owner": "centered"}
CENTRED_CUBE = Cube.from_dict(None)
MONEY_GAME = Match.from_dict(None, STANDARD)


class Position(NamedTuple):
    """Everything a route needs to know about the game a request describes."""

    board: Board
    turn: Color | None
    dice: tuple[int, int] | None
    cube: dict[str, Any]
    match: dict[str, Any] | None
    rules: Rules
    game: Game  # the same position as the engine's value: what the routes ask


def raise_problems(problems: Sequence[Problem]) -> None:
    """A 422 naming every field of `problems` (nothing when there is none), in the client's language."""
    if problems:
        raise ValidationProblem(field_errors(problems))


def resolve_context(payload: Mapping[str, Any]) -> tuple[Rules, Cube, Match]:
    """Rules (preset + options), cube and match of a schema-valid body, or a 422 naming every bad
    field. The default money game is not rebuilt for every request."""
    options, cube_data, match_data = payload.get("rules"), payload.get("cube"), payload.get("match")
    if not (options or cube_data or match_data):
        return STANDARD, CENTRED_CUBE, MONEY_GAME  # the common request: nothing to build or check
    rules, problems = build_rules(options) if options else (STANDARD, [])
    cube, match = Cube.from_dict(cube_data), Match.from_dict(match_data, rules)
    if not problems and (cube_data or match_data):
        problems = context_problems(cube, match, rules)
    raise_problems(problems)
    return rules, cube, match


def resolve_position(payload: Mapping[str, Any]) -> Position:
    """Turn a schema-validated body into engine values, or raise a 422 naming every bad field.

    Checks what the schema cannot: checker totals, points held by both sides (the board's own
    `problems()`), and that nobody is on roll in a game that is already over.
    """
    rules, cube_value, match_value = resolve_context(payload)
    turn: Color | None = payload.get("turn")
    dice = payload.get("dice")
    board = Board.from_dict(payload["board"], checkers=rules.checkers)
    errors = field_errors(board.problems(checkers=rules.checkers))
    if not errors and turn is not None:
        for color in COLORS:
            if board.side(color)[OFF] == rules.checkers:
                errors.setdefault(f"board.{color}.off", []).append(
                    message("problem.game_over_on_roll", color=color, checkers=rules.checkers, turn=turn)
                )
    if errors:
        raise ValidationProblem(errors, detail=message("problem.unreachable_position"))
    cube = {**DEFAULT_CUBE, **(payload.get("cube") or {})}
    roll = (dice[0], dice[1]) if dice is not None else None
    game = Game(board, turn, roll, cube_value, match_value, rules)
    return Position(board, turn, roll, cube, payload.get("match"), rules, game)
