#!/usr/bin/env python
"""What checking a JSON game record's shape costs (`record_problems`), now that every free-text
field is checked to be one a file can carry: a record of 500 games x 16 rolls (8,000
turns, about the largest a 1 MiB body holds), plays in notation, then every play an
`Illegal play (...)` marker (the slow path: the cell is written and read back).

    python bench/record_checks.py [--rounds 5]

Prints the best of the rounds, in ms and in us per turn.
"""

from __future__ import annotations

import argparse
import json
import time

from arbitru.formats.game_record import record_problems

PLAYS = {"notation": "13/7* 24/22 8/2(2)", "marker": "Illegal play (13/7 24/22 8/2 6/2)"}


def record(play: str) -> dict:
    turns = [{"player": j % 2, "action": "roll", "dice": [6, 2], "play": play} for j in range(16)]
    games = [{"game": i + 1, "start_score": [0, 0], "turns": turns} for i in range(500)]
    return {"players": ["Nicu Popescu", "Dorin Ionescu"], "match_length": 0, "games": games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    for name, play in PLAYS.items():
        data = record(play)
        best = float("inf")
        for _ in range(rounds):
            start = time.perf_counter()
            assert not record_problems(data)
            best = min(best, time.perf_counter() - start)
        size = len(json.dumps(data))
        print(f"{name:9} {size:>8} bytes  {best * 1000:7.1f} ms  {best / 8000 * 1e6:6.2f} us a turn")


if __name__ == "__main__":
    main()
