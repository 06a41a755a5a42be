"""gunicorn configuration for Arbitru: `gunicorn -c gunicorn.conf.py`.

Sync workers (the work is CPU-bound: more workers than cores, or threads, only add tail latency),
as many as `WEB_CONCURRENCY` (default 2), bound to `HOST`:`PORT` (default 127.0.0.1:8080).
Prometheus multiprocess mode: every worker writes its metrics under `PROMETHEUS_MULTIPROC_DIR`
(a fresh temporary directory when unset), wiped at start; `child_exit` folds a dead worker's counts
into archive files and removes its own.
With `METRICS_PORT` set, the master serves GET /metrics on that port (arbitru.metrics_server: one
thread, a connection cap, deadlines, one rendering for the scrapes of a turn), summing every worker's files:
the scrape never queues behind client requests and never travels the service port.
In the pod gunicorn listens on 127.0.0.1 behind nginx (deploy/nginx/), which buffers whole requests
before a sync worker sees them; liveness is a TCP connect to gunicorn's port from inside the
container (the kernel completes the handshake however busy the workers are); readiness is GET
/readyz through the proxy. Malformed requests gunicorn refuses itself are answered in
problem+json, like the app's (`ProblemSyncWorker`, `pre_request`).
"""

from __future__ import annotations

import errno
import gc
import glob
import os
import shutil
import tempfile
import time
from typing import Any

from gunicorn import util as gunicorn_util
from gunicorn.workers.sync import SyncWorker

from arbitru.settings import Settings
from arbitru.trust.keys import share_unconfigured_keys

SETTINGS = Settings.from_env()  # read once, at start (the workers' app reads its own the same way)
# One signing key set for every worker when none is configured: made here in the master, said on
# stderr, handed down in the environment; each worker would otherwise make its own and refuse the
# states the others signed (arbitru.trust.keys).
share_unconfigured_keys(SETTINGS.signing_keys_file)


# --- the metrics directory must be known before any worker imports prometheus_client -------------
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="arbitru-metrics-")
    os.environ["ARBITRU_METRICS_DIR_IS_TEMP"] = "1"

# Imported now, in the master at start, never first in `child_exit`: that hook runs inside gunicorn's
# SIGCHLD handler, and a second worker exiting during a first import re-entered the half-imported
# package and crashed the master (ImportError in the main loop, exit 255; seen on SIGHUP under load).
from prometheus_client import CollectorRegistry  # noqa: E402
from prometheus_client import multiprocess as prometheus_multiprocess  # noqa: E402

from arbitru.metrics_server import MetricsServer, retire_process  # noqa: E402

# --- what and where ------------------------------------------------------------------------------
wsgi_app = "arbitru:create_app()"
bind = [f"{SETTINGS.host}:{SETTINGS.port}"]
proc_name = "arbitru"
backlog = 2048


class DrainingSyncWorker(SyncWorker):
    """A sync worker that, told to stop (SIGTERM), first serves the connections already queued.

    Measured with gunicorn 27.0.1 (tests/ops, `test_sigterm_serves_every_connection_already_queued`):
    the stock sync worker exits after its current request and the kernel resets every connection
    still waiting in the listen backlog, although it was accepted before the signal (preStop
    narrows that window in Kubernetes, it does not close it). This one serves as many connections
    as were queued when the signal came, as gunicorn itself counts them (`get_backlog`, its
    `enable_backlog_metric` reading), no more (a steady stream of new clients cannot keep it
    alive), within graceful_timeout.
    """

    _drain_budget = 0

    def handle_exit(self, sig: int, frame: Any) -> None:
        """SIGTERM: note how many connections are queued right now, and stop the main loop."""
        self._drain_budget = sum(max(0, s.get_backlog()) for s in self.sockets)
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


