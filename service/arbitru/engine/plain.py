"""The rules of checker play, stated plainly: every legal play of a roll in a game of any movement.

This is the statement of the rules that every faster way of listing plays is held equal to
(`arbitru.engine.variants`: each variant's accelerations, and the equivalence tests). For
backgammon it follows the same written rules as the independent, deliberately naive generator the
tests check everything against (`tests/support/reference.py`, which shares no code with it):
- a checker on the bar enters before any other moves, on the opponent's home board;
- a checker moves the number of points of one die onto a point not held by two or more opposing
  checkers; a lone opposing checker there (a blot) is hit and goes to the bar;
- with every checker home a checker bears off with the exact die, or with a larger die from the
  highest point occupied;
- a play uses as many dice as any play allows; a mixed roll of which only one die can be played
  must use the higher one if it can;
- plays are told apart by the board they reach: each board is one play.
Other movements (`arbitru.engine.movement`: geometry, contact, head, constraints) change what closes
a point (any opposing checker; a checker pinning one of the mover's), what a landing does to a lone
checker (pins it), and add rules a move or a play must keep (long nardy's head and block rules).
"""

from __future__ import annotations

from collections.abc import Iterator

from arbitru.engine.board import BAR, OFF, PINNED, PINNED_SLOTS, Board, Color
from arbitru.engine.movement import BACKGAMMON, Movement, Step
from arbitru.engine.play import Move, Play

# Every possible single move, built once: plays share these instances. MOVES[from][to][hit].
MOVES = [[(Move(f, t, False), Move(f, t, True)) for t in range(26)] for f in range(26)]
# tuple.__new__ builds a named tuple without running its Python-level __new__.
_tnew = tuple.__new__

# A board reached by the search -> the dice left unplayed there -> the moves first found to it.
_Reached = dict[tuple[tuple[int, ...], tuple[int, ...]], dict[tuple[int, ...], tuple[Move, ...]]]


def plain_plays(
    board: Board,
    turn: Color,
    dice: tuple[int, int],
    movement: Movement = BACKGAMMON,
    steps: list[int] | None = None,
) -> list[Play]:
    """Every legal play of a roll in a game of `movement`, found the plain way (no cache, no
    budget): slow, and the statement of the rules every fast path must match.

    Play the dice one at a time, in every order, checker by checker (`single_moves`): every
    sequence of single moves whose every move the movement allows is a candidate play. Keep the
    candidates whose end it allows, then those using the most dice, then, of a mixed roll with one
    die used, those using the higher die if there are any. One play per board: the first found, the
    higher die tried first and sources from the back. With no constraint (backgammon) a candidate
    that can go on is never kept (a longer one uses more dice): the plays are backgammon's.
    `steps`, when given, has its item 0 increased by the steps of the search (the work budget
    prices them, `arbitru.engine.budget`).
    """
    white = turn == "white"
    mover, opponent = (board.white, board.black) if white else (board.black, board.white)
    if movement.contact == "pin":  # a side of 26 slots is one with nothing pinned
        mover, opponent = with_pin_slots(mover), with_pin_slots(opponent)
    high, low = max(dice), min(dice)
    all_dice = (high,) * 4 if high == low else (high, low)
    reached: _Reached = {}
    pruned, pins = movement.pruned, movement.contact == "pin"

    def walk(
        side: tuple[int, ...], opp: tuple[int, ...], left: tuple[int, ...], moves: tuple[Move, ...]
    ) -> None:
        if steps is not None:
            steps[0] += 1
        lefts = reached.setdefault((side, opp), {})
        before = lefts.get(left)
        if before is not None and not (pins and _pins(moves) < _pins(before)):
            return  # reached before with the same dice left: the same plays follow
        lefts[left] = moves  # (again, with fewer pins: `24/23/17` rather than `24/18*/17`)
        for i, die in enumerate(left):
            if die in left[:i]:
                continue  # the same die again (doubles): the same moves
            for move, side_after, opp_after in single_moves(side, opp, die, movement):
                played = moves + (move,)
                if pruned and not movement.move_allowed(
                    Step(board, turn, dice, played, _sides_board(white, side_after, opp_after))
                ):
                    continue
                walk(side_after, opp_after, left[:i] + left[i + 1 :], played)

    walk(mover, opponent, all_dice, ())
    walk = None  # type: ignore[assignment]  # break the closure's cycle: the boards reached are freed now
    plays = _kept_plays(board, turn, dice, movement, reached)
    return plays or [_tnew(Play, (turn, (), board))]


