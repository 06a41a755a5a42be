"""Random Fevga boards of a game going on (hypothesis), for the tests comparing the engine's Fevga
movement with the plain reference (`tests/support/reference_fevga.py`).

Three kinds, drawn alike: the opening (most checkers still on the own 24, a runner out or not), the
middle game (checkers anywhere, the starting rule kept: two or more away from the 24 only with one
past the opponent's start), and a trap (every checker of the side not on roll on one point, right
behind six points in a row of the side on roll), where the unblocking rule reads. Each side in its
own numbering (26 slots: 0 off, 1..24, 25 the bar, empty); no point holds both sides' checkers.
"""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from arbitru.engine.board import Board
from tests.support.reference_fevga import across, keeps_starting_quarter, keeps_starting_rule

# Where a middle-game checker is drawn: any point, the home board and off more often.
SPREAD = [0, *range(1, 25), *range(1, 7), 24, 24]


def _free(theirs: list[int], point: int) -> bool:
    """Whether the drawing side's `point` holds none of `theirs` (in their own numbering)."""
    return theirs[across(point)] == 0


@st.composite
def _opening(draw: st.DrawFn, theirs: list[int]) -> list[int]:
    side = [0] * 26
    side[24] = 15
    if draw(st.booleans()):
        runner = draw(st.sampled_from([p for p in range(1, 24) if _free(theirs, p)]))
        side[24] -= 1
        side[runner] += 1
    return side


@st.composite
def _middle(draw: st.DrawFn, theirs: list[int]) -> list[int]:
    side = [0] * 26
    points = [p for p in SPREAD if p == 0 or _free(theirs, p)]
    for _ in range(15):
        side[draw(st.sampled_from(points))] += 1
    return side


@st.composite
def _side(draw: st.DrawFn, theirs: list[int]) -> list[int]:
    kind = draw(st.sampled_from(["opening", "middle", "middle"]))
    return draw(_opening(theirs) if kind == "opening" else _middle(theirs))


@st.composite
def fevga_boards(draw: st.DrawFn) -> Board:
    """A Fevga board of a game going on, white or black first drawn alike; sometimes a trap (the
    side not on roll, black, walled in: `trapped_boards`)."""
    if draw(st.integers(0, 4)) == 0:
        return draw(trapped_boards())
    first = draw(_side([0] * 26))
    second = draw(_side(first))
    white, black = (first, second) if draw(st.booleans()) else (second, first)
    return _checked(white, black)


@st.composite
def trapped_boards(draw: st.DrawFn) -> Board:
    """White on roll holds the six points right in front of black's checkers, all on one point s of
    black's (7..24), the rest of white's checkers anywhere else."""
    s = draw(st.integers(7, 24))
    black = [0] * 26
    on_board = draw(st.integers(1, 15))
    black[s] = on_board
    black[0] = 15 - on_board
    white = [0] * 26
    wall = [across(s - k) for k in range(1, 7)]
    for point in wall:
        white[point] = 1
    points = [p for p in SPREAD if p == 0 or (p not in wall and black[across(p)] == 0)] + wall
    for _ in range(9):
        white[draw(st.sampled_from(points))] += 1
    return _checked(white, black)


def _checked(white: list[int], black: list[int]) -> Board:
    """The board, if a game can show it: 15 a side, no shared point, each side keeping the starting
    rule and its starting quarter, neither side done."""
    assume(sum(white) == 15 and sum(black) == 15 and white[0] < 15 and black[0] < 15)
    assume(not any(white[p] and black[across(p)] for p in range(1, 25)))
    for side in (white, black):
        assume(keeps_starting_rule(tuple(side)) and keeps_starting_quarter(tuple(side)))
    return Board(tuple(white), tuple(black))
