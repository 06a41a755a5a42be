"""From a validated request body to the engine's values: the one place a position is resolved.

Alternative position sources (gnubg_id, xgid, fibs) plug in here, so every route that takes a
position gains them at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from arbitru.engine import Board, Color, Rules
from arbitru.engine.board import Problem
from arbitru.engine.position import Context, Position, read_context, read_position
from arbitru.http.errors import ValidationProblem, field_errors
from arbitru.messages import message

DEFAULT_CUBE: dict[str, Any] = {"value": 1, "owner": "centered"}


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
    """Rules (preset + options), cube and match of a schema-valid body (`read_context`), or a 422
    naming every bad field (the rules' fields under `prefix`)."""
    context, problems = read_context(payload, prefix)
    raise_problems(problems)
    return context


def resolve_game(payload: Mapping[str, Any], context: Context) -> tuple[Position | None, list[Problem]]:
    """The engine's position of the body's `board` in `context`, nobody on roll (None when the body
    gives none), with every reason it cannot occur (`Position.problems`). Routes where `board` is
    optional (/v1/cube, /v1/clock) use it as it is."""
    reading = read_position(payload, context, on_roll=False)
    return reading.position, reading.problems


def resolve_position(payload: Mapping[str, Any]) -> ResolvedPosition:
    """Turn a schema-validated body into engine values in one call to the engine (`read_position`),
    or raise a 422 naming every bad field: the rules' and context's, then the position's (checker
    totals, points held by both sides, nobody on roll in a game that is already over)."""
    reading = read_position(payload)
    if reading.unreachable:
        raise ValidationProblem(
            field_errors(reading.problems), detail=message("problem.unreachable_position")
        )
    raise_problems(reading.problems)
    game = reading.position
    assert game is not None, "the schema requires a board"
    cube = {**DEFAULT_CUBE, **(payload.get("cube") or {})}
    return ResolvedPosition(game.board, game.turn, game.dice, cube, payload.get("match"), game.rules, game)
