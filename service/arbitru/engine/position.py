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
from dataclasses import dataclass, replace

from arbitru.engine.board import Board, Color, other
from arbitru.engine.cube import CENTERED, CENTRED, Cube
from arbitru.engine.judge import Hop, Verdict, judge_play
from arbitru.engine.match import Match, MatchScore, score_game, unfinished
from arbitru.engine.moves import legal_plays
from arbitru.engine.notation import parse_play_marked
from arbitru.engine.outcome import NOT_OVER, Outcome, game_over, outcome, resignation
from arbitru.engine.play import Play
from arbitru.engine.rules import STANDARD, Rules
from arbitru.engine.variants import start_board

Dice = tuple[int, int]

MONEY_GAME = Match()


@dataclass(frozen=True, slots=True)
class Position:
    """A board with the side on roll, its dice, the cube, the match (length 0: money) and the rules."""

    board: Board
    turn: Color | None = None
    dice: Dice | None = None
    cube: Cube = CENTRED
    match: Match = MONEY_GAME
    rules: Rules = STANDARD

    @classmethod
    def initial(
        cls, rules: Rules = STANDARD, turn: Color | None = None, dice: Dice | None = None
    ) -> Position:
        """The starting position of the variant in `rules` (in a match of the rules' length)."""
        return cls(start_board(rules), turn, dice, match=Match(rules.match_length), rules=rules)

    def plays(self, dice: Dice | None = None) -> list[Play]:
        """Every legal play of the side on roll with `dice` (default: this position's dice) as the
        variant of this position's rules moves, one per distinct resulting board."""
        dice = self.dice if dice is None else dice
        assert self.turn is not None and dice is not None, "plays need a side on roll and dice"
        return legal_plays(self.board, self.turn, dice, self.rules)

    def judge(self, play: str | Sequence[Hop], marked_hits: Sequence[int] | None = None) -> Verdict:
        """The ruling on a proposed play: written in standard notation (`"8/5 6/5"`; a `*` marks a
        hit; NotationError when it cannot be read), or as hops with the points it marks as hits,
        by the rules of this position's variant."""
        assert self.turn is not None and self.dice is not None, "a play needs a side on roll and dice"
        if isinstance(play, str):
            hops, marked = parse_play_marked(play)
            return judge_play(self.board, self.turn, self.dice, hops, marked, self.rules)
        return judge_play(self.board, self.turn, self.dice, play, marked_hits, self.rules)

    def after(self, play: Play) -> Position:
        """The position once `play` is played: its board, the opponent on roll, no dice yet (same
        cube, match and rules). `play` must be one of this position's plays."""
        assert play.turn == self.turn, "a play of the side on roll"
        return replace(self, board=play.board, turn=other(play.turn), dice=None)

    def __str__(self) -> str:
        """The board's diagram, then who is on roll with which dice, the cube and the match."""
        roll = f" to play {self.dice[0]}-{self.dice[1]}" if self.dice else " on roll" if self.turn else ""
        match = (
            "money game"
            if self.match.is_money
            else "match to {} at {}-{}".format(self.match.length, *self.match.score)
        )
        return (
            f"{self.board}\n{self.turn or 'nobody'}{roll}; cube {self.cube.value} {self.cube.owner}; {match}"
        )

    def ends_game(self, board: Board | None = None) -> bool:
        """Whether the game is over on `board` (default: this position's): a side has borne off every
        checker, or a variant's own ending (plakoto's mother rule) has come (`outcome.game_over`)."""
        return game_over(self.board if board is None else board, self.rules)

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
