"""The doubles of the Table family's other movements (plakoto, long nardy), listed fast.

`plain_plays` (`arbitru.engine.moves`) states the rules: it plays a double's four moves in every
order, building both sides, a `Step` and a `Board` for every single move it tries. This module lists
the same plays, in the same order and with the same moves, by the idea backgammon's doubles path
uses: the board a double reaches depends only on the multiset of its moves (one die: a move is
named by its source), so each multiset is met once, as a non-increasing sequence of sources taken
from the back (`_Search.visit`), on one list of the mover's checkers changed in place.

Why that is the plain generator's answer, for these movements:
- a multiset is legal when some order of it is, and then its order from the back is: every landing
  on a point comes before every departure from it (a checker is there when it leaves), what closes a
  point never changes during a turn (no contact, or pins: a checker is pinned by the first landing on
  it and freed only by the last departure, which leaves a lone checker: open), and checkers come home
  from the back first (bearing off);
- the plain search tries sources from the back, so the first order it meets of each multiset is that
  one, met in this search's order: the plays come out in the plain order, with the plain moves. Of
  all orders it also pins the fewest checkers (each point is taken at most once), so the plain
  search never replaces its moves by an order that pins fewer;
- the head rule limits the moves from the head, all met first; the block rule is asked of the
  movement (`play_rules` of a play's end, `move_rules` of every move's board) through the
  movement's own functions. Checked after every move, a block met on the way may make an order
  other than the one from the back the first legal one: the search then answers None and the caller
  lists the roll the plain way.

The answers are held equal to `plain_plays` by a property test and on the worst positions
(tests/engine/test_family_doubles.py); `bench/family.py` measures the gain.
"""

from __future__ import annotations

from collections.abc import Callable

from arbitru.engine.board import OFF, PINNED, PINNED_SLOTS, Board, Color
from arbitru.engine.movement import LONG_NARDY, LONG_NARDY_EACH_MOVE, PLAKOTO, Movement, Step, head_rule
from arbitru.engine.play import Move, Play

# The movements this module serves: the family's other movements, whose rules it was shown to keep.
SERVED: frozenset[Movement] = frozenset({PLAKOTO, LONG_NARDY, LONG_NARDY_EACH_MOVE})

# Every possible single move, built as `arbitru.engine.moves` builds its own (equal moves).
_MOVE = [[(Move(f, t, False), Move(f, t, True)) for t in range(26)] for f in range(26)]
_tnew = tuple.__new__
# A multiset met: (its moves from the back, the mover's side, the opponent's, the mover's held points).
_Node = tuple[tuple[Move, ...], tuple[int, ...], tuple[int, ...], int]


class BlockMetOnTheWay(Exception):
    """A move's board breaks a rule checked after every move: the order from the back may not be
    the plain search's first legal order, so this search gives up."""


def doubles_plays(
    board: Board, turn: Color, die: int, movement: Movement
) -> tuple[tuple[Play, ...] | None, int]:
    """The plays of `turn` rolling `die`-`die` on `board` in a game of `movement` (one of `SERVED`),
    as `plain_plays` lists them, and the multisets met (the work budget prices them). The plays are
    None when a rule checked after every move refuses a board on the way (then only the plain
    search can tell which order it meets first)."""
    search = _Search(board, turn, die, movement)
    try:
        plays: tuple[Play, ...] | None = search.plays()
    except BlockMetOnTheWay:
        plays = None
    return plays, sum(map(len, search.found))


