#!/usr/bin/env python
"""Referee benchmark: how long the match referee takes to replay the longest real transcript
(data/matches/bgdb-data-1_087ff8643ed34d0a_11pt.mat, an 11-point match), best of several runs.
Prints figures; it is not a test (it was one, with a one-second threshold that a slow machine
could fail).

    python bench/referee.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arbitru.engine.moves import legal_plays  # noqa: E402
from arbitru.engine.referee import resolve_rules, verify  # noqa: E402
from arbitru.formats.mat import read_mat  # noqa: E402

LONGEST = Path(__file__).resolve().parents[1] / "data" / "matches" / "bgdb-data-1_087ff8643ed34d0a_11pt.mat"


def replay_seconds(text: str) -> float:
    """One replay from the text, plays cache cleared first."""
    legal_plays.cache_clear()
    start = time.perf_counter()
    match = read_mat(text)
    rules, _ = resolve_rules(match, None)
    verdict = verify(match, rules)
    elapsed = time.perf_counter() - start
    assert verdict["valid"], verdict["error"]
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    text = LONGEST.read_text()
    times = [replay_seconds(text) * 1000 for _ in range(args.runs)]
    print(
        f"referee, {LONGEST.name}: best {min(times):.1f} ms, median {statistics.median(times):.1f} ms"
        f" over {args.runs} runs (cold plays cache)"
    )


if __name__ == "__main__":
    main()
