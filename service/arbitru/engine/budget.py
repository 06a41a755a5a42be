"""The work budget: how much search a whole job may do, counted rather than timed, so the same input
always stops at the same place whatever the machine or its load.

Work is counted in units of search, each priced to cost about the same CPU on every path of the
generator (`arbitru.engine.moves.legal_plays`), so that a budget bounds the time of any job, of any
variant, whichever path lists its plays:
- every listing costs `LISTING` units before any play (reading the board, choosing the path,
  copying the answer), and every play listed `PLAY` units, on every path: what a caller does with
  each (the referee's judge compares each play's board with the one written);
- the backgammon family's fast paths build each play once: a play listed is `FAST_PLAY` units;
- the doubles search of the family's other movements (`arbitru.engine.fast_family`) meets each
  multiset of moves once, or walks each order of them once: a step of it is `FAMILY_STEP` units;
  Fevga's doubles walk (`arbitru.engine.fast_fevga.doubles_plays`: every order, a board met once, on one
  list changed in place) is priced the same, a step for each board it meets;
- the plain statement (`arbitru.engine.plain.plain_plays`) tries every single move in every order,
  building boards: a step of its search is `PLAIN_STEP` units, `PLAIN_CHECKED_STEP` where each
  move's board or each play's end is asked of the movement's rules (long nardy's).
A cached answer is charged what it cost when it was listed: with the cache on or off, a job stops
at the same place. The CPU a unit costs on each path is measured by `bench/family.py --units`
(bench/README.md).

The referee opens one budget per transcript (`arbitru.referee.verify`, and the exports' replay,
`arbitru.referee.replay.replay`; `outer_budget`, unless its caller holds one: the service opens it
for each request that replays a transcript), so the service, the command line and the library stop
a transcript at the same place (`arbitru.formats.limits.MAX_WORK`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# What a unit of each path's work is priced (see the module docstring).
LISTING = 20
PLAY = 1
FAST_PLAY = 1
FAMILY_STEP = 2
PLAIN_STEP = 4
PLAIN_CHECKED_STEP = 7


class WorkLimitExceeded(Exception):
    """More units of work were done inside `work_budget(limit)` than `limit`."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"more than {limit} units of work")
        self.limit = limit


# [the limit, what is left of it] of the innermost `work_budget` block, if any.
_BUDGET: ContextVar[list[int] | None] = ContextVar("arbitru_work_budget", default=None)


@contextmanager
def work_budget(limit: int) -> Iterator[None]:
    """Within this block, `legal_plays` raises `WorkLimitExceeded` once the work it has done (cached
    or not) passes `limit` units. An inner block counts on its own: the outer one is not charged
    for what the inner one counts."""
    token = _BUDGET.set([limit, limit])
    try:
        yield
    finally:
        _BUDGET.reset(token)


@contextmanager
def outer_budget(limit: int) -> Iterator[None]:
    """`work_budget(limit)` unless a budget is open here already: a job that bounds its own work
    (refereeing a transcript, replaying it for an export) counts it against its caller's budget
    when its caller holds one (the service's request), else against a budget of its own (the
    command line, the library): each face stops the same job at the same place."""
    if counting():
        yield
        return
    with work_budget(limit):
        yield


def counting() -> bool:
    """Whether a `work_budget` is open here (a caller who opens its own only when none is, counts
    its work against the budget of whoever called it)."""
    return _BUDGET.get() is not None


def used() -> int:
    """The units charged so far to the innermost open budget (0 when none is open)."""
    budget = _BUDGET.get()
    return 0 if budget is None else budget[0] - budget[1]


def charge(units: int) -> None:
    """Count `units` of work against the current budget, if any."""
    budget = _BUDGET.get()
    if budget is not None:
        budget[1] -= units
        if budget[1] < 0:
            raise WorkLimitExceeded(budget[0])
