"""How play generation behaves as a library: it leaves the garbage collector as it found it, and
its cache size comes from ARBITRU_PLAYS_CACHE_SIZE (0 turns the cache off)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

from service.engine import Board, legal_plays

REPO = Path(__file__).resolve().parents[2]


def test_listing_plays_leaves_the_garbage_collector_enabled_when_it_was():
    assert gc.isenabled()
    legal_plays.cache_clear()  # type: ignore[attr-defined]
    assert len(legal_plays(Board.initial(), "white", (6, 6))) > 1
    assert gc.isenabled()


def test_listing_plays_leaves_the_garbage_collector_disabled_when_it_was():
    gc.disable()
    try:
        legal_plays.cache_clear()  # type: ignore[attr-defined]
        assert len(legal_plays(Board.initial(), "white", (3, 1))) == 16
        assert not gc.isenabled()
    finally:
        gc.enable()


def run_with_cache_size(size: str) -> str:
    code = (
        "from service.engine import Board, legal_plays\n"
        "from service.engine.moves import _plays\n"
        "legal_plays(Board.initial(), 'white', (3, 1)); legal_plays(Board.initial(), 'white', (3, 1))\n"
        "info = _plays.cache_info(); print(info.maxsize, info.hits)\n"
    )
    env = {**os.environ, "ARBITRU_PLAYS_CACHE_SIZE": size}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_the_plays_cache_holds_2048_answers_by_default():
    assert run_with_cache_size("") == "2048 1"


def test_a_plays_cache_size_of_zero_turns_the_cache_off():
    assert run_with_cache_size("0") == "0 0"
