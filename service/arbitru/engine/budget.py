"""The work budget: a fixed number of plays a whole job may list, counted rather than timed, so the
same input always stops at the same place (the HTTP layer gives each transcript one,
`arbitru.formats.limits`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar


class PlayBudgetExceeded(Exception):
    """More plays were listed inside `play_budget(limit)` than `limit`."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"more than {limit} plays listed")
        self.limit = limit


# [the limit, what is left of it] of the innermost `play_budget` block, if any.
_BUDGET: ContextVar[list[int] | None] = ContextVar("arbitru_play_budget", default=None)


@contextmanager
def play_budget(limit: int) -> Iterator[None]:
    """Within this block, `legal_plays` raises `PlayBudgetExceeded` once the plays it has listed
    (cached or not) pass `limit`."""
    token = _BUDGET.set([limit, limit])
    try:
        yield
    finally:
        _BUDGET.reset(token)


def charge(plays: int) -> None:
    """Count `plays` against the current budget, if any."""
    budget = _BUDGET.get()
    if budget is not None:
        budget[1] -= plays
        if budget[1] < 0:
            raise PlayBudgetExceeded(budget[0])
