"""The p-values the dice audit needs: the chi-square survival function, a streak's, and Holm's
correction for many tests.

Why not scipy: `chi2.sf` is the one function the audit would take from it, and scipy (with numpy)
would be most of the command line's install (the base wheel is click alone:
tests/library/test_wheel_without_server.py). The audit's degrees of freedom are whole numbers, and
for those the survival function has a closed form (the regularized upper incomplete gamma function
Q(k/2, x/2) of a whole or half-whole first argument: a finite sum of Poisson terms, plus `erfc` for
a half-whole one), which `math` computes to the last digits a report shows; the tests hold it to
the exact forms of 1 and 2 degrees and to the published critical values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with `df` (a positive whole number) degrees of freedom."""
    if df < 1:
        raise ValueError("degrees of freedom must be a positive whole number")
    x = statistic / 2
    if x <= 0:  # a statistic of 0 (or so small that half of it is)
        return 1.0
    # Q(a, x) = Q(a0, x) + sum over j of x**(a0 + j) e**-x / Gamma(a0 + j + 1), a0 = 1/2 or 1.
    if df % 2:
        start, base = 0.5, math.erfc(math.sqrt(x))
    else:
        start, base = 1.0, math.exp(-x)
    logs = [(start + j) * math.log(x) - x - math.lgamma(start + j + 1) for j in range((df - 1) // 2)]
    if not logs:
        return min(1.0, base)
    top = max(logs)
    terms = top + math.log(math.fsum(math.exp(value - top) for value in logs))
    return min(1.0, base + math.exp(terms))


def chi_square(observed: Sequence[int], probabilities: Sequence[float]) -> tuple[float, float]:
    """Pearson's statistic of `observed` counts against the cells' `probabilities`, and its
    expected count in the smallest cell (the test stands only when that is 5 or more)."""
    total = sum(observed)
    expected = [total * p for p in probabilities]
    statistic = math.fsum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True) if e > 0)
    return statistic, min(expected)


def streak_sf(longest: int, chance: float, rolls: int, sequences: int) -> float:
    """P(a streak of `longest` or more), each roll an event of `chance`, over `sequences` separate
    sequences (games) of `rolls` in all: the number of streaks of that length taken as Poisson (a
    streak starts a sequence, or follows a roll that is not one), the usual approximation of the
    longest run's law, close for long sequences and rare streaks."""
    if longest <= 0:
        return 1.0
    starts = sequences + max(0, rolls - sequences * longest) * (1 - chance)
    return -math.expm1(-starts * chance**longest)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment: each p-value as it stands among `len(p_values)` tests (the
    chance that any of them, the dice being fair, is this small), monotone, at most 1."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted
