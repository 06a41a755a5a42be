#!/usr/bin/env python
"""Engine benchmark: the public `legal_plays` API against GNU Backgammon's `find_best_moves` (C, 0-ply),
side by side in one run, medians over several passes. Prints figures; it is not a test.

    python bench/engine.py [--passes 5] [--wildbg-passes 3] [--data data] [--no-gnubg]

Measures, against the generator's speed targets: the total and per-position median / p99 over
bench_positions.jsonl, each position of worst_positions.jsonl, and the wildbg totals work (2,000
positions x 21 rolls = 42,000 generations); with a cache on the engine, cold (cleared before every
call) and warm figures.
Then the movements that are not backgammon's (long nardy, plakoto), whose plays the plain
generator lists: median, p99 and worst position of each over positions of seeded random games,
beside backgammon's over the bench positions.
Each engine call is timed inside the engine's `collector_paused()`, as the HTTP layer runs it (for
each request) and as the engine did by itself before the pause became opt-in.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import importlib
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from functools import partial
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from arbitru.engine import Board, legal_plays, moves  # noqa: E402  (the public API, as clients call it)
from arbitru.engine.board import Color, other  # noqa: E402
from arbitru.engine.rules import STANDARD, Rules  # noqa: E402
from arbitru.formats.gnubg_id import decode_position_id  # noqa: E402

try:
    import gnubg
except ImportError:  # gnubg is a dev-only dependency
    gnubg = None

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
WILDBG_TOTALS = {"contact": (218_356, 185_957), "race": (140_720, 122_570)}
Case = tuple[Board, Color, tuple[int, int]]


# -- data -------------------------------------------------------------------------------------------
def data_dir(arg: str | None) -> Path:
    """--data, else $ARBITRU_DATA_DIR, else the repository's data/ folder."""
    return Path(arg or os.environ.get("ARBITRU_DATA_DIR") or REPO / "data")


def load_cases(path: Path) -> tuple[list[Case], list[dict[str, Any]]]:
    """(board, turn, dice) of each record of a .jsonl file, and the records."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [(Board.from_dict(r["board"]), r["turn"], (r["dice"][0], r["dice"][1])) for r in rows], rows


def wildbg_cases(base: Path) -> dict[str, list[Case]]:
    """Each wildbg position with each of the 21 rolls, the player on roll as white."""
    found = {}
    for name in WILDBG_TOTALS:
        path = base / "wildbg" / f"{name}.csv"
        if not path.exists():
            path = REPO / "tests" / "support" / "data" / "wildbg" / f"{name}.csv"
        cases: list[Case] = []
        for line in path.read_text().split():
            board = decode_position_id(line, "white")
            cases.extend((board, "white", dice) for dice in ROLLS)
        found[name] = cases
    return found


# -- timing -----------------------------------------------------------------------------------------
def _engine_part(module: str, name: str, default: Any) -> Any:
    """`name` from `arbitru.engine.<module>`, or from `moves` in a tree from before it moved there
    (bench/engine_ab.py times older trees too), or `default`."""
    try:
        return getattr(importlib.import_module(f"arbitru.engine.{module}"), name)
    except ImportError:
        return getattr(moves, name, default)


def engine_caches() -> list[tuple[str, Callable[[], None]]]:
    """Every cache the engine exposes: the plays cache's `clear_cache`, or lru caches inside the
    module of `legal_plays`."""
    found: list[tuple[str, Callable[[], None]]] = []
    clear_cache = _engine_part("cache", "clear_cache", None)
    if clear_cache is not None:
        found.append(("legal_plays", clear_cache))
    module = sys.modules.get(getattr(legal_plays, "__module__", ""), None)
    if module is not None:
        for name, value in vars(module).items():
            if name != "legal_plays" and callable(getattr(value, "cache_clear", None)):
                found.append((f"{module.__name__}.{name}", value.cache_clear))
    return found


def gnubg_inputs(cases: Sequence[Case]) -> list[tuple[Any, tuple[int, int]]]:
    """gnubg's (not on roll, on roll) boards, converted once outside the timing."""
    return [((tuple(b.side(other(t))[1:26]), tuple(b.side(t)[1:26])), d) for b, t, d in cases]


