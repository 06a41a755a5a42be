#!/usr/bin/env python
"""A/B of the move generator: another commit's `service/arbitru/engine/moves.py` against the working tree's,
both loaded in this process and timed position by position, interleaved, over bench_positions.jsonl.
On a shared machine whose speed drifts by 20 % between runs, this is what tells a 3 % change apart.

    python bench/engine_ab.py [REV=HEAD] [--passes 7] [--data data]
"""

from __future__ import annotations

import argparse
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

from engine import data_dir, load_cases  # noqa: E402  (bench/engine.py: the same data loading)


def load_module(name: str, path: Path) -> ModuleType:
    """Import the file at `path` as a module called `name`."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="?", default="HEAD", help="the commit to compare with (default HEAD)")
    parser.add_argument("--passes", type=int, default=7, help="passes over the positions (median)")
    parser.add_argument("--data", help="data directory (default $ARBITRU_DATA_DIR or the repository's data/)")
    args = parser.parse_args(argv)
    source = subprocess.run(
        ["git", "-C", str(REPO), "show", f"{args.rev}:service/arbitru/engine/moves.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    with tempfile.TemporaryDirectory() as tmp:
        old_path = Path(tmp) / "moves_old.py"
        old_path.write_text(source)
        old = load_module("moves_old", old_path)
    new = load_module("moves_new", REPO / "service" / "arbitru" / "engine" / "moves.py")
    cases, _ = load_cases(data_dir(args.data) / "bench_positions.jsonl")
    totals: dict[str, list[float]] = {"old": [], "new": []}
    clock = time.perf_counter
    for _ in range(max(1, args.passes)):
        spent = {"old": 0.0, "new": 0.0}
        for board, turn, dice in cases:
            for name, module in (("old", old), ("new", new)):
                module._plays.cache_clear()
                start = clock()
                module.legal_plays(board, turn, dice)
                spent[name] += clock() - start
        for name, value in spent.items():
            totals[name].append(value)
    old_ms, new_ms = (statistics.median(totals[k]) * 1e3 for k in ("old", "new"))
    print(
        f"{args.rev}: {old_ms:.2f} ms   working tree: {new_ms:.2f} ms   working tree / {args.rev}: "
        f"{new_ms / old_ms:.3f}   ({len(cases)} positions, median of {args.passes} passes, caches cleared)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
