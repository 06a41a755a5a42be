"""An independent, deliberately plain legal-play generator for Fevga: the second opinion for the
engine's Fevga movement (issue 43, docs/variants.md "Fevga").

It shares no code with `arbitru` (like `tests/support/reference_variants.py` for Long Nardy and
Plakoto) and is written straight from the rules, in the order a player applies them: play the dice
one at a time in every order, checker by checker, each single move keeping the starting rule and
the starting-quarter rule; keep the sequences using the most dice, then (one die of a mixed roll)
the higher die if any can; then, if the opponent is trapped behind a wall at the start of the turn
and some of those plays open it, keep only those. One result per distinct final board.

Boards are `(white, black)` tuples of 26 slots in their owner's numbering (0 off, 1..24 the points,
25 the bar, always empty). Both sides move the same way: the mover's point q is the opponent's
q - 12 (q > 12) or q + 12, so each side's start, its own 24, is the other's 12.
- A point with any opposing checker is closed (no hitting).
- Starting rule: until a checker of the mover stands on its own 1..11 or is borne off (past the
  opponent's start), at most one of its checkers is off its own 24.
- Starting quarter: the mover never holds all of its own 19..24.
- Unblocking: when every opposing checker on the board stands on one point s (the opponent's
  numbering, s >= 7) and the mover holds the opponent's s-1 .. s-6, the play must leave one of those
  open if a play chosen by the dice rules can.
- Bearing off once all 15 are on 1..6: the exact die, or a higher one from the highest point.
"""

from __future__ import annotations

Side = tuple[int, ...]
Boards = set[tuple[Side, Side]]  # (white, black)


def across(point: int) -> int:
    """The other side's number of a side's point 1..24."""
    return point - 12 if point > 12 else point + 12


def passed_opponents_start(mine: Side) -> bool:
    return mine[0] > 0 or any(mine[p] > 0 for p in range(1, 12))


def keeps_starting_rule(mine: Side) -> bool:
    away_from_start = sum(mine[p] for p in range(1, 24))
    return passed_opponents_start(mine) or away_from_start <= 1


def keeps_starting_quarter(mine: Side) -> bool:
    return not all(mine[p] > 0 for p in range(19, 25))


def step(mine: Side, theirs: Side, die: int) -> list[Side]:
    """The mover's side after each allowed single move of one checker by `die`."""
    results = []
    everyone_home = all(mine[p] == 0 for p in range(7, 25))
    for source in range(24, 0, -1):
        if mine[source] == 0:
            continue
        target = source - die
        if target >= 1:
            if theirs[across(target)] > 0:
                continue
        else:
            if not everyone_home:
                continue
            if target < 0 and any(mine[p] > 0 for p in range(source + 1, 7)):
                continue
            target = 0
        after = list(mine)
        after[source] -= 1
        after[target] += 1
        after_side = tuple(after)
        if keeps_starting_rule(after_side) and keeps_starting_quarter(after_side):
            results.append(after_side)
    return results


def trapped_at(mine: Side, theirs: Side) -> int:
    """The opponent's point (its numbering) where all its checkers on the board stand behind a wall
    of the mover's, or 0."""
    points = [p for p in range(1, 25) if theirs[p] > 0]
    if len(points) != 1 or points[0] < 7:
        return 0
    s = points[0]
    if all(mine[across(s - k)] > 0 for k in range(1, 7)):
        return s
    return 0


def opens(mine: Side, s: int) -> bool:
    return any(mine[across(s - k)] == 0 for k in range(1, 7))


def fevga_results(white: Side, black: Side, turn: str, dice: tuple[int, int]) -> Boards:
    """The boards of every legal Fevga play of `turn` with `dice`."""
    mine, theirs = (tuple(white), tuple(black)) if turn == "white" else (tuple(black), tuple(white))
    all_dice = [dice[0]] * 4 if dice[0] == dice[1] else [dice[0], dice[1]]
    finals: dict[Side, set[tuple[int, ...]]] = {}  # end side -> the dice used reaching it
    seen: set[tuple[Side, tuple[int, ...]]] = set()

    def play(side: Side, left: list[int], used: tuple[int, ...]) -> None:
        finals.setdefault(side, set()).add(tuple(sorted(used)))
        if (side, tuple(left)) in seen:
            return  # the same dice left on the same side: the same plays follow
        seen.add((side, tuple(left)))
        for i, die in enumerate(left):
            if die in left[:i]:
                continue
            for after in step(side, theirs, die):
                play(after, left[:i] + left[i + 1 :], used + (die,))

    play(mine, all_dice, ())
    most = max(len(used) for useds in finals.values() for used in useds)
    best = {side for side, useds in finals.items() if any(len(used) == most for used in useds)}
    if most == 1 and dice[0] != dice[1]:
        higher = max(dice)
        with_higher = {side for side in best if (higher,) in finals[side]}
        best = with_higher or best
    s = trapped_at(mine, theirs)
    if s:
        opened = {side for side in best if opens(side, s)}
        best = opened or best
    if turn == "white":
        return {(side, theirs) for side in best}
    return {(theirs, side) for side in best}
