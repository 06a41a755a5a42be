"""The backgammon movement's plays, listed fast: an acceleration of `arbitru.engine.plain`.

Each kind of roll has a path that lists every play once (nothing is deduplicated by building
boards) and builds the Play objects directly; `arbitru.engine.variants` uses them for the backgammon
family's movement with no move rule, and `tests/engine/test_variant_equivalence.py` holds them to
the plain statement (the same plays: moves, boards and notations, as multisets: each path keeps its
own deterministic order, and the API promises no other, docs/api.md). The measured reason for each
path is in bench/README.md (`bench/engine_ab.py --paths`).
- doubles (`_doubles`): multisets of moves, sources taken from the back;
- mixed rolls with a checker on the bar (`_mixed_bar`);
- mixed rolls with two or more checkers outside home (`_mixed_free`);
- mixed rolls with every checker home (`_mixed_home`);
- mixed rolls with one checker left outside home (`_mixed`): a search applying the rules move by
  move that skips what the other order of the dice already found.

The sides are read in the mover's numbering: a destination q is closed when the opponent has two
or more checkers on its point `OPPOSITE.opposite(q)` (25 - q: the opponent's side reversed lays it
out on the mover's points, `rev` below). Hits never close a point, so the closed points and the blots
are fixed for the whole turn, which keeps the paths small.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import IntEnum
from itertools import compress

from arbitru.engine.board import BAR, OFF, Board, Color
from arbitru.engine.plain import MOVES, moved_side
from arbitru.engine.play import Move, Play

_MOVE = MOVES  # every single move, built once (`plain.MOVES`): plays share these instances
# The one "first move" of the doubles search's last loop when a single move is left: none.
_NOTHING_FIRST: tuple[None] = (None,)
# The points from the back (24 down to 1), to list a side's occupied points in C.
_POINTS_DOWN = tuple(range(24, 0, -1))
# tuple.__new__ builds a named tuple without running its Python-level __new__.
_tnew = tuple.__new__

# What the general search yields: (moves, the mover's side after, the mover's points hit).
_Found = tuple[tuple[Move, ...], tuple[int, ...], tuple[int, ...]]
# A candidate move of the doubles search: (index, point, destination, bit of a blot there,
# (hitting move,), (plain move,), 1 if the move brings a checker home else 0, how it bears off).
_Candidate = tuple[int, int, int, int, tuple[Move], tuple[Move], int, "BearOff"]
# A play of the doubles search not using every move: (moves made, moves, blots hit, side after).
_Short = tuple[int, tuple[Move, ...], int, tuple[int, ...]]
# The doubles search's candidates from each one on (see `_doubles_tails`).
_Tails = list[list[_Candidate]]
# Where the doubles search starts: (moves entering from the bar, blots they hit, moves left, outside home).
_Start = tuple[tuple[Move, ...], int, int, int]
# The position a fast path works on: (turn, white to move, the mover's side, the opponent's side,
# rev), where rev[q] is the opponent's checkers on the mover's point q (1..24): >= 2 closed, 1 a blot.
_Position = tuple[Color, bool, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class BearOff(IntEnum):
    """How a candidate move of the doubles search leaves the board."""

    NONE = 0  # it lands on a point
    EXACT = 1  # it bears off with the exact die
    OVER = 2  # it bears off with a larger die: legal only with no checker above it


def plays(board: Board, turn: Color, d1: int, d2: int) -> tuple[Play, ...]:
    """The plays of a roll of backgammon's movement (what `plain.plain_plays` lists, in this
    module's order), by the path that serves its kind of roll."""
    white = turn == "white"
    if white:
        mover, opponent = board
    else:
        opponent, mover = board
    # rev[q] = the opponent's checkers on the mover's point q (1..24): >= 2 closed, 1 a blot.
    # OPPOSITE.facing(opponent) on the points, as a reversed tuple: one C slice, where facing()
    # gathers 24 items (tests/engine/test_geometry.py proves both agree on 1..24).
    pos = (turn, white, mover, opponent, opponent[::-1])
    if d1 < d2:
        d1, d2 = d2, d1
    if d1 == d2:
        plays = _doubles(pos, sum(mover[7:26]), d1)
    elif mover[BAR]:
        plays = _mixed_bar(pos, d1, d2)
    else:
        outside = sum(mover[7:25])  # checkers still to bring home
        if outside >= 2:
            plays = _mixed_free(pos, d1, d2)
        elif not outside:
            plays = _mixed_home(pos, d1, d2)
        else:
            plays = _mixed(pos, d1, d2)
    if not plays:
        return (_tnew(Play, (turn, (), board)),)
    return tuple(plays)


