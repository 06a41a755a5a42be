"""The rules engine: a pure-Python library (no web framework) for backgammon rules.

from arbitru.engine import Board, legal_plays
for play in legal_plays(Board.initial(), "white", (3, 1)):
    print(play.notation, play.board.pips("white"))
"""

from arbitru.engine.board import BAR, COLORS, OFF, Board, Color, Problem, other
from arbitru.engine.judge import REASON_CODES, judge_play
from arbitru.engine.moves import legal_plays
from arbitru.engine.notation import NotationError, parse_play, parse_play_marked
from arbitru.engine.outcome import Outcome, outcome
from arbitru.engine.play import Move, Play, format_moves
from arbitru.engine.position import Position
from arbitru.engine.rules import Rules
from arbitru.engine.verdict import Verdict

__all__ = [
    "BAR",
    "COLORS",
    "OFF",
    "Board",
    "Color",
    "Move",
    "NotationError",
    "Outcome",
    "Play",
    "Position",
    "Problem",
    "REASON_CODES",
    "Rules",
    "Verdict",
    "format_moves",
    "judge_play",
    "legal_plays",
    "other",
    "outcome",
    "parse_play",
    "parse_play_marked",
]
