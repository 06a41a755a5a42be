"""The dice audit (`arbitru verify --dice`) over a synthetic archive of seeded dice: its time and its
figures.

    python bench/dice_audit.py [--count 100000] [--seed 44] [--doubles 0.1667] [--shards 4]
                               [--archive DIR --jobs 1]

Makes `--count` matches' dice as `verify --dice` rows carry them (`arbitru.cli.dice.record`: two
players of a pool of 40 names, games as tournaments have them, an opening roll with no double, then
30 to 70 rolls a game, each die of a roll written in either order), drawn by a seeded generator at
the `--doubles` rate (1/6: fair dice). Then it times, in this process (CPU seconds): the tally of
every match's rolls (what `verify --dice` adds to each row it reads, and `report` to each row of a
shard), the merge of `--shards` shards' counts through their JSON (what the merge Job does), and the
statistics; it prints the archive's figures, every test's p-value and the reading, and checks that
the merged audit is the audit of the whole. The making of the rolls is not timed. Timing belongs
here, never in a test.

`--archive DIR` also runs `python -m arbitru.cli verify --dice --jsonl --jobs N` over the transcripts
of DIR in a child process and prints its wall time beside the same run without `--dice` (the
audit's share of a whole run: reading and refereeing are most of it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from arbitru.cli.dice import Tally, audit, tally_of
from arbitru.cli.dice_report import dice_lines

ROOT = Path(__file__).resolve().parents[1]
NAMES = tuple(f"player{n:02d}" for n in range(40))
GAMES = (1, 3, 3, 5, 7, 7, 9, 11, 13)  # games a match: short and long matches alike
ORDERED = tuple(f"{a}{b}" for a in range(1, 7) for b in range(1, 7))
NON_DOUBLES = tuple(dice for dice in ORDERED if dice[0] != dice[1])


def weights(doubles: float) -> list[float]:
    """The chance of each ordered roll when doubles come at the rate `doubles` (1/6: fair dice)."""
    return [doubles / 6 if dice[0] == dice[1] else (1 - doubles) / 30 for dice in ORDERED]


def synthetic_records(
    count: int, seed: int, doubles: float = 1 / 6, loaded: dict[str, float] | None = None
) -> Iterator[dict[str, Any]]:
    """`count` matches' dice records, seeded; a player named in `loaded` rolls doubles at that rate."""
    rng = random.Random(seed)
    fair = weights(doubles)
    rates = {name: weights(rate) for name, rate in (loaded or {}).items()}
    for _ in range(count):
        players = rng.sample(NAMES, 2)
        chances = [rates.get(name, fair) for name in players]
        games = []
        for _ in range(rng.choice(GAMES)):
            mover = rng.randrange(2)
            rolls = [f"{mover}{rng.choice(NON_DOUBLES)}"]
            for _ in range(rng.randint(30, 70)):
                (dice,) = rng.choices(ORDERED, chances[mover])
                rolls.append(f"{mover}{dice}")
                mover = 1 - mover
            games.append({"opening": "standard", "rolls": " ".join(rolls)})
        yield {"players": players, "games": games}


def shard_counts(records: list[dict[str, Any]], shards: int) -> list[dict[str, Any]]:
    """Each shard's counts in JSON (every `shards`-th match), as a shard's rows sum to."""
    counted = []
    for index in range(shards):
        tally = Tally()
        for dice in records[index::shards]:
            tally.add_record(dice)
        counted.append(json.loads(json.dumps(tally.to_dict())))
    return counted


def measure(records: list[dict[str, Any]], shards: int) -> dict[str, Any]:
    """CPU seconds of the tally, the merge and the statistics, and the audit."""
    start = time.process_time()
    whole = Tally()
    for dice in records:
        whole.add_record(dice)
    tallied = time.process_time()
    parts = shard_counts(records, shards)
    merging = time.process_time()
    merged = Tally()
    for part in parts:
        merged.add(tally_of(part))
    merged_at = time.process_time()
    result = audit(merged)
    done = time.process_time()
    assert result == audit(whole) and merged.to_dict() == whole.to_dict(), "merged audit != whole audit"
    return {
        "tally_s": tallied - start,
        "merge_s": merged_at - merging,
        "audit_s": done - merged_at,
        "audit": result,
    }


def run_cli(archive: Path, jobs: int, dice: bool) -> float:
    """Wall seconds of `verify --jsonl` (with `--dice` or not) over `archive` in a child process."""
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "arbitru.cli", "verify", "--jsonl", "--jobs", str(jobs)]
        command += ["--dice"] * dice + ["-o", str(Path(folder) / "rows.jsonl"), str(archive)]
        env = {**os.environ, "PYTHONPATH": str(ROOT / "service")}
        start = time.perf_counter()
        subprocess.run(command, env=env, check=False, capture_output=True)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--doubles", type=float, default=1 / 6)
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--archive", type=Path)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    made = time.perf_counter()
    records = list(synthetic_records(args.count, args.seed, args.doubles))
    rolls = sum(len(game["rolls"]) // 4 + 1 for dice in records for game in dice["games"])
    print(f"{args.count} matches, {rolls} rolls made in {time.perf_counter() - made:.1f} s (not timed)")
    figures = measure(records, args.shards)
    per_roll = 1e6 * figures["tally_s"] / rolls
    print(
        f"tally {figures['tally_s']:.2f} s CPU ({per_roll:.2f} us a roll), merge of {args.shards} shards "
        f"{figures['merge_s']:.3f} s, statistics {figures['audit_s']:.3f} s; merged audit = whole audit"
    )
    result = figures["audit"]
    print("\n".join(dice_lines({**result, "players": {}}, "en")))  # the archive and the reading
    tests = [t for group in result["players"].values() for t in group["tests"].values() if t["p"] is not None]
    smallest = min((t["p"] for t in tests), default=None)
    print(f"{len(result['players'])} players, {len(tests)} tests of theirs, smallest p {smallest}")
    print(f"load average {os.getloadavg()[0]:.2f}")
    if args.archive:
        plain, audited = run_cli(args.archive, args.jobs, False), run_cli(args.archive, args.jobs, True)
        print(f"verify --jsonl over {args.archive}: {plain:.1f} s wall, with --dice {audited:.1f} s")


if __name__ == "__main__":
    main()
