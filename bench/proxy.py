"""Trickled uploads against the pod's proxy: how long they hold its slots, what a fresh client gets
meanwhile, and the proxy's resident memory (issue 40, P4).

    python bench/proxy.py [--repo DIR] [--uploads 128] [--addresses 4] [--large 0] [--seconds 30]
                          [--nearly-whole] [--latency N]

Starts gunicorn (WEB_CONCURRENCY=2) and the proxy as the pod's `proxy` container starts it (`python
-m arbitru.http.edge deploy/nginx/nginx.conf`), both from DIR (default: this checkout; give an
export of another commit to measure it the same way), on free 127.0.0.1 ports. Then UPLOADS
uploads to /v1/moves announcing 60,000 bytes and LARGE to /v1/matches/verify announcing 1,000,000,
spread over ADDRESSES loopback source addresses (127.0.0.2, ...), each sent its first 1,000 bytes
(with --nearly-whole: all but the last 100) at once and then a byte every 4 s, for SECONDS. Every
second a fresh client (127.0.0.1) posts `{}` to /v1/moves. Prints, second by second, the uploads
the proxy still holds, the fresh client's status and the resident memory of the proxy's processes
(the command's and its descendants'); then when the last upload was let go, the fresh client's
first answer from the app, and the peak. With --latency N, first N requests of the bench mix to
/v1/moves one after another on one kept-alive connection: their median and 99th percentile.
Bounded: a fixed number of sockets with timeouts, loopback only, a fixed duration.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from scripts.local_gunicorn import free_port, stop, venv_bin, wait_until_up  # noqa: E402
from tests.ops.slow_uploads import HEAD, rss_kib  # noqa: E402

FRESH = HEAD % (b"/v1/moves", 2) + b"{}"


def fresh_status(port: int) -> int:
    """The status a fresh client gets for a small valid-JSON body (422: the app judged it)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(FRESH)
            data = sock.recv(4096)
        return int(data[9:12]) if data[9:12].isdigit() else 0
    except OSError:
        return 0


