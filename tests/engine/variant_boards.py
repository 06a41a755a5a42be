"""Shared by the tests of the movements that are not backgammon's: boards from a few points,
random valid boards of a movement, and plain checks of a play replayed move by move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import assume
from hypothesis import strategies as st

from arbitru.engine.board import OFF, PINNED, Board
from arbitru.engine.movement import Movement
from arbitru.engine.plain import plain_plays
from arbitru.engine.play import Play


def board_of(
    white: Mapping[int, int],
    black: Mapping[int, int],
    movement: Movement,
    pinned: Mapping[str, Sequence[int]] | None = None,
) -> Board:
    """The board with these points (each side in its own numbering), the rest off, and the
    `pinned` points of each colour; valid for `movement` (asserted)."""
    spec = {
        color: {
            "points": {str(p): n for p, n in points.items()},
            "pinned": list((pinned or {}).get(color, ())),
        }
        for color, points in (("white", white), ("black", black))
    }
    board = Board.from_dict(spec, pins=movement.contact == "pin")
    assert movement.problems(board) == [], movement.problems(board)
    return board


@st.composite
def variant_boards(draw: st.DrawFn, movement: Movement) -> Board:
    """A valid board of `movement`: white's 15 checkers anywhere (home and off more often), black's
    on points white does not hold, and in a pinning movement a few checkers pinned under a lone
    opposing checker."""
    slots = movement.slots
    white, black = [0] * slots, [0] * slots
    for _ in range(15):
        white[draw(st.sampled_from([OFF, *range(1, 25), *range(1, 7)]))] += 1
    opposite = movement.geometry.opposite
    free = [q for q in range(1, 25) if not white[opposite(q)]]
    for _ in range(15):
        black[draw(st.sampled_from([OFF, *free, *free]))] += 1
    if movement.contact == "pin":
        for side, other in ((black, white), (white, black)):
            singles = [point for point in range(1, 25) if other[point] == 1]  # lone checkers that may pin
            for point in draw(st.lists(st.sampled_from(singles), max_size=3, unique=True)) if singles else ():
                spare = [q for q in range(25) if side[q] > (q != OFF)]  # keep every held point held
                if spare and not side[PINNED + opposite(point)]:
                    side[draw(st.sampled_from(spare))] -= 1
                    side[PINNED + opposite(point)] = 1
    board = Board(tuple(white), tuple(black))
    assume(not movement.problems(board) and white[OFF] < 15 and black[OFF] < 15)
    return board


def replay(board: Board, play: Play, movement: Movement) -> list[str]:
    """Every rule one of `play`'s moves breaks, replayed one by one on `board`, told plainly
    (empty when each move lands on an open point, from a free checker, as written)."""
    turn = play.turn
    white = turn == "white"
    mine = list(board.white if white else board.black)
    theirs = list(board.black if white else board.white)
    opposite = movement.geometry.opposite
    broken = []
    for source, dest, hit in play.moves:
        if mine[source] < 1:
            broken.append(f"{source}: no free checker")
        mine[source] -= 1
        if dest == OFF:
            mine[OFF] += 1
            continue
        there = theirs[opposite(dest)]
        pins_mine = movement.contact == "pin" and mine[PINNED + dest]
        if there >= 2 or (there and (movement.contact == "none" or pins_mine)):
            broken.append(f"{dest}: closed")
        if bool(there) != hit:
            broken.append(f"{dest}: hit {hit} written, {there} there")
        mine[dest] += 1
        if there == 1 and movement.contact == "pin":
            theirs[opposite(dest)] -= 1
            theirs[PINNED + opposite(dest)] += 1
        if (
            movement.contact == "pin"
            and not mine[source]
            and source != 25
            and theirs[PINNED + opposite(source)]
        ):
            theirs[PINNED + opposite(source)] -= 1
            theirs[opposite(source)] += 1
    after = (tuple(mine), tuple(theirs)) if white else (tuple(theirs), tuple(mine))
    if Board(*after) != play.board:
        broken.append("the moves do not reach the play's board")
    return broken


def assert_colours_play_alike(board: Board, dice: tuple[int, int], movement: Movement) -> None:
    """Black lists the plays white lists on the same board seen from the other side (sides swapped)."""
    white = plain_plays(board, "white", dice, movement)
    black = plain_plays(Board(board.black, board.white), "black", dice, movement)
    assert [(p.moves, p.board) for p in white] == [
        (p.moves, Board(p.board.black, p.board.white)) for p in black
    ]