def _kept_plays(
    board: Board, turn: Color, dice: tuple[int, int], movement: Movement, reached: _Reached
) -> list[Play]:
    """`plain_plays`' choice among the candidates `reached`: those whose end the movement allows,
    using the most dice, the higher die when one die of a mixed roll is used; one per board."""
    white = turn == "white"
    high, low = max(dice), min(dice)
    for used in range(4 if high == low else 2, -1, -1):
        ends = [
            (sides, left, moves)
            for sides, lefts in reached.items()
            for left, moves in lefts.items()
            if len(left) == (4 if high == low else 2) - used
        ]
        if movement.play_rules:
            ends = [
                end
                for end in ends
                if movement.play_allowed(Step(board, turn, dice, end[2], _sides_board(white, *end[0])))
            ]
        if high != low and used == 1 and any(left == (low,) for _, left, _ in ends):
            ends = [
                end for end in ends if end[1] == (low,)
            ]  # one die played: the higher, since some play can
        if ends:
            return _one_per_board(turn, white, ends)
    return []


def _one_per_board(
    turn: Color,
    white: bool,
    ends: list[tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...], tuple[Move, ...]]],
) -> list[Play]:
    """One play per board among `ends` (sides, dice left, moves): the first found."""
    plays: dict[tuple[tuple[int, ...], tuple[int, ...]], Play] = {}
    for sides, _, moves in ends:
        if sides not in plays:
            plays[sides] = _tnew(Play, (turn, moves, _sides_board(white, *sides)))
    return list(plays.values())


def _pins(moves: tuple[Move, ...]) -> int:
    """How many of `moves` pin (or hit) a checker."""
    return sum(move.hit for move in moves)


def _sides_board(white: bool, side: tuple[int, ...], opp: tuple[int, ...]) -> Board:
    """The board of the mover's `side` and the opponent's `opp` (`white`: the mover is white)."""
    return _tnew(Board, (side, opp) if white else (opp, side))


def with_pin_slots(side: tuple[int, ...]) -> tuple[int, ...]:
    """`side` with the slots of pinned checkers (`board.PINNED`), none pinned if it had none."""
    return side if len(side) >= PINNED_SLOTS else side + (0,) * (PINNED_SLOTS - len(side))


def single_moves(
    side: tuple[int, ...], opp: tuple[int, ...], die: int, movement: Movement
) -> Iterator[tuple[Move, tuple[int, ...], tuple[int, ...]]]:
    """Every single move of one die: (the move, the mover's side after it, the opponent's after it).
    Sides in their owner's numbering: the mover's point q is the opponent's `geometry.opposite(q)`.

    A checker on the bar enters first. A checker moves the die's points onto a point that is not
    closed: held by two or more opposing checkers, or by one that cannot be hit or pinned (contact
    "none"), or that pins one of the mover's there (contact "pin"); a lone opposing checker there is
    hit to the bar or pinned, and `Move.hit` says so. A pinned checker (in its PINNED slot) cannot
    move; it is freed when the last opposing checker on its point leaves. With every checker home and
    none pinned, a checker bears off with the exact die, or a larger one from the highest point."""
    facing, contact = movement.geometry.mirror, movement.contact
    sources = [BAR] if side[BAR] else [point for point in range(24, 0, -1) if side[point]]
    bearing = not any(side[7:26]) and not any(side[PINNED + 1 :])
    for source in sources:
        dest = source - die
        if dest >= 1:
            blockers = opp[facing[dest]]
            if blockers and (
                blockers >= 2 or contact == "none" or (contact == "pin" and side[PINNED + dest])
            ):
                continue  # a closed point
            yield MOVES[source][dest][blockers], *moved_sides(side, opp, source, dest, movement)
        elif bearing and (dest == 0 or not any(side[source + 1 : 7])):
            # bearing off: with the exact die, or a larger one from the highest point
            yield MOVES[source][OFF][0], *moved_sides(side, opp, source, OFF, movement)


def moved_sides(
    side: tuple[int, ...], opp: tuple[int, ...], source: int, dest: int, movement: Movement
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Both sides once one checker moved from `source` to `dest` (an open point, or off): a lone
    opposing checker there hit or pinned; the opposing checker pinned on `source` freed when the
    last of the mover's checkers leaves it."""
    after = moved_side(side, source, dest)
    facing, contact = movement.geometry.mirror, movement.contact
    theirs = facing[dest]
    freed = facing[source] if contact == "pin" and not after[source] else 0
    if not (theirs and opp[theirs]) and not (freed and opp[PINNED + freed]):
        return after, opp
    opp_after = list(opp)
    if theirs and opp[theirs]:  # a lone checker, hit to the bar or pinned under the mover's
        opp_after[theirs] -= 1
        opp_after[BAR if contact == "hit" else PINNED + theirs] += 1
    if freed and opp[PINNED + freed]:
        opp_after[PINNED + freed] -= 1
        opp_after[freed] += 1
    return after, tuple(opp_after)


def moved_side(side: tuple[int, ...], source: int, dest: int) -> tuple[int, ...]:
    """`side` with one checker moved from `source` to `dest`."""
    after = list(side)
    after[source] -= 1
    after[dest] += 1
    return tuple(after)
