#!/usr/bin/env python
"""A/B of the move generator: another commit's `service/arbitru/engine/fast_backgammon.py` (the
backgammon movement's plays; a commit since the engine's split into the plain statement and the
accelerations) against the working tree's, both loaded in this process and timed position by
position, interleaved, over bench_positions.jsonl. On a shared machine whose speed drifts by 20 %
between runs, this is what tells a 3 % change apart.
Both are timed with the garbage collector paused around each call (as the HTTP layer pauses it for
each request; older generators paused it themselves), caches cleared; the working tree is timed a
third time with the collector running, as a library caller that does not opt in sees it.

With --paths, each fast path of the working tree's generator is timed against its plain statement
of the rules (`plain_plays`), side by side on the positions that path serves: the gains the fast
paths (bench/README.md's table of measured reasons).

With --wildbg, the A/B runs over the wildbg totals work instead (2,000 positions x 21 rolls).

    python bench/engine_ab.py [REV=HEAD] [--passes 7] [--data data] [--paths] [--wildbg]
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from engine import WILDBG_TOTALS, data_dir, load_cases, wildbg_cases  # noqa: E402  (bench/engine.py: the same data loading)

from arbitru.engine.plain import plain_plays  # noqa: E402


def load_module(name: str, path: Path) -> ModuleType:
    """Import the file at `path` as a module called `name`."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while it runs
    spec.loader.exec_module(module)
    return module


def clear_caches(module: ModuleType) -> None:
    """Empty a generator's cache, whichever way its version exposes it."""
    for clear in ("clear_cache", "_CACHE.clear", "legal_plays.cache_clear", "_plays.cache_clear"):
        target: object = module
        for part in clear.split("."):
            target = getattr(target, part, None)
        if callable(target):
            target()
            return


def compare_paths(module: ModuleType, cases: list, passes: int) -> None:
    """Each fast path against `plain_plays`, per position interleaved, collector paused: the sum
    over a path's positions of each one's fastest pass (steady on a shared machine)."""
    fastest = [[float("inf"), float("inf")] for _ in cases]
    clock = time.perf_counter
    for _ in range(max(1, passes)):
        for best, (board, turn, dice) in zip(fastest, cases, strict=True):
            gc.disable()
            start = clock()
            module.plays(board, turn, dice[0], dice[1])
            middle = clock()
            plain_plays(board, turn, dice)
            end = clock()
            gc.enable()
            best[0] = min(best[0], middle - start)
            best[1] = min(best[1], end - middle)
    by_path: dict[str, list[float]] = {}
    for best, (board, turn, dice) in zip(fastest, cases, strict=True):
        row = by_path.setdefault(module.generation_path(board, turn, dice), [0.0, 0.0, 0])
        row[0] += best[0]
        row[1] += best[1]
        row[2] += 1
    print(
        f"{'path':12} {'positions':>9} {'fast ms':>9} {'plain ms':>9} {'plain / fast':>12}"
        f"   (fastest of {passes} passes)"
    )
    for name, (fast, plain, count) in sorted(by_path.items()):
        print(f"{name:12} {int(count):>9} {fast * 1e3:>9.2f} {plain * 1e3:>9.2f} {plain / fast:>11.2f}x")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="?", default="HEAD", help="the commit to compare with (default HEAD)")
    parser.add_argument("--passes", type=int, default=7, help="passes over the positions (median)")
    parser.add_argument("--data", help="data directory (default $ARBITRU_DATA_DIR or the repository's data/)")
    parser.add_argument("--paths", action="store_true", help="time each fast path against plain_plays")
    parser.add_argument(
        "--wildbg", action="store_true", help="the wildbg totals work (42,000 generations) instead"
    )
    args = parser.parse_args(argv)
    if args.paths:
        new = load_module("fast_new", REPO / "service" / "arbitru" / "engine" / "fast_backgammon.py")
        cases, _ = load_cases(data_dir(args.data) / "bench_positions.jsonl")
        compare_paths(new, cases, args.passes)
        return 0
    source = subprocess.run(
        ["git", "-C", str(REPO), "show", f"{args.rev}:service/arbitru/engine/fast_backgammon.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    with tempfile.TemporaryDirectory() as tmp:
        old_path = Path(tmp) / "fast_old.py"
        old_path.write_text(source)
        old = load_module("fast_old", old_path)
    new = load_module("fast_new", REPO / "service" / "arbitru" / "engine" / "fast_backgammon.py")
    if args.wildbg:
        wild = wildbg_cases(data_dir(args.data))
        cases = [case for name in WILDBG_TOTALS for case in wild[name]]
    else:
        cases, _ = load_cases(data_dir(args.data) / "bench_positions.jsonl")
    names = ("old", "new", "running")
    totals: dict[str, list[float]] = {name: [] for name in names}
    fastest: dict[str, list[float]] = {name: [float("inf")] * len(cases) for name in names}
    clock = time.perf_counter
    runs = (("old", old, True), ("new", new, True), ("running", new, False))
    for index in range(max(1, args.passes)):
        spent = dict.fromkeys(names, 0.0)
        order = runs[index % 3 :] + runs[: index % 3]  # each version in each place in turn
        for i, (board, turn, dice) in enumerate(cases):
            for name, module, paused in order:
                clear_caches(module)
                if paused:
                    gc.disable()
                start = clock()
                module.plays(board, turn, dice[0], dice[1])
                took = clock() - start
                gc.enable()
                spent[name] += took
                fastest[name][i] = min(fastest[name][i], took)
        for name, value in spent.items():
            totals[name].append(value)
    old_ms, new_ms, running_ms = (statistics.median(totals[k]) * 1e3 for k in names)
    old_min, new_min, running_min = (sum(fastest[k]) * 1e3 for k in names)
    print(
        f"{args.rev}: {old_ms:.2f} ms   working tree: {new_ms:.2f} ms   working tree / {args.rev}: "
        f"{new_ms / old_ms:.3f}   ({len(cases)} positions, median of {args.passes} passes, caches cleared, "
        f"collector paused)\n"
        f"sum of each position's fastest pass: {args.rev}: {old_min:.2f} ms   "
        f"working tree: {new_min:.2f} ms   "
        f"ratio {new_min / old_min:.3f}   (steadier on a shared machine)\n"
        f"working tree with the collector running: median {running_ms:.2f} ms ({running_ms / old_ms:.3f} of "
        f"{args.rev} paused), fastest {running_min:.2f} ms ({running_min / old_min:.3f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
