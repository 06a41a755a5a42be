"""Whether a game is over, who won, and what the win counts for.

`result` is what happened on the board: single (linie), gammon (marț: the loser bore off no
checker), backgammon (marț tehnic: also a checker on the bar or in the winner's home board).
`multiplier` is what it counts for under the rules in force (`counted_result`: with backgammons
off a backgammon counts as a gammon; Jacoby: single while the cube is centred in money play);
`points` is that times the cube.

A variant (`arbitru.engine.variants`) says whether its board can show a backgammon (in long_nardy
and plakoto a win is an oin / single 1 or a mars 2) and may end a game by a rule of its own before
anyone bears off (Plakoto's mother rule: a tie, `winner` None and 0 points, or a mars).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from arbitru.engine.board import COLORS, OFF, Board, Color, other
from arbitru.engine.prospects import prospects
from arbitru.engine.rules import STANDARD, Rules
from arbitru.engine.variants import Ending, variant_of

# The results of a game and what each counts for, in increasing order: the one table of result names
# (the schemas' enums, resignation levels, the game record's levels and labels are read from it).
RESULT_MULTIPLIERS: dict[str, int] = {"single": 1, "gammon": 2, "backgammon": 3}
RESULTS: tuple[str, ...] = tuple(RESULT_MULTIPLIERS)
COUNTED_AS = {multiplier: result for result, multiplier in RESULT_MULTIPLIERS.items()}
RESIGN_LEVELS: tuple[str, ...] = RESULTS


@dataclass(frozen=True, slots=True)
class Outcome:
    """The verdict on a position; every field but `game_over` is None while the game goes on."""

    game_over: bool
    winner: Color | None = None
    result: str | None = None
    multiplier: int | None = None
    points: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form (what `dataclasses.asdict` gives: every field is a scalar)."""
        return {
            "game_over": self.game_over,
            "winner": self.winner,
            "result": self.result,
            "multiplier": self.multiplier,
            "points": self.points,
        }

    @property
    def counted_as(self) -> str | None:
        """The result this game counts as (what its label names): the result whose multiplier it
        scored, e.g. a backgammon with backgammons off counts as a gammon (a marț, not a marț
        tehnic), a Jacoby gammon as a single game."""
        return COUNTED_AS[self.multiplier] if self.multiplier else None  # a tie counts nothing


NOT_OVER = Outcome(False)
TIE = Outcome(True, None, None, 0, 0)


def game_over(board: Board, rules: Rules = STANDARD) -> bool:
    """Whether the game is over on `board`: a side has borne off every checker, or the variant's own
    rule ends it (plakoto's mother rule; `ending_test`, the one statement)."""
    return ending_test(rules)(board)


def ending_test(rules: Rules = STANDARD) -> Callable[[Board], bool]:
    """`game_over` for the boards of one game of `rules`, its rules read once: the one statement of
    the decision. A side has borne off every checker, or the variant's own ending
    (`Variant.ending`: plakoto's mother rule) ends it, with any play. The match referee asks it
    after every play, so the rules are not read again at each call."""
    checkers = rules.checkers
    variant = variant_of(rules)

    def borne_off(board: Board) -> bool:
        return board.white[OFF] == checkers or board.black[OFF] == checkers

    if variant.ends_early:
        return lambda board: borne_off(board) or variant.ending(board) is not None
    return borne_off


def endings(boards: Iterable[Board], rules: Rules = STANDARD) -> list[int]:
    """The indices of the `boards` (one game's) on which the game is over (`ending_test`): /v1/moves
    asks it of the listed plays when a play of the roll can end the game (`Position._may_end`)."""
    over = ending_test(rules)
    return [index for index, board in enumerate(boards) if over(board)]


def board_verdict(board: Board, rules: Rules = STANDARD) -> Outcome:
    """What the board decides before scoring: NOT_OVER, TIE, or the winner and the result on the
    board (`multiplier` and `points` unset: `outcome` counts them under the rules and cube)."""
    winner = winner_of(board, rules.checkers)
    if winner is not None:
        return Outcome(True, winner, board_result(board, winner, rules))
    ended = variant_of(rules).ending(board)
    return NOT_OVER if ended is None else ended_by_rule(ended)


