"""Match context and match scoring: the score, the Crawford game, when a match is over.

A match of `length` points (0 = a money game) has a score per player and a flag saying whether
the current game is the Crawford game: the game right after a player first reaches 1 point away
from winning, in which nobody may double. Later games are post-Crawford (doubling allowed again).
Scoring adds a game's points (`arbitru.engine.position.Position.outcome`: multiplier x cube, Jacoby
never in a match, gammons and backgammons counted as the rules say; `Position.match_after` scores
it). Scores are not capped at the length: a player on 4 in a 5-point match who wins a 4-cube ends
on 8, as match records write it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arbitru.engine.board import COLORS, Color, Problem, problem
from arbitru.engine.cube import CENTERED, OWNERS, Cube
from arbitru.engine.rules import MAX_MATCH_LENGTH, Rules


@dataclass(frozen=True, slots=True)
class Match:
    """Where a game stands in its match: length (0 = money), score (white, black), Crawford game."""

    length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None, rules: Rules | None = None) -> Match:
        """From the contract's `match` object; missing -> a money game, or the rules' match length."""
        if data is None:
            return cls(length=(rules or Rules()).match_length)
        score = data.get("score") or {}
        length = data.get("length", (rules or Rules()).match_length)
        return cls(
            int(length), (int(score.get("white", 0)), int(score.get("black", 0))), bool(data.get("crawford"))
        )

    @property
    def is_money(self) -> bool:
        """Whether this is a money game (no match)."""
        return self.length == 0

    def score_of(self, color: Color) -> int:
        """The points `color` has."""
        return self.score[COLORS.index(color)]

    def away(self, color: Color) -> int:
        """Points `color` still needs to win the match."""
        return self.length - self.score_of(color)

    def post_crawford(self, rules: Rules) -> bool:
        """Whether this game comes after the Crawford game (someone 1-away, Crawford game played)."""
        return (
            not self.is_money
            and rules.crawford
            and not self.crawford
            and any(self.away(color) == 1 for color in COLORS)
        )

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form."""
        return {
            "length": self.length,
            "score": dict(zip(COLORS, self.score, strict=True)),
            "crawford": self.crawford,
        }


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A game's effect on its match: points won, the new score, and what the next game is."""

    points: int | None
    score: tuple[int, int]
    over: bool
    winner: Color | None
    crawford_next: bool | None
    post_crawford: bool | None

    def to_dict(self) -> dict[str, Any]:
        """JSON form (the `match` block of /v1/outcome)."""
        return {
            "points": self.points,
            "score": dict(zip(COLORS, self.score, strict=True)),
            "over": self.over,
            "winner": self.winner,
            "crawford_next": self.crawford_next,
            "post_crawford": self.post_crawford,
        }


def context_problems(
    cube: Cube,
    match: Match,
    rules: Rules,
    cube_field: str = "cube",
    match_field: str = "match",
) -> list[Problem]:
    """Every reason the cube and match context cannot occur under `rules` (empty when valid)."""
    found: list[Problem] = []
    found.extend(_match_problems(match, rules, match_field))
    found.extend(_cube_problems(cube, match, rules, cube_field))
    return found


def _match_problems(match: Match, rules: Rules, field: str) -> list[Problem]:
    found: list[Problem] = []
    if not 0 <= match.length <= MAX_MATCH_LENGTH:
        return [problem(f"{field}.length", "match_length_range", limit=MAX_MATCH_LENGTH)]
    for color in COLORS:
        points = match.score_of(color)
        where = f"{field}.score.{color}"
        if points < 0:
            found.append(problem(where, "score_not_negative"))
        elif match.is_money and points:
            found.append(problem(where, "score_in_money"))
        elif not match.is_money and points >= match.length:
            found.append(problem(where, "score_below_length", length=match.length))
    if match.crawford and not found:
        if match.is_money:
            found.append(problem(f"{field}.crawford", "crawford_in_money"))
        elif not rules.crawford:
            found.append(problem(f"{field}.crawford", "crawford_rule_off"))
        elif sum(match.away(color) == 1 for color in COLORS) != 1:
            found.append(problem(f"{field}.crawford", "crawford_one_away"))
    return found


def _cube_problems(cube: Cube, match: Match, rules: Rules, field: str) -> list[Problem]:
    if cube.owner not in OWNERS:
        return [problem(f"{field}.owner", "unknown_choice", choices=", ".join(OWNERS))]
    if not rules.cube:
        if cube.value != 1 or cube.owner != CENTERED:
            return [problem(f"{field}.value" if cube.value != 1 else f"{field}.owner", "cube_off")]
        return []
    if cube.value < 1 or cube.value & (cube.value - 1) or cube.value > rules.max_cube:
        return [problem(f"{field}.value", "cube_value", max_cube=rules.max_cube)]
    if cube.value == 1 and cube.owner != CENTERED:
        return [problem(f"{field}.owner", "owner_at_one")]
    if match.crawford and not match.is_money and cube.value != 1:
        return [problem(f"{field}.value", "crawford_cube")]
    # A turned cube left "centered" is accepted: clients scoring a game often send only its value
    # (the contract's own /v1/outcome example does), and the owner does not change the score.
    return []


def score_game(match: Match, winner: Color, points: int, rules: Rules) -> MatchScore:
    """The match after `winner` wins `points` in the current game."""
    score = list(match.score)
    score[COLORS.index(winner)] += points
    new = tuple(score)
    if match.is_money:
        return MatchScore(points, (0, 0), False, None, False, False)
    over = new[COLORS.index(winner)] >= match.length
    one_away_before = any(match.away(color) == 1 for color in COLORS)
    crawford_next = (
        rules.crawford
        and not over
        and not match.crawford
        and not one_away_before
        and match.length - new[COLORS.index(winner)] == 1
    )
    post_crawford = (
        rules.crawford and not over and not crawford_next and any(match.length - s == 1 for s in new)
    )
    return MatchScore(points, (new[0], new[1]), over, winner if over else None, crawford_next, post_crawford)


def unfinished(match: Match) -> MatchScore:
    """The match block while the game goes on: the score stands, the next game is not known."""
    return MatchScore(None, match.score, False, None, None, None)
