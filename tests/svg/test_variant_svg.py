"""The board pictures of the Table family (issue 29): in Plakoto a pinned checker is drawn at the foot
of its point, crossed, under the pinner's stack, so a player reads who holds whom; in Long Nardy the
other side's checkers stand where the same-direction geometry puts them."""

from __future__ import annotations

import re

from arbitru.engine.board import Board
from arbitru.engine.variants import VARIANTS
from arbitru.formats.svg import STEP, R, render_board
from tests.support.variant_boards import plakoto_side, side

CROSS = re.compile(r'<line x1="(\d+)" y1="(\d+)" x2="(\d+)" y2="(\d+)"')
BLACK = "#1f1f1f"
CHECKER_FILL_WHITE = "#f7f3ea"
CHECKER = re.compile(rf'<circle cx="(\d+)" cy="(\d+)" r="{R - 1}" fill="([^"]+)"')


def checkers_drawn(svg: str) -> list[tuple[int, int, str]]:
    return [(int(x), int(y), fill) for x, y, fill in CHECKER.findall(svg)]


def test_a_pinned_checker_lies_crossed_under_the_pinners_stack():
    # white's two checkers on its 7 pin black's checker on black's 18 (the same point)
    board = Board(plakoto_side({24: 13, 7: 2}), plakoto_side({24: 14}, pinned=[18]))
    svg = render_board(board, perspective="white")
    (x1, y1, x2, y2), _ = [tuple(map(int, found)) for found in CROSS.findall(svg)]  # one cross: two lines
    foot = ((x1 + x2) // 2, (y1 + y2) // 2)
    drawn = checkers_drawn(svg)
    assert (*foot, BLACK) in drawn
    assert sorted(y for x, y, fill in drawn if x == foot[0] and fill != BLACK) == [
        foot[1] - 2 * STEP,
        foot[1] - STEP,
    ]  # white's two, stacked above the pinned black checker


def test_boards_without_pins_are_drawn_as_before():
    board = Board(plakoto_side({24: 13, 7: 2}), plakoto_side({24: 14, 18: 1}))
    assert "<line" not in render_board(board, perspective="white")


def spots(svg: str, fill: str) -> set[tuple[int, int]]:
    return {(x, y) for x, y, drawn in checkers_drawn(svg) if drawn == fill}


def test_long_nardy_draws_the_other_sides_head_on_the_perspective_sides_12():
    # both heads: white's 24 and black's 24, which is white's 12 when both move the same way
    start = render_board(
        Board(side({24: 15}), side({24: 15})), perspective="white", variant=VARIANTS["long_nardy"]
    )
    white_on_12 = render_board(Board(side({12: 15}), side({})), perspective="white")
    assert spots(start, BLACK) == spots(white_on_12, CHECKER_FILL_WHITE)
    assert spots(start, BLACK) != spots(render_board(Board(side({24: 15}), side({24: 15}))), BLACK)
