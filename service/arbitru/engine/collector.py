"""The cyclic garbage collector, paused on request (`collector_paused`).

The engine itself leaves the collector as it finds it; callers listing many plays hold the pause
around their work: the HTTP layer for each request (`arbitru.http.gc_pause`, its Flask hooks) and
`arbitru verify` for each file (`arbitru.cli.verdicts`).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_PAUSE_LOCK = threading.Lock()
_pausers = 0  # how many collector_paused blocks are open, in every thread
_we_paused = False  # whether the first of them disabled the collector (it ran before)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Opt-in: pause the cyclic garbage collector for the length of the block.

    Plays are thousands of new tuples with no reference cycles; collections triggered by them are
    a sizeable share of the generation time (bench/README.md, "Measured reasons"). The
    collector is process-wide, so blocks are counted across threads: the first one in disables it
    (if it was enabled), the last one out enables it again; a collector disabled by someone else
    stays disabled.
    """
    global _pausers, _we_paused
    with _PAUSE_LOCK:
        if not _pausers and gc.isenabled():
            gc.disable()
            _we_paused = True
        _pausers += 1
    try:
        yield
    finally:
        with _PAUSE_LOCK:
            _pausers -= 1
            if not _pausers and _we_paused:
                _we_paused = False
                gc.enable()
