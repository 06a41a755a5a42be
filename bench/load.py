"""Load and failure checks for the production setup. Prints figures; not a test.

Starts its own gunicorn with the repo's gunicorn.conf.py on 127.0.0.1 (a free port, a temporary
metrics dir) for each phase, and sends traffic to 127.0.0.1 only. Every phase is bounded in time.

  load     wrk drives POST /v1/moves with the bodies of bench_positions.jsonl for --duration
           seconds: req/s, p50, p99, non-2xx (must be 0), worker RSS before/after (growth < 10%).
  signals  the same kind of load from Python clients while gunicorn gets SIGHUP (worker reload)
           and then SIGTERM (shutdown): no failure among requests whose connection was
           established before the signal.
  abuse    100 concurrent clients send 10 MB bodies, chunked bodies over the limit, deeply nested
           JSON and the worst positions of worst_positions.jsonl while a separate process probes
           /healthz: every answer is a 4xx or a correct 200 (never 5xx); probe p99 < 50 ms.

Usage: python bench/load.py [--duration 60] [--phases load,signals,abuse] [--workers 2]
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import multiprocessing.connection
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    from orjson import loads as _loads  # parses the 1 MB answers faster, less client CPU
except ImportError:  # pragma: no cover
    _loads = json.loads  # type: ignore[assignment]

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from scripts.local_gunicorn import HOST, free_port, gunicorn_env, stop, worker_pids  # noqa: E402

DATA = Path(os.environ.get("ARBITRU_DATA_DIR") or REPO / "data")
MOVES = "/v1/moves"
RESULTS: list[tuple[str, bool, str]] = []  # (check, passed, figure)
GUNICORN_ARGS: list[str] = []  # extra command-line options (--gunicorn-arg), e.g. to compare settings


def check(name: str, passed: bool, figure: str) -> None:
    """Record and print one pass/fail line."""
    RESULTS.append((name, passed, figure))
    print(f"  [{'PASS' if passed else 'FAIL'}] {name}: {figure}", flush=True)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


# ----------------------------------------------------------------------------- the server ----


@dataclass
class Server:
    """A gunicorn master started by this script."""

    proc: subprocess.Popen[bytes]
    port: int
    workdir: Path
    metrics_port: int

    def workers(self) -> list[int]:
        """Pids of the master's children."""
        return worker_pids(self.proc.pid)

    def rss_kib(self) -> dict[int, int]:
        """Resident set size (KiB) of each worker."""
        sizes = {}
        for pid in self.workers():
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        sizes[pid] = int(line.split()[1])
            except FileNotFoundError:
                pass
        return sizes