def generation_path(board: Board, turn: Color, dice: tuple[int, int]) -> str:
    """Which generator serves a roll, by its function's name: `_doubles`, `_mixed_bar` (a checker
    on the bar), `_mixed_free` (two or more checkers outside home), `_mixed_home` (none) or `_mixed`
    (one). The dispatch of `plays`, which inlines it on the hot path; a test proves both choose
    alike. For the benchmarks and tests that pick positions by path."""
    mover = board.white if turn == "white" else board.black
    if dice[0] == dice[1]:
        return "_doubles"
    if mover[BAR]:
        return "_mixed_bar"
    outside = sum(mover[7:25])
    return "_mixed_free" if outside >= 2 else "_mixed_home" if not outside else "_mixed"


def _opponent_after(
    opponent: tuple[int, ...], mask: int, memo: dict[int, tuple[int, ...]]
) -> tuple[int, ...]:
    """The opponent's side once the blots on the mover's points in bit `mask` are sent to the bar
    (memoised per call in `memo`, which starts as {0: opponent}: many plays of a roll hit the same
    blots). Callers look in `memo` first (`memo.get(mask) or _opponent_after(...)`): a dict that
    fills itself through `__missing__` reads the same, but its lookups are not specialised by the
    interpreter. The loop runs once per blot hit, not `while rest`: a `rest` that stopped
    shrinking would spin for ever."""
    side = list(opponent)
    rest = mask
    for _ in range(mask.bit_count()):
        low = rest & -rest  # the lowest point q left: bit q, so bit_length() = q + 1
        side[26 - low.bit_length()] -= 1  # the opponent's point OPPOSITE.opposite(q), 25 - q
        side[BAR] += 1
        rest ^= low
    memo[mask] = after = tuple(side)
    return after


def _new_play(
    turn: Color, white: bool, moves: tuple[Move, ...], after: tuple[int, ...], opp: tuple[int, ...]
) -> Play:
    """A play from the mover's side after it and the opponent's (the hot loops inline this)."""
    return _tnew(Play, (turn, moves, _tnew(Board, (after, opp) if white else (opp, after))))


def _build(turn: Color, white: bool, opponent: tuple[int, ...], found: list[_Found]) -> list[Play]:
    """Plays from the general searches' findings."""
    plays = []
    memo: dict[int, tuple[int, ...]] = {0: opponent}
    for moves, after, hits in found:
        mask = sum(1 << point for point in hits)
        opp = memo.get(mask) or _opponent_after(opponent, mask, memo)
        plays.append(_new_play(turn, white, moves, after, opp))
    return plays


def _one_die(
    pos: _Position,
    by_die: Sequence[Sequence[tuple[int, int, int]]],
) -> list[Play]:
    """The plays when only one die can be played: those of the higher die if it has any, else
    those of the lower. `by_die` lists, higher die first, each die's legal single moves as
    (source, destination, 1 if it hits a blot else 0)."""
    turn, white, mover, opponent, _ = pos
    moves = next((moves for moves in by_die if moves), ())
    found: list[_Found] = [
        ((_MOVE[s][d][hit],), moved_side(mover, s, d), (d,) if hit else ()) for s, d, hit in moves
    ]
    return _build(turn, white, opponent, found)


