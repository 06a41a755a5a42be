"""POST /v1/turn beside POST /v1/moves on the same positions, in-process, interleaved.

For each position the two requests are sent one after the other, `--passes` times (the plays cache
off, as deployed), and the median of each is kept: the per-position ratio turn/moves, the totals'
ratio over the bench mix (a sample of data/bench_positions.jsonl), over backgammon's worst positions
(data/worst_positions.jsonl) and over the heaviest positions of the other variants met in seeded
games, and the answers' sizes (the turn's `next` and `reach` grow with the checkers, the moves'
list with the plays).

    .venv/bin/python bench/turn.py [--sample 300] [--passes 5] [--variant-games 40]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "service"))

from arbitru import create_app  # noqa: E402
from arbitru.engine.board import other  # noqa: E402
from arbitru.engine.position import Position  # noqa: E402
from arbitru.engine.rules import PRESETS  # noqa: E402

DATA = Path(os.environ.get("ARBITRU_DATA_DIR", REPO / "data"))


def _rows(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (DATA / name).read_text().splitlines() if line.strip()]


def _variant_bodies(preset: str, games: int, keep: int) -> list[dict[str, Any]]:
    """The `keep` positions with the most plays met in `games` seeded games of `preset`."""
    rng, rules, found = random.Random(7), PRESETS[preset], []
    for _ in range(games):
        position = Position.initial(rules, turn="white")
        while not position.ends_game():
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = position.plays(dice)
            body = {
                "board": position.variant.board_json(position.board),
                "turn": position.turn,
                "dice": list(dice),
                "rules": {"preset": preset},
            }
            found.append((len(plays), body))
            position = Position(rng.choice(plays).board, other(position.turn), rules=rules)
    found.sort(key=lambda item: -item[0])
    return [body for _, body in found[:keep]]


def _timed(client: Any, route: str, body: dict[str, Any]) -> tuple[float, int]:
    start = time.perf_counter()
    response = client.post(route, json=body)
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return elapsed, len(response.data)


def measure(client: Any, name: str, bodies: list[dict[str, Any]], passes: int) -> None:
    moves_total = turn_total = 0.0
    ratios, moves_sizes, turn_sizes = [], [], []
    for body in bodies:
        moves_times, turn_times = [], []
        for _ in range(passes):
            elapsed, moves_size = _timed(client, "/v1/moves", body)
            moves_times.append(elapsed)
            elapsed, turn_size = _timed(client, "/v1/turn", body)
            turn_times.append(elapsed)
        moves_med, turn_med = statistics.median(moves_times), statistics.median(turn_times)
        moves_total += moves_med
        turn_total += turn_med
        ratios.append(turn_med / moves_med)
        moves_sizes.append(moves_size)
        turn_sizes.append(turn_size)
    print(
        f"{name:<28} {len(bodies):>5} positions  moves {moves_total * 1000:9.1f} ms"
        f"  turn {turn_total * 1000:9.1f} ms"
        f"  total ratio {turn_total / moves_total:5.2f}  per-position median {statistics.median(ratios):5.2f}"
        f" max {max(ratios):5.2f}  answer bytes: moves max {max(moves_sizes):,}"
        f" / turn max {max(turn_sizes):,}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=300, help="positions of the bench mix")
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--variant-games", type=int, default=40, help="seeded games per variant")
    args = parser.parse_args()
    client = create_app({"TESTING": True, "ARBITRU_ACCESS_LOG": False}).test_client()
    fields = ("board", "turn", "dice")
    mix = random.Random(1).sample(_rows("bench_positions.jsonl"), args.sample)
    measure(client, "bench mix (standard)", [{k: r[k] for k in fields} for r in mix], args.passes)
    worst = [{k: r[k] for k in fields} for r in _rows("worst_positions.jsonl")]
    measure(client, "worst positions (standard)", worst, args.passes)
    for preset in ("long_nardy", "plakoto"):
        measure(
            client, f"{preset}: heaviest met", _variant_bodies(preset, args.variant_games, 20), args.passes
        )


if __name__ == "__main__":
    main()
