"""An independent, deliberately plain legal-play generator for Long Nardy and Plakoto: the second
opinion for the engine's generation of the Table family (issue 29, docs/variants.md).

It shares no code with `arbitru` (like `tests/support/reference.py` for backgammon): it plays the dice
one at a time in every order, checker by checker, straight from the written rules, keeps every
sequence as a candidate play (the empty one too), drops those whose end breaks a whole-play rule,
keeps those using the most dice, then (one die of a mixed roll) the higher die if any can, and answers
one result per distinct final board. Slow but obvious.

Boards are `(white, black)` tuples of sides in their owner's numbering (0 off, 1..24 the points, 25
the bar, always empty here); a Plakoto side has 24 more slots, `side[25 + p]` = 1 when one of its
checkers lies pinned on its own point p (arbitru.engine.board).

- Long Nardy: both sides move the same way; the mover's point q is the opponent's q - 12 (q > 12) or
  q + 12. A point with any opposing checker is closed. At most one checker leaves the head (24) a
  turn, two on a side's first turn (all 15 still there) with 6-6, 4-4 or 3-3. No six consecutive
  points of the opponent's track held by the mover unless an opposing checker is ahead of them (on a
  lower point of its own, or borne off): checked on the play's end (`after_play`) or after every
  move (`after_each_move`).
- Plakoto: opposite directions (the mover's q is the opponent's 25 - q). A point is closed by two or
  more free opposing checkers, or by one that pins a mover's checker there; landing on one lone free
  opposing checker pins it; a pinned checker cannot move and is freed when the last free opposing
  checker leaves; bearing off needs every checker home and none pinned.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

Side = tuple[int, ...]
State = tuple[Side, Side]  # (mover, opponent)
Boards = set[tuple[Side, Side]]  # (white, black)

OFF = 0
HEAD = 24
PIN = 25  # side[PIN + p]: this side's checker pinned on its own point p
SPECIAL_FIRST_DOUBLES = (3, 4, 6)


# -- Long Nardy ---------------------------------------------------------------------------------
def nardy_facing(point: int) -> int:
    """The opponent's number of the mover's point (same direction, heads 12 points apart)."""
    return point - 12 if point > 12 else point + 12


def nardy_block_stands(mover: Side, opponent: Side) -> bool:
    """Whether the mover holds six consecutive points q..q+5 of the opponent's track (its own
    numbering) with no opposing checker ahead of them (on a point below q, or borne off)."""
    for q in range(1, 20):
        if all(mover[nardy_facing(r)] > 0 for r in range(q, q + 6)):
            ahead = opponent[OFF] > 0 or any(opponent[r] > 0 for r in range(1, q))
            if not ahead:
                return True
    return False


def nardy_moves(state: State, die: int, heads_left: int, block: str) -> Iterator[tuple[State, int]]:
    """Every (state after, checkers it took from the head) of one checker of the mover moved by `die`."""
    mover, opponent = state
    all_home = not any(mover[7:25])
    for source in range(24, 0, -1):
        if not mover[source] or (source == HEAD and heads_left == 0):
            continue
        target = source - die
        if target >= 1:
            if opponent[nardy_facing(target)] > 0:
                continue  # no hitting: any opposing checker closes the point
        elif not all_home or (target < 0 and any(mover[source + 1 : 7])):
            continue  # bear off once all are home: exact die, or higher from the highest point
        after = list(mover)
        after[source] -= 1
        after[max(target, OFF)] += 1
        moved = (tuple(after), opponent)
        if block == "after_each_move" and nardy_block_stands(*moved):
            continue
        yield moved, int(source == HEAD)


def nardy_results(
    white: Side, black: Side, turn: str, dice: tuple[int, int], block: str = "after_play"
) -> Boards:
    """The boards of every legal Long Nardy play of `turn` with `dice`."""
    state = _mover_first(white, black, turn)
    first_turn = state[0][HEAD] == 15
    heads = 2 if first_turn and dice[0] == dice[1] and dice[0] in SPECIAL_FIRST_DOUBLES else 1

    def moves(current: State, die: int, heads_left: int) -> Iterator[tuple[State, int]]:
        return nardy_moves(current, die, heads_left, block)

    def end_allowed(current: State) -> bool:
        return not nardy_block_stands(*current)

    return _legal(state, dice, heads, moves, end_allowed, turn)


# -- Plakoto ------------------------------------------------------------------------------------
def plakoto_closed(mover: Side, opponent: Side, target: int) -> bool:
    """Whether the mover may not land on its point `target`."""
    free = opponent[25 - target]
    return free >= 2 or (free == 1 and mover[PIN + target] > 0)


def plakoto_move(mover: Side, opponent: Side, source: int, target: int) -> State:
    """One checker of the mover from `source` to `target` (0: off), pinning a lone free opposing
    checker it lands on and freeing the opposing checker it leaves alone on `source`."""
    me, them = list(mover), list(opponent)
    me[source] -= 1
    me[max(target, OFF)] += 1
    if target >= 1 and them[25 - target] == 1:
        them[25 - target] = 0
        them[PIN + 25 - target] = 1
    if me[source] == 0 and them[PIN + 25 - source]:
        them[PIN + 25 - source] = 0
        them[25 - source] += 1
    return tuple(me), tuple(them)


def plakoto_moves(state: State, die: int, heads_left: int) -> Iterator[tuple[State, int]]:
    """Every (state after, 0) of one free checker of the mover moved by `die`."""
    mover, opponent = state
    may_bear_off = not any(mover[7:25]) and not any(mover[PIN + 1 : PIN + 25])
    for source in range(24, 0, -1):
        if not mover[source]:
            continue
        target = source - die
        if target >= 1:
            if plakoto_closed(mover, opponent, target):
                continue
        elif not may_bear_off or (target < 0 and any(mover[source + 1 : 7])):
            continue
        yield plakoto_move(mover, opponent, source, target), 0


def plakoto_results(white: Side, black: Side, turn: str, dice: tuple[int, int]) -> Boards:
    """The boards of every legal Plakoto play of `turn` with `dice`."""
    state = _mover_first(white, black, turn)
    return _legal(state, dice, 0, plakoto_moves, lambda current: True, turn)


# -- the plain rule of every play -----------------------------------------------------------------
Moves = Callable[[State, int, int], Iterator[tuple[State, int]]]


def _mover_first(white: Side, black: Side, turn: str) -> State:
    return (tuple(white), tuple(black)) if turn == "white" else (tuple(black), tuple(white))


def _legal(
    start: State,
    dice: tuple[int, int],
    heads: int,
    moves: Moves,
    end_allowed: Callable[[State], bool],
    turn: str,
) -> Boards:
    """Every sequence of allowed single moves is a candidate; keep those whose end is allowed, then
    those using the most dice, then (one die of a mixed roll) the higher die if any can."""
    all_dice = (dice[0],) * 4 if dice[0] == dice[1] else tuple(dice)
    ends: dict[State, set[tuple[int, ...]]] = {}
    seen: set[tuple[State, tuple[int, ...], int]] = set()

    def walk(current: State, left: tuple[int, ...], used: tuple[int, ...], heads_left: int) -> None:
        ends.setdefault(current, set()).add(used)
        if (current, left, heads_left) in seen:
            return
        seen.add((current, left, heads_left))
        for i, die in enumerate(left):
            if die in left[:i]:
                continue
            rest = left[:i] + left[i + 1 :]
            for after, from_head in moves(current, die, heads_left):
                walk(after, rest, used + (die,), heads_left - from_head)

    walk(start, all_dice, (), heads)
    allowed = {state: useds for state, useds in ends.items() if end_allowed(state)}
    most = max(len(used) for useds in allowed.values() for used in useds)
    best = {state for state, useds in allowed.items() if any(len(used) == most for used in useds)}
    if most == 1 and dice[0] != dice[1]:
        high = max(dice)
        with_high = {state for state in best if (high,) in allowed[state]}
        best = with_high or best
    return {(s[0], s[1]) if turn == "white" else (s[1], s[0]) for s in best}
