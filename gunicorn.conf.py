"""gunicorn configuration for Arbitru: `gunicorn -c gunicorn.conf.py`.

Sync workers (the work is CPU-bound: more workers than cores, or threads, only add tail latency),
as many as `WEB_CONCURRENCY` (default 2), bound to `HOST`:`PORT` (default 127.0.0.1:8080).
Prometheus multiprocess mode: every worker writes its metrics under `PROMETHEUS_MULTIPROC_DIR`
(a fresh temporary directory when unset), wiped at start, and `child_exit` marks dead workers.
With `HEALTH_PORT` set, a thread in the (idle) master answers GET /healthz on that port while
some worker heartbeats, so liveness probes never queue behind requests occupying every worker.
"""

from __future__ import annotations

import errno
import gc
import glob
import os
import shutil
import socket
import struct
import tempfile
import threading
import time
from typing import Any

from gunicorn.workers.sync import SyncWorker


def _env_int(name: str, default: int) -> int:
    """An integer from the environment, or `default` when unset or empty."""
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


# --- the metrics directory must be known before any worker imports prometheus_client -------------
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="arbitru-metrics-")
    os.environ["ARBITRU_METRICS_DIR_IS_TEMP"] = "1"

# Imported now, in the master at start, never first in `child_exit`: that hook runs inside gunicorn's
# SIGCHLD handler, and a second worker exiting during a first import re-entered the half-imported
# package and crashed the master (ImportError in the main loop, exit 255; seen on SIGHUP under load).
from prometheus_client import multiprocess as prometheus_multiprocess  # noqa: E402

# --- what and where ------------------------------------------------------------------------------
wsgi_app = "service:create_app()"
bind = [f"{os.environ.get('HOST', '127.0.0.1')}:{_env_int('PORT', 8080)}"]
proc_name = "arbitru"
backlog = 2048


def _accept_queue_length(listener: Any) -> int:
    """Connections waiting in a TCP listener's accept queue (Linux TCP_INFO), 0 when unknown."""
    try:
        info = listener.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 104)
        return int(struct.unpack_from("8B5I", info)[12])  # tcpi_unacked = accept queue when LISTEN
    except (OSError, AttributeError, struct.error):
        return 0


class DrainingSyncWorker(SyncWorker):
    """A sync worker that, told to stop (SIGTERM), first serves the connections already queued.

    Stock sync workers exit after their current request, and the kernel then resets every
    connection still waiting in the listen backlog although it was accepted before the signal.
    This one serves as many connections as were queued when the signal came (no more, so a
    steady stream of new clients cannot keep it alive), bounded by graceful_timeout.
    """

    _drain_budget = 0

    def handle_exit(self, sig: int, frame: Any) -> None:
        """SIGTERM: note how many connections are queued right now, and stop the main loop."""
        self._drain_budget = sum(_accept_queue_length(s) for s in self.sockets)
        super().handle_exit(sig, frame)

    def run(self) -> None:
        """Serve as usual; once stopped, serve what was queued at the signal, then exit."""
        super().run()
        deadline = time.monotonic() + max(1.0, self.cfg.graceful_timeout - 1.0)
        pending = list(self.sockets)
        while pending and self._drain_budget > 0 and time.monotonic() < deadline:
            try:
                self.accept(pending[0])
                self._drain_budget -= 1
            except OSError as exc:
                if exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK):
                    pending.pop(0)  # this listener is empty: the rest went to other workers
                elif exc.errno != errno.ECONNABORTED:
                    return


# --- workers ------------------------------------------------------------------------------------
worker_class = DrainingSyncWorker
workers = _env_int("WEB_CONCURRENCY", 2)
threads = 1
timeout = _env_int("GUNICORN_TIMEOUT", 30)  # a request is ~100 ms of CPU at worst
graceful_timeout = _env_int("GUNICORN_GRACEFUL_TIMEOUT", 20)  # < k8s grace period minus preStop
# Recycle workers to bound slow leaks, rarely: a worker serves ~1,000 req/s, and a new one spends
# a second or more of CPU loading the app, which the slowest 1 % of requests on a 2-core pod feel.
max_requests = _env_int("GUNICORN_MAX_REQUESTS", 200_000)
max_requests_jitter = _env_int("GUNICORN_MAX_REQUESTS_JITTER", 20_000)  # ...not all at once
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None  # heartbeat off the disk