class _Search:
    """One double's search: the mover's and the opponent's slots as lists changed in place, the
    multisets met, by number of moves, in the plain search's order (`found[n]`: (moves, the mover's
    side, the opponent's side, the mover's held points as bits))."""

    def __init__(self, board: Board, turn: Color, die: int, movement: Movement) -> None:
        self.board, self.turn, self.die, self.movement = board, turn, die, movement
        self.white = turn == "white"
        mover, opponent = (board.white, board.black) if self.white else (board.black, board.white)
        if movement.contact == "pin":  # with_pin_slots, as plain_plays pads a side
            mover, opponent = _padded(mover), _padded(opponent)
        self.start = (mover, opponent)
        self.found: list[list[_Node]] = [[] for _ in range(5)]
        # The rules' answers by the mover's held points: the only thing of the board they read that
        # changes during the turn (the block rule; nothing of the opponent's moves in these games).
        self.allowed: dict[int, bool] = {}

    def _board(self, side: tuple[int, ...], opp: tuple[int, ...]) -> Board:
        return _tnew(Board, (side, opp) if self.white else (opp, side))

    def _step(self, node: _Node) -> Step:
        moves, side, opp, _ = node
        return Step(self.board, self.turn, (self.die, self.die), moves, self._board(side, opp))

    def _head_limit(self) -> int:
        """How many moves may leave the head this turn, asked of the head rule itself."""
        head, mover = self.movement.head, self.start[0]
        if head is None:
            return 4
        allowed = 0
        for count in range(1, min(4, mover[head]) + 1):
            after = list(mover)
            after[head] -= count
            after[OFF] += count
            if head_rule(self._step(((), tuple(after), self.start[1], 0)), head):
                allowed = count
        return allowed

    def plays(self) -> tuple[Play, ...]:
        """The plays: those using the most moves whose end the movement allows, in the plain order."""
        mover, opponent = self.start
        mask = sum(1 << point for point in range(1, 25) if mover[point])
        self.found[0].append(((), mover, opponent, mask))
        self._visit()
        movement = self.movement
        for used in range(4, -1, -1):
            ends = self.found[used]
            if movement.play_rules:
                ends = [end for end in ends if self._allowed(end, movement.play_allowed)]
            if ends:
                return tuple(_tnew(Play, (self.turn, moves, self._board(s, o))) for moves, s, o, _ in ends)
        return (_tnew(Play, (self.turn, (), self.board)),)

    def _allowed(self, node: _Node, rule: Callable[[Step], bool]) -> bool:
        """`rule` of the node's board, asked once per set of held points."""
        answer = self.allowed.get(node[3])
        if answer is None:
            answer = self.allowed[node[3]] = rule(self._step(node))
        return answer

    def _each_move(self, step: Step) -> bool:
        return all(rule(step) for rule in self.movement.move_rules)

    def _visit(self) -> None:
        """Every non-increasing sequence of sources taken from the back, in the plain search's order
        (pre-order: a sequence before its extensions, higher sources first)."""
        mover, opponent = self.start
        side, opp = list(mover), list(opponent)
        die, facing, found = self.die, self.movement.geometry.mirror, self.found
        pins, blocked_by_one = self.movement.contact == "pin", self.movement.contact == "none"
        head, head_limit = self.movement.head or 0, self._head_limit()
        checked = bool(self.movement.move_rules)
        move = _MOVE
        # Sources: points that can hold a checker this turn (occupied, or reached by moves), from the back.
        reach = [bool(mover[p]) for p in range(25)]
        for point in range(24, die, -1):
            reach[point - die] = reach[point - die] or reach[point]
        sources = [point for point in range(24, 0, -1) if reach[point]]
        # Checkers that keep the mover from bearing off: outside home, on the bar, pinned.
        outside = [sum(mover[7:26]) + sum(mover[PINNED + 1 :])]

        def visit(start: int, depth: int, moves: tuple[Move, ...], them: tuple[int, ...], mask: int, heads: int) -> None:
            level = found[depth + 1]
            for index in range(start, len(sources)):
                source = sources[index]
                if not side[source] or (source == head and heads >= head_limit):
                    continue
                dest = source - die
                taken = 0
                if dest >= 1:
                    taken = opp[facing[dest]]
                    if taken and (taken >= 2 or blocked_by_one or (pins and side[PINNED + dest])):
                        continue  # a closed point
                elif outside[0] or (dest < 0 and any(side[source + 1 : 7])):
                    continue  # bearing off: every checker home, the exact die or from the highest point
                else:
                    dest = OFF
                side[source] -= 1
                side[dest] += 1
                home = 1 if source > 6 >= dest else 0
                outside[0] -= home
                mask2 = mask | (1 << dest) if dest else mask
                if not side[source]:
                    mask2 &= ~(1 << source)
                them2 = them
                freed = pins and not side[source] and opp[PINNED + facing[source]]
                if taken or freed:
                    if taken:
                        opp[facing[dest]] -= 1
                        opp[PINNED + facing[dest]] += 1
                    if freed:
                        opp[PINNED + facing[source]] -= 1
                        opp[facing[source]] += 1
                    them2 = tuple(opp)
                node = (moves + (move[source][dest][taken],), tuple(side), them2, mask2)
                if checked and not self._allowed(node, self._each_move):
                    raise BlockMetOnTheWay
                level.append(node)
                if depth < 3:
                    visit(index, depth + 1, node[0], them2, mask2, heads + (source == head))
                if freed:
                    opp[PINNED + facing[source]] += 1
                    opp[facing[source]] -= 1
                if taken:
                    opp[facing[dest]] += 1
                    opp[PINNED + facing[dest]] -= 1
                outside[0] += home
                side[source] += 1
                side[dest] -= 1

        visit(0, 0, (), opponent, self.found[0][0][3], 0)
        visit = None  # type: ignore[assignment]  # break the closure's cycle


def _padded(side: tuple[int, ...]) -> tuple[int, ...]:
    """`side` with the slots of pinned checkers (as `arbitru.engine.moves.with_pin_slots`)."""
    return side if len(side) >= PINNED_SLOTS else side + (0,) * (PINNED_SLOTS - len(side))
