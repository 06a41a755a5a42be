#!/usr/bin/env python
"""Compression benchmark: answer sizes with and without Accept-Encoding, and the time to build each
(in-process test client, the same requests side by side, best of N), for the largest answer
(the heaviest position of data/worst_positions.jsonl, a 1-1 with 2,226 plays), a typical /v1/moves
answer (the opening 3-1) and a small /v1/outcome answer (under the threshold: never compressed).

    python bench/compression.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from pathlib import Path

from arbitru import create_app

REPO = Path(__file__).resolve().parents[1]
START = {
    "white": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}},
    "black": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}},
}


def cases() -> list[tuple[str, str, dict]]:
    worst = max(
        (json.loads(line) for line in (REPO / "data" / "worst_positions.jsonl").open()),
        key=lambda p: p["plays"],
    )
    return [
        (
            f"largest: /v1/moves, {worst['plays']} plays",
            "/v1/moves",
            {k: worst[k] for k in ("board", "turn", "dice")},
        ),
        ("typical: /v1/moves, opening 3-1", "/v1/moves", {"board": START, "turn": "white", "dice": [3, 1]}),
        ("small: /v1/outcome", "/v1/outcome", {"board": START}),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    client = create_app().test_client()
    print(f"{'answer':40} {'encoding':9} {'bytes':>10} {'ratio':>7} {'best ms':>9}")
    for name, path, body in cases():
        base = None
        for encoding in ("identity", "gzip", "br"):
            best = float("inf")
            for _ in range(args.repeat):
                start = time.perf_counter()
                response = client.post(path, json=body, headers={"Accept-Encoding": encoding})
                best = min(best, time.perf_counter() - start)
            size = len(response.get_data())
            base = base or size
            used = response.headers.get("Content-Encoding", "none")
            print(f"{name:40} {used:9} {size:>10,} {base / size:>6.1f}x {best * 1000:>9.1f}")


if __name__ == "__main__":
    main()
