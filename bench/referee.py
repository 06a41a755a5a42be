"""The referee's speed over the real transcripts in data/matches: each file read once, then
`verify` timed (best of N rounds) on every file and on the longest match alone.

    python bench/referee.py [--rounds 5]

Prints seconds per round for all files and for the longest match (most actions); compare a run
before and after a change on the same machine, side by side.
"""

from __future__ import annotations

import argparse
import time
from contextlib import nullcontext
from pathlib import Path

from arbitru.engine import moves
from arbitru.formats.game_record import read_match_file

try:  # the referee's package; before it, the engine module
    from arbitru.referee import resolve_rules, verify
except ImportError:  # pragma: no cover - only for a before/after run
    from arbitru.engine.referee import resolve_rules, verify  # type: ignore[no-redef]

# The collector pause the CLI holds per file: in engine/collector.py, before that in engine/moves.py;
# before that the engine paused it itself.
try:
    from arbitru.engine.collector import collector_paused as paused
except ImportError:  # pragma: no cover - only for a before/after run
    paused = getattr(moves, "collector_paused", nullcontext)

MATCHES = Path(__file__).resolve().parent.parent / "data" / "matches"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    loaded = []
    for path in sorted(MATCHES.iterdir()):
        if path.suffix not in (".mat", ".txt", ".json"):
            continue
        match = read_match_file(path.read_bytes())
        rules, _ = resolve_rules(match, {})
        loaded.append((path.name, match, rules, sum(len(g.actions) for g in match.games)))
    longest = max(loaded, key=lambda item: item[3])

    def best(items: list[tuple[str, object, object, int]]) -> float:
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            for _, match, rules, _ in items:
                with paused():  # as `arbitru verify` runs each file (the engine's opt-in pause)
                    verify(match, rules)  # type: ignore[arg-type]
            times.append(time.perf_counter() - start)
        return min(times)

    print(f"files: {len(loaded)}, actions: {sum(item[3] for item in loaded)}")
    print(f"all files, best of {rounds}: {best(loaded) * 1000:.1f} ms")
    print(f"longest ({longest[0]}, {longest[3]} actions), best of {rounds}: {best([longest]) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