class ProblemSyncWorker(DrainingSyncWorker):
    """A draining sync worker whose own refusals are problem+json, like the app's.

    gunicorn answers a request it cannot parse (400), a request line over `limit_request_line` (414),
    an `Expect` other than 100-continue (417), too many or too long headers (431) and a transfer
    coding other than chunked (501) with an HTML page of its own; this worker sends
    `arbitru.http.edge.problem_http(status)` instead, and answers a `RefusedRequest` (the
    `pre_request` hook's: a body with a Content-Encoding, 415, or a transfer coding other than
    chunked, 501) the same way.
    """

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        """Answer an error in problem+json: gunicorn's own handling (logging, access line) with
        its HTML writer swapped for ours while it runs (a sync worker runs one request at a time)."""
        from arbitru.http.edge import RefusedRequest, problem_http, unsupported_transfer_coding

        refused = getattr(exc, "req", None)
        if getattr(exc, "hdr", None) == "TRANSFER-ENCODING" and refused is not None:
            if unsupported_transfer_coding(refused.headers):
                exc = RefusedRequest(501)
        if isinstance(exc, RefusedRequest):
            self.log.warning("Refused request from ip=%s: status %s", (addr or ("",))[0], exc.status)
            try:
                gunicorn_util.write_nonblock(client, problem_http(exc.status))
            except OSError:
                self.log.debug("Failed to send error message.")
            return
        html_writer = gunicorn_util.write_error
        gunicorn_util.write_error = lambda sock, status, _reason, _mesg: gunicorn_util.write_nonblock(
            sock, problem_http(int(status))
        )
        try:
            super().handle_error(req, client, addr, exc)
        finally:
            gunicorn_util.write_error = html_writer


def pre_request(worker: Any, req: Any) -> None:
    """Refuse a body the app cannot read as sent: with a Content-Encoding (415) or a transfer coding
    other than chunked (501; gunicorn passes `gzip, chunked` on, still coded)."""
    from arbitru.http.edge import refuse_unreadable_body

    refuse_unreadable_body(req.headers)


# --- workers ------------------------------------------------------------------------------------
worker_class = ProblemSyncWorker
workers = SETTINGS.workers
threads = 1
timeout = SETTINGS.timeout  # a request is ~100 ms of CPU at worst
graceful_timeout = SETTINGS.graceful_timeout  # < k8s grace period minus preStop
# Recycle workers to bound slow leaks, rarely: a worker serves ~1,000 req/s, and a new one spends
# a second or more of CPU loading the app, which the slowest 1 % of requests on a 2-core pod feel.
max_requests = SETTINGS.max_requests
max_requests_jitter = SETTINGS.max_requests_jitter  # ...not all at once
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None  # heartbeat off the disk

# --- request limits: refuse absurd request lines and headers before the app sees them -----------
limit_request_line = 8190
limit_request_fields = 50
limit_request_field_size = 8190

# --- no control socket: gunicorn 27 opens one by default, at a path every instance on the host
# shares, and logs an error at each start on a read-only root filesystem; nothing here uses it.
control_socket_disable = True

# --- logs: gunicorn's own to stderr; the per-request JSON line comes from the app ---------------
accesslog = None
errorlog = "-"
loglevel = SETTINGS.log_level.lower()


def on_starting(server: Any) -> None:
    """Empty the metrics directory (old files would be summed in); serve /metrics if asked."""
    path = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    os.makedirs(path, exist_ok=True)
    for stale in glob.glob(os.path.join(path, "*.db")):
        os.remove(stale)
    server.arbitru_metrics = None
    metrics_port = SETTINGS.metrics_port
    if metrics_port:
        registry = CollectorRegistry()
        prometheus_multiprocess.MultiProcessCollector(registry, path=path)
        address = SETTINGS.metrics_host or SETTINGS.host
        # One thread, a connection cap and deadlines (prometheus_client's own server was a thread
        # per connection: 300 idle sockets held 300 threads of the master).
        server.arbitru_metrics = MetricsServer(registry, address, metrics_port)
        server.arbitru_metrics.start()
        server.log.info("Metrics listening at: http://%s:%s/metrics", address, metrics_port)


def post_worker_init(worker: Any) -> None:
    """Freeze what the loaded app holds (modules, schemas, the spec, tables) out of the cyclic
    garbage collector's reach: every full collection would otherwise walk all of it again, which
    showed as the slowest 1 % of requests (p99 over one connection 23-29 ms -> 5-8 ms)."""
    gc.collect()
    gc.freeze()


def child_exit(server: Any, worker: Any) -> None:
    """A worker exited (recycled, killed or crashed): its counts go into the archive files and its
    own metrics files are removed (arbitru.metrics_server.retire_process)."""
    retire_process(worker.pid, os.environ["PROMETHEUS_MULTIPROC_DIR"])


def on_exit(server: Any) -> None:
    """Stop serving /metrics; remove the metrics directory if this config made it up."""
    if getattr(server, "arbitru_metrics", None) is not None:
        server.arbitru_metrics.shutdown()
        server.arbitru_metrics.server_close()
    if os.environ.get("ARBITRU_METRICS_DIR_IS_TEMP") == "1":
        shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)