# -- mixed rolls that cannot bear off -------------------------------------------------------------
def _mixed_free(pos: _Position, high: int, low: int) -> list[Play]:
    """Plays of a non-double roll with no checker on the bar and at least two outside home.

    Nothing can bear off, so a single move s -> s - die is legal exactly when s holds a checker and
    s - die >= 1 is open, whatever else moved. A play of both dice is then either
    - two moves from the points s1 (high die) and s2 (low die): each such pair reaches its own
      board, unless one checker in fact travels both dice (s2 = s1 - high, or s1 = s2 - low); or
    - one checker travelling s -> s - high - low, via s - high or via s - low: both ways reach the
      same board unless a blot is hit on the way, so the second way counts only when it hits
      differently from the first.
    Each play keeps the moves the general search (`_mixed`) would give it: high die first, and a
    checker travelling via s - low written, when a checker already stands there, as that checker
    moving on and the other taking its place.
    """
    turn, white, mover, opponent, rev = pos
    pts = list(compress(_POINTS_DOWN, mover[24:0:-1]))  # the occupied points, from the back
    highs = [s for s in pts if s > high and rev[s - high] < 2]
    move = _MOVE
    # The low die's moves: (source, destination, plain move, hitting move, a blot there).
    seconds = [
        (s, s - low, move[s][s - low][0], move[s][s - low][1], rev[s - low])
        for s in pts
        if s > low and rev[s - low] < 2
    ]
    plays: list[Play] = []
    append = plays.append
    memo: dict[int, tuple[int, ...]] = {0: opponent}
    side = list(mover)
    # Two checkers, one per die.
    for s1 in highs:
        t1 = s1 - high
        hit1 = rev[t1]
        m1 = move[s1][t1][hit1]
        if hit1:
            mask1 = 1 << t1
            opp1 = memo.get(mask1) or _opponent_after(opponent, mask1, memo)
        else:
            mask1, opp1 = 0, opponent
        side[s1] -= 1
        side[t1] += 1
        skip = s1 + low
        for s2, t2, plain, hitting, hit2 in seconds:
            if s2 == t1 or s2 == skip or not side[s2]:
                continue  # one checker travelling both dice (below), or s1 had only one checker
            after = side.copy()
            after[s2] -= 1
            after[t2] += 1
            after_t = tuple(after)
            if hit2 and t2 != t1:
                mask = mask1 | 1 << t2
                opp = memo.get(mask) or _opponent_after(opponent, mask, memo)
                moves = (m1, hitting)
            else:
                opp = opp1
                moves = (m1, plain)
            append(_tnew(Play, (turn, moves, _tnew(Board, (after_t, opp) if white else (opp, after_t)))))
        side[s1] += 1
        side[t1] -= 1
    plays += _free_travels(pos, memo, pts, high, low)
    if plays:
        return plays
    by_high = [(s, s - high, rev[s - high]) for s in highs]
    return _one_die(pos, (by_high, [(s, t, hit) for s, t, _, _, hit in seconds]))


def _free_travels(
    pos: _Position,
    memo: dict[int, tuple[int, ...]],
    pts: list[int],
    high: int,
    low: int,
) -> list[Play]:
    """`_mixed_free`'s plays of one checker travelling both dice, from the occupied points `pts`."""
    turn, white, mover, opponent, rev = pos
    move = _MOVE
    plays: list[Play] = []
    total = high + low
    for s in pts:
        e = s - total
        if e < 1:
            break
        hit_e = rev[e]
        if hit_e > 1:
            continue
        via_high, via_low = s - high, s - low
        hit_h, hit_l = rev[via_high], rev[via_low]
        found: list[tuple[tuple[Move, Move], int]] = []
        if hit_h < 2:
            found.append(((move[s][via_high][hit_h], move[via_high][e][hit_e]), (via_high if hit_h else 0)))
        if hit_l < 2:
            if mover[via_low]:  # a checker stands on s - low: it moves on, another takes its place
                if not found or hit_h:
                    found.append(((move[via_low][e][hit_e], move[s][via_low][0]), 0))
            elif not found or hit_h or hit_l:
                found.append(((move[s][via_low][hit_l], move[via_low][e][hit_e]), (via_low if hit_l else 0)))
        if found:
            plays += _travels(pos, memo, s, e, hit_e, found)
    return plays


