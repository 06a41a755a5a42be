"""Sides of Table-family boards written by hand for tests (the layout of arbitru.engine.board): 26
slots (0 off, 1..24 the points, 25 the bar), and in Plakoto 24 more, `side[PIN + p]` = 1 when one of
this side's checkers lies pinned on its own point p; and random valid boards of a game going on
(hypothesis)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import assume
from hypothesis import strategies as st

from arbitru.engine.board import Board
from tests.support.reference_variants import nardy_facing

PIN = 25


def side(
    points: Mapping[int, int], off: int = 0, pinned: Sequence[int] = (), pins: bool = False
) -> tuple[int, ...]:
    """One side: checkers per own point, borne off, and (`pins`: Plakoto's 50 slots) its own points
    where one of its checkers is pinned."""
    slots = [0] * (50 if pins or pinned else 26)
    for point, count in points.items():
        slots[point] += count
    slots[0] = off
    for point in pinned:
        slots[PIN + point] = 1
    return tuple(slots)


def plakoto_side(points: Mapping[int, int], off: int = 0, pinned: Sequence[int] = ()) -> tuple[int, ...]:
    """A Plakoto side (50 slots)."""
    return side(points, off, pinned, pins=True)


POINT_WEIGHTS = [0, *range(1, 25), *range(1, 7), 24, 24]


@st.composite
def nardy_boards(draw: st.DrawFn) -> Board:
    """A Long Nardy board of a game going on: 15 a side, no point held by both."""
    white = [0] * 26
    for _ in range(15):
        white[draw(st.sampled_from(POINT_WEIGHTS))] += 1
    black = [0] * 26
    free = [0] + [q for q in range(1, 25) if not white[nardy_facing(q)]]
    for _ in range(15):
        black[draw(st.sampled_from(free + [q for q in free if q in (1, 2, 3, 24)]))] += 1
    assume(white[0] < 15 and black[0] < 15)
    return Board(tuple(white), tuple(black))


@st.composite
def plakoto_boards(draw: st.DrawFn) -> Board:
    """A Plakoto board of a game going on: 15 a side, free checkers of one side on a point, a pinned
    checker only under the other side's free checker(s)."""
    white_pins, black_pins = draw(st.integers(0, 2)), draw(st.integers(0, 2))
    white, black = [0] * 50, [0] * 50
    for _ in range(15 - white_pins):
        white[draw(st.sampled_from(POINT_WEIGHTS))] += 1
    free = [0] + [q for q in range(1, 25) if not white[25 - q]]
    for _ in range(15 - black_pins):
        black[draw(st.sampled_from(free + [q for q in free if q >= 19]))] += 1
    for mine, theirs, count in ((white, black, white_pins), (black, white, black_pins)):
        under = [p for p in range(1, 25) if theirs[25 - p] and not mine[p]]
        assume(len(under) >= count)
        for p in (
            []
            if not count
            else draw(st.lists(st.sampled_from(under), min_size=count, max_size=count, unique=True))
        ):
            mine[PIN + p] = 1
    assume(white[0] < 15 and black[0] < 15)
    return Board(tuple(white), tuple(black))
