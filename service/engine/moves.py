"""Legal play generation: every distinct play a side may make with a roll.

The mover's side and the opponent's are read in the mover's numbering: a destination q is closed
when the opponent has two or more checkers on its point 25 - q. Hits never close a point, so the
closed points and the blots are fixed for the whole turn, which keeps the search small:
- mixed rolls try both dice orders and keep one play per resulting board;
- doubles enumerate multisets of checker moves (sources taken in non-increasing order), each of
  which yields a different board, so no deduplication is needed.
Then the rules of the roll apply: use as many dice as any play allows, and when only one die of a
mixed roll can be used, the higher one if it can be.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from service.engine.board import BAR, OFF, Board, Color, other
from service.engine.play import Move, Play

# A half-played turn: (checker counts of the mover, moves so far, bitmask of points hit).
_Hops = tuple[tuple[int, int, bool], ...]


def legal_plays(board: Board, turn: Color, dice: tuple[int, int]) -> list[Play]:
    """Every legal play of `turn` rolling `dice` on `board`, one per resulting board.

    When nothing can move the list holds a single play with no moves (the turn passes).
    The order is deterministic: the same input always gives the same list.
    """
    mover = board.side(turn)
    opponent = board.side(other(turn))
    return [
        Play(turn, tuple(Move(f, t, h) for f, t, h in hops), _result(board, turn, mover_after, opponent, hops))
        for hops, mover_after in _generate(mover, opponent, dice[0], dice[1])
    ]


def max_dice_playable(board: Board, turn: Color, dice: tuple[int, int]) -> int:
    """How many dice the best play of this roll uses (0 when the turn passes)."""
    return len(legal_plays(board, turn, dice)[0].moves)


def _result(board: Board, turn: Color, mover_after: tuple[int, ...], opponent: tuple[int, ...], hops: _Hops) -> Board:
    hits = [25 - t for _, t, hit in hops if hit]
    if hits:
        opp = list(opponent)
        for point in hits:
            opp[point] -= 1
            opp[BAR] += 1
        opponent = tuple(opp)
    return Board(mover_after, opponent) if turn == "white" else Board(opponent, mover_after)


@lru_cache(maxsize=4096)
def _generate(mover: tuple[int, ...], opponent: tuple[int, ...], d1: int, d2: int) -> tuple[tuple[_Hops, tuple[int, ...]], ...]:
    """(hops, mover's side after) for each legal play; cached because openings repeat constantly."""
    closed = [False] * 26
    blot = [False] * 26
    for q in range(1, 25):
        count = opponent[25 - q]
        closed[q] = count >= 2
        blot[q] = count == 1
    if d1 == d2:
        found = list(_doubles(list(mover), closed, blot, d1))
    else:
        found = _mixed(mover, closed, blot, max(d1, d2), min(d1, d2))
    if not found:
        return (((), mover),)
    return tuple(found)


def _steps(side: list[int], closed: list[bool], die: int, top: int) -> Iterator[tuple[int, int]]:
    """Single moves (source, destination) of one die, sources from `top` downwards."""
    if side[BAR]:
        if top >= BAR and not closed[BAR - die]:
            yield BAR, BAR - die
        return
    outside = any(side[7:25])
    highest = 0
    if not outside:
        for p in range(6, 0, -1):
            if side[p]:
                highest = p
                break
    for source in range(min(top, 24), 0, -1):
        if not side[source]:
            continue
        dest = source - die
        if dest >= 1:
            if not closed[dest]:
                yield source, dest
        elif not outside and (dest == 0 or source == highest):
            yield source, OFF


def _mixed(
    mover: tuple[int, ...], closed: list[bool], blot: list[bool], high: int, low: int
) -> list[tuple[_Hops, tuple[int, ...]]]:
    """Plays of a non-double roll: both dice if possible, else the higher die if possible."""
    both: dict[tuple[tuple[int, ...], int], _Hops] = {}
    singles: dict[int, dict[tuple[tuple[int, ...], int], _Hops]] = {high: {}, low: {}}
    side = list(mover)
    for first, second in ((high, low), (low, high)):
        for s1, t1 in list(_steps(side, closed, first, BAR)):
            hit1 = t1 != OFF and blot[t1]
            side[s1] -= 1
            side[t1] += 1
            hits1 = (1 << t1) if hit1 else 0
            after_one = (tuple(side), hits1)
            singles[first].setdefault(after_one, ((s1, t1, hit1),))
            for s2, t2 in list(_steps(side, closed, second, BAR)):
                hit2 = t2 != OFF and blot[t2] and not (hits1 >> t2) & 1
                side[s2] -= 1
                side[t2] += 1
                key = (tuple(side), hits1 | ((1 << t2) if hit2 else 0))
                both.setdefault(key, ((s1, t1, hit1), (s2, t2, hit2)))
                side[s2] += 1
                side[t2] -= 1
            side[s1] += 1
            side[t1] -= 1
    chosen = both or singles[high] or singles[low]
    return [(hops, key[0]) for key, hops in chosen.items()]


def _doubles(side: list[int], closed: list[bool], blot: list[bool], die: int) -> Iterator[tuple[_Hops, tuple[int, ...]]]:
    """Plays of a double: the longest multisets of single moves, each a distinct board."""
    leaves: list[tuple[_Hops, tuple[int, ...]]] = []
    longest = 0

    def extend(top: int, hops: _Hops, hits: int) -> None:
        nonlocal longest
        moved = False
        if len(hops) < 4:
            for source, dest in list(_steps(side, closed, die, top)):
                moved = True
                hit = dest != OFF and blot[dest] and not (hits >> dest) & 1
                side[source] -= 1
                side[dest] += 1
                extend(source, (*hops, (source, dest, hit)), hits | (1 << dest) if hit else hits)
                side[source] += 1
                side[dest] -= 1
        if not moved and hops:
            if len(hops) > longest:
                longest = len(hops)
                leaves.clear()
            if len(hops) == longest:
                leaves.append((hops, tuple(side)))

    extend(BAR, (), 0)
    return iter(leaves)