def _travels(
    pos: _Position,
    memo: dict[int, tuple[int, ...]],
    source: int,
    end: int,
    hit_end: int,
    ways: list[tuple[tuple[Move, Move], int]],
) -> list[Play]:
    """The plays of one checker travelling both dice from `source` to `end` (hitting a blot there
    if `hit_end`), one per way in `ways`: (its two moves, the point of a blot hit on the way or 0)."""
    turn, white, mover, opponent, _ = pos
    after = moved_side(mover, source, end)
    end_bit = 1 << end if hit_end else 0
    plays = []
    for moves, stop in ways:
        mask = end_bit | 1 << stop if stop else end_bit
        opp = memo.get(mask) or _opponent_after(opponent, mask, memo)
        plays.append(_tnew(Play, (turn, moves, _tnew(Board, (after, opp) if white else (opp, after)))))
    return plays


def _mixed_bar(pos: _Position, high: int, low: int) -> list[Play]:
    """Plays of a non-double roll with checkers on the bar.

    An entered checker stands on 19..24 and can travel at most 6 more, so nothing can bear off:
    apart from entering, every move is s -> s - die onto an open point. With two or more on the
    bar both dice must enter (or whichever can). With one, it enters with one die and the other
    die moves any checker: two checkers reach a board of their own; the entered checker moving
    on reaches 25 - high - low, via either entry point, which is one board unless a blot is hit
    on the way. Moves are listed as the general search (`_mixed`) would list them.
    """
    turn, white, mover, opponent, rev = pos
    move = _MOVE
    enter_high, enter_low = BAR - high, BAR - low
    hit_high, hit_low = rev[enter_high], rev[enter_low]
    if mover[BAR] > 1 or (hit_high > 1 and hit_low > 1):
        return _bar_entries(pos, ((enter_high, hit_high), (enter_low, hit_low)))
    plays: list[Play] = []
    append = plays.append
    memo: dict[int, tuple[int, ...]] = {0: opponent}
    pts = list(compress(_POINTS_DOWN, mover[24:0:-1]))  # the occupied points, from the back
    end = BAR - high - low
    hit_end = rev[end]
    via_high = False
    for entry, hit, first, second in ((enter_high, hit_high, high, low), (enter_low, hit_low, low, high)):
        if hit > 1:
            continue
        side = list(mover)
        side[BAR] = 0
        side[entry] += 1
        m1 = move[BAR][entry][hit]
        mask1 = 1 << entry if hit else 0
        # The entered checker moving on (a checker already on the entry point moving is the same).
        # Entering with the low die, that board is new unless it was reached via the high entry
        # with no blot hit on either way.
        if hit_end < 2 and (first == high or not via_high or hit or hit_high):
            via_high = first == high
            side[entry] -= 1
            side[end] += 1
            mask = mask1 | 1 << end if hit_end else mask1
            opp = memo.get(mask) or _opponent_after(opponent, mask, memo)
            append(_new_play(turn, white, (m1, move[entry][end][hit_end]), tuple(side), opp))
            side[entry] += 1
            side[end] -= 1
        # Another checker moving the other die.
        for s2 in pts:
            t2 = s2 - second
            if t2 < 1:
                break
            if s2 == entry or rev[t2] > 1:
                continue
            after_list = side.copy()
            after_list[s2] -= 1
            after_list[t2] += 1
            if rev[t2] and t2 != entry:
                mask = mask1 | 1 << t2
                m2 = move[s2][t2][1]
            else:
                mask = mask1
                m2 = move[s2][t2][0]
            opp = memo.get(mask) or _opponent_after(opponent, mask, memo)
            after = tuple(after_list)
            append(_tnew(Play, (turn, (m1, m2), _tnew(Board, (after, opp) if white else (opp, after)))))
    if plays:
        return plays
    # Only one die can be played: entering with the higher if it can (one checker was on the bar).
    entries = ((enter_high, hit_high), (enter_low, hit_low))
    by_die = [[(BAR, entry, hit)] if hit < 2 else [] for entry, hit in entries]
    return _one_die(pos, by_die)


def _bar_entries(
    pos: _Position,
    entries: tuple[tuple[int, int], tuple[int, int]],
) -> list[Play]:
    """The one play of a mixed roll when two or more checkers are on the bar, or none can enter:
    a checker enters with each die whose point (in `entries`: (point, opposing checkers there))
    is open; no play if neither is."""
    turn, white, mover, opponent, _ = pos
    side = list(mover)
    moves: tuple[Move, ...] = ()
    mask = 0
    for entry, hit in entries:
        if hit < 2:
            side[BAR] -= 1
            side[entry] += 1
            moves += (_MOVE[BAR][entry][hit],)
            if hit:
                mask |= 1 << entry
    if not moves:
        return []
    opp = _opponent_after(opponent, mask, {}) if mask else opponent
    return [_new_play(turn, white, moves, tuple(side), opp)]


