"""Fevga, the third game of Greek Tavli (issue 43): its movement, as rules over a `Step` that plug into
the plain generator (`arbitru.engine.moves.plain_plays`) like Long Nardy's head and block rules.

Fevga as implemented (docs/variants.md, "Fevga", gives the sources and where they disagree):
- each side starts with its 15 checkers on its own 24 (`FEVGA_START`), and both travel the same way
  round the board (the `SAME` geometry: white's 24 is black's 12, so each side's start is the
  other's 12);
- no hitting: one checker holds a point (contact "none");
- the starting rule (`starting_rule`): until one of its checkers has passed the opponent's start
  (stands on its own 11 or lower, or is borne off), a side has at most one checker away from its
  own 24: its first checker runs alone;
- its own starting quarter (`starting_quarter_rule`): a side may never hold all six of its own
  points 24..19 at once;
- unblocking (`unblocking_rule`): when, at the start of the turn, every opposing checker still on
  the board stands on one point with the mover holding the six points right in front of it, the
  play must open one of those six points, if a play using the most dice (the higher die) can;
- bearing off, the most dice and the higher die as in backgammon (the plain generator's own).

`FEVGA` plugs into `plain_plays`, the statement of these rules; `fevga_plays` lists the same plays
with its doubles walked on one list (`doubles_plays`), as the worst positions need; the game is the
variant `arbitru.engine.variants.Fevga` and the preset `fevga`. Each rule declares the reason code
the judge gives when a play breaks it (`movement.reason`).

History the board must show: the starting rule reads "has a checker passed the opponent's start",
a fact of the game so far. The board alone decides it: checkers never move backwards and nothing
is hit, so a checker that passed the opponent's start stays past it (on the own 1..11) until it is
borne off, and one is past exactly when the board shows a checker there or off. No field of the
position is needed for it.
"""

from __future__ import annotations

from functools import lru_cache

from arbitru.engine.board import OFF, Board, Color, other
from arbitru.engine.geometry import SAME
from arbitru.engine.movement import Movement, Step, reason
from arbitru.engine.plain import plain_plays
from arbitru.engine.play import Move, Play

START_POINT = 24  # each side's 15 checkers start on its own 24
FEVGA_START: dict[int, int] = {START_POINT: 15}
# The opponent's start in the mover's numbering (its 24 is our 12): a checker on our 11 or lower
# has passed it.
OPPONENTS_START = SAME.opposite(START_POINT)
STARTING_QUARTER = range(19, 25)  # a side's own 19..24: the quarter its checkers start from
WALL = 6  # six points in a row make a prime


def has_passed(side: tuple[int, ...]) -> bool:
    """Whether one of `side`'s checkers has passed the opponent's start: it stands on the side's
    own 1..11 or is borne off (checkers never move back, so once past, always past)."""
    return bool(side[OFF]) or any(side[1:OPPONENTS_START])


@reason("STARTING_RULE")
def starting_rule(step: Step) -> bool:
    """A side's first checker must pass the opponent's start before a second one leaves the own 24:
    after each move, either a checker has passed (`has_passed`) or at most one is away from the 24.
    A move rule: a play in which the runner cannot go on ends there (after White's opening 6-6 the
    runner stands on 18, the 12 is Black's start, and the other dice are lost). On a board no game
    reaches (two checkers away, none past) only a move that takes a checker past is allowed."""
    side = step.board.side(step.turn)
    return has_passed(side) or sum(side[1:START_POINT]) <= 1


@reason("STARTING_QUARTER")
def starting_quarter_rule(step: Step) -> bool:
    """No side holds all six points of its own starting quarter (its 24..19) at once; checked
    after each move, so no single move may fill the quarter (a checker may still jump over it)."""
    side = step.board.side(step.turn)
    return not all(side[point] for point in STARTING_QUARTER)


# -- unblocking -------------------------------------------------------------------------------------
def trapped_point(board: Board, turn: Color) -> int:
    """The point (in the mover's numbering) where every opposing checker still on the board stands,
    when the mover holds the six points right in front of it along the opponent's track; 0 when the
    opponent is not trapped so. The opponent's point s (its numbering) must be 7 or higher: from its
    home board it could still bear off."""
    mover, opponent = board.side(turn), board.side(other(turn))
    held = [point for point in range(1, 25) if opponent[point]]
    if len(held) != 1 or held[0] <= WALL:
        return 0
    theirs = held[0]
    wall = wall_points(theirs)
    return SAME.opposite(theirs) if all(mover[point] for point in wall) else 0


def wall_points(theirs: int) -> tuple[int, ...]:
    """The six points (the mover's numbering) right in front of the opponent's point `theirs` (its
    numbering): its theirs-1 .. theirs-6."""
    return tuple(SAME.opposite(theirs - ahead) for ahead in range(1, WALL + 1))


def wall_open(board: Board, turn: Color, trapped: int) -> bool:
    """Whether the mover has left one of the six points in front of the opponent's checkers on the
    mover's point `trapped` (from `trapped_point`)."""
    mover = board.side(turn)
    return not all(mover[point] for point in wall_points(SAME.opposite(trapped)))


@lru_cache(maxsize=64)
def _can_open(board: Board, turn: Color, dice: tuple[int, int]) -> bool:
    """Whether a play of `dice` allowed by every other rule (the most dice, the higher die) ends with
    the wall in front of the trapped opponent open. A pure function of its arguments, kept for the
    few boards the unblocking rule asks about during one listing."""
    trapped = trapped_point(board, turn)
    return any(wall_open(play.board, turn, trapped) for play in plain_plays(board, turn, dice, FEVGA_FREE))


@reason("UNBLOCKING_RULE")
def unblocking_rule(step: Step) -> bool:
    """A side whose six points in a row trap every opposing checker on the board (all on the one
    point right behind them, at the start of the turn) must open one of the six, if a play using
    the most dice (and the higher die) can; if none can, the duty lapses for this turn. A play rule:
    the end of the play counts, so the wall may be opened by any move of the play."""
    trapped = trapped_point(step.start, step.turn)
    if not trapped or wall_open(step.board, step.turn, trapped):
        return True
    return not _can_open(step.start, step.turn, step.dice)


# Fevga's movement with no unblocking rule: what a play may do before the duty to unblock is read.
FEVGA_FREE = Movement("fevga", SAME, "none", move_rules=(starting_rule, starting_quarter_rule))
FEVGA = Movement(
    "fevga", SAME, "none", move_rules=(starting_rule, starting_quarter_rule), play_rules=(unblocking_rule,)
)


# -- the doubles, listed fast -----------------------------------------------------------------------
_MOVES = [[Move(source, dest) for dest in range(25)] for source in range(25)]
_WEIGHT = [5**point for point in range(25)]  # at most 4 moves from a point: digits in base 5
_tnew = tuple.__new__


def fevga_plays(
    board: Board, turn: Color, dice: tuple[int, int], steps: list[int] | None = None
) -> list[Play]:
    """Every legal Fevga play of `turn` rolling `dice` on `board`: `plain_plays(..., FEVGA)`'s
    answer, the same plays in the same order with the same moves, its doubles listed by
    `doubles_plays` (held equal by tests/engine/test_fevga_moves.py). `steps`, when given, has its
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
