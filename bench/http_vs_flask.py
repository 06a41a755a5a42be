#!/usr/bin/env python
"""HTTP benchmark: POST /v1/moves over the bench mix against a bare Flask endpoint returning the same
precomputed bodies, both under the same gunicorn config, same run, 127.0.0.1 only, bounded in time.

    python bench/http_vs_flask.py [--duration 10] [--rounds 2] [--connections 4] [--data data]

Prints req/s and p99 for both (and the ratio, target >= 0.8), p99 with one connection
(target <= 3 ms), and the full-response time of the heaviest position (2,226 plays, target <= 60 ms).
The service runs twice: as deployed (the engine's plays cache off by default: every request computes
its plays) and with a plays cache of 25,000 plays (`ARBITRU_PLAYS_CACHE_SIZE=25000`, which the bench
mix's 2,000 positions overflow: every request misses, and pays for the cached plays the garbage
collector walks).
Then the service and the bare Flask floor again, each behind the pod's proxy (nginx and HAProxy as
deploy/nginx/ and deploy/haproxy/ configure them, started by `python -m arbitru.http.edge`, as in
the pod) with keep-alive clients: the figures a client of the deployed pod sees, beside the direct ones
(`--no-proxy` skips them; so does a machine without nginx, saying so).
Uses wrk with a Lua script cycling the request bodies when installed, else a Python client (fresh
connections direct, as gunicorn's sync workers close each one; kept alive through the proxy).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from scripts.local_gunicorn import HOST, free_port  # noqa: E402

HEADERS = {"Content-Type": "application/json"}

WRK_LUA = r"""
local bodies = {}
local idx = 0
init = function(args)
  for line in io.lines(args[1]) do bodies[#bodies + 1] = line end
  idx = math.random(#bodies)
end
request = function()
  idx = idx % #bodies + 1
  return wrk.format("POST", "/v1/moves", {["Content-Type"] = "application/json"}, bodies[idx])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "WRKJSON {\"requests\":%d,\"duration_us\":%d,\"p50\":%d,\"p99\":%d,\"max\":%d,"
    .. "\"errors\":%d,\"status\":%d}\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.timeout, e.status))
end
"""


def post(port: int, body: bytes, path: str = "/v1/moves", timeout: float = 30) -> tuple[int, bytes]:
    """One POST on a fresh connection: (status, full body)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("POST", path, body=body, headers=HEADERS)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


class Server:
    """A gunicorn started by this script (and stopped by it, by its own pid)."""

    def __init__(self, app: str, config: Path | None, env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        cmd = [sys.executable, "-m", "gunicorn", "--pythonpath", str(REPO)]
        cmd += ["-c", str(config)] if config else ["-w", "2", "-k", "sync"]
        cmd += ["--bind", f"{HOST}:{self.port}", app]
        full_env = {**os.environ, **env, "HOST": HOST, "PORT": str(self.port)}
        self.log = log
        self.proc = subprocess.Popen(
            cmd, cwd=REPO, env=full_env, stdout=log.open("wb"), stderr=subprocess.STDOUT
        )

    def wait_ready(self, probe: bytes, timeout: float = 60) -> None:
        """Until a POST answers (or the server died / timed out)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited; see {self.log}:\n{self.log.read_text()[-2000:]}")
            try:
                post(self.port, probe, timeout=5)
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"gunicorn not ready after {timeout}s; see {self.log}")

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it lingers."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def nginx_bin() -> str | None:
    """Debian's nginx (/usr/sbin is not on every PATH), or None."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")


class Proxy:
    """The pod's proxy in front of one server: `python -m arbitru.http.edge deploy/nginx/nginx.conf`
    with the proxy container's settings, on free ports (stopped by this script, by its own pid)."""

    def __init__(self, upstream: int, run_dir: Path, nginx: str) -> None:
        self.port = free_port()
        env = {
            **os.environ,
            "PROXY_PORT": str(self.port),
            "PORT": str(upstream),
            "PROXY_RUN_DIR": str(run_dir),
            "PATH": f"{Path(nginx).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        }
        self.log = run_dir.with_suffix(".log")
        command = [sys.executable, "-m", "arbitru.http.edge", "deploy/nginx/nginx.conf"]
        self.proc = subprocess.Popen(
            command, cwd=REPO, env=env, stdout=self.log.open("wb"), stderr=subprocess.STDOUT
        )

    wait_ready = Server.wait_ready
    stop = Server.stop


def run_wrk(port: int, bodies_file: Path, lua: Path, duration: float, connections: int) -> dict[str, float]:
    """req/s and latency percentiles (ms) from wrk."""
    cmd = [
        "wrk",
        "-t1",
        f"-c{connections}",
        f"-d{max(1, round(duration))}s",
        "--timeout",
        "10s",
        "-s",
        str(lua),
        f"http://{HOST}:{port}",
        "--",
        str(bodies_file),
    ]
    for attempt in (1, 2):  # wrk exits 1 now and then when a connection drops at a worker's recycling
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode == 0 or attempt == 2:
            break
        print(f"wrk failed ({run.returncode}: {run.stderr.strip() or run.stdout.strip()}); once more")
    if run.returncode:
        raise RuntimeError(f"wrk failed ({run.returncode}): {run.stderr.strip() or run.stdout.strip()}")
    line = next(x for x in run.stdout.splitlines() if x.startswith("WRKJSON "))
    data = json.loads(line[len("WRKJSON ") :])
    return {
        "rps": data["requests"] / (data["duration_us"] / 1e6),
        "p50": data["p50"] / 1e3,
        "p99": data["p99"] / 1e3,
        "max": data["max"] / 1e3,
        "requests": data["requests"],
        "errors": data["errors"] + data["status"],
    }


def run_python(
    port: int, bodies: list[bytes], duration: float, connections: int, keep_alive: bool = False
) -> dict[str, float]:
    """The same with Python threads (one connection each, fresh per request like gunicorn sync, or
    kept alive); slower than wrk: the client itself may be the bottleneck."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop_at = time.perf_counter() + duration

    def worker(offset: int) -> None:
        mine, bad, i = [], 0, offset
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        while time.perf_counter() < stop_at:
            body = bodies[i % len(bodies)]
            i += 1
            t0 = time.perf_counter()
            try:
                if keep_alive:
                    conn.request("POST", "/v1/moves", body=body, headers=HEADERS)
                    answer = conn.getresponse()
                    answer.read()
                    status = answer.status
                else:
                    status, _ = post(port, body)
                bad += status != 200
            except (OSError, http.client.HTTPException):
                conn.close()
                bad += 1
            mine.append(time.perf_counter() - t0)
        conn.close()
        with lock:
            latencies.extend(mine)
            errors[0] += bad

    start = time.perf_counter()
    threads = [threading.Thread(target=worker, args=(k * 97,)) for k in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    ordered = sorted(latencies)
    q = lambda p: ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1e3  # noqa: E731
    return {
        "rps": len(latencies) / elapsed,
        "p50": q(50),
        "p99": q(99),
        "max": ordered[-1] * 1e3,
        "requests": len(latencies),
        "errors": errors[0],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", help="data directory (default $ARBITRU_DATA_DIR or the repository's data/)")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per load run (default 10)")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds per server (median)")
    parser.add_argument("--connections", type=int, default=4, help="concurrent connections for req/s")
    parser.add_argument("--big-repeats", type=int, default=20, help="requests of the heaviest position")
    parser.add_argument("--client", choices=("auto", "wrk", "python"), default="auto")
    parser.add_argument("--config", help="gunicorn config (default ./gunicorn.conf.py if present)")
    parser.add_argument("--no-proxy", action="store_true", help="skip the runs through the pod's proxy")
    args = parser.parse_args(argv)
    data = Path(args.data or os.environ.get("ARBITRU_DATA_DIR") or REPO / "data")
    wanted = Path(args.config) if args.config else (REPO / "gunicorn.conf.py")
    config = wanted if wanted.exists() else None
    use_wrk = args.client == "wrk" or (args.client == "auto" and shutil.which("wrk"))

    rows = [json.loads(x) for x in (data / "bench_positions.jsonl").read_text().splitlines() if x.strip()]
    mix = [
        json.dumps({"board": r["board"], "turn": r["turn"], "dice": r["dice"]}, separators=(",", ":"))
        for r in rows
    ]
    worst = json.loads((data / "worst_positions.jsonl").read_text().splitlines()[0])
    big = json.dumps({"board": worst["board"], "turn": worst["turn"], "dice": worst["dice"]}).encode()

    tmp = Path(tempfile.mkdtemp(prefix="arbitru-bench-http-"))
    (tmp / "bodies.txt").write_text("\n".join(mix) + "\n")
    (tmp / "wrk.lua").write_text(WRK_LUA)
    print(
        f"arbitru HTTP benchmark  gunicorn config={config or '-w 2 -k sync (no gunicorn.conf.py)'}  "
        f"client={'wrk' if use_wrk else 'python threads'}  duration={args.duration}s x {args.rounds} rounds  "
        f"connections={args.connections}  mix={len(mix)} requests (bench_positions.jsonl)"
    )

    nginx = None if args.no_proxy else nginx_bin()
    if not args.no_proxy and nginx is None:
        print("nginx not found (apt-get install nginx): no runs through the proxy")
    servers: list[Server | Proxy] = []
    try:
        real = Server("arbitru:create_app()", config, {}, tmp / "service.log")
        servers.append(real)
        real.wait_ready(mix[0].encode())
        pairs, sizes, bad = [], [], 0
        for body in mix:  # precompute the real answers (also warms the service)
            status, resp = post(real.port, body.encode())
            bad += status != 200
            pairs.append([body, resp.decode()])
            sizes.append(len(resp))
        print(
            f"mix: request median {statistics.median(len(b) for b in mix)} B, response median "
            f"{statistics.median(sizes):.0f} B, max {max(sizes)} B, non-200 answers: {bad}"
        )
        if bad == len(mix):
            print("/v1/moves does not answer 200 (route missing?): stopping")
            return 1
        (tmp / "pairs.json").write_text(json.dumps(pairs))
        bare = Server(
            "bench.bare_flask:app", config, {"ARBITRU_BARE_BODIES": str(tmp / "pairs.json")}, tmp / "bare.log"
        )
        servers.append(bare)
        bare.wait_ready(mix[0].encode())
        # The same service with a plays cache of 25,000 plays (off by default).
        cached = Server(
            "arbitru:create_app()", config, {"ARBITRU_PLAYS_CACHE_SIZE": "25000"}, tmp / "cached.log"
        )
        servers.append(cached)
        cached.wait_ready(mix[0].encode())

        runs: dict[str, Server | Proxy] = {"service": real, "service cached": cached, "bare": bare}
        if nginx is not None:  # the same two behind the pod's proxy (one nginx each, same config)
            for name, upstream in (("service", real), ("bare", bare)):
                proxy = Proxy(upstream.port, tmp / f"proxy-{name}", nginx)
                servers.append(proxy)
                proxy.wait_ready(mix[0].encode())
                runs[name + " proxy"] = proxy
        proxied = {server.port for server in runs.values() if isinstance(server, Proxy)}

        def load(port: int, connections: int) -> dict[str, float]:
            if use_wrk:  # wrk keeps connections alive wherever the server does (the proxy)
                return run_wrk(port, tmp / "bodies.txt", tmp / "wrk.lua", args.duration, connections)
            bodies = [m.encode() for m in mix]
            return run_python(port, bodies, args.duration, connections, keep_alive=port in proxied)

        results: dict[str, list[dict[str, float]]] = {}
        for suffix, connections in (("", args.connections), (" 1c", 1)):
            for _ in range(args.rounds):
                for name, server in runs.items():
                    results.setdefault(name + suffix, []).append(load(server.port, connections))

        def med(key: str, field: str) -> float:
            return statistics.median(r[field] for r in results[key])

        print(
            f"\n{'':16}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'errors':>8}"
            f"   (median of {args.rounds})"
        )
        for key in results:
            print(
                f"{key:16}{med(key, 'rps'):>10.0f}{med(key, 'p50'):>9.2f}{med(key, 'p99'):>9.2f}"
                f"{med(key, 'max'):>9.1f}{sum(r['errors'] for r in results[key]):>8.0f}"
            )

        times = []
        for _ in range(max(1, args.big_repeats)):
            t0 = time.perf_counter()
            status, resp = post(real.port, big)  # no plays cache: computed every time
            times.append(time.perf_counter() - t0)
        times.sort()
        plays = len(json.loads(resp).get("plays", [])) if status == 200 else None
        print(
            f"\nheaviest position, cache off ({worst['dice'][0]}-{worst['dice'][1]}, "
            f"{worst.get('plays')} plays): "
            f"status {status}, {plays} plays, {len(resp) / 1e6:.2f} MB; "
            f"full response median {statistics.median(times) * 1e3:.1f} ms, "
            f"max {times[-1] * 1e3:.1f} ms over {len(times)}"
        )

        big_ms = statistics.median(times) * 1e3
        print("\n== targets ('as deployed' = no plays cache, every request computed) ==")
        for name in ("service", "service cached"):
            ratio = med(name, "rps") / med("bare", "rps")
            p99_1c = med(name + " 1c", "p99")
            label = "cache 25,000" if name.endswith("cached") else "as deployed "
            print(
                f"/v1/moves req/s / bare Flask, {label}   {ratio:6.2f}   target >= 0.8  "
                f"{'MET' if ratio >= 0.8 else 'not met'}"
            )
            print(
                f"/v1/moves p99 one connection, {label}   {p99_1c:6.2f} ms target <= 3 ms "
                f"{'MET' if p99_1c <= 3 else 'not met'}"
            )
        print(
            f"2,226-play position full response        {big_ms:6.1f} ms target <= 60 ms "
            f"{'MET' if big_ms <= 60 else 'not met'}"
        )
        if "service proxy" in results:
            print("\n== through the pod's proxy (nginx and HAProxy, keep-alive clients), beside direct ==")
            print(f"{'':28}{'direct':>10}{'proxy':>10}")
            for label, key in (("service req/s", "service"), ("bare Flask req/s", "bare")):
                print(f"{label:28}{med(key, 'rps'):>10.0f}{med(key + ' proxy', 'rps'):>10.0f}")
            for suffix, label in (("", f"{args.connections} connections"), (" 1c", "1 connection")):
                direct = med("service" + suffix, "rps") / med("bare" + suffix, "rps")
                proxy = med("service proxy" + suffix, "rps") / med("bare proxy" + suffix, "rps")
                print(f"{'service / bare, ' + label:28}{direct:>10.2f}{proxy:>10.2f}")
                for field in ("p50", "p99"):
                    print(
                        f"{'service ' + field + ' ms, ' + label:28}{med('service' + suffix, field):>10.2f}"
                        f"{med('service proxy' + suffix, field):>10.2f}"
                    )
        return 0
    finally:
        for s in servers:
            s.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