def _doubles(pos: _Position, outside: int, die: int) -> list[Play]:
    """Plays of a double.

    Checkers on the bar enter first, all at once (they share one entry point); if some stay on
    the bar, or no move is left, that is the play. Then a play is a multiset of moves: listed
    with its moves taken from the back (a legal play stays legal in that order, bearing off
    included), it is a non-increasing sequence of source points, met once by `visit`. Only points
    that can hold a checker this turn (occupied, or reached by a chain of moves) and whose move is
    open can be sources; they are listed once, from the back, as candidates. A blot is hit by the
    first move onto its point (later ones land on the mover's own checker).

    Bearing off is possible only with no checker on the bar (a checker entering on 25 - die is at
    best on 25 - 3 * die >= 7 after the next two moves, still outside home before the fourth) and
    fewer checkers outside home than moves left (each move brings at most one home).
    Only then are bear-off candidates listed; taken from the back, a bear-off is legal when nothing
    is left outside home and the point is the die's, or no checker stands above it.
    """
    turn, white, mover, opponent, rev = pos
    side = list(mover)
    moves: tuple[Move, ...] = ()
    mask = 0
    left = 4
    move = _MOVE
    if side[BAR]:
        dest = BAR - die
        hit = rev[dest]
        if hit > 1:
            return []
        count = min(side[BAR], 4)
        side[BAR] -= count
        side[dest] += count
        moves = (move[BAR][dest][hit],) + (move[BAR][dest][0],) * (count - 1)
        mask = 1 << dest if hit else 0
        left -= count
        if side[BAR] or not left:
            opp = _opponent_after(opponent, mask, {}) if mask else opponent
            return [_new_play(turn, white, moves, tuple(side), opp)]
    bearing = outside < left and not mover[BAR]
    tails = _doubles_tails(side, rev, die, bearing)
    plays, short = _doubles_search(turn, white, side, opponent, tails, (moves, mask, left, outside))
    if plays or not short:
        return plays
    longest = max(n for n, *_ in short)
    memo: dict[int, tuple[int, ...]] = {0: opponent}
    for n, moves, mask, after in short:
        if n == longest:
            opp = memo.get(mask) or _opponent_after(opponent, mask, memo)
            plays.append(_new_play(turn, white, moves, after, opp))
    return plays


def _doubles_tails(side: list[int], rev: tuple[int, ...], die: int, bearing: bool) -> _Tails:
    """The candidate moves of a double, from the back: points that can hold a checker this turn
    (occupied, or reached by a chain of moves) whose move is open; bear-offs only if `bearing`.
    Item i lists the candidates a move may come from once candidate i has been used."""
    move = _MOVE
    cands: list[_Candidate] = []
    reach = [False] * 26
    top = next(compress(_POINTS_DOWN, side[24:0:-1]), 0)  # no source above the highest checker
    for point in range(top, 0, -1):
        if side[point] or reach[point]:
            dest = point - die
            if dest >= 1:
                hit = rev[dest]
                if hit > 1:
                    continue
                reach[dest] = True
                home = 1 if bearing and point > 6 >= dest else 0
                hitting, plain = move[point][dest][hit], move[point][dest][0]
                bit = 1 << dest if hit else 0
                cands.append((len(cands), point, dest, bit, (hitting,), (plain,), home, BearOff.NONE))
            elif bearing:
                plain = move[point][OFF][0]
                bear = BearOff.EXACT if dest == 0 else BearOff.OVER
                cands.append((len(cands), point, OFF, 0, (plain,), (plain,), 0, bear))
            else:
                break
    return [cands[i:] for i in range(len(cands))] + [[]]


