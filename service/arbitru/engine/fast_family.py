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
  movement's own functions, only of a board holding six points in a row along the opponent's track
  (it refuses no other), and once per place where the first such six start (all it reads of a
  board that a turn changes: the opponent's checkers ahead of them stay where they are).
Checked after every move, a block met on the way may make another order than the one from the
back the first legal one. The search then walks every order as the plain search does (`_walk`:
the same walk, on one list changed in place and a board named by an integer of its moves, so a
board met again costs an addition and a set lookup).

The answers are held equal to `plain_plays` (the same plays, in its order, with its moves) by the
equivalence tests, on random boards, boards around a block and the worst positions
(tests/engine/test_variant_equivalence.py); `bench/family.py` measures the gain.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from arbitru.engine.board import OFF, PINNED, PINNED_SLOTS, Board, Color
from arbitru.engine.movement import LONG_NARDY, LONG_NARDY_EACH_MOVE, PLAKOTO, Movement, Step, head_rule
from arbitru.engine.play import Move, Play

# The movements this module serves: the family's other movements, whose rules it was shown to keep.
SERVED: frozenset[Movement] = frozenset({PLAKOTO, LONG_NARDY, LONG_NARDY_EACH_MOVE})

# Every possible single move, built as `arbitru.engine.moves` builds its own (equal moves).
_MOVE = [[(Move(f, t, False), Move(f, t, True)) for t in range(26)] for f in range(26)]
_tnew = tuple.__new__
# A source of moves of the doubles search: (index, source, destination, the opponent's numbers of
# both, the move as it lands on an empty point and as it pins, 1 if it brings a checker home, the
# source's and the destination's bits, 1 if it leaves the head, how it bears off: 0 not, 1 with the
# exact die, 2 with a larger one).
_Candidate = tuple[int, int, int, int, int, Move, Move, int, int, int, int, int]
# A multiset met: (its moves from the back, the mover's side, the opponent's, the mover's held points).
_Node = tuple[tuple[Move, ...], tuple[int, ...], tuple[int, ...], int]


class BlockMetOnTheWay(Exception):
    """A move's board breaks a rule checked after every move: the order from the back may not be
    the plain search's first legal order."""


def doubles_plays(board: Board, turn: Color, die: int, movement: Movement) -> tuple[tuple[Play, ...], int]:
    """The plays of `turn` rolling `die`-`die` on `board` in a game of `movement` (one of `SERVED`),
    as `plain_plays` lists them, and the steps the search took (the work budget prices them)."""
    search = _Search(board, turn, die, movement)
    try:
        search.visit()
    except BlockMetOnTheWay:
        search.walk()
    return search.plays(), search.steps


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
        self.found: list[list[_Node]] = []
        # The plays of four moves, built as they are met when the movement filters no play's end
        # (`visit`): what `plays` answers when there are any.
        self.four: list[Play] = []
        self.steps = 0
        # The rules' answers by where the first six points in a row start (`_allowed`).
        self.allowed: dict[int, bool] = {}
        self.track = _track(movement.geometry.mirror)
        self.head_limit = self._head_limit()

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

    def _first_node(self) -> _Node:
        mover, opponent = self.start
        self.found = [[] for _ in range(5)]
        self.four = []
        mask = sum(1 << point for point in range(1, 25) if mover[point])
        node = ((), mover, opponent, mask)
        self.found[0].append(node)
        return node

    def plays(self) -> tuple[Play, ...]:
        """The plays: those using the most moves whose end the movement allows, in the plain order."""
        movement, turn, white = self.movement, self.turn, self.white
        board_type, play_type = Board, Play
        rule = movement.play_allowed
        if self.four:
            return tuple(self.four)
        for used in range(4, -1, -1):
            ends = self.found[used]
            if movement.play_rules:
                ends = [end for end in ends if self._allowed(end, rule)]
            if ends:
                return tuple(
                    _tnew(play_type, (turn, moves, _tnew(board_type, (s, o) if white else (o, s))))
                    for moves, s, o, _ in ends
                )
        return (_tnew(Play, (turn, (), self.board)),)

    def _allowed(self, node: _Node, rule: Callable[[Step], bool]) -> bool:
        """`rule` of the node's board: allowed without asking unless six points are held in a row
        along the opponent's track, else asked once per place where the first six in a row start
        (what the block rule reads of a board: the opponent's checkers ahead of it never move
        during the mover's turn)."""
        mask = node[3]
        low, middle, high = self.track
        six = _six(low[mask >> 1 & 255] | middle[mask >> 9 & 255] | high[mask >> 17 & 255])
        if not six:
            return True
        first = six & -six
        answer = self.allowed.get(first)
        if answer is None:
            answer = self.allowed[first] = rule(self._step(node))
        return answer

    def _each_move(self, step: Step) -> bool:
        return all(rule(step) for rule in self.movement.move_rules)

    def _tails(self) -> list[list[_Candidate]]:
        """The sources of moves, from the back: points that can hold a checker this turn (occupied,
        or reached by moves), each with what its move needs (`_Candidate`); item i lists those a
        move may come from once candidate i has been used. A move to a point closed for the whole
        turn is none: one opposing checker closes a point where nothing is hit or pinned, two where
        checkers are pinned (only a lone checker is pinned, and a checker freed returns to a point
        the mover held: the opponent's points of two or more stay so all turn)."""
        (mover, opponent), die, facing = self.start, self.die, self.movement.geometry.mirror
        head = self.movement.head or 0
        closes = 1 if self.movement.contact == "none" else 2
        closed = [point >= 1 and opponent[facing[point]] >= closes for point in range(25)]
        reach = [bool(mover[p]) for p in range(25)]
        for point in range(24, die, -1):
            reach[point - die] = reach[point - die] or (reach[point] and not closed[point - die])
        cands: list[_Candidate] = []
        for source in (point for point in range(24, 0, -1) if reach[point]):
            dest = max(source - die, OFF)
            if closed[dest]:
                continue
            bear = 0 if source > die else 1 if source == die else 2
            plain, taking = _MOVE[source][dest]
            home = 1 if source > 6 >= dest else 0
            dbit = 1 << dest if dest else 0
            cand = (len(cands), source, dest, facing[dest], facing[source], plain, taking, home)
            cands.append((*cand, 1 << source, dbit, int(source == head), bear))
        return [cands[i:] for i in range(len(cands))]

    def visit(self) -> None:
        """Every non-increasing sequence of sources taken from the back, in the plain search's order
        (pre-order: a sequence before its extensions, higher sources first). Raises BlockMetOnTheWay
        when a rule checked after every move refuses a board.

        Two closures over local lists, one for the first three moves and one for the last (which
        nothing extends): measured faster than methods reading the search's attributes, and than
        one loop for every level (bench/family.py), hence one long function."""
        first = self._first_node()
        mover, opponent = self.start
        side, opp = list(mover), list(opponent)
        found = self.found
        pins, blocked_by_one = self.movement.contact == "pin", self.movement.contact == "none"
        head_limit = self.head_limit
        checked = bool(self.movement.move_rules)
        allowed, each_move = self._allowed, self._each_move
        tails = self._tails()
        # Checkers that keep the mover from bearing off: outside home, on the bar, pinned.
        outside = sum(mover[7:26]) + sum(mover[PINNED + 1 :])
        # One tuple per opponent's side reached (pinning changes it): plays share it, and whoever
        # writes them out writes it once (the HTTP layer keys its JSON by the side's identity).
        shared: dict[tuple[int, ...], tuple[int, ...]] = {opponent: opponent}
        # The side a last move reaches from a shared side (by its identity: `shared` keeps it alive)
        # by the point it pins on and the one it frees: met again, not built again.
        derived: dict[tuple[int, int, int], tuple[int, ...]] = {}

        def visit(
            start: int, depth: int, moves: tuple[Move, ...], them: tuple[int, ...], mask: int, heads: int
        ) -> None:
            nonlocal outside
            level = found[depth + 1]
            for index, source, dest, fd, fs, plain, taking, home, sbit, dbit, leaves_head, bear in tails[
                start
            ]:
                if not side[source] or (leaves_head and heads >= head_limit):
                    continue
                if bear:
                    if outside or (bear == 2 and any(side[source + 1 : 7])):
                        continue  # bearing off: every checker home, the exact die or from the highest point
                    taken = 0
                else:
                    taken = opp[fd]
                    if taken and (taken >= 2 or blocked_by_one or (pins and side[PINNED + dest])):
                        continue  # a closed point
                side[source] -= 1
                side[dest] += 1
                outside -= home
                mask2 = mask | dbit if side[source] else (mask | dbit) & ~sbit
                them2 = them
                freed = pins and not side[source] and opp[PINNED + fs]
                if taken or freed:
                    if taken:
                        opp[fd] -= 1
                        opp[PINNED + fd] += 1
                    if freed:
                        opp[PINNED + fs] -= 1
                        opp[fs] += 1
                    them2 = tuple(opp)
                    them2 = shared.setdefault(them2, them2)
                node = (moves + ((taking if taken else plain),), tuple(side), them2, mask2)
                if checked and not allowed(node, each_move):
                    raise BlockMetOnTheWay
                level.append(node)
                if depth < 2:
                    visit(index, depth + 1, node[0], them2, mask2, heads + leaves_head)
                elif depth == 2:
                    last(index, node[0], them2, mask2, heads + leaves_head)
                if taken or freed:
                    if freed:
                        opp[PINNED + fs] += 1
                        opp[fs] -= 1
                    if taken:
                        opp[fd] += 1
                        opp[PINNED + fd] -= 1
                outside += home
                side[source] += 1
                side[dest] -= 1

        def last(start: int, moves: tuple[Move, ...], them: tuple[int, ...], mask: int, heads: int) -> None:
            """The fourth move: `visit`'s loop for the leaves, which nothing extends (one board
            built per play, nothing kept but the node, or the play itself where no rule filters
            the plays' ends)."""
            append: Callable[[Any], None] = self.four.append if direct else found[4].append
            for _, source, dest, fd, fs, plain, taking, _home, sbit, dbit, leaves_head, bear in tails[start]:
                if not side[source] or (leaves_head and heads >= head_limit):
                    continue
                if bear:
                    if outside or (bear == 2 and any(side[source + 1 : 7])):
                        continue
                    taken = 0
                else:
                    taken = opp[fd]
                    if taken and (taken >= 2 or blocked_by_one or (pins and side[PINNED + dest])):
                        continue
                side[source] -= 1
                side[dest] += 1
                after = tuple(side)
                mask2 = (mask | dbit if side[source] else (mask | dbit) & ~sbit) if masks else 0
                freed = pins and not side[source] and opp[PINNED + fs]
                side[source] += 1
                side[dest] -= 1
                them2 = them
                if taken or freed:
                    key = (id(them), fd if taken else -1, fs if freed else -1)
                    known = derived.get(key)
                    if known is None:
                        changed = list(opp)
                        if taken:
                            changed[fd] -= 1
                            changed[PINNED + fd] += 1
                        if freed:
                            changed[PINNED + fs] -= 1
                            changed[fs] += 1
                        built = tuple(changed)
                        known = derived[key] = shared.setdefault(built, built)
                    them2 = known
                moves2 = moves + ((taking if taken else plain),)
                if checked and not allowed((moves2, after, them2, mask2), each_move):
                    raise BlockMetOnTheWay
                if direct:
                    append(
                        _tnew(Play, (turn, moves2, _tnew(Board, (after, them2) if white else (them2, after))))
                    )
                else:
                    append((moves2, after, them2, mask2))

        turn, white, direct = self.turn, self.white, not self.movement.play_rules
        masks = bool(self.movement.play_rules or self.movement.move_rules)
        try:
            if tails:
                visit(0, 0, (), opponent, first[3], 0)
        finally:
            self.steps += sum(map(len, found)) + len(self.four)
            visit = last = None  # type: ignore[assignment]  # break the closures' cycle

    def walk(self) -> None:
        """The plain search's own walk (every order of the moves, a board met again not walked
        again, a board a rule refuses not walked on), for a movement where nothing is hit or pinned:
        a board is named by the sum of its moves' weights (a double's board is the multiset of its
        moves' sources)."""
        first = self._first_node()
        mover, opponent = self.start
        assert self.movement.contact == "none"
        side = list(mover)
        die, facing, found = self.die, self.movement.geometry.mirror, self.found
        closed = [p >= 1 and bool(opponent[facing[p]]) for p in range(25)]
        head, head_limit = self.movement.head or 0, self.head_limit
        allowed, each_move, move = self._allowed, self._each_move, _MOVE
        weight = [5**point for point in range(25)]  # at most 4 moves from a point: digits in base 5
        seen = {0}
        outside = [sum(mover[7:26])]
        steps = [0]

        # The moves a source may make, from the back: (source, destination, the source's weight,
        # 1 if it brings a checker home, the move, how it bears off as in `_tails`, 1 if it leaves
        # the head); a destination the opponent holds is closed all turn.
        cands = []
        for source in range(24, 0, -1):
            dest, bear = max(source - die, OFF), 0 if source > die else 1 if source == die else 2
            if not closed[dest]:
                home = 1 if source > 6 >= dest else 0
                cands.append(
                    (source, dest, weight[source], home, move[source][dest][0], bear, int(source == head))
                )

        def walk(depth: int, moves: tuple[Move, ...], mask: int, key: int, heads: int) -> None:
            level = found[depth + 1]
            for source, dest, weighs, home, single, bear, leaves_head in cands:
                if not side[source] or (leaves_head and heads >= head_limit):
                    continue
                if bear and (outside[0] or (bear == 2 and any(side[source + 1 : 7]))):
                    continue
                steps[0] += 1
                key2 = key + weighs
                if key2 in seen:
                    continue
                seen.add(key2)
                side[source] -= 1
                side[dest] += 1
                outside[0] -= home
                mask2 = mask | (1 << dest) if dest else mask
                if not side[source]:
                    mask2 &= ~(1 << source)
                node = (moves + (single,), tuple(side), opponent, mask2)
                if allowed(node, each_move):
                    level.append(node)
                    if depth < 3:
                        walk(depth + 1, node[0], mask2, key2, heads + leaves_head)
                outside[0] += home
                side[source] += 1
                side[dest] -= 1

        walk(0, (), first[3], 0, 0)
        walk = None  # type: ignore[assignment]  # break the closure's cycle
        self.steps += steps[0]


def _six(track: int) -> int:
    """Non-zero when `track` (points as bits along the opponent's track) has six in a row."""
    return track & track >> 1 & track >> 2 & track >> 3 & track >> 4 & track >> 5


@cache
def _track(mirror: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Tables turning the mover's held points (bit p for point p) into the same points along the
    opponent's track (bit q - 1 for the opponent's point q), eight points at a time."""
    tables = []
    for first in (1, 9, 17):
        table = [0] * 256
        for byte in range(256):
            for i in range(8):
                if byte >> i & 1:
                    table[byte] |= 1 << (mirror[first + i] - 1)
        tables.append(tuple(table))
    return tables[0], tables[1], tables[2]


def _padded(side: tuple[int, ...]) -> tuple[int, ...]:
    """`side` with the slots of pinned checkers (as `arbitru.engine.plain.with_pin_slots`)."""
    return side if len(side) >= PINNED_SLOTS else side + (0,) * (PINNED_SLOTS - len(side))
