"""The board: where each side's checkers stand, as an immutable, hashable value.

Each side is a tuple of 26 counts in that side's own numbering: index 0 holds the checkers borne
off, 1..24 the points (1 = its ace point), 25 the bar. How one side's numbers fall on the other's is
the variant's geometry (`arbitru.engine.geometry`; `OPPOSITE` unless a caller says otherwise).

In a variant with pinning (plakoto) a side has 24 more slots: `side[PINNED + p]` (p = 1..24) is 1
when one of its checkers lies pinned on its point p, under the opponent's free checker(s), which
the opponent counts on its own point slot. `sum(side)` is still all the side's checkers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any, Literal, NamedTuple

from arbitru.engine.geometry import OPPOSITE, Geometry

Color = Literal["white", "black"]
COLORS: tuple[Color, Color] = ("white", "black")
OFF = 0
BAR = 25
SLOTS = 26  # a side: off, the points 1..24, the bar
PINNED = 25  # side[PINNED + p]: this side's checkers pinned on its point p (1..24), plakoto only
PINNED_SLOTS = PINNED + 25  # a side with its pinned checkers: 50 slots

STANDARD_START: dict[int, int] = {24: 2, 13: 5, 8: 3, 6: 5}
# Every point by number as notation writes it: 0 = off, 1..24, 25 = bar (`POINT_NAMES[point]`).
POINT_NAMES: tuple[str, ...] = ("off", *(str(point) for point in range(1, 25)), "bar")


def point_name(point: int) -> str:
    """`bar`, `off` or the point number."""
    return POINT_NAMES[point] if 0 <= point <= BAR else str(point)


def other(color: Color) -> Color:
    """The opponent of `color`."""
    return "black" if color == "white" else "white"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an input: the field path it concerns, and what is wrong as a code with
    its parameters (rendered by `arbitru.messages`)."""

    field: str
    code: str
    params: Mapping[str, Any] = dataclass_field(default_factory=dict)

    @property
    def message_key(self) -> str:
        """The catalogue key of the message: the code."""
        return self.code


def problem(where: str, code: str, **params: Any) -> Problem:
    """A Problem for the field `where`."""
    return Problem(where, code, params)


def side_from_points(
    points: Mapping[int, int], bar: int = 0, off: int = 0, pins: bool = False
) -> tuple[int, ...]:
    """Build one side's 26-tuple (with `pins`, its 50-tuple, nothing pinned) from a point -> count
    mapping."""
    side = [0] * (PINNED_SLOTS if pins else SLOTS)
    for point, count in points.items():
        side[point] += count
    side[BAR] = bar
    side[OFF] = off
    return tuple(side)


