#!/usr/bin/env python
"""A/B of the whole request path of two checkouts, in-process, side by side in one run.

    python bench/request_path.py --before ../old-checkout [--after .] [--rounds 7] [--requests 2000]
    python bench/request_path.py --before ../old-checkout --callgrind 300

Each checkout answers the bench mix (POST /v1/moves, data/bench_positions.jsonl) through its own
WSGI app, called directly with a prepared environ: no network, no client, so the figure is the
application's own cost per request (hooks, validation, engine, render, JSON), which is what a
change of the code moves. Like a gunicorn worker (gunicorn.conf.py's `post_worker_init`), the worker
freezes what the loaded app holds out of the collector's reach before the first request: otherwise a
full collection walking the ~74,000 objects of the start-up (about 0.1 s, once in some 2,000
requests) lands in one checkout's measured window and not the other's, and its size follows how many
modules a checkout loads, not what a request costs. Each checkout runs in a long-lived process of its
own virtualenv (`<checkout>/.venv/bin/python`, made by `make .venv/.dev`), and the rounds alternate
A, B, A, B so that a shared, noisy machine slows both alike; the ratio after/before is taken per
round, and its median printed. Two modes, set explicitly for both checkouts: the engine's plays
cache at 25,000 plays (which the mix overflows) and off (`ARBITRU_PLAYS_CACHE_SIZE=0`: every
request computes).

`--callgrind N` counts instructions instead of seconds (valgrind's callgrind): the same total for
the same code and input whatever else the machine does. Each checkout runs N and 2N requests of the
mix and the difference over N is its instructions per request (start-up cancels out).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# The worker runs inside each checkout's own virtualenv: it imports that checkout's arbitru.
WORKER = r"""
import gc, io, os, sys, time
from arbitru import create_app

results = os.fdopen(os.dup(1), "w")  # the answers go here; the app's own log lines (fd 1) to /dev/null
os.dup2(os.open(os.devnull, os.O_WRONLY), 1)

bodies = [line.encode() for line in open(sys.argv[1]).read().splitlines() if line]
app = create_app()
gc.collect()  # as the server does once a worker has loaded the app (gunicorn.conf.py, post_worker_init):
gc.freeze()  # what the app holds is out of every collection's reach, in both checkouts alike


def call(body):
    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": "/v1/moves", "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr, "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0), "wsgi.multithread": False, "wsgi.multiprocess": True,
        "wsgi.run_once": False, "HTTP_HOST": "127.0.0.1:8000",
    }
    status = []
    out = b"".join(app(environ, lambda s, h, e=None: status.append(s)))
    if not status[0].startswith("200"):
        raise SystemExit(f"{status[0]}: {out[:300]!r}")


if len(sys.argv) > 2:  # callgrind: a fixed number of requests, then exit
    for i in range(int(sys.argv[2])):
        call(bodies[i % len(bodies)])
    raise SystemExit(0)
for line in sys.stdin:  # one round per line: the number of requests; answers seconds
    n = int(line)
    start = time.perf_counter()
    for i in range(n):
        call(bodies[i % len(bodies)])
    print(time.perf_counter() - start, file=results, flush=True)
"""


def mix_file(data: Path, tmp: Path) -> Path:
    """The bench mix as one JSON request body per line."""
    rows = [json.loads(x) for x in (data / "bench_positions.jsonl").read_text().splitlines() if x.strip()]
    path = tmp / "bodies.txt"
    path.write_text(
        "".join(
            json.dumps({"board": r["board"], "turn": r["turn"], "dice": r["dice"]}, separators=(",", ":"))
            + "\n"
            for r in rows
        )
    )
    return path


def environment(cache: bool, tree: Path) -> dict[str, str]:
    """The worker's environment: the checkout's own `service/` first on the path (so a virtualenv
    with another checkout installed editable still imports this one), the same settings in both."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARBITRU_")}
    env["PYTHONPATH"] = str(tree / "service")
    env["PYTHONHASHSEED"] = "0"  # the same dict layouts in every run: callgrind's counts repeat
    env["ARBITRU_PLAYS_CACHE_SIZE"] = "25000" if cache else "0"  # the same in both, whatever their defaults
    return env


