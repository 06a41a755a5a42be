"""How many examples a property runs, relative to the hypothesis profile loaded."""

from __future__ import annotations

from hypothesis import settings

BASE = 100  # hypothesis' own default max_examples, which the CI and dev profiles keep


def examples(n: int) -> int:
    """`n` examples under the CI and dev profiles; in proportion under a profile with another
    default. `make mutation`'s "mutation" profile runs half (tests/conftest.py): properties were
    20.8 of the 33 CPU-minutes its equivalent mutants' tests took, each run again for every one.

    Read when the test module is imported, after pytest loaded the profile asked for."""
    return max(1, n * settings.default.max_examples // BASE)
