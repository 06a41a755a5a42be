"""Sides of Table-family boards written by hand for tests (SEAM.md's layout): 26 slots (0 off,
1..24 the points, 25 the bar), and in Plakoto 24 more, `side[PIN + p]` = 1 when one of this side's
checkers lies pinned on its own point p."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
