"""Legal play generation: every distinct play a side may make with a roll.

The mover's side and the opponent's are read in the mover's numbering: a destination q is closed
when the opponent has two or more checkers on its point 25 - q. Hits never close a point, so the
closed points and the blots are fixed for the whole turn, which keeps the search small:
- mixed rolls try both dice orders and keep one play per resulting board;
- doubles choose, point by point from the back, how many checkers leave each point. Every
  multiset of moves is met once and gives its own board, so nothing needs deduplicating.
Then the rules of the roll apply: use as many dice as any play allows, and when only one die of a
mixed roll can be used, the higher one if it can be.
"""

from __future__ import annotations

from functools import lru_cache

from service.engine.board import BAR, OFF, Board, Color
from service.engine.play import Move, Play

# Every possible single move, built once: plays share these instances.
_MOVE = [[(Move(f, t, False), Move(f, t, True)) for t in range(26)] for f in range(26)]
_new_board = Board.__new__
_new_play = Play.__new__

# What the search yields: (moves, the mover's side after, the mover's points where a blot was hit).
_Found = tuple[tuple[Move, ...], tuple[int, ...], tuple[int, ...]]


def legal_plays(board: Board, turn: Color, dice: tuple[int, int]) -> list[Play]:
    """Every legal play of `turn` rolling `dice` on `board`, one per resulting board.

    When nothing can move the list holds a single play with no moves (the turn passes).
    The order is deterministic: the same input always gives the same list.
    """
    return list(_plays(board, turn, dice[0], dice[1]))


legal_plays.cache_clear = lambda: _plays.cache_clear()  # type: ignore[attr-defined]


@lru_cache(maxsize=2048)
def _plays(board: Board, turn: Color, d1: int, d2: int) -> tuple[Play, ...]:
    """The plays, cached: openings and common replies repeat constantly."""
    white = turn == "white"
    mover, opponent = (board[0], board[1]) if white else (board[1], board[0])
    found = _search(mover, opponent, d1, d2)
    if not found:
        return (_new_play(Play, turn, (), board),)
    plays = []
    for moves, after, hits in found:
        opp = opponent
        if hits:
            changed = list(opponent)
            for point in hits:
                changed[25 - point] -= 1
            changed[BAR] += len(hits)
            opp = tuple(changed)
        plays.append(_new_play(Play, turn, moves, _new_board(Board, after, opp) if white else _new_board(Board, opp, after)))
    return tuple(plays)


def _search(mover: tuple[int, ...], opponent: tuple[int, ...], d1: int, d2: int) -> list[_Found]:
    closed = [False] * 26
    blot = [False] * 26
    for q in range(1, 25):
        count = opponent[25 - q]
        if count:
            closed[q] = count >= 2
            blot[q] = count == 1
    if d1 == d2:
        return _doubles(mover, closed, blot, d1)
    return _mixed(mover, closed, blot, max(d1, d2), min(d1, d2))


def _single_moves(side: list[int], closed: list[bool], die: int) -> list[tuple[int, int]]:
    """Single moves (source, destination) of one die from `side`."""
    if side[BAR]:
        dest = BAR - die
        return [] if closed[dest] else [(BAR, dest)]
    found = []
    highest = 0
    for source in range(24, 0, -1):
        if side[source]:
            if not highest:
                highest = source
            dest = source - die
            if dest >= 1:
                if not closed[dest]:
                    found.append((source, dest))
            elif highest <= 6 and (dest == 0 or source == highest):
                found.append((source, OFF))
    return found