def measure(
    cases: Sequence[Case],
    ginputs: Sequence[tuple[Any, tuple[int, int]]] | None,
    clear: Sequence[Callable[[], None]],
    warm: bool,
) -> dict[str, list[float]]:
    """One pass, interleaved call by call so the engine and gnubg see the same machine load:
    per position the engine cold (caches cleared first), warm (again, cache filled), then gnubg."""
    out: dict[str, list[float]] = {"engine cold": []}
    if warm:
        out["engine warm"] = []
    if ginputs is not None:
        out["gnubg"] = []
        ci, ec, find = gnubg.cube_info(), gnubg.eval_context(), gnubg.find_best_moves
    clock = time.perf_counter
    paused = _engine_part("collector", "collector_paused", nullcontext)
    for i, (board, turn, dice) in enumerate(cases):
        for c in clear:
            c()
        # The answer is freed inside the timing, as gnubg's is. While the plays cache was on by
        # default, the cache held the answer and the next clear freed it, outside the timing: that
        # flattered "engine cold" by 6-8 % (1.00-1.04x gnubg at d2ca94a, 1.08-1.11x for the same
        # instructions freed in the timing; 1.16-1.19x for both trees with neither side's freeing timed).
        with paused():
            start = clock()
            legal_plays(board, turn, dice)
            out["engine cold"].append(clock() - start)
            if warm:
                start = clock()
                legal_plays(board, turn, dice)
                out["engine warm"].append(clock() - start)
        if ginputs is not None:
            gboard, gdice = ginputs[i]
            start = clock()
            find(gboard, ci, ec, gdice)
            out["gnubg"].append(clock() - start)
    return out


def passes(n: int, run: Callable[[], dict[str, list[float]]]) -> dict[str, list[float]]:
    """Per-call medians over n passes."""
    samples: dict[str, list[list[float]]] = {}
    for _ in range(max(1, n)):
        gc.collect()
        for key, values in run().items():
            samples.setdefault(key, []).append(values)
    return {k: [statistics.median(col) for col in zip(*v, strict=True)] for k, v in samples.items()}


def totals_median(n: int, run: Callable[[], dict[str, list[float]]]) -> dict[str, float]:
    """Median over n passes of each measure's total time."""
    got: dict[str, list[float]] = {}
    for _ in range(max(1, n)):
        gc.collect()
        for key, values in run().items():
            got.setdefault(key, []).append(sum(values))
    return {k: statistics.median(v) for k, v in got.items()}


def pct(values: Sequence[float], q: float) -> float:
    """The q-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def us(seconds: float) -> str:
    return f"{seconds * 1e6:9.1f} µs"


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:8.2f} ms"


def ratio(a: float, b: float | None) -> str:
    return f"{a / b:6.2f}x" if b else "   n/a"


# -- the other movements ----------------------------------------------------------------------------
VARIANTS = {"long_nardy": {24: 15}, "plakoto": {24: 15}}  # each side's start: 15 on its own 24


def variant_rules(variant: str) -> Rules:
    """The variant's preset when the rules know it, else the standard rules with that variant."""
    try:
        return Rules(preset=variant)
    except (ValueError, TypeError, KeyError):
        return dataclasses.replace(STANDARD, variant=variant)


def variant_cases(variant: str, count: int, seed: int = 29) -> list[Case]:
    """`count` positions (board, side on roll, dice) met in games of `variant` played with seeded
    random dice and plays chosen at random (a game stops once a side is off, or at 300 turns)."""
    rng = random.Random(seed)
    rules = variant_rules(variant)
    start = Board.initial(VARIANTS[variant], pins=variant == "plakoto")
    cases: list[Case] = []
    while len(cases) < count:
        board, turn = start, "white"
        for _ in range(300):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            cases.append((board, turn, dice))
            board = rng.choice(legal_plays(board, turn, dice, rules)).board
            if 15 in (board.white[0], board.black[0]) or len(cases) == count:
                break
            turn = other(turn)
    return cases


def measure_variant(
    cases: Sequence[Case], rules: Rules, clear: Sequence[Callable[[], None]]
) -> dict[str, list[float]]:
    """One pass: each position's cold time (caches cleared first), collector paused as above."""
    times = []
    clock = time.perf_counter
    paused = _engine_part("collector", "collector_paused", nullcontext)
    for board, turn, dice in cases:
        for c in clear:
            c()
        with paused():
            start = clock()
            legal_plays(board, turn, dice, rules)
            times.append(clock() - start)
    return {"engine": times}