def ended_by_rule(ending: Ending) -> Outcome:
    """The verdict before scoring of a game a variant's own rule ended: TIE, or the winner and result."""
    return TIE if ending.winner is None else Outcome(True, ending.winner, ending.result)


def winner_of(board: Board, checkers: int = 15) -> Color | None:
    """The side that has borne off every checker, if any."""
    for color in COLORS:
        if board.side(color)[0] == checkers:
            return color
    return None


def board_result(board: Board, winner: Color, rules: Rules = STANDARD) -> str:
    """single, gammon or backgammon, from the loser's checkers on the board (never a backgammon in a
    variant whose board shows none: `Variant.backgammons`)."""
    loser = board.side(other(winner))
    if loser[OFF] > 0:
        return "single"
    if not variant_of(rules).backgammons:
        return "gammon"
    # The winner's home board is the loser's points 19-24; the bar (25) is further back still.
    if any(loser[19:26]):
        return "backgammon"
    return "gammon"


def counted_result(result: str, rules: Rules) -> str:
    """What a result counts as under the rules' scoring options: a backgammon counts as a gammon
    when backgammons are off (the Romanian preset: a marț counts 2 however deep), and anything
    counts as a single game when gammons are off. Labels follow this, not the board."""
    if result == "backgammon" and not rules.backgammons:
        result = "gammon"
    if result != "single" and not rules.gammons:
        result = "single"
    return result


def scored_multiplier(result: str, rules: Rules, cube_value: int, cube_turned: bool | None = None) -> int:
    """What a result counts for: gammons and backgammons may be off, or single under Jacoby while
    the cube is centred (nobody has doubled: an automatic double leaves it centred at 2, and GNU
    Backgammon still applies Jacoby). `cube_turned` None means "turned when above 1" for callers
    that know no owner. Jacoby applies to money play only: `arbitru.engine.Position.outcome` decides it."""
    result = counted_result(result, rules)
    turned = cube_value > 1 if cube_turned is None else cube_turned
    if rules.jacoby and not turned:
        result = "single"
    return RESULT_MULTIPLIERS[result]


def outcome(
    board: Board,
    rules: Rules = STANDARD,
    cube_value: int = 1,
    jacoby: bool | None = None,
    cube_centred: bool | None = None,
) -> Outcome:
    """Game-over verdict of `board` with points = multiplier x cube value.

    `jacoby` overrides `rules.jacoby` (match play never applies it). `cube_centred` says whether
    nobody owns the cube (Jacoby then applies whatever its value); None: centred when at 1."""
    verdict = board_verdict(board, rules)
    if verdict.winner is None or verdict.result is None:
        return verdict  # play goes on, or a tie
    winner, result = verdict.winner, verdict.result
    effective = rules if jacoby is None else rules.with_options(jacoby=jacoby)
    turned = None if cube_centred is None else not cube_centred
    multiplier = scored_multiplier(result, effective, cube_value, turned)
    return Outcome(True, winner, result, multiplier, multiplier * cube_value)


def resignation(
    level: str,
    resigner: Color,
    rules: Rules = STANDARD,
    cube_value: int = 1,
    in_match: bool = False,
    cube_centred: bool | None = None,
) -> Outcome:
    """What accepting a resignation at `level` (single, gammon, backgammon) scores: the resigner's
    opponent wins that result, counted as the rules count a result on the board (`scored_multiplier`:
    gammons and backgammons may be off; Jacoby in money play only, while the cube is centred;
    `cube_centred` None: centred when at 1) times the cube.

    The one scoring of resignations: POST /v1/resign and the match referee both call it."""
    effective = rules.with_options(jacoby=False) if in_match else rules
    turned = None if cube_centred is None else not cube_centred
    multiplier = scored_multiplier(level, effective, cube_value, turned)
    return Outcome(True, other(resigner), level, multiplier, multiplier * cube_value)


def most_at_stake(board: Board, resigner: Color, turn: Color | None = None) -> str:
    """The most the board can still give the resigner's opponent (`arbitru.engine.prospects`):
    no gammon once the resigner has borne off a checker, no backgammon without contact unless a
    resigner's checker is still in the winner's home board or on the bar, and neither once the
    race is decided; never below single (the least a resignation concedes)."""
    return prospects(board, resigner, turn).worst_loss or "single"
