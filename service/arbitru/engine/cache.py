"""The plays cache: the last answers of `legal_plays`, kept only when a caller asks for it.

Off by default (`DEFAULT_CACHE_PLAYS`, 0 plays): `configure(cache_plays=...)` sizes it, `clear_cache`
empties it, `cache_stats` says what it holds. The engine reads no environment variable: the service
reads `ARBITRU_PLAYS_CACHE_SIZE` with its other settings (`arbitru.settings`) and `create_app`
configures the cache from them, so importing the engine changes nothing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable

from arbitru.engine.play import Play

# How many plays the cache holds by default: none. Generating is about as cheap as keeping (packed
# as bytes, an answer costs as much to pack and unpack as to list again), and kept as objects every
# held play is one more object the cyclic garbage collector walks on every request (bench/README.md,
# "Measured reasons"). Positions seldom repeat in real traffic, so the cache is for callers who know theirs
# do (`configure(cache_plays=...)`, ARBITRU_PLAYS_CACHE_SIZE for the service); 25,000 plays hold
# ~11 of the heaviest answers or ~1,000 ordinary ones.
DEFAULT_CACHE_PLAYS = 0


class PlaysCache:
    """The last answers of `legal_plays`, bounded by the plays they hold (not by their number).

    One answer holds from 1 to ~2,200 plays (~500 bytes each): bounded by answers (2,048 of them),
    600 distinct heavy positions took a worker past 1 GB. Least recently used answers go first;
    an answer bigger than the whole capacity is not kept. Each answer counts one more than its
    plays, for its key. A lock keeps its count and order consistent when threads share it.
    """

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.held = 0
        self._answers: OrderedDict[Hashable, tuple[Play, ...]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._answers)

    def get(self, key: Hashable) -> tuple[Play, ...] | None:
        """The answer kept for `key` (now the most recently used), or None.

        Without the lock: each OrderedDict call is atomic under the GIL, and a hit is the warm path
        (a lock made it measurably slower: bench/README.md, "Measured reasons")."""
        plays = self._answers.get(key)
        if plays is not None:
            try:
                self._answers.move_to_end(key)
            except KeyError:  # another thread dropped it meanwhile: the answer is still right
                pass
        return plays

    def put(self, key: Hashable, plays: tuple[Play, ...]) -> None:
        """Keep an answer, dropping the least recently used ones past the capacity."""
        cost = len(plays) + 1
        with self._lock:
            if cost > self.capacity or key in self._answers:
                return
            self._answers[key] = plays
            self.held += cost
            while self.held > self.capacity:
                _, dropped = self._answers.popitem(last=False)
                self.held -= len(dropped) + 1

    def resize(self, capacity: int) -> None:
        """Hold at most `capacity` plays from now on (dropping the oldest answers past it)."""
        with self._lock:
            self.capacity = capacity
            while self.held > capacity:
                _, dropped = self._answers.popitem(last=False)
                self.held -= len(dropped) + 1

    def clear(self) -> None:
        """Forget every answer."""
        with self._lock:
            self._answers.clear()
            self.held = 0


# The one cache `legal_plays` reads and fills.
PLAYS = PlaysCache(DEFAULT_CACHE_PLAYS)


def configure(*, cache_plays: int | None = None) -> int:
    """Hold at most `cache_plays` plays from now on (0: no cache; a smaller cache drops its oldest
    answers at once) and return the capacity in force (unchanged when `cache_plays` is None)."""
    if cache_plays is not None:
        if cache_plays < 0:
            raise ValueError(f"cache_plays must be 0 or more, not {cache_plays}")
        PLAYS.resize(cache_plays)
    return PLAYS.capacity


def clear_cache() -> None:
    """Forget every cached answer of `legal_plays`."""
    PLAYS.clear()


def cache_stats() -> tuple[int, int]:
    """(answers, plays held) by the cache now."""
    return len(PLAYS), PLAYS.held
