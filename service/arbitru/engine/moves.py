"""Legal play generation: every distinct play a side may make with a roll, in a game of any rules.

`legal_plays` asks the game's variant (`arbitru.engine.variants`) for the plays of a roll: the
rules stated plainly (`arbitru.engine.plain`) or a family's accelerations, held equal to them by
the equivalence tests. Here are what every variant's answer shares: the plays cache and the work
budget.

As a library this module changes no process-wide state: the garbage collector is paused only by a
caller who asks (`arbitru.engine.collector.collector_paused`, which the HTTP layer holds for each
request), and the plays cache (`arbitru.engine.cache`) is off unless a caller configures it (the
service does, from its settings).
"""

from __future__ import annotations

from arbitru.engine.board import Board, Color
from arbitru.engine.budget import charge as _charge
from arbitru.engine.cache import PLAYS as _CACHE
from arbitru.engine.movement import BACKGAMMON, Movement
from arbitru.engine.play import Play
from arbitru.engine.rules import STANDARD, Rules
from arbitru.engine.variants import NO_HISTORY, VARIANTS, History, Variant

# A key of the plays cache: (board, turn, first die, second die, the movement).
_Key = tuple[Board, Color, int, int, Movement]
_BACKGAMMON = VARIANTS["backgammon"]


def legal_plays(
    board: Board,
    turn: Color,
    dice: tuple[int, int],
    rules: Rules = STANDARD,
    history: History = NO_HISTORY,
) -> list[Play]:
    """Every legal play of `turn` rolling `dice` on `board` in a game of `rules`, one per resulting
    board, as the game's variant lists them (`Variant.plays`), given what `history` says of the
    game so far where the board may not show it (`variants.History`: long nardy's first turn).
    When nothing can move the list holds a single play with no moves (the turn passes).
    The order is deterministic: the same input always gives the same list. Answers may be cached
    (off by default: `configure`, `clear_cache`); the work of listing them is charged to the current
    `work_budget`, if any (a cached answer what it cost when listed).
    Building the plays allocates thousands of tuples without reference cycles: a caller listing
    many plays gains by holding `collector_paused()` around its work (the HTTP layer does, for
    each request); this function leaves the collector as it is.
    """
    if rules is STANDARD:
        return movement_plays(board, turn, dice, _BACKGAMMON, BACKGAMMON)
    variant = VARIANTS[rules.variant]
    if history.played:
        return movement_plays(board, turn, dice, variant, variant.movement_in(rules, board, turn, history))
    return movement_plays(board, turn, dice, variant, variant.movement_for(rules))


def movement_plays(
    board: Board, turn: Color, dice: tuple[int, int], variant: Variant, movement: Movement
) -> list[Play]:
    """`legal_plays` of a game of `variant` whose options chose `movement`."""
    key: _Key = (board, turn, dice[0], dice[1], movement)
    cached = _CACHE.get(key)
    if cached is None:
        plays, work = variant.plays(board, turn, dice, movement)
        if _CACHE.capacity:
            _CACHE.put(key, _Answer(plays, work))
    else:
        plays, work = cached, cached.work  # type: ignore[attr-defined]
    _charge(work)
    return list(plays)


class _Answer(tuple[Play, ...]):
    """A cached answer and the work it cost (charged again when the cache answers)."""

    work: int

    def __new__(cls, plays: tuple[Play, ...], work: int) -> _Answer:
        answer = super().__new__(cls, plays)
        answer.work = work
        return answer
