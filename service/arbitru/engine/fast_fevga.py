"""Fevga's doubles, listed fast: an acceleration of the plain statement for the `FEVGA` movement
(`arbitru.engine.fevga` states Fevga's rules; `arbitru.engine.variants.Fevga` uses this walk for
its doubles, and tests/engine/test_variant_equivalence.py holds it equal to
`plain_plays(..., FEVGA)`: the same plays in the same order with the same moves)."""

from __future__ import annotations

from arbitru.engine.board import OFF, Board, Color
from arbitru.engine.fevga import (
    FEVGA,
    OPPONENTS_START,
    START_POINT,
    STARTING_QUARTER,
    has_passed,
    trapped_point,
    wall_points,
)
from arbitru.engine.geometry import SAME
from arbitru.engine.plain import plain_plays
from arbitru.engine.play import Move, Play

_MOVES = [[Move(source, dest) for dest in range(25)] for source in range(25)]
_WEIGHT = [5**point for point in range(25)]  # at most 4 moves from a point: digits in base 5
_tnew = tuple.__new__


def fevga_plays(
    board: Board, turn: Color, dice: tuple[int, int], steps: list[int] | None = None
) -> list[Play]:
    """Every legal Fevga play of `turn` rolling `dice` on `board`: `plain_plays(..., FEVGA)`'s
    answer, the same plays in the same order with the same moves, its doubles listed by
    `doubles_plays` (held equal by tests/engine/test_variant_equivalence.py). `steps`, when given, has its
    item 0 increased by the steps of the search (`plain_plays`' own, or the boards the doubles' walk
    met: a work budget pricing them needs a price for each kind)."""
    if dice[0] != dice[1]:
        return plain_plays(board, turn, dice, FEVGA, steps)
    return doubles_plays(board, turn, dice[0], steps)


def doubles_plays(board: Board, turn: Color, die: int, steps: list[int] | None = None) -> list[Play]:
    """The plays of a Fevga double, found by the plain search's own walk (every order of the moves,
    sources from the back, a board met again not walked again, a board a move rule refuses not
    walked on) on one list changed in place, a board named by the sum of its moves' weights (a
    double's board is the multiset of its moves' sources), the rules read from that list.

    The plays chosen as `plain_plays` chooses them with `FEVGA`: those of the most moves; the
    unblocking rule, a play rule, then keeps those opening the wall when one of them does (the
    plays of the most moves are exactly what `_can_open` asks `plain_plays` with `FEVGA_FREE`).
    Nothing is hit, so the points the opponent holds are closed all turn."""
    white = turn == "white"
    mover, opponent = (board.white, board.black) if white else (board.black, board.white)
    facing = SAME.mirror
    closed = [point >= 1 and bool(opponent[facing[point]]) for point in range(25)]
    side = list(mover)
    outside = [sum(mover[7:25])]
    passed_before = has_passed(mover)
    quarter_full = all(mover[point] for point in STARTING_QUARTER)
    found: list[list[tuple[tuple[Move, ...], tuple[int, ...]]]] = [[] for _ in range(5)]
    seen = {0}
    # The moves a source may make, from the back: (source, destination, the source's weight, 1 if
    # it brings a checker home, the move, how it bears off: 0 not, 1 exactly, 2 with a larger die).
    cands = []
    for source in range(24, 0, -1):
        dest, bear = max(source - die, OFF), 0 if source > die else 1 if source == die else 2
        if not closed[dest]:
            cands.append((source, dest, _WEIGHT[source], int(source > 6 >= dest), _MOVES[source][dest], bear))

    def allowed(dest: int) -> bool:
        """The move rules of the board reached by a move to `dest`: the quarter is filled only by a
        landing on it (the boards walked on keep it), unless the turn started with it full."""
        if (dest >= 19 or quarter_full) and all(side[point] for point in STARTING_QUARTER):
            return False
        return (
            passed_before or bool(side[OFF]) or any(side[1:OPPONENTS_START]) or sum(side[1:START_POINT]) <= 1
        )

    def walk(depth: int, moves: tuple[Move, ...], key: int) -> None:
        level = found[depth + 1]
        for source, dest, weighs, home, move, bear in cands:
            if not side[source] or (bear and (outside[0] or (bear == 2 and any(side[source + 1 : 7])))):
                continue  # bearing off: every checker home, the exact die or from the highest point
            key2 = key + weighs
            if key2 in seen:
                continue
            seen.add(key2)
            side[source] -= 1
            side[dest] += 1
            outside[0] -= home
            if allowed(dest):
                level.append((moves + (move,), tuple(side)))
                if depth < 3:
                    walk(depth + 1, moves + (move,), key2)
            outside[0] += home
            side[source] += 1
            side[dest] -= 1

    walk(0, (), 0)
    if steps is not None:
        steps[0] += len(seen)  # every board met once: the steps of the walk
    walk = None  # type: ignore[assignment]  # break the closure's cycle
    return _chosen(board, turn, found)


def _chosen(
    board: Board, turn: Color, found: list[list[tuple[tuple[Move, ...], tuple[int, ...]]]]
) -> list[Play]:
    """The plays of the most moves found, those opening the wall in front of a trapped opponent
    when one does (`unblocking_rule`); the turn passes when nothing moves."""
    ends = next((level for level in reversed(found) if level), [])
    if not ends:
        return [_tnew(Play, (turn, (), board))]
    white = turn == "white"
    opponent = board.black if white else board.white
    trapped = trapped_point(board, turn)
    if trapped:
        wall = wall_points(SAME.opposite(trapped))
        opening = [end for end in ends if not all(end[1][point] for point in wall)]
        ends = opening or ends
    return [
        _tnew(Play, (turn, moves, _tnew(Board, (side, opponent) if white else (opponent, side))))
        for moves, side in ends
    ]
