"""A position with its game context, answering whole questions (python-chess's `Board.outcome()` is
the model: one place decides).

    from arbitru.engine.position import Position
    position = Position(Board.initial(), "white", (3, 1))
    for play in position.plays():
        print(play.notation, position.outcome(play.board))

A `Position` is the board, the side on roll and its dice, the cube, the match and the rules. It
lists its legal plays, judges a proposed play, and gives the outcome of its board (or of the board
after one of its plays) with the Jacoby rule and the match applied inside: no caller applies
"Jacoby only in money play" or works out whether the game is over itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbitru.engine.board import OFF, Board, Color
from arbitru.engine.cube import CENTERED, CENTRED, Cube
from arbitru.engine.judge import Hop, Verdict, judge_play
from arbitru.engine.match import Match, MatchScore, score_game, unfinished
from arbitru.engine.moves import legal_plays
from arbitru.engine.outcome import NOT_OVER, Outcome, outcome, resignation
from arbitru.engine.play import Play
from arbitru.engine.rules import STANDARD, Rules

MONEY_GAME = Match()


@dataclass(frozen=True, slots=True)
class Position:
    """A board with the side on roll, its dice, the cube, the match (length 0: money) and the rules."""

    board: Board
    turn: Color | None = None
    dice: tuple[int, int] | None = None
    cube: Cube = CENTRED
    match: Match = MONEY_GAME
    rules: Rules = STANDARD

    def plays(self) -> list[Play]:
        """Every legal play of the side on roll with its dice, one per distinct resulting board."""
        assert self.turn is not None and self.dice is not None, "plays need a side on roll and dice"
        return legal_plays(self.board, self.turn, self.dice)

    def judge(self, hops: Sequence[Hop], marked_hits: Sequence[int] | None = None) -> Verdict:
        """The ruling on the proposed play `hops` (and the points it marks as hits, when given)."""
        assert self.turn is not None and self.dice is not None, "a play needs a side on roll and dice"
        return judge_play(self.board, self.turn, self.dice, hops, marked_hits)

    def ends_game(self, board: Board | None = None) -> bool:
        """Whether `board` (default: this position's) has a side with every checker borne off."""
        white, black = self.board if board is None else board
        checkers = self.rules.checkers
        return white[OFF] == checkers or black[OFF] == checkers

    def outcome(self, board: Board | None = None) -> Outcome:
        """The game-over verdict of `board` (default: this position's) in this context: the result
        counted as the rules count it, the Jacoby rule in money play only while the cube is centred,
        points = multiplier x cube value."""
        board = self.board if board is None else board
        if not self.ends_game(board):
            return NOT_OVER
        jacoby = None if self.match.is_money else False
        return outcome(board, self.rules, self.cube.value, jacoby, self.cube.owner == CENTERED)

    def match_after(self, verdict: Outcome) -> MatchScore | None:
        """A verdict's effect on the match (None in a money game; the score unchanged while the game
        goes on)."""
        if self.match.is_money:
            return None
        if not verdict.game_over or verdict.winner is None or verdict.points is None:
            return unfinished(self.match)
        return score_game(self.match, verdict.winner, verdict.points, self.rules)

    def resignation(self, level: str, resigner: Color) -> Outcome:
        """What accepting `resigner`'s resignation at `level` scores in this context."""
        centred = self.cube.owner == CENTERED
        return resignation(level, resigner, self.rules, self.cube.value, not self.match.is_money, centred)
