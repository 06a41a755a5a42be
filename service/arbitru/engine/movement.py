"""How the checkers of a variant move: the seam between the rules of a game and the play generator.

A `Movement` says everything the plain generator (`arbitru.engine.plain.plain_plays`) needs to
know of a game that moves differently from backgammon:
- `geometry`: how the opponent's numbering of the points falls on the mover's (`geometry.py`);
- `contact`: what a lone opposing checker on the landing point means: `"hit"` sends it to the bar,
  `"pin"` pins it under the checker landing (plakoto), `"none"` closes the point (with "none" any
  opposing checker closes a point, and nothing is hit or pinned);
- `head`: the point every checker starts from, when a rule limits leaving it (long nardy: 24, where
  `head_rule` holds after each move);
- constraints on the search: `move_rules` prune it (each single move must leave a position they
  allow), `play_rules` filter the plays it finds (the end of a play must be allowed). Each rule is
  a function of a `Step`: (the board the turn started from, the side on roll, the dice, the moves
  so far, the board they reach). The search meets each (board, dice left) once, so a rule must
  answer alike for every order of moves reaching the same board (those here read the board only).

A game (`arbitru.engine.variants.Variant`) names its movement; some rules options choose another
(`Variant.movement_for`: Tavla's `hit_and_run: "outside_home"` adds `home_hit_and_run_rule` to
backgammon's). A movement defined anywhere else (a test's, for instance) plugs in by building a
`Movement` and handing it to `plain.plain_plays`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Literal, NamedTuple

from arbitru.engine.board import OFF, PINNED_SLOTS, SLOTS, Board, Color, Problem, other
from arbitru.engine.geometry import OPPOSITE, SAME, Geometry
from arbitru.engine.play import Move

Contact = Literal["hit", "pin", "none"]


class Step(NamedTuple):
    """A play in the making, as a constraint sees it."""

    start: Board  # the board the turn started from
    turn: Color
    dice: tuple[int, int]
    moves: tuple[Move, ...]  # the moves made so far, in order
    board: Board  # the board they reach


Rule = Callable[[Step], bool]


def reason(code: str) -> Callable[[Rule], Rule]:
    """Declare the reason code a judge gives for a move or play that the rule decorated forbids (a
    variant's fact, beside the rule: the judge reads it with `reason_code`)."""

    def declared(rule: Rule) -> Rule:
        rule.reason_code = code  # type: ignore[attr-defined]
        return rule

    return declared


def reason_code(rule: Rule) -> str | None:
    """The reason code `rule` declares (`reason`), None for a rule without one (a movement defined
    elsewhere: a test's)."""
    return getattr(rule, "reason_code", None)


@dataclass(frozen=True, eq=False)
class Movement:
    """How a variant's checkers move (module docstring). Compared by identity: a movement keys the
    plays cache, and its hash is then the object's, computed in C. What follows from `contact`
    and `head` is worked out once per movement (`cached_property`: then a plain attribute read; a
    request reads them several times)."""

    name: str
    geometry: Geometry
    contact: Contact
    head: int | None = None
    move_rules: tuple[Rule, ...] = ()
    play_rules: tuple[Rule, ...] = ()
    # Whether the head rule lets a side's first turn take two checkers off the head (long nardy's
    # 6-6, 4-4, 3-3): off once the game's history says that side's first turn is over
    # (`arbitru.engine.variants.History`).
    first_turn_doubles: bool = True

    @cached_property
    def pins(self) -> bool:
        """Whether checkers are pinned (a side then has 50 slots, `board.PINNED`)."""
        return self.contact == "pin"

    @cached_property
    def hits(self) -> bool:
        """Whether a checker is hit to the bar (a side's JSON then has `bar`)."""
        return self.contact == "hit"

    @cached_property
    def slots(self) -> int:
        """How many slots a side has: 50 where checkers are pinned (`board.PINNED`), else 26."""
        return PINNED_SLOTS if self.pins else SLOTS

    @cached_property
    def pruned(self) -> bool:
        """Whether single moves are checked (`move_allowed`) as the search makes them."""
        return bool(self.move_rules) or self.head is not None

    def move_allowed(self, step: Step) -> bool:
        """Whether the position after a single move is allowed: the head rule where there is a head,
        and every move rule."""
        if self.head is not None and not head_rule(step, self.head, self.first_turn_doubles):
            return False
        return all(rule(step) for rule in self.move_rules)

    def play_allowed(self, step: Step) -> bool:
        """Whether a play may end where `step` ends (every play rule agrees)."""
        return all(rule(step) for rule in self.play_rules)

    def problems(self, board: Board, checkers: int = 15, prefix: str = "board") -> list[Problem]:
        """Every reason `board` cannot occur in a game of this movement (`Board.problems` with the
        movement's geometry, slots and bar)."""
        return board.problems(checkers, prefix, self.geometry, self.pins, self.hits)


# -- long nardy -------------------------------------------------------------------------------------
HEAD = 24  # where each side's 15 checkers start in long nardy: its own 24
HEAD_DOUBLES = frozenset({6, 3, 4})  # a side's first roll that lets two checkers leave the head


def head_rule(step: Step, head: int = HEAD, first_turn_doubles: bool = True) -> bool:
    """At most one checker leaves the head (the own 24) per turn; two on a side's first turn with
    6-6, 4-4 or 3-3. The board says a side's first turn is over when a checker has left the head;
    with all its checkers still there only the game's history can (a first turn wholly blocked):
    `first_turn_doubles` is then False (`arbitru.engine.variants.History`).
    Checkers never come back to the head, so those that left it this turn are those missing."""
    start, end = step.start.side(step.turn), step.board.side(step.turn)
    left = start[head] - end[head]
    if left <= 1:
        return True
    first_turn = first_turn_doubles and start[head] == sum(start)
    return left == 2 and first_turn and step.dice[0] == step.dice[1] and step.dice[0] in HEAD_DOUBLES


@reason("BLOCK_RULE")
def block_rule(step: Step) -> bool:
    """No six consecutive points along the opponent's track (its points q..q+5, in its own numbering)
    all held by the mover, unless an opponent checker is ahead of them (on an opponent point lower
    than q, or borne off): so the mover's 24 and 1..5 (the opponent's 12..17) is a block, the
    mover's 10..15 (the opponent's 22..24 and 1..3) is not."""
    mover = step.board.side(step.turn)
    opponent = step.board.black if step.turn == "white" else step.board.white
    held = SAME.facing(mover)  # held[q]: the mover's checkers on the opponent's point q
    run = 0
    for q in range(1, 25):
        run = run + 1 if held[q] else 0
        if run >= 6:
            start = q - 5
            return bool(opponent[OFF]) or any(opponent[1:start])
    return True


# -- Tavla: no hit-and-run in the home board ---------------------------------------------------------
HOME = range(1, 7)  # the mover's home board: its points 1-6


def hit_and_run_points(start: Board, board: Board, turn: Color) -> tuple[int, ...]:
    """The mover's home points where it hit a blot this turn (from `start` to `board`) and holds no
    checker now: where the checker that hit went on. Told from the two boards alone: in the
    backgammon movement the opponent's checkers leave a point in the mover's turn only when hit,
    and a point is hit at most once a turn (the hitter then holds it against the opponent)."""
    theirs_before, theirs_now = start.side(other(turn)), board.side(other(turn))
    mover, facing = board.side(turn), OPPOSITE.mirror
    return tuple(
        point
        for point in HOME
        if theirs_before[facing[point]] and not theirs_now[facing[point]] and not mover[point]
    )


@reason("HIT_AND_RUN_IN_HOME")
def home_hit_and_run_rule(step: Step) -> bool:
    """No hit-and-run in the home board (Tavla; rules option `hit_and_run: "outside_home"`): a
    checker that hits a blot on one of the mover's home points stays there for the rest of the
    turn, so every home point hit this turn still holds a checker of the mover's after each move.
    Checkers are alike: another checker that came to that point may go on, the hitter being the one
    that stays. A function of the boards alone (`hit_and_run_points`), so every order of moves
    reaching a board gets the same answer, as the search needs."""
    return not hit_and_run_points(step.start, step.board, step.turn)


# -- the movements ----------------------------------------------------------------------------------
BACKGAMMON = Movement("backgammon", OPPOSITE, "hit")
# Backgammon's movement with no hit-and-run in the home board (rules option `hit_and_run:
# "outside_home"`, the Tavla preset's): the plain generator with its move rule.
BACKGAMMON_HOME_HIT_STAYS = Movement("backgammon", OPPOSITE, "hit", move_rules=(home_hit_and_run_rule,))
PLAKOTO = Movement("plakoto", OPPOSITE, "pin")
LONG_NARDY = Movement("long_nardy", SAME, "none", HEAD, play_rules=(block_rule,))
# The block rule checked after every single move instead of after the play (rules option
# `nardy_block: "after_each_move"`).
LONG_NARDY_EACH_MOVE = Movement("long_nardy", SAME, "none", HEAD, move_rules=(block_rule,))
# The same, for a side whose first turn is over with every checker still on the head (a first turn
# wholly blocked): no two checkers off the head with 6-6, 4-4 or 3-3 again.
LONG_NARDY_LATER = Movement(
    "long_nardy", SAME, "none", HEAD, play_rules=(block_rule,), first_turn_doubles=False
)
LONG_NARDY_EACH_MOVE_LATER = Movement(
    "long_nardy", SAME, "none", HEAD, move_rules=(block_rule,), first_turn_doubles=False
)
