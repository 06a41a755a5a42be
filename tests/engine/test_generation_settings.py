"""How play generation behaves as a library: it leaves the garbage collector as it found it (a
caller pauses it by asking, with `collector_paused`), importing it reads no environment (the
service sizes the cache from ARBITRU_PLAYS_CACHE_SIZE with its other settings), its cache holds at
most what `configure` sets (0 turns it off), and a play budget stops a long job at the same place
every time."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from arbitru.engine import Board, legal_plays
from arbitru.engine.budget import WorkLimitExceeded, used, work_budget
from arbitru.engine.cache import PlaysCache, cache_stats, clear_cache, configure
from arbitru.engine.collector import collector_paused

REPO = Path(__file__).resolve().parents[2]


def test_listing_plays_leaves_the_garbage_collector_enabled_when_it_was():
    assert gc.isenabled()
    clear_cache()
    assert len(legal_plays(Board.initial(), "white", (6, 6))) > 1
    assert gc.isenabled()


def test_listing_plays_leaves_the_garbage_collector_disabled_when_it_was():
    gc.disable()
    try:
        clear_cache()
        assert len(legal_plays(Board.initial(), "white", (3, 1))) == 16
        assert not gc.isenabled()
    finally:
        gc.enable()


def cache_after_importing_with(size: str) -> str:
    """The cache's capacity and plays held after a fresh process, ARBITRU_PLAYS_CACHE_SIZE=`size`,
    imports the engine and lists one position twice."""
    code = (
        "from arbitru.engine import Board, legal_plays\n"
        "from arbitru.engine.cache import cache_stats, configure\n"
        "legal_plays(Board.initial(), 'white', (3, 1)); legal_plays(Board.initial(), 'white', (3, 1))\n"
        "print(configure(), cache_stats()[1])\n"
    )
    env = {**os.environ, "ARBITRU_PLAYS_CACHE_SIZE": size}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_the_plays_cache_is_off_by_default():
    assert cache_after_importing_with("") == "0 0"


def test_importing_the_engine_reads_no_environment():
    assert cache_after_importing_with("25000") == "0 0"


def test_no_engine_module_reads_the_environment():
    engine = REPO / "service" / "arbitru" / "engine"
    readers = [path.name for path in sorted(engine.glob("*.py")) if "os.environ" in path.read_text()]
    assert readers == []


def test_configure_resizes_the_cache_and_clear_cache_empties_it():
    before = configure()
    try:
        configure(cache_plays=25_000)
        clear_cache()
        legal_plays(Board.initial(), "white", (3, 1))
        assert cache_stats() == (1, 17)
        assert configure(cache_plays=10) == 10
        assert cache_stats() == (0, 0)  # the answer held no longer fits
        legal_plays(Board.initial(), "white", (3, 1))
        assert cache_stats() == (0, 0)
        configure(cache_plays=before)
        legal_plays(Board.initial(), "white", (3, 1))
        clear_cache()
        assert cache_stats() == (0, 0)
    finally:
        configure(cache_plays=before)


def test_collector_paused_pauses_the_collector_for_its_block_only():
    assert gc.isenabled()
    with collector_paused():
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer block still holds it
    assert gc.isenabled()


def test_collector_paused_keeps_a_collector_disabled_by_someone_else_disabled():
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_threads_listing_plays_at_once_get_the_same_answers():
    positions = [(Board.initial(), "white", (a, b)) for a in range(1, 7) for b in range(1, 7)]
    expected = [legal_plays(*position) for position in positions]
    failures: list[str] = []

    def work() -> None:
        for _ in range(20):
            clear_cache()
            for position, plays in zip(positions, expected, strict=True):
                with collector_paused():
                    if legal_plays(*position) != plays:
                        failures.append(str(position))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    assert gc.isenabled()


def test_the_plays_cache_is_bounded_by_the_plays_it_holds_not_by_its_answers():
    heavy = tuple(legal_plays(Board.initial(), "white", (1, 1)))
    light = tuple(legal_plays(Board.initial(), "white", (2, 1)))
    capacity = (len(heavy) + 1) * 3 // 2  # one heavy answer fits, two do not
    cache = PlaysCache(capacity)
    cache.put(("a", "white", 1, 1), heavy)  # type: ignore[arg-type]
    cache.put(("b", "white", 1, 1), heavy)  # type: ignore[arg-type]
    assert cache.held <= capacity and len(cache) == 1
    assert cache.get(("b", "white", 1, 1)) is heavy  # type: ignore[arg-type]
    cache.put(("c", "white", 2, 1), light)  # type: ignore[arg-type]
    assert cache.held <= capacity


def test_an_answer_bigger_than_the_whole_cache_is_not_kept():
    cache = PlaysCache(5)
    cache.put(("a", "white", 3, 1), tuple(legal_plays(Board.initial(), "white", (3, 1))))  # type: ignore[arg-type]
    assert len(cache) == 0 and cache.held == 0


def test_a_work_budget_stops_the_listing_past_its_limit_cached_or_not():
    with work_budget(10**9):
        legal_plays(Board.initial(), "white", (3, 1))  # cached now: still counted
        twice = 2 * used()
    with work_budget(twice):
        legal_plays(Board.initial(), "white", (3, 1))
        legal_plays(Board.initial(), "white", (3, 1))
        with pytest.raises(WorkLimitExceeded) as raised:
            legal_plays(Board.initial(), "white", (3, 1))
    assert raised.value.limit == twice
    legal_plays(Board.initial(), "white", (3, 1))  # outside the block: no budget