class Board(NamedTuple):
    """Both sides' checkers. Immutable; equal boards hash equal.

    A named tuple rather than a dataclass: move generation builds thousands per call and tuple
    construction is several times cheaper.
    """

    white: tuple[int, ...]
    black: tuple[int, ...]

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def initial(cls, start: Mapping[int, int] = STANDARD_START, pins: bool = False) -> Board:
        """The starting position (standard backgammon unless another layout is given; with `pins`,
        sides of 50 slots, nothing pinned)."""
        side = side_from_points(start, pins=pins)
        return cls(side, side)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], checkers: int = 15, pins: bool | None = None) -> Board:
        """Build from the contract's JSON form (already shape-checked: ints in range, `pinned`
        points 1..24), never dropping a checker: `Board.from_dict(board.to_dict()) == board`.

        `off` may be omitted: it is then what is left of the side's `checkers`. Each point of a
        side's `pinned` list holds one of its checkers pinned (plakoto), in a side of 50 slots.
        `pins` says whether the variant pins: None (the default) reads it from the dict (50 slots
        when a side has `pinned`, as `to_dict` writes it for such sides, even empty); True gives
        50 slots; False gives 26 unless a checker is pinned: then the pinned checker is kept (50
        slots) and `problems(pins=False)` refuses the board (`board.no_pins`), as a position of a
        variant without pinning refuses to play on it.
        """
        read = [spec for color in COLORS if isinstance(spec := data.get(color), Mapping)]
        if pins is None:
            pins = any("pinned" in spec for spec in read)
        slots = PINNED_SLOTS if pins or any(spec.get("pinned") for spec in read) else SLOTS
        built = []
        for color in COLORS:
            spec = data[color]
            side = [0] * slots
            for key, count in spec.get("points", {}).items():
                side[int(key)] += int(count)
            for point in spec.get("pinned") or ():
                side[PINNED + int(point)] += 1
            side[BAR] = int(spec.get("bar", 0))
            off = spec.get("off")
            side[OFF] = int(off) if off is not None else max(checkers - sum(side), 0)
            built.append(tuple(side))
        return cls(built[0], built[1])

    # -- views --------------------------------------------------------------------------------
    def side(self, color: Color) -> tuple[int, ...]:
        """The 26-tuple of `color`, in its own numbering."""
        return self.white if color == "white" else self.black

    def to_dict(self, bar: bool = True) -> dict[str, Any]:
        """The contract's JSON form: points with no checker are left out; `bar` only if asked
        (where hitting exists), `pinned` only for sides of 50 slots."""
        return {color: side_to_dict(self.side(color), bar) for color in COLORS}

    def pips(self, color: Color) -> int:
        """Pip count of `color`: what its checkers still have to travel (the bar counts 25, a
        pinned checker its point)."""
        side = self.side(color)
        return sum(point * side[point] for point in range(1, 26)) + sum(
            point * side[PINNED + point] for point in range(1, len(side) - PINNED)
        )

    def checkers(self, color: Color) -> int:
        """Total checkers of `color`, on the board, on the bar and off."""
        return sum(self.side(color))

    def all_home(self, color: Color) -> bool:
        """Whether every checker of `color` still in play is in its home board (points 1-6),
        pinned ones included."""
        side = self.side(color)
        return not any(side[7:26]) and not any(side[PINNED + 7 :])

    def __str__(self) -> str:
        """A text diagram in white's numbering: points 13-24 on top, 12-1 below (white's home board
        at the bottom right), each with its checkers as a count and W or B; then the bars and off."""
        return diagram(self)

    # -- validity -----------------------------------------------------------------------------
    def problems(
        self,
        checkers: int = 15,
        prefix: str = "board",
        geometry: Geometry = OPPOSITE,
        pins: bool = False,
        bar: bool = True,
    ) -> list[Problem]:
        """Every reason this board cannot occur in a game, all at once (empty when valid): in a
        variant of `geometry`, with sides of 50 slots if it pins (`pins`), with a bar if it hits
        (`bar`)."""
        found = self._side_problems(checkers, prefix, PINNED_SLOTS if pins else SLOTS, bar)
        if found:
            return found
        for point, theirs in geometry.shared_points(self.white, self.black):
            found.append(
                problem(
                    f"{prefix}.white.points.{point}",
                    "board.point_held_by_both",
                    white_point=point,
                    black_point=theirs,
                )
            )
        if pins:
            found += self._pin_problems(prefix, geometry)
        if self.white[OFF] == checkers and self.black[OFF] == checkers:
            found.append(problem(prefix, "board.all_borne_off"))
        if self.white[BAR] and self.black[BAR] and closed_home(self.white) and closed_home(self.black):
            found.append(problem(prefix, "board.both_dance"))
        return found

    def _side_problems(self, checkers: int, prefix: str, slots: int, bar: bool) -> list[Problem]:
        """What is wrong with each side by itself: its slots, negative counts, its total, a checker
        on the bar where nothing is hit."""
        found: list[Problem] = []
        for color in COLORS:
            side = self.side(color)
            if len(side) != slots:
                found.append(_slots_problem(side, slots, f"{prefix}.{color}"))
                continue
            if min(side) < 0:
                for index, count in enumerate(side):
                    if count < 0:
                        found.append(problem(f"{prefix}.{color}.{_slot_name(index)}", "board.negative"))
            total = sum(side)
            if total != checkers:
                found.append(
                    problem(f"{prefix}.{color}", "board.checker_count", total=total, checkers=checkers)
                )
            if side[BAR] and not bar:
                found.append(problem(f"{prefix}.{color}.bar", "board.no_bar"))
        if any(each.code == "board.no_pins" for each in found):  # then the other side's slots are no news
            found = [each for each in found if each.code != "board.slots"]
        return found

    def _pin_problems(self, prefix: str, geometry: Geometry) -> list[Problem]:
        """A pinned checker lies alone on its point, under at least one free opposing checker."""
        found: list[Problem] = []
        sides: tuple[tuple[Color, tuple[int, ...], tuple[int, ...]], ...] = (
            ("white", self.white, self.black),
            ("black", self.black, self.white),
        )
        for color, side, opponent in sides:
            for point in range(1, 25):
                count = side[PINNED + point]
                if count > 1:
                    found.append(problem(f"{prefix}.{color}.pinned", "board.pinned_twice", point=point))
                elif count and not opponent[geometry.opposite(point)]:
                    found.append(problem(f"{prefix}.{color}.pinned", "board.pin_uncovered", point=point))
        return found