def _mixed(mover: tuple[int, ...], closed: list[bool], blot: list[bool], high: int, low: int) -> list[_Found]:
    """Plays of a non-double roll: both dice if possible, else the higher die if possible.

    Both orders of the dice are tried; plays with the same net checker movement and the same hits
    reach the same board and are one play (keyed without building the board first).
    """
    both: dict[tuple[int, int, int, int, int], _Found] = {}
    firsts: dict[int, list[tuple[int, int, bool]]] = {high: [], low: []}
    side = list(mover)
    for first, second in ((high, low), (low, high)):
        for s1, t1 in _single_moves(side, closed, first):
            hit1 = t1 != OFF and blot[t1]
            firsts[first].append((s1, t1, hit1))
            side[s1] -= 1
            side[t1] += 1
            mask1 = 1 << t1 if hit1 else 0
            for s2, t2 in _single_moves(side, closed, second):
                hit2 = t2 != OFF and blot[t2] and t2 != t1
                if s2 == t1:  # one checker moved twice
                    key = (s1, t2, -1, -1, mask1 | (1 << t2) if hit2 else mask1)
                elif s1 == t2:  # a second checker took the first one's place
                    key = (s2, t1, -1, -1, mask1 | (1 << t2) if hit2 else mask1)
                else:
                    key = (
                        max(s1, s2), min(s1, s2), max(t1, t2), min(t1, t2), mask1 | (1 << t2) if hit2 else mask1
                    )
                if key not in both:
                    side[s2] -= 1
                    side[t2] += 1
                    both[key] = (
                        (_MOVE[s1][t1][hit1], _MOVE[s2][t2][hit2]),
                        tuple(side),
                        ((t1, t2) if hit1 else (t2,)) if hit2 else ((t1,) if hit1 else ()),
                    )
                    side[s2] += 1
                    side[t2] -= 1
            side[s1] += 1
            side[t1] -= 1
    if both:
        return list(both.values())
    found: list[_Found] = []
    for s1, t1, hit1 in firsts[high] or firsts[low]:
        side[s1] -= 1
        side[t1] += 1
        found.append(((_MOVE[s1][t1][hit1],), tuple(side), (t1,) if hit1 else ()))
        side[s1] += 1
        side[t1] -= 1
    return found


def _doubles(mover: tuple[int, ...], closed: list[bool], blot: list[bool], die: int) -> list[_Found]:
    """Plays of a double: for each point from the back, how many checkers leave it.

    Moving the back checkers first loses no play (a legal play stays legal in that order), so
    the choices below are exactly the multisets of moves; only the longest ones are plays.
    """
    side = list(mover)
    entered: tuple[Move, ...] = ()
    hits: tuple[int, ...] = ()
    left = 4
    if side[BAR]:
        dest = BAR - die
        if closed[dest]:
            return []
        count = min(side[BAR], 4)
        side[BAR] -= count
        side[dest] += count
        entered = (_MOVE[BAR][dest][blot[dest]],) + (_MOVE[BAR][dest][False],) * (count - 1)
        hits = (dest,) if blot[dest] else ()
        left -= count
        if side[BAR] or not left:
            return [(entered, tuple(side), hits)]
    outside = sum(side[7:25])
    found: list[_Found] = []
    longest = 0

    def visit(top: int, left: int, moves: tuple[Move, ...], hits: tuple[int, ...], outside: int) -> None:
        """Extend the play by moving checkers from points at or below `top`; a play that cannot
        be extended is complete (only the longest complete plays are kept)."""
        nonlocal longest
        extended = False
        if left:
            for point in range(top, 0, -1):
                if not side[point]:
                    continue
                dest = point - die
                if dest > 0:
                    if closed[dest]:
                        continue
                    hit = blot[dest]
                elif outside or (dest < 0 and any(side[point + 1 : 7])):
                    continue
                else:
                    dest, hit = OFF, False
                extended = True
                crossing = point > 6 >= dest
                step = _MOVE[point][dest][False]
                moved = moves + (_MOVE[point][dest][hit],)
                after_hits = (*hits, dest) if hit else hits
                count = min(side[point], left)
                for k in range(1, count + 1):
                    side[point] -= 1
                    side[dest] += 1
                    visit(point - 1, left - k, moved, after_hits, outside - k if crossing else outside)
                    moved += (step,)
                side[point] += count
                side[dest] -= count
        if not extended and len(moves) >= longest:
            if len(moves) > longest:
                longest = len(moves)
                found.clear()
            found.append((moves, tuple(side), hits))

    visit(24, left, entered, hits, outside)
    return found