def _doubles_search(
    turn: Color, white: bool, side: list[int], opponent: tuple[int, ...], tails: _Tails, start: _Start
) -> tuple[list[Play], list[_Short]]:
    """A double's plays using every move left, else (while none does) the shorter ones, from `start`."""
    plays: list[Play] = []
    short: list[_Short] = []  # plays not using every die
    memo: dict[int, tuple[int, ...]] = {0: opponent}
    append, new, board_type, play_type = plays.append, _tnew, Board, Play
    mover_first, over = white, BearOff.OVER

    def visit(start: int, left: int, moves: tuple[Move, ...], mask: int, outside: int) -> None:
        """Extend `moves` by `left` > 0 moves from candidate `start` on (`outside`: checkers outside home).

        Each candidate for the next move recurses while more than two moves are left; the last two
        are made in this loop (no call per node: most nodes are there). With one move left (three
        checkers entered from the bar) the loop runs once, moving nothing, and makes the last."""
        extended, board = False, side
        for first in tails[start] if left >= 2 else _NOTHING_FIRST:
            if first is None:
                index, moves2, mask2, outside2 = start, moves, mask, outside
            else:
                index, point, dest, bit, hitting, plain, home, bear = first
                if not board[point] or (bear and (outside or (bear == over and any(board[point + 1 : 7])))):
                    continue
                extended = True
                board[point] -= 1
                board[dest] += 1
                if bit and not mask & bit:
                    moves2, mask2 = moves + hitting, mask | bit
                else:
                    moves2, mask2 = moves + plain, mask
                outside2 = outside - home
                if left > 2:
                    visit(index, left - 1, moves2, mask2, outside2)
                    board[point] += 1
                    board[dest] -= 1
                    continue
            same = memo.get(mask2) or _opponent_after(opponent, mask2, memo)
            last_found = False
            for _, point2, dest2, bit2, hitting2, plain2, _, bear2 in tails[index]:
                if board[point2]:
                    if bear2 and (outside2 or (bear2 == over and any(board[point2 + 1 : 7]))):
                        continue
                    last_found = True
                    board[point2] -= 1
                    board[dest2] += 1
                    after = tuple(board)
                    board[point2] += 1
                    board[dest2] -= 1
                    if bit2 and not mask2 & bit2:  # hits a blot not hit yet
                        opp = memo.get(mask2 | bit2) or _opponent_after(opponent, mask2 | bit2, memo)
                        last = moves2 + hitting2
                    else:
                        opp = same
                        last = moves2 + plain2
                    board_after = new(board_type, (after, opp) if mover_first else (opp, after))
                    append(new(play_type, (turn, last, board_after)))
            if first is None:
                extended = last_found
            else:
                if not last_found and not plays:  # once a play uses every die, short ones never count
                    short.append((len(moves2), moves2, mask2, tuple(board)))
                board[point] += 1
                board[dest] -= 1
        if not extended and moves and not plays:
            short.append((len(moves), moves, mask, tuple(board)))

    visit(0, start[2], start[0], start[1], start[3])
    visit = None  # type: ignore[assignment]  # break the closure's cycle: no collector needed
    return plays, short


