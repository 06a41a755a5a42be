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

`FEVGA` plugs into `plain_plays`, the statement of these rules; `arbitru.engine.fast_fevga` lists
the same plays with its doubles walked on one list, as the worst positions need; the game is the
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