def open_uploads(
    port: int, count: int, addresses: int, path: bytes, length: int, sent: int
) -> list[socket.socket]:
    """`count` uploads to `path` announcing `length` bytes, their first `sent` sent at once."""
    socks = []
    for i in range(count):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(2)
        sock.bind((f"127.0.0.{2 + i % addresses}", 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(HEAD % (path, length) + b" " * sent)
        socks.append(sock)
    return socks


ANSWERS: Counter[str] = Counter()  # how the proxy let uploads go: a status, or "closed"


def still_held(sock: socket.socket, send: bool) -> bool:
    """Whether the proxy still holds `sock`'s upload (nothing answered, not closed); a byte sent if so."""
    sock.setblocking(False)
    try:
        answer = sock.recv(4096)
        ANSWERS[answer[9:12].decode() or "closed"] += 1
        return False
    except BlockingIOError:
        pass
    except OSError:
        ANSWERS["closed"] += 1
        return False
    if send:
        try:
            sock.send(b" ")
        except OSError:
            return False
    return True


def start(repo: Path, tmp: Path) -> tuple[subprocess.Popen[bytes], subprocess.Popen[bytes], int]:
    """gunicorn and the proxy from `repo`: (gunicorn, proxy, the proxy's port)."""
    port, proxy_port = free_port(), free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PROMETHEUS_MULTIPROC_DIR", "PYTHONPATH")}
    (tmp / "metrics").mkdir()
    env.update(
        HOST="127.0.0.1",
        PORT=str(port),
        METRICS_PORT="0",
        WEB_CONCURRENCY="2",
        PROMETHEUS_MULTIPROC_DIR=str(tmp / "metrics"),
        PYTHONPATH=str(repo / "service"),
        PROXY_PORT=str(proxy_port),
        PROXY_RUN_DIR=str(tmp / "proxy"),
        PATH=f"{Path(sys.executable).parent}:/usr/sbin:/sbin:{env.get('PATH', '')}",
    )
    app = subprocess.Popen(
        [venv_bin("gunicorn"), "-c", "gunicorn.conf.py"],
        cwd=repo,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(tmp / "gunicorn.err", "wb"),
    )
    wait_until_up(f"http://127.0.0.1:{port}/healthz", app, tmp / "gunicorn.err", timeout=60)
    command = [sys.executable, "-m", "arbitru.http.edge", "deploy/nginx/nginx.conf"]
    proxy = subprocess.Popen(
        command, cwd=repo, env=env, stdout=subprocess.DEVNULL, stderr=open(tmp / "proxy.err", "wb")
    )
    wait_until_up(f"http://127.0.0.1:{proxy_port}/readyz", proxy, tmp / "proxy.err", timeout=60)
    return app, proxy, proxy_port


def latency(port: int, count: int) -> None:
    """`count` POST /v1/moves of the bench mix's positions, one after another on one kept-alive
    connection through the proxy: the median and 99th percentile, in ms."""
    import http.client
    import json

    rows = [json.loads(x) for x in (REPO / "data" / "bench_positions.jsonl").read_text().splitlines() if x]
    bodies = [json.dumps({k: r[k] for k in ("board", "turn", "dice")}).encode() for r in rows]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    took = []
    for i in range(count):
        began = time.perf_counter()
        conn.request("POST", "/v1/moves", bodies[i % len(bodies)], {"Content-Type": "application/json"})
        answer = conn.getresponse()
        answer.read()
        took.append((time.perf_counter() - began) * 1000)
        assert answer.status == 200, answer.status
    conn.close()
    took.sort()
    print(
        f"{count} requests through the proxy, one connection: p50 {took[len(took) // 2]:.2f} ms, "
        f"p99 {took[int(len(took) * 0.99)]:.2f} ms"
    )


def run(args: argparse.Namespace, proxy: subprocess.Popen[bytes], port: int) -> None:
    """The attack, second by second, and its summary."""
    idle = rss_kib(proxy.pid)
    small, large = (60_000, 1_000_000)
    sent = (small - 100, large - 100) if args.nearly_whole else (1000, 1000)
    socks = open_uploads(port, args.uploads, args.addresses, b"/v1/moves", small, sent[0])
    socks += open_uploads(port, args.large, args.addresses, b"/v1/matches/verify", large, sent[1])
    began, peak, released, served = time.monotonic(), idle, None, None
    print(f"proxy idle: {idle / 1024:.1f} MiB; {len(socks)} uploads from {args.addresses} addresses")
    second = 0
    while (elapsed := time.monotonic() - began) < args.seconds:
        socks = [s for s in socks if still_held(s, send=second % 4 == 0)]
        status, memory = fresh_status(port), rss_kib(proxy.pid)
        peak = max(peak, memory)
        if not socks and released is None:
            released = elapsed
        if status == 422 and served is None:
            served = elapsed
        print(
            f"  t={elapsed:5.1f} s  held {len(socks):4d}  fresh client {status}  "
            f"proxy {memory / 1024:6.1f} MiB"
        )
        second += 1
        time.sleep(max(0.0, began + second - time.monotonic()))
    for sock in socks:
        sock.close()
    print(
        f"uploads all let go after: {'never' if released is None else f'{released:.1f} s'} "
        f"(held at the end: {len(socks)}); fresh client first served after: "
        f"{'never' if served is None else f'{served:.1f} s'}; proxy peak {peak / 1024:.1f} MiB; "
        f"uploads let go with: {dict(ANSWERS)}"
    )


def main() -> None:
    """Command line: see the module's docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=REPO)
    parser.add_argument("--uploads", type=int, default=128)
    parser.add_argument("--addresses", type=int, default=4)
    parser.add_argument("--large", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--latency", type=int, default=0, help="first time this many requests, one by one")
    parser.add_argument(
        "--nearly-whole", action="store_true", help="send all but the last 100 bytes of each body at once"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app, proxy, port = start(args.repo.resolve(), Path(tmp))
        try:
            if args.latency:
                latency(port, args.latency)
            run(args, proxy, port)
        finally:
            stop(proxy)
            stop(app)
        errors = [line for line in (Path(tmp) / "proxy.err").read_text(errors="replace").splitlines()]
        print("the proxy's log:", *errors[-10:] or ["(nothing)"], sep="\n  ")


if __name__ == "__main__":
    main()