# --- request limits: refuse absurd request lines and headers before the app sees them -----------
limit_request_line = 8190
limit_request_fields = 50
limit_request_field_size = 8190

# --- logs: gunicorn's own to stderr; the per-request JSON line comes from the app ---------------
accesslog = None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()


_HEALTH_NOT_FOUND = b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


def _health_response(ok: bool) -> bytes:
    """The whole HTTP answer of the health port."""
    body = b'{"status":"ok"}' if ok else b'{"status":"no worker is alive"}'
    status = b"200 OK" if ok else b"503 Service Unavailable"
    return (
        b"HTTP/1.1 "
        + status
        + b"\r\nContent-Type: application/json\r\nContent-Length: "
        + str(len(body)).encode()
        + b"\r\nConnection: close\r\n\r\n"
        + body
    )


def _some_worker_alive(server: Any) -> bool:
    """True when at least one worker heartbeated within the worker timeout (as the master checks)."""
    now = time.monotonic()  # gunicorn stamps heartbeats with monotonic time
    for worker in list(server.WORKERS.values()):
        try:
            if now - worker.tmp.last_update() <= server.timeout:
                return True
        except (OSError, ValueError):  # a worker being reaped: its heartbeat file is closed
            continue
    return False


def _serve_health(server: Any, listener: socket.socket) -> None:
    """(daemon thread in the master) Answer GET /healthz: 200 while some worker is alive.

    The master is idle, so this answers in well under a millisecond however busy the sync
    workers are; liveness probes never queue behind client requests, and a pod whose workers
    all stopped heartbeating is reported dead.
    """
    while True:
        try:
            conn, _ = listener.accept()
        except OSError:
            time.sleep(0.05)  # closed at shutdown, or a transient error: do not spin
            continue
        with conn:
            try:
                conn.settimeout(2.0)
                head = conn.recv(4096)
                parts = head.split(b" ", 2)
                path = parts[1].split(b"?", 1)[0] if len(parts) == 3 else b""
                if path == b"/healthz":
                    conn.sendall(_health_response(_some_worker_alive(server)))
                else:
                    conn.sendall(_HEALTH_NOT_FOUND)
            except OSError:
                pass


def on_starting(server: Any) -> None:
    """Empty the metrics directory (old files would be summed in); open the health port if asked."""
    path = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    os.makedirs(path, exist_ok=True)
    for stale in glob.glob(os.path.join(path, "*.db")):
        os.remove(stale)
    health_port = os.environ.get("HEALTH_PORT", "").strip()
    server.arbitru_health = None
    if health_port:
        address = (os.environ.get("HOST", "127.0.0.1"), int(health_port))
        listener = socket.create_server(address, backlog=128)
        server.arbitru_health = listener
        # The thread only blocks in accept/recv/send (no Python locks), so forking workers while
        # it runs is safe; workers inherit the listening fd but never accept on it.
        threading.Thread(target=_serve_health, args=(server, listener), name="health", daemon=True).start()
        server.log.info("Health probe listening at: http://%s:%s/healthz", *address)


def post_worker_init(worker: Any) -> None:
    """Freeze what the loaded app holds (modules, schemas, the spec, tables) out of the cyclic
    garbage collector's reach: every full collection would otherwise walk all of it again, which
    showed as the slowest 1 % of requests (p99 over one connection 23-29 ms -> 5-8 ms)."""
    gc.collect()
    gc.freeze()


def child_exit(server: Any, worker: Any) -> None:
    """A worker died: drop its live-gauge files (its counters and histograms are kept)."""
    prometheus_multiprocess.mark_process_dead(worker.pid)


def on_exit(server: Any) -> None:
    """Close the health port; remove the metrics directory if this config made it up."""
    if getattr(server, "arbitru_health", None) is not None:
        server.arbitru_health.close()
    if os.environ.get("ARBITRU_METRICS_DIR_IS_TEMP") == "1":
        shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)
