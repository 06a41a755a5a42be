"""Waiting without sleeping blind: poll a condition until it holds or a deadline passes, so a test
passes or fails the same on a slow machine and a fast one (the deadline only bounds a hang)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def eventually(probe: Callable[[], T], timeout: float = 20.0, every: float = 0.05) -> T:
    """The first truthy value `probe()` returns, polling every `every` s; AssertionError with the
    last value seen once `timeout` s have passed."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value or time.monotonic() > deadline:
            break
        time.sleep(every)
    assert value, f"still {value!r} after {timeout} s"
    return value