def report_variants(
    count: int, passes_: int, clear: Sequence[Callable[[], None]], backgammon: list[float]
) -> None:
    """Each other movement's median, p99 and worst position beside backgammon's (cold, bench set)."""
    print(f"\n== other movements: legal_plays(board, turn, dice, rules), {count} positions each, cold ==")
    print(f"{'movement':14}{'total':>12}{'median':>13}{'p99':>13}{'max':>13}   worst position")
    line = f"{'backgammon':14}{ms(sum(backgammon)):>12}{us(statistics.median(backgammon)):>13}"
    print(line + f"{us(pct(backgammon, 99)):>13}{us(max(backgammon)):>13}   (bench_positions.jsonl)")
    for variant in VARIANTS:
        rules = variant_rules(variant)
        cases = variant_cases(variant, count)
        vals = passes(passes_, partial(measure_variant, cases, rules, clear))["engine"]
        worst = max(range(len(vals)), key=vals.__getitem__)
        board, turn, dice = cases[worst]
        listed = len(legal_plays(board, turn, dice, rules))
        line = f"{variant:14}{ms(sum(vals)):>12}{us(statistics.median(vals)):>13}{us(pct(vals, 99)):>13}"
        print(line + f"{us(max(vals)):>13}   {turn} {dice[0]}-{dice[1]}, {listed} plays")