def _slots_problem(side: tuple[int, ...], slots: int, where: str) -> Problem:
    """A side of the wrong length: checkers pinned where nothing pins (`board.no_pins`, on the
    side's `pinned` list, as a client wrote it), else the slots a side needs."""
    if slots == SLOTS and pinned_points(side):
        return problem(f"{where}.pinned", "board.no_pins")
    return problem(where, "board.slots", slots=slots)


def closed_home(side: tuple[int, ...]) -> bool:
    """Whether a side holds all six points of its home board (two or more checkers on each)."""
    return all(side[p] >= 2 for p in range(1, 7))


def _slot_name(index: int) -> str:
    if index > PINNED:
        return f"pinned.{index - PINNED}"
    return POINT_NAMES[index] if index in (OFF, BAR) else f"points.{index}"


_POINT_KEYS = tuple((point, str(point)) for point in range(1, 25))


def pinned_points(side: tuple[int, ...]) -> tuple[int, ...]:
    """The points (1..24, in the side's numbering) where one of its checkers lies pinned (none for a
    side of 26 slots)."""
    return tuple(point for point in range(1, len(side) - PINNED) if side[PINNED + point])


def board_of_sides(turn: Color, mover: tuple[int, ...], opponent: tuple[int, ...]) -> Board:
    """The board of the side on `turn`'s `mover` and its opponent's `opponent`."""
    return Board(mover, opponent) if turn == "white" else Board(opponent, mover)


def side_to_dict(side: tuple[int, ...], bar: bool = True) -> dict[str, Any]:
    """One side in the contract's JSON form: points with no checker are left out; `bar` where
    hitting exists (asked by `bar`), `pinned` for a side of 50 slots (a variant with pinning)."""
    points = {key: side[point] for point, key in _POINT_KEYS if side[point]}
    found = (
        {"points": points, "bar": side[BAR], "off": side[OFF]}
        if bar
        else {"points": points, "off": side[OFF]}
    )
    if len(side) > SLOTS:
        found["pinned"] = list(pinned_points(side)) if any(side[PINNED + 1 :]) else []
    return found


def hitting_side_to_dict(side: tuple[int, ...]) -> dict[str, Any]:
    """`side_to_dict` of a side where checkers are hit (26 slots with a bar: the backgammon family)
    in one literal, for a caller that knows the variant: /v1/moves renders two sides a play, ~25
    a request of the bench mix, and asking which form each takes was ~10 bytecodes of each."""
    points = {key: side[point] for point, key in _POINT_KEYS if side[point]}
    return {"points": points, "bar": side[BAR], "off": side[OFF]}


_TOP, _BOTTOM = tuple(range(13, 25)), tuple(range(12, 0, -1))


def diagram(board: Board, geometry: Geometry = OPPOSITE) -> str:
    """`str(board)`: the points in white's numbering, white's checkers as `5W`, black's as `5B`
    (black's point numbered by `geometry`), an empty point as `.`; the bar between the halves of
    each row, then the bars and checkers off."""

    def cell(point: int) -> str:
        white, black = board.white[point], board.black[geometry.opposite(point)]
        return f"{white}W" if white else f"{black}B" if black else "."

    def row(points: tuple[int, ...], text: Callable[[int], str]) -> str:
        cells = [text(point).rjust(3) for point in points]
        return " ".join(cells[:6]) + " |" + " ".join(cells[6:])

    return "\n".join(
        (
            row(_TOP, str),
            row(_TOP, cell),
            row(_BOTTOM, cell),
            row(_BOTTOM, str),
            f"bar: W {board.white[BAR]} B {board.black[BAR]}   "
            f"off: W {board.white[OFF]} B {board.black[OFF]}",
        )
    )
