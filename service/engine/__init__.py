"""The rules engine: a pure-Python library (no web framework) for backgammon rules.

    from service.engine import Board, legal_plays
    for play in legal_plays(Board.initial(), "white", (3, 1)):
        print(play.notation, play.board.pips("white"))
"""

from service.engine.board import BAR, COLORS, OFF, Board, Color, Problem, other
from service.engine.judge import REASON_CODES, Verdict, judge_play
from service.engine.moves import legal_plays
from service.engine.notation import NotationError, parse_play, parse_play_marked
from service.engine.outcome import Outcome, outcome
from service.engine.play import Move, Play, format_moves
from service.engine.rules import Rules

__all__ = [
    "BAR", "COLORS", "OFF", "Board", "Color", "Move", "NotationError", "Outcome", "Play", "Problem",
    "REASON_CODES", "Rules", "Verdict", "format_moves", "judge_play", "legal_plays", "other", "outcome",
    "parse_play", "parse_play_marked",
]