# -- report -----------------------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", help="data directory (default $ARBITRU_DATA_DIR or the repository's data/)")
    parser.add_argument("--passes", type=int, default=5, help="passes over the bench and worst sets (median)")
    parser.add_argument(
        "--wildbg-passes", type=int, default=3, help="passes over the 42,000 wildbg generations"
    )
    parser.add_argument("--no-gnubg", action="store_true", help="do not measure gnubg even if installed")
    parser.add_argument("--skip-wildbg", action="store_true", help="skip the wildbg totals work")
    parser.add_argument(
        "--variant-positions", type=int, default=500, help="positions per other movement (0: skip them)"
    )
    args = parser.parse_args(argv)
    base = data_dir(args.data)
    use_gnubg = gnubg is not None and not args.no_gnubg
    caches = engine_caches()
    clear_all = [c for _, c in caches]

    print(
        f"arbitru engine benchmark  python {platform.python_version()}  {platform.machine()}  "
        f"cpus={os.cpu_count()}  passes={args.passes}  data={base}"
    )
    if gnubg is None:
        print("gnubg: NOT INSTALLED (pip install gnubg, a dev dependency): no baseline, no ratios")
    elif not use_gnubg:
        print("gnubg: disabled by --no-gnubg")
    else:
        print(
            f"gnubg: {getattr(gnubg, '__version__', '?')} find_best_moves, 0-ply, "
            "same run, interleaved passes"
        )
    print(
        "engine cache: "
        + (
            ", ".join(n for n, _ in caches) + " (cold = cleared before every call)"
            if caches
            else "none exposed (every figure is cold)"
        )
    )

    # 1. bench_positions.jsonl
    cases, rows = load_cases(base / "bench_positions.jsonl")
    ginputs = gnubg_inputs(cases) if use_gnubg else None
    per = passes(args.passes, lambda: measure(cases, ginputs, clear_all, warm=bool(caches)))
    g = per.get("gnubg")
    print(f"\n== bench_positions.jsonl: {len(cases)} positions, legal_plays(board, turn, dice) ==")
    print(f"{'':14}{'total':>12}{'median':>13}{'p99':>13}{'max':>13}   ratio to gnubg (total / median / p99)")
    for key, vals in per.items():
        line = f"{key:14}{ms(sum(vals)):>12}{us(statistics.median(vals)):>13}"
        line += f"{us(pct(vals, 99)):>13}{us(max(vals)):>13}"
        if g and key != "gnubg":
            line += (
                f"   {ratio(sum(vals), sum(g))} / {ratio(statistics.median(vals), statistics.median(g))}"
                f" / {ratio(pct(vals, 99), pct(g, 99))}"
            )
        print(line)
    cold = per["engine cold"]
    by_category: dict[str, list[float]] = {}
    for row, t in zip(rows, cold, strict=True):
        by_category.setdefault(row.get("category", "?"), []).append(t)
    print(
        "engine cold by category (median / p99): "
        + ", ".join(
            f"{c} {statistics.median(v) * 1e6:.0f}/{pct(v, 99) * 1e6:.0f} µs" for c, v in by_category.items()
        )
    )

    # 2. worst_positions.jsonl
    wcases, wrows = load_cases(base / "worst_positions.jsonl")
    wg = gnubg_inputs(wcases) if use_gnubg else None
    wper = passes(args.passes, lambda: measure(wcases, wg, clear_all, warm=False))
    wper["engine"] = wper["engine cold"]
    print("\n== worst_positions.jsonl (target: engine <= 10 ms each, cold) ==")
    print(
        f"{'id':>3} {'dice':>5} {'plays':>6} {'listed':>6} {'engine':>11} {'gnubg':>11} "
        f"{'ratio':>8}  category"
    )
    for i, (row, (board, turn, dice)) in enumerate(zip(wrows, wcases, strict=True)):
        listed = len(legal_plays(board, turn, dice))
        gt = wper["gnubg"][i] if use_gnubg else None
        flag = "" if listed == row.get("plays", listed) else "  <-- COUNT DIFFERS"
        print(
            f"{row.get('id', i):>3} {dice[0]}-{dice[1]:<3} {row.get('plays', '?'):>6} {listed:>6} "
            f"{ms(wper['engine'][i]):>11} {ms(gt) if gt else '       n/a':>11} "
            f"{ratio(wper['engine'][i], gt):>8}"
            f"  {row.get('category', '')}{flag}"
        )
    print(
        f"worst engine time {ms(max(wper['engine'])).strip()}"
        + (f", gnubg {ms(max(wper['gnubg'])).strip()}" if use_gnubg else "")
    )

    # 3. wildbg totals work
    if not args.skip_wildbg:
        wild = wildbg_cases(base)
        all_cases = [c for name in WILDBG_TOTALS for c in wild[name]]
        print(f"\n== wildbg totals work: {len(all_cases)} generations, {args.wildbg_passes} pass(es) ==")
        counts = {}
        for name, wcs in wild.items():
            d = sum(len(legal_plays(*c)) for c in wcs if c[2][0] == c[2][1])
            m = sum(len(legal_plays(*c)) for c in wcs if c[2][0] != c[2][1])
            counts[name] = (d, m)
            ok = "ok" if (d, m) == WILDBG_TOTALS[name] else f"MISMATCH, expected {WILDBG_TOTALS[name]}"
            print(f"{name}: doubles {d:,} mixed {m:,} ({ok})")
        allg = gnubg_inputs(all_cases) if use_gnubg else None
        tot = totals_median(args.wildbg_passes, lambda: measure(all_cases, allg, clear_all, warm=False))
        tot["engine"] = tot["engine cold"]
        line = f"engine {tot['engine']:.3f} s"
        if use_gnubg:
            text = ratio(tot["engine"], tot["gnubg"]).strip()
            line += f"   gnubg {tot['gnubg']:.3f} s   ratio {text} (target <= 1)"
        print(line + "   (engine caches cleared before every call)")

    # 4. the other movements
    if args.variant_positions > 0:
        report_variants(args.variant_positions, args.passes, clear_all, cold)

    # 5. summary against the speed targets
    print("\n== targets ==")
    if use_gnubg and g:
        r = sum(cold) / sum(g)
        print(
            f"bench total engine/gnubg (cold)   {r:6.2f}   target <= 1.0   {'MET' if r <= 1 else 'not met'}"
        )
        if "engine warm" in per:
            print(f"bench total engine/gnubg (warm)   {sum(per['engine warm']) / sum(g):6.2f}")
    else:
        print("bench total engine/gnubg          n/a (gnubg missing)")
    worst = max(wper["engine"])
    print(
        f"worst position engine             {worst * 1e3:6.2f} ms target <= 10 ms "
        f"{'MET' if worst <= 0.010 else 'not met'}"
    )
    if not args.skip_wildbg and use_gnubg:
        r = tot["engine"] / tot["gnubg"]
        print(
            f"wildbg work engine/gnubg          {r:6.2f}   target <= 1.0   {'MET' if r <= 1 else 'not met'}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
