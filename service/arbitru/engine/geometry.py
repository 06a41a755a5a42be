"""How the two sides' numberings of the board relate: the one place that says it.

Each side numbers the points in its own direction of travel: it moves from its 24 toward its 1,
its home board is its 1..6, 0 holds its checkers off and 25 its bar (where hitting exists). What
changes between games is where the opponent's numbers fall on the mover's: a `Geometry`.

- `OPPOSITE` (backgammon, nackgammon, hypergammon, plakoto, portes, tavla): the sides travel in
  opposite directions round the board, each one's 24 the other's 1: white's p is black's 25 - p.
- `SAME` (long nardy): both travel the same way round, each starting on its own 24, which is the
  opponent's 12: white's p is black's p - 12 if p > 12, else p + 12.

Both relations are their own inverse (black's p is white's `opposite(p)` too), so one table serves
either side on roll. `facing(side)` lays the opponent's checkers out on the mover's points.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import itemgetter

POINTS = range(1, 25)


@dataclass(frozen=True, slots=True)
class Geometry:
    """How the opponent's numbering of the points 1..24 relates to the mover's.

    `mirror[p]` is the opponent's number of the mover's point p (1..24); off (0) and the bar (25)
    are no point, and map to 0. `statement` says it in words, for documentation. Build one with
    `geometry(name, rule, statement)`.
    """

    name: str
    mirror: tuple[int, ...]
    statement: str
    # itemgetter of the mirrored points: a side's counts on the other side's points 1..24, in C.
    gather: Callable[[tuple[int, ...]], tuple[int, ...]] = field(compare=False, repr=False)

    def opposite(self, point: int) -> int:
        """The other side's number of this side's point 1..24 (either side: the relation is its
        own inverse); 0 for off and the bar, which no checker of the other side shares."""
        return self.mirror[point]

    def facing(self, side: tuple[int, ...]) -> tuple[int, ...]:
        """The checkers of `side` (in its owner's numbering) on each point of the other side's
        numbering: item q (1..24) counts them on the other side's point q; items 0 and 25 are 0."""
        return (0, *self.gather(side), 0)

    def shared_points(self, white: tuple[int, ...], black: tuple[int, ...]) -> list[tuple[int, int]]:
        """(white's point, black's number of it) for every point where both sides have a checker
        in the point slots 1..24 (which no position allows). Told first in C (valid boards: all)."""
        if not any(map(min, zip(white[1:25], self.gather(black), strict=True))):
            return []
        return [(point, self.mirror[point]) for point in POINTS if white[point] and black[self.mirror[point]]]

    @property
    def same_direction(self) -> bool:
        """Whether both sides travel the same way round the board (each one's 24 is not the
        other's 1)."""
        return self.mirror[24] != 1


def geometry(name: str, rule: Callable[[int], int], statement: str) -> Geometry:
    """The geometry whose opposite of the mover's point p is `rule(p)`; it must be its own inverse
    (the same relation read from either side) over the points 1..24."""
    mirror = (0, *(rule(point) for point in POINTS), 0)
    if sorted(mirror[1:25]) != list(POINTS) or any(mirror[mirror[p]] != p for p in POINTS):
        raise ValueError(f"geometry {name!r}: the opposite of a point must be a point, and its own inverse")
    return Geometry(name, mirror, statement, itemgetter(*mirror[1:25]))


OPPOSITE = geometry("opposite", lambda point: 25 - point, "white's point p is black's point 25 - p")
SAME = geometry(
    "same",
    lambda point: point - 12 if point > 12 else point + 12,
    "white's point p is black's point p - 12 if p > 12, else p + 12",
)
