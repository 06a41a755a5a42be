"""How play generation behaves as a library: it leaves the garbage collector as it found it (a
caller pauses it by asking, with `collector_paused`), its cache holds at most
ARBITRU_PLAYS_CACHE_SIZE plays (0 turns the cache off) or what `configure` sets, and a play budget
stops a long job at the same place every time."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from arbitru.engine import Board, legal_plays
from arbitru.engine.moves import (
    PlayBudgetExceeded,
    PlaysCache,
    cache_size_from_env,
    cache_stats,
    clear_cache,
    collector_paused,
    configure,
    play_budget,
    settings,
)

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


def run_with_cache_size(size: str) -> str:
    code = (
        "from arbitru.engine import Board, legal_plays\n"
        "from arbitru.engine.moves import cache_stats, settings\n"
        "legal_plays(Board.initial(), 'white', (3, 1)); legal_plays(Board.initial(), 'white', (3, 1))\n"
        "print(settings().cache_plays, cache_stats()[1])\n"
    )
    env = {**os.environ, "ARBITRU_PLAYS_CACHE_SIZE": size}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_the_plays_cache_is_off_by_default():
    assert run_with_cache_size("") == "0 0"


def test_a_plays_cache_size_set_in_the_environment_keeps_answers():
    assert run_with_cache_size("25000") == "25000 17"  # the 16 plays of an opening 3-1, plus its key


def test_a_plays_cache_size_of_zero_turns_the_cache_off():
    assert run_with_cache_size("0") == "0 0"


def test_the_cache_size_is_read_from_the_environment_in_one_place():
    assert cache_size_from_env({}) == 0
    assert cache_size_from_env({"ARBITRU_PLAYS_CACHE_SIZE": " 7 "}) == 7
    with pytest.raises(ValueError, match="ARBITRU_PLAYS_CACHE_SIZE"):
        cache_size_from_env({"ARBITRU_PLAYS_CACHE_SIZE": "-1"})


def test_configure_resizes_the_cache_and_clear_cache_empties_it():
    before = settings().cache_plays
    try:
        configure(cache_plays=25_000)  # whatever the environment set (make mutation turns it off)
        clear_cache()
        legal_plays(Board.initial(), "white", (3, 1))
        assert cache_stats() == (1, 17)
        assert configure(cache_plays=10).cache_plays == 10
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


def test_a_play_budget_stops_the_listing_past_its_limit_cached_or_not():
    legal_plays(Board.initial(), "white", (3, 1))  # cached now: still counted
    with play_budget(40):
        legal_plays(Board.initial(), "white", (3, 1))
        legal_plays(Board.initial(), "white", (3, 1))
        with pytest.raises(PlayBudgetExceeded) as raised:
            legal_plays(Board.initial(), "white", (3, 1))
    assert raised.value.limit == 40
    legal_plays(Board.initial(), "white", (3, 1))  # outside the block: no budget