def python_of(checkout: Path) -> str:
    python = checkout / ".venv" / "bin" / "python"
    if not python.exists():
        raise SystemExit(f"{python} missing: run `make .venv/.dev` in {checkout}")
    return str(python)


def timed_rounds(
    trees: dict[str, Path], worker: Path, bodies: Path, cache: bool, rounds: int, n: int
) -> dict[str, list[float]]:
    """µs per request of each checkout, alternating rounds; first round of each is a warm-up."""
    procs = {
        name: subprocess.Popen(
            [python_of(tree), str(worker), str(bodies)],
            cwd=tree,
            env=environment(cache, tree),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        for name, tree in trees.items()
    }
    times: dict[str, list[float]] = {name: [] for name in trees}
    try:
        for round_ in range(rounds + 1):
            order = list(procs) if round_ % 2 == 0 else list(reversed(procs))
            for name in order:
                procs[name].stdin.write(f"{n}\n")
                procs[name].stdin.flush()
                line = procs[name].stdout.readline()
                if not line:
                    raise SystemExit(f"{name} worker died")
                if round_:
                    times[name].append(float(line) / n * 1e6)
    finally:
        for proc in procs.values():
            proc.kill()
    return times


def callgrind(tree: Path, worker: Path, bodies: Path, n: int, tmp: Path) -> float:
    """Instructions per request (cache off): callgrind totals of 2n and n requests, difference / n."""
    totals = []
    for count in (n, 2 * n):
        out = tmp / f"cg.{tree.name}.{count}"
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", python_of(tree)]
            + [str(worker), str(bodies), str(count)],
            cwd=tree,
            env=environment(False, tree),
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        lines = out.read_text().splitlines()
        summary = next(line for line in lines if line.startswith(("summary:", "totals:")))
        totals.append(int(summary.split()[1]))
    return (totals[1] - totals[0]) / n


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", required=True, type=Path, help="the old checkout (with its .venv)")
    parser.add_argument("--after", default=REPO, type=Path, help="the new checkout (default: this one)")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds per checkout and mode")
    parser.add_argument("--requests", type=int, default=2000, help="requests per round")
    parser.add_argument("--callgrind", type=int, metavar="N", help="count instructions instead")
    parser.add_argument("--data", type=Path, default=REPO / "data")
    args = parser.parse_args()
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    tmp = Path(tempfile.mkdtemp(prefix="arbitru-ab-"))
    worker = tmp / "worker.py"
    worker.write_text(WORKER)
    bodies = mix_file(args.data, tmp)
    print(f"A/B in-process POST /v1/moves, bench mix; before={trees['before']} after={trees['after']}")
    if args.callgrind:
        counts = {name: callgrind(tree, worker, bodies, args.callgrind, tmp) for name, tree in trees.items()}
        print(f"instructions per request, cache off, {args.callgrind} vs {2 * args.callgrind} requests:")
        for name, count in counts.items():
            print(f"  {name:6} {count:12,.0f}")
        print(f"  after/before {counts['after'] / counts['before']:.3f}")
        return
    print(f"{args.rounds} alternating rounds of {args.requests} requests (after a warm-up round each)")
    print(f"{'mode':10} {'before µs':>10} {'after µs':>10} {'after/before':>13}  ratio per round")
    for cache in (True, False):
        times = timed_rounds(trees, worker, bodies, cache, args.rounds, args.requests)
        ratios = [a / b for a, b in zip(times["after"], times["before"], strict=True)]
        print(
            f"{'cache on' if cache else 'cache off':10} {statistics.median(times['before']):10.1f} "
            f"{statistics.median(times['after']):10.1f} {statistics.median(ratios):13.3f}  "
            + " ".join(f"{r:.3f}" for r in ratios)
        )


if __name__ == "__main__":
    main()