def http_get(port: int, path: str, timeout: float = 5.0) -> int:
    """Status of a GET on 127.0.0.1:port (raises OSError when nothing answers)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


@contextmanager
def gunicorn(workers: int, extra_env: dict[str, str] | None = None) -> Iterator[Server]:
    """Run `gunicorn -c gunicorn.conf.py` from the repo; SIGTERM it on the way out."""
    workdir = Path(tempfile.mkdtemp(prefix="arbitru-load-"))
    port, metrics_port = free_port(), free_port()
    env = gunicorn_env(port, metrics_port, workers, workdir / "metrics", **(extra_env or {}))
    gunicorn_bin = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or "gunicorn"
    with open(workdir / "stdout", "wb") as out, open(workdir / "stderr", "wb") as err:
        proc = subprocess.Popen(
            [gunicorn_bin, "-c", "gunicorn.conf.py", *GUNICORN_ARGS],
            cwd=REPO,
            env=env,
            stdout=out,
            stderr=err,
        )
    server = Server(proc, port, workdir, metrics_port)
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("gunicorn did not start:\n" + (workdir / "stderr").read_text()[-2000:])
            try:
                if http_get(port, "/readyz", timeout=1) == 200:
                    break
            except OSError:
                time.sleep(0.1)
        yield server
    finally:
        stop(proc)
        shutil.rmtree(workdir, ignore_errors=True)


# ----------------------------------------------------------------------------- request bodies ----


def bench_bodies() -> list[bytes]:
    """The /v1/moves request of each benchmark position (board, turn, dice only)."""
    bodies = []
    with open(DATA / "bench_positions.jsonl", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            request = {"board": record["board"], "turn": record["turn"], "dice": record["dice"]}
            bodies.append(json.dumps(request, separators=(",", ":")).encode())
    return bodies


def worst_positions() -> list[tuple[bytes, int]]:
    """(request body, expected number of plays) of each worst position."""
    out = []
    with open(DATA / "worst_positions.jsonl", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            request = {"board": record["board"], "turn": record["turn"], "dice": record["dice"]}
            out.append((json.dumps(request).encode(), int(record["plays"])))
    return out


# ----------------------------------------------------------------------------- phase: load ----

WRK_SCRIPT = r"""
local bodies = {}
for line in io.lines(os.getenv("ARBITRU_BODIES")) do bodies[#bodies + 1] = line end
local counter = 0
local headers = {["Content-Type"] = "application/json"}
function init(args)
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 1000)
  counter = math.random(#bodies)
end
function request()
  counter = counter % #bodies + 1
  return wrk.format("POST", "/v1/moves", headers, bodies[counter])
end
function done(summary, latency, requests)
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"non2xx":%d,"connect":%d,"read":%d,"write":%d,' ..
    '"timeout":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, summary.errors.status, summary.errors.connect,
    summary.errors.read, summary.errors.write, summary.errors.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
"""


def ensure_wrk() -> str:
    """Path to wrk, installing the Debian package when it is missing."""
    found = shutil.which("wrk")
    if found:
        return found
    print("wrk not found: apt-get install -y wrk", flush=True)
    install = ["apt-get", "install", "-y", "-qq", "wrk"]
    if subprocess.run(install, timeout=300, check=False).returncode != 0:
        subprocess.run(["apt-get", "update", "-qq"], timeout=300, check=False)
        subprocess.run(install, timeout=300, check=True)
    found = shutil.which("wrk")
    if not found:
        raise SystemExit("could not install wrk")
    return found


def run_wrk(wrk: str, port: int, seconds: int, connections: int, threads: int, tmp: Path) -> dict[str, int]:
    """One bounded wrk run; its summary figures."""
    script = tmp / "moves.lua"
    script.write_text(WRK_SCRIPT)
    env = {**os.environ, "ARBITRU_BODIES": str(tmp / "bodies.txt")}
    command = [
        wrk,
        f"-t{threads}",
        f"-c{connections}",
        f"-d{seconds}s",
        "--timeout",
        "10s",
        "-s",
        str(script),
        f"http://{HOST}:{port}{MOVES}",
    ]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=seconds + 60)
    for line in result.stdout.splitlines():
        if line.startswith("WRK_JSON "):
            return dict(json.loads(line[len("WRK_JSON ") :]))
    raise SystemExit("wrk gave no summary:\n" + result.stdout + result.stderr)


def phase_load(args: argparse.Namespace) -> None:
    """wrk on /v1/moves: throughput, latency, non-2xx, RSS growth."""
    print(
        f"\n== load: wrk, POST {MOVES}, bench_positions mix, {args.duration} s, "
        f"{args.connections} connections, {args.workers} sync workers ==",
        flush=True,
    )
    wrk = ensure_wrk()
    tmp = Path(tempfile.mkdtemp(prefix="arbitru-wrk-"))
    bodies = bench_bodies()
    (tmp / "bodies.txt").write_bytes(b"\n".join(bodies) + b"\n")
    try:
        # Worker recycling off for this run, so RSS "after" is the same processes as "before".
        with gunicorn(args.workers, {"GUNICORN_MAX_REQUESTS": "0"}) as server:
            # Warm-up first (imports, the engine's bounded play cache, allocator arenas), so that
            # "before" is the steady state and growth after it means a leak.
            warm = run_wrk(wrk, server.port, args.warmup, args.connections, 1, tmp)
            before = server.rss_kib()
            result: dict[str, dict[str, int]] = {}
            runner = threading.Thread(
                target=lambda: result.update(
                    stats=run_wrk(wrk, server.port, args.duration, args.connections, args.threads, tmp)
                )
            )
            runner.start()
            samples = []
            for _ in range(4):
                runner.join(timeout=args.duration / 4)
                samples.append(sum(server.rss_kib().values()))
            runner.join()
            stats = result["stats"]
            after = server.rss_kib()
        seconds = stats["duration_us"] / 1e6
        socket_errors = stats["connect"] + stats["read"] + stats["write"] + stats["timeout"]
        print(f"  warm-up: {args.warmup} s, {warm['requests']} requests, non-2xx {warm['non2xx']}")
        print(
            f"  requests {stats['requests']} in {seconds:.1f} s = {stats['requests'] / seconds:.0f} req/s; "
            f"latency p50 {stats['p50_us'] / 1000:.2f} ms, p90 {stats['p90_us'] / 1000:.2f} ms, "
            f"p99 {stats['p99_us'] / 1000:.2f} ms, max {stats['max_us'] / 1000:.1f} ms"
        )
        print(f"  worker RSS before (KiB): {before}; total RSS every {args.duration / 4:.0f} s: {samples}")
        print(f"  worker RSS after  (KiB): {after}")
        check("non-2xx responses", stats["non2xx"] == 0, str(stats["non2xx"]))
        check(
            "socket errors (connect/read/write/timeout)",
            socket_errors == 0,
            f"{stats['connect']}/{stats['read']}/{stats['write']}/{stats['timeout']}",
        )
        same = set(before) == set(after)
        check("no worker died or was replaced", same, f"{sorted(before)} -> {sorted(after)}")
        if same and before:
            growth = max((after[p] - before[p]) / before[p] * 100 for p in before)
            check("worker RSS growth < 10%", growth < 10, f"max {growth:+.1f}%")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ----------------------------------------------------------------------------- phase: signals ----


@dataclass
class Attempt:
    """One client request: when its connection was up, and how it ended."""

    connected: float | None = None
    status: int | None = None
    error: str | None = None


def client_loop(port: int, bodies: list[bytes], stop: threading.Event, out: list[Attempt], seed: int) -> None:
    """POST /v1/moves back to back (a new connection each, as the sync workers close them)."""
    rng = random.Random(seed)
    while not stop.is_set():
        attempt = Attempt()
        conn = http.client.HTTPConnection(HOST, port, timeout=15)
        try:
            conn.connect()
            attempt.connected = time.monotonic()
            conn.request("POST", MOVES, body=rng.choice(bodies), headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            attempt.status = response.status
        except OSError as exc:
            attempt.error = type(exc).__name__
            if attempt.connected is None:
                time.sleep(0.01)  # refused: the listener is gone; do not spin
        finally:
            conn.close()
        out.append(attempt)


def phase_signals(args: argparse.Namespace) -> None:
    """Load through SIGHUP then SIGTERM; count failures among connections made before each signal."""
    seconds = args.signal_duration
    print(
        f"\n== signals: {args.clients} Python clients on {MOVES} for {seconds} s; "
        f"SIGHUP at {seconds / 3:.0f} s, SIGTERM at {2 * seconds / 3:.0f} s ==",
        flush=True,
    )
    bodies = bench_bodies()
    attempts: list[Attempt] = []
    stop = threading.Event()
    with gunicorn(args.workers) as server:
        threads = [
            threading.Thread(target=client_loop, args=(server.port, bodies, stop, attempts, i), daemon=True)
            for i in range(args.clients)
        ]
        start = time.monotonic()
        for thread in threads:
            thread.start()
        time.sleep(seconds / 3)
        old_workers = server.workers()
        hup_at = time.monotonic()
        server.proc.send_signal(signal.SIGHUP)
        time.sleep(seconds / 3)
        new_workers = server.workers()
        term_at = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        try:
            code = server.proc.wait(timeout=max(5.0, seconds / 3 + 30))
        except subprocess.TimeoutExpired:
            code = None
        exit_s = time.monotonic() - term_at
        time.sleep(max(0.0, start + seconds - time.monotonic()))
        stop.set()
        for thread in threads:
            thread.join(timeout=20)
    done = list(attempts)
    before_term = [a for a in done if a.connected is not None and a.connected < term_at]
    failed = [a for a in before_term if a.status is None or not 200 <= a.status < 300]
    around_hup = [a for a in before_term if a.connected is not None and a.connected >= hup_at - 1]
    after_term = [a for a in done if a.connected is None or a.connected >= term_at]
    statuses = Counter(a.status if a.status is not None else a.error for a in before_term)
    print(f"  requests on connections made before SIGTERM: {len(before_term)} ({dict(statuses)})")
    print(f"  of which from 1 s before SIGHUP to SIGTERM: {len(around_hup)}")
    print(f"  workers before SIGHUP {old_workers}, after {new_workers}")
    print(
        f"  after SIGTERM: {len(after_term)} attempts, outcomes "
        f"{dict(Counter(a.status if a.status is not None else a.error for a in after_term))} (not counted)"
    )
    check(
        "SIGHUP replaced the workers",
        bool(old_workers) and not set(old_workers) & set(new_workers),
        f"{old_workers} -> {new_workers}",
    )
    check("failed requests among those accepted before the signals", not failed, str(len(failed)))
    check("gunicorn exited cleanly after SIGTERM", code == 0, f"exit code {code} after {exit_s:.2f} s")


# ----------------------------------------------------------------------------- phase: abuse ----

TEN_MB = 10 * 1024 * 1024


def read_status(sock: socket.socket) -> int | str:
    """The status code of the response on `sock`, or what went wrong reading it."""
    data = b""
    try:
        while b"\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                return "closed without a response" if not data else "truncated status line"
            data += chunk
    except TimeoutError:
        return "timeout"
    except OSError as exc:
        return "no response: " + type(exc).__name__
    try:
        return int(data.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return "bad status line"


def read_full_json(sock: socket.socket) -> tuple[int | str, object]:
    """Status and parsed JSON body of a complete response (the server closes after it)."""
    data = b""
    try:
        while True:
            chunk = sock.recv(1 << 20)
            if not chunk:
                break
            data += chunk
    except TimeoutError:
        return "timeout", None
    except OSError as exc:
        return "no response: " + type(exc).__name__, None
    head, _, body = data.partition(b"\r\n\r\n")
    try:
        status = int(head.split(b" ", 2)[1])
        return status, _loads(body)
    except (IndexError, ValueError):
        return "unreadable response", None


def post_raw(
    port: int,
    headers: list[str],
    body_chunks: Iterator[bytes] | list[bytes],
    timeout: float = 30.0,
    full: bool = False,
) -> tuple[int | str, object]:
    """POST with hand-made headers and body pieces; reads the answer even if the server cut the upload."""
    with socket.create_connection((HOST, port), timeout=timeout) as sock:
        head = "\r\n".join([f"POST {MOVES} HTTP/1.1", f"Host: {HOST}:{port}", *headers, "", ""]).encode()
        try:
            sock.sendall(head)
            for piece in body_chunks:
                sock.sendall(piece)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered early and closed: read what it said
        except TimeoutError:
            return "timeout while sending", None
        if full:
            return read_full_json(sock)
        return read_status(sock), None


def ten_mb_body(port: int, blob: memoryview) -> tuple[int | str, object]:
    """A 10 MB JSON-typed body with its Content-Length."""
    pieces = (bytes(blob[i : i + 262144]) for i in range(0, len(blob), 262144))
    return post_raw(
        port, ["Content-Type: application/json", f"Content-Length: {len(blob)}", "Connection: close"], pieces
    )


def chunked_over_limit(port: int, blob: memoryview) -> tuple[int | str, object]:
    """A chunked body of 4 MB (the limit is 1 MiB)."""
    pieces = [bytes(blob[i : i + 65536]) for i in range(0, 4 * 1024 * 1024, 65536)]
    chunks = [b"%x\r\n" % len(piece) + piece + b"\r\n" for piece in pieces] + [b"0\r\n\r\n"]
    return post_raw(
        port, ["Content-Type: application/json", "Transfer-Encoding: chunked", "Connection: close"], chunks
    )


NESTED = b'{"board":' + b"[" * 100000 + b"]" * 100000 + b"}"


def deeply_nested(port: int, _blob: memoryview) -> tuple[int | str, object]:
    """JSON nested 100,000 deep."""
    return post_raw(
        port,
        ["Content-Type: application/json", f"Content-Length: {len(NESTED)}", "Connection: close"],
        [NESTED],
    )


def prober(
    port: int, stop_at: float, stop: Any, conn: multiprocessing.connection.Connection, tcp: bool = False
) -> None:
    """(child process) Every 20 ms until told or stop_at, a TCP connect (`tcp`: what the liveness
    probe does) or GET /healthz; sends back latencies, failures."""
    latencies: list[float] = []
    failures: list[str] = []
    while time.time() < stop_at and not stop.is_set():
        begin = time.perf_counter()
        try:
            if tcp:
                socket.create_connection((HOST, port), timeout=5).close()
                status = 200
            else:
                status = http_get(port, "/healthz", timeout=5)
            if status != 200:
                failures.append(str(status))
        except OSError as exc:
            failures.append(type(exc).__name__)
        latencies.append((time.perf_counter() - begin) * 1000)
        time.sleep(0.02)
    conn.send((latencies, failures))
    conn.close()


@dataclass
class AbuseTally:
    """Outcomes per kind of abusive request."""

    outcomes: dict[str, Counter[str]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, outcome: str) -> None:
        """Count one outcome."""
        with self.lock:
            self.outcomes.setdefault(kind, Counter())[outcome] += 1


def phase_abuse(args: argparse.Namespace) -> None:
    """Hostile requests from 100 concurrent clients while /healthz is probed."""
    print(
        f"\n== abuse: {args.abuse_clients} concurrent clients x {args.abuse_rounds} round(s) of "
        f"(10 MB body, chunked 4 MB body, JSON nested 100k deep, worst position); /healthz probed "
        f"every 20 ms; bounded by {args.abuse_duration} s ==",
        flush=True,
    )
    blob = memoryview(b'{"board":"' + b"x" * (TEN_MB - 12) + b'"}')
    worst = worst_positions()
    tally = AbuseTally()
    kinds: dict[str, Callable[[int, memoryview], tuple[int | str, object]]] = {
        "10MB": ten_mb_body,
        "chunked": chunked_over_limit,
        "nested": deeply_nested,
    }

    def client(index: int, port: int, deadline: float) -> None:
        rng = random.Random(index)
        for _ in range(args.abuse_rounds):
            order = ["10MB", "chunked", "nested", "worst"]
            rng.shuffle(order)
            for kind in order:
                if time.time() > deadline:
                    tally.add(kind, "not sent (phase deadline)")
                    continue
                try:
                    if kind == "worst":
                        body, expected = worst[rng.randrange(len(worst))]
                        status, parsed = post_raw(
                            port,
                            [
                                "Content-Type: application/json",
                                f"Content-Length: {len(body)}",
                                "Connection: close",
                            ],
                            [body],
                            full=True,
                        )
                        if status == 200:
                            plays = parsed.get("plays") if isinstance(parsed, dict) else None
                            ok = isinstance(plays, list) and len(plays) == expected
                            outcome = (
                                "200 correct" if ok else f"200 WRONG ({len(plays or [])} != {expected} plays)"
                            )
                        else:
                            outcome = str(status)
                    else:
                        outcome = str(kinds[kind](port, blob)[0])
                except OSError as exc:
                    outcome = "connect failed: " + type(exc).__name__
                tally.add(kind, outcome)

    with gunicorn(args.workers) as server:
        start = time.time()
        deadline = start + args.abuse_duration
        probes = {}  # what k8s' liveness probe does (a TCP connect), and /healthz on the app port
        stop_probes = multiprocessing.Event()
        for label, tcp in (("tcp liveness", True), ("app port", False)):
            parent_end, child_end = multiprocessing.Pipe(duplex=False)
            process = multiprocessing.Process(
                target=prober, args=(server.port, deadline + 1, stop_probes, child_end, tcp), daemon=True
            )
            process.start()
            probes[label] = (process, parent_end)
        time.sleep(1.0)  # a second of quiet probes first
        threads = [
            threading.Thread(target=client, args=(i, server.port, deadline), daemon=True)
            for i in range(args.abuse_clients)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=max(1.0, deadline + 35 - time.time()))
        burst_s = time.time() - start - 1.0
        stop_probes.set()
        results = {}
        for label, (process, parent_end) in probes.items():
            results[label] = (
                parent_end.recv() if parent_end.poll(args.abuse_duration + 10) else ([], ["no data"])
            )
            process.join(timeout=5)
    for kind, counts in sorted(tally.outcomes.items()):
        print(f"  {kind:8s} {dict(counts)}")
    print(f"  clients finished in {burst_s:.1f} s; probes ran from 1 s before the first to the last")
    for label, (latencies, failures) in results.items():
        print(
            f"  {label}: {len(latencies)} probes, p50 {percentile(latencies, 50):.1f} ms, "
            f"p99 {percentile(latencies, 99):.1f} ms, max {max(latencies, default=0):.1f} ms, "
            f"failures {len(failures)}"
        )
    latencies, failures = results["tcp liveness"]
    bad = {
        k: {o: n for o, n in c.items() if not (o.startswith("4") or o == "200 correct")}
        for k, c in tally.outcomes.items()
    }
    bad = {k: v for k, v in bad.items() if v}
    check("every abusive request answered with a 4xx or a correct 200", not bad, str(bad or "all"))
    check(
        "no 5xx",
        not any(o.startswith("5") for c in tally.outcomes.values() for o in c),
        "none seen" if not any(o.startswith("5") for c in tally.outcomes.values() for o in c) else "5xx seen",
    )
    check(
        "TCP liveness probe (service port) p99 < 50 ms during abuse",
        percentile(latencies, 99) < 50 and not failures,
        f"p99 {percentile(latencies, 99):.1f} ms, {len(failures)} failed",
    )


# ----------------------------------------------------------------------------- main ----


def main(argv: list[str] | None = None) -> int:
    """Run the chosen phases; exit 1 when a check failed."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=int, default=60, help="wrk load seconds (default 60)")
    parser.add_argument("--warmup", type=int, default=30, help="wrk warm-up seconds before RSS 'before'")
    parser.add_argument(
        "--signal-duration",
        type=int,
        default=None,
        help="seconds of the signals phase (default: --duration, at most 30)",
    )
    parser.add_argument(
        "--abuse-duration", type=int, default=60, help="upper bound of the abuse phase, seconds"
    )
    parser.add_argument("--abuse-clients", type=int, default=100)
    parser.add_argument(
        "--abuse-rounds", type=int, default=1, help="each client sends each kind this many times"
    )
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", "2")))
    parser.add_argument("--connections", type=int, default=8, help="wrk connections")
    parser.add_argument("--threads", type=int, default=1, help="wrk threads")
    parser.add_argument("--clients", type=int, default=8, help="Python clients in the signals phase")
    parser.add_argument("--phases", default="load,signals,abuse")
    parser.add_argument(
        "--gunicorn-arg",
        action="append",
        default=[],
        help="extra gunicorn option, e.g. -k=sync",
    )
    args = parser.parse_args(argv)
    GUNICORN_ARGS[:] = [part for arg in args.gunicorn_arg for part in arg.split("=", 1)]
    if args.signal_duration is None:
        args.signal_duration = min(args.duration, 30)
    phases = {"load": phase_load, "signals": phase_signals, "abuse": phase_abuse}
    chosen = [p.strip() for p in args.phases.split(",") if p.strip()]
    for name in chosen:
        if name not in phases:
            parser.error(f"unknown phase {name!r}; choose from {', '.join(phases)}")
    print(f"arbitru load & failure checks on {HOST}; python {sys.version.split()[0]}; {os.cpu_count()} CPUs")
    for name in chosen:
        phases[name](args)
    failed = [r for r in RESULTS if not r[1]]
    print(f"\n{len(RESULTS) - len(failed)} checks passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