# -- mixed rolls with every checker home ----------------------------------------------------------
def _mixed_home(pos: _Position, high: int, low: int) -> list[Play]:
    """Plays of a non-double roll with every checker of the mover home (none outside, none on the bar).

    Every move stays home, so both moves may bear off. A move s -> s - die onto a point is legal
    when that point is open; bearing off is legal with the exact die, or with a larger one from the
    highest point. Only that last rule depends on the order of the dice (the first move may empty
    the highest point), so each candidate play is checked in both orders, on the highest point
    before and after the other move. A play of both dice is
    - one checker travelling both dice, via s - high or via s - low: one board unless a blot is hit
      on the way (as in `_mixed_free`); or
    - two checkers, s1 with the high die and s2 with the low one. When one lands where the other
      starts, that is the same board as one checker travelling both dice (listed above). Two
      checkers borne off are one board whichever die took which.
    Each play's moves are listed in an order that can be played.
    """
    turn, white, mover, opponent, rev = pos
    move = _MOVE
    occupied = list(compress(_POINTS_DOWN[18:], mover[6:0:-1]))  # home points with a checker, from 6
    if not occupied:  # every checker borne off: the game is over and nothing moves
        return []
    highest = occupied[0]
    below = occupied[1] if len(occupied) > 1 else 0  # the highest point once `highest` is emptied
    alone = mover[highest] == 1  # one move from the highest point empties it
    plays: list[Play] = []
    memo: dict[int, tuple[int, ...]] = {0: opponent}

    def top_after(source: int, dest: int) -> int:
        """The highest point once one checker moved from `source` to `dest` (0 = off)."""
        return (dest if dest > below else below) if source == highest and alone else highest

    # One checker travelling both dice.
    for s in occupied:
        end = s - high - low
        if end < 0:
            end = 0
        hit_e = rev[end] if end else 0
        if hit_e > 1:
            continue
        found: list[tuple[tuple[Move, Move], int]] = []
        for first, second in ((high, low), (low, high)):
            mid = s - first
            if mid < 1 or rev[mid] > 1:
                continue
            if mid - second < 0 and top_after(s, mid) != mid:
                continue  # bearing off from below the highest point
            hit_mid = rev[mid]
            if not found or hit_mid or found[0][1]:  # a second way counts when it hits differently
                found.append(((move[s][mid][hit_mid], move[mid][end][hit_e]), mid if hit_mid else 0))
        if found:
            plays += _travels(pos, memo, s, end, hit_e, found)
    plays += _home_pairs(pos, memo, occupied, high, low, top_after)
    if plays:
        return plays
    by_die: list[list[tuple[int, int, int]]] = [[], []]
    for moves_of_die, die in zip(by_die, (high, low), strict=True):
        for s in occupied:
            t = s - die
            if t >= 1:
                if rev[t] < 2:
                    moves_of_die.append((s, t, rev[t]))
            elif t == 0 or s == highest:  # bearing off: the exact die, or a larger one from the highest point
                moves_of_die.append((s, OFF, 0))
    return _one_die(pos, by_die)


def _home_pairs(
    pos: _Position,
    memo: dict[int, tuple[int, ...]],
    occupied: list[int],
    high: int,
    low: int,
    top_after: Callable[[int, int], int],
) -> list[Play]:
    """`_mixed_home`'s plays of two checkers, s1 with the high die and s2 with the low one, each
    checked in both orders (`top_after(source, dest)`: the highest point once one move is made)."""
    turn, white, mover, opponent, rev = pos
    move = _MOVE
    highest = occupied[0]
    alone = mover[highest] == 1
    side = list(mover)
    plays: list[Play] = []
    append = plays.append
    # Two checkers, one per die. A larger die bears off only from the highest point, or from the
    # next one once the other move emptied the highest: past those two (a one-checker highest
    # point) no point of `occupied` can bear off, nor can any after it.
    last_over = 1 if alone else 0  # the index in `occupied` of the last point that may overshoot
    both_off: set[tuple[int, int]] = set()
    for i1, s1 in enumerate(occupied):
        t1 = s1 - high
        if t1 < 0 and i1 > last_over:
            break
        if t1 >= 1 and rev[t1] > 1:
            continue
        for i2, s2 in enumerate(occupied):
            t2 = s2 - low
            if t2 < 0 and i2 > last_over:
                break
            if (t2 >= 1 and rev[t2] > 1) or s2 == t1 or s1 == t2 or (s1 == s2 and mover[s1] < 2):
                continue
            d1 = t1 if t1 > 0 else 0
            d2 = t2 if t2 > 0 else 0
            # Order high-low, else low-high: a larger die bears off from the highest point only.
            if (t1 >= 0 or s1 == highest) and (t2 >= 0 or s2 == top_after(s1, d1)):
                high_first = True
            elif (t2 >= 0 or s2 == highest) and (t1 >= 0 or s1 == top_after(s2, d2)):
                high_first = False
            else:
                continue
            if not d1 and not d2:
                pair = (s1, s2) if s1 > s2 else (s2, s1)
                if pair in both_off:
                    continue
                both_off.add(pair)
            # Two landing on one point (d1 == d2 > 0) are played high die first (neither bears off),
            # so the first to land, which hits a blot there, is s1: a high-first order is chosen
            # whenever d1 > 0 (the low-high order is only needed when the high die bears off).
            hit1 = rev[d1] if d1 else 0
            hit2 = rev[d2] if d2 and d2 != d1 else 0
            m1, m2 = move[s1][d1][hit1], move[s2][d2][hit2]
            side[s1] -= 1
            side[d1] += 1
            side[s2] -= 1
            side[d2] += 1
            after = tuple(side)
            side[s1] += 1
            side[d1] -= 1
            side[s2] += 1
            side[d2] -= 1
            mask = (1 << d1 if hit1 else 0) | (1 << d2 if hit2 else 0)
            opp = memo.get(mask) or _opponent_after(opponent, mask, memo)
            moves = (m1, m2) if high_first else (m2, m1)
            append(_tnew(Play, (turn, moves, _tnew(Board, (after, opp) if white else (opp, after)))))
    return plays


