"""The board picture places each side's checkers by the variant's geometry: in long nardy both sides
move the same way, each from its own 24, so black's 24 is drawn on white's 12 (where a backgammon
board has black's 13)."""

from __future__ import annotations

import re

from arbitru.engine.board import Board, side_from_points
from arbitru.engine.variants import VARIANTS
from arbitru.formats.svg import drawn_notation, render_board


def test_long_nardy_draws_blacks_head_on_whites_12_the_point_a_backgammon_board_calls_blacks_13():
    white = side_from_points({24: 14, 13: 1})
    nardy = Board(white, side_from_points({24: 15}))
    same_picture = Board(white, side_from_points({13: 15}))  # black's 13 is white's 12 in backgammon
    drawn = render_board(nardy, turn="white", variant=VARIANTS["long_nardy"])
    assert _untitled(drawn) == _untitled(render_board(same_picture, turn="white"))
    assert "black 360 pips" in drawn  # the title counts black's pips in black's own numbering


def test_a_drawn_long_nardy_play_hits_nothing_where_a_backgammon_play_would():
    board = Board(side_from_points({24: 14, 13: 1}), side_from_points({12: 1, 24: 14}))
    # white's 1 faces black's 13 in long nardy (empty) and black's 24 in backgammon (14 there)
    assert drawn_notation(board, "white", [(13, 12)]) == "13/12"
    assert drawn_notation(board, "white", [(13, 12)], VARIANTS["long_nardy"]) == "13/12"
    assert drawn_notation(board, "white", [(24, 13)]) == "24/13*"  # black's lone 12 is white's 13
    assert drawn_notation(board, "white", [(24, 13)], VARIANTS["long_nardy"]) == "24/13"


def _untitled(svg: str) -> str:
    return re.sub("<title>.*?</title>", "", svg)
