#!/usr/bin/env python
"""Figures for the clock and the "what can still happen" evaluator (prints, asserts nothing).

    python bench/clock.py [--requests 2000] [--http-only]

- prospects(): microseconds per call on the opening position (contact), a race and a bear-off;
- how tight its race bounds are: over random small races without contact, how often it says
  "possible" where the exhaustive search over every roll and play says "impossible" (it never says
  the opposite: tests/engine/test_prospects.py);
- POST /v1/clock in-process: microseconds per request (wall and CPU, the best of 5 passes) for a
  4,000-event log (the most a request may carry), the same log with its last event malformed (a
  422 naming it), and a 2-event one.

`ARBITRU_CLOCK_SOURCE=<other checkout>/service` measures another checkout's code (a before/after
without a second virtualenv).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), os.environ.get("ARBITRU_CLOCK_SOURCE", str(ROOT / "service"))]

from arbitru import create_app  # noqa: E402
from arbitru.engine.board import Board  # noqa: E402
from arbitru.engine.prospects import prospects  # noqa: E402
from tests.engine.test_prospects import _side, _truth  # noqa: E402


def per_call(func, rounds: int) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        func()
    return (time.perf_counter() - start) / rounds * 1e6


def best_of(func, rounds: int, passes: int = 5) -> tuple[float, float]:
    """The best wall and CPU microseconds per call over `passes` passes of `rounds` calls."""
    wall, cpu = [], []
    for _ in range(passes):
        start, start_cpu = time.perf_counter(), time.process_time()
        for _ in range(rounds):
            func()
        wall.append((time.perf_counter() - start) / rounds * 1e6)
        cpu.append((time.process_time() - start_cpu) / rounds * 1e6)
    return min(wall), min(cpu)


def clock_requests(requests: int) -> None:
    client = create_app({"TESTING": True}).test_client()
    events = [{"event": "start", "at": 0, "side": "white"}]
    events += [{"event": "press", "at": i, "side": ("white", "black")[(i - 1) % 2]} for i in range(1, 4000)]
    malformed = [*events[:-1], {"event": "press", "at": 3999}]  # no side: a 422 naming events.3999.side
    cases = (("2 events", events[:2], 200), ("4000 events", events, 200), ("4000, last bad", malformed, 422))
    for name, log, status in cases:
        body = {"clock": {"preset": "usbgf_2013"}, "match": {"length": 7}, "events": log}
        assert client.post("/v1/clock", json=body).status_code == status
        rounds = max(requests // (100 if len(log) > 100 else 1), 10)
        wall, cpu = best_of(lambda b=body: client.post("/v1/clock", json=b), rounds)
        print(f"POST /v1/clock {name:15} {wall:10.1f} us wall {cpu:10.1f} us CPU")


def tightness(samples: int, seed: int = 1) -> tuple[int, int]:
    rng = random.Random(seed)
    loose = total = 0
    for _ in range(samples):
        white = [rng.randint(1, 21) for _ in range(rng.randint(1, 3))]
        black = [rng.randint(1, 25 - max(white)) for _ in range(rng.randint(1, 3))]
        first = rng.random() < 0.5
        said = prospects(Board(_side(white), _side(black)), "white", "white" if first else "black")
        answers = (said.can_win, said.can_lose, said.can_lose_gammon, said.can_lose_backgammon)
        for answer, exact in zip(answers, _truth(_side(white), _side(black), first), strict=True):
            total += 1
            loose += answer and not exact
    return loose, total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--http-only", action="store_true", help="only the POST /v1/clock figures")
    args = parser.parse_args()
    if args.http_only:
        clock_requests(args.requests)
        return
    boards = {
        "opening (contact)": Board.initial(),
        "race": Board(_side([6] * 5 + [8] * 5 + [13] * 5), _side([1] * 3 + [2] * 4)),
        "bear-off": Board(_side([1] * 14 + [2]), _side([6] * 15)),
    }
    for name, board in boards.items():
        print(f"prospects {name:18} {per_call(lambda b=board: prospects(b, 'white'), 20000):8.1f} us")
    loose, total = tightness(args.samples)
    print(f"race bounds: {loose} of {total} answers 'possible' where the exhaustive search says impossible")
    clock_requests(args.requests)


if __name__ == "__main__":
    main()