# -- mixed rolls that may bear off ----------------------------------------------------------------
def _single_moves(side: list[int], rev: tuple[int, ...], die: int, top: int) -> list[tuple[int, int]]:
    """Single moves (source, destination) of one die from `side`, no checker on the bar and none
    above point `top`."""
    found = []
    occupied = list(compress(_POINTS_DOWN[24 - top :], side[top:0:-1]))
    if occupied:
        highest = occupied[0]
        for source in occupied:
            dest = source - die
            if dest >= 1:
                if rev[dest] < 2:
                    found.append((source, dest))
            elif highest <= 6 and (dest == 0 or source == highest):
                found.append((source, OFF))
    return found


def _mixed(pos: _Position, high: int, low: int) -> list[Play]:
    """Plays of a non-double roll with no checker on the bar: both dice if possible, else the
    higher die if possible.

    Both orders of the dice are tried; plays with the same net checker movement and the same hits
    reach the same board and are one play (keyed without building the board first). Moves only go
    down, so no scan needs to start above the mover's highest point. While a checker is still
    outside home after the first move, nothing can bear off, so the second die's moves are those of
    the board before it, less a source the first move emptied, plus its destination as a source.
    """
    turn, white, mover, opponent, rev = pos
    top = next(compress(_POINTS_DOWN, mover[24:0:-1]), 0)
    outside = sum(mover[7:25])
    both: dict[tuple[int, ...], _Found] = {}
    firsts: dict[int, list[tuple[int, int, int]]] = {high: [], low: []}
    side = list(mover)
    moves_of = {high: _single_moves(side, rev, high, top), low: _single_moves(side, rev, low, top)}
    for first, second in ((high, low), (low, high)):
        # Taken low die first, a pair is new only if the high move needed the low one: the same
        # checker moving on, or a move the low one made legal (a checker entered or brought home,
        # the highest point emptied). Any other pair was already found high die first.
        seen = set(moves_of[high]) if first == low else ()
        for s1, t1 in moves_of[first]:
            hit1 = 1 if t1 != OFF and rev[t1] == 1 else 0
            firsts[first].append((s1, t1, hit1))
            side[s1] -= 1
            side[t1] += 1
            mask1 = 1 << t1 if hit1 else 0
            if outside - (s1 > 6 >= t1) > 0:  # still a checker outside home: no bearing off yet
                seconds = [move for move in moves_of[second] if move[0] != s1 or side[s1]]
                after = t1 - second
                if not mover[t1] and after >= 1 and rev[after] < 2:
                    seconds.append((t1, after))
            else:
                seconds = _single_moves(side, rev, second, top)
            for s2, t2 in seconds:
                if s2 != t1 and (s2, t2) in seen:
                    continue
                hit2 = t2 != OFF and rev[t2] == 1 and t2 != t1
                # One checker's net move and hits (3 items), or two checkers' moves (4 items).
                key: tuple[int, ...]
                if s2 == t1:  # one checker moved twice
                    key = (s1, t2, mask1 | (1 << t2) if hit2 else mask1)
                elif s1 == t2:  # a second checker took the first one's place (held by the mover: no hit)
                    key = (s2, t1, mask1)
                else:  # two checkers: the same sources and destinations hit the same blots
                    key = (max(s1, s2), min(s1, s2), max(t1, t2), min(t1, t2))
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
        return _build(turn, white, opponent, list(both.values()))
    return _one_die(pos, (firsts[high], firsts[low]))
