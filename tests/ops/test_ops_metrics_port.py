"""The metrics port (arbitru.metrics_server in the gunicorn master) under a scrape storm and idle
sockets: the master's threads and memory stay bounded, and it still answers afterwards.

Before (prometheus_client's start_http_server, a thread per connection): 300 concurrent scrapes cost
the master 7.9 s of CPU and a 376 MB peak; 300 idle sockets held 300 threads.
"""

from __future__ import annotations

import selectors
import socket
import time
from pathlib import Path

import pytest

from arbitru.metrics_server import MetricsServer
from tests.ops.ops_live import get, gunicorn

SCRAPES = 300
IDLE = 300
# The master's growth allowed during the storm: no thread at all (the server is the one thread it
# started with), and 64 MB of resident memory at its peak (the old server's peak grew by ~300 MB).
MAX_EXTRA_THREADS = 0
MAX_EXTRA_PEAK_RSS_KB = 64 * 1024


def status_of(pid: int) -> dict[str, int]:
    """Threads, VmRSS and VmHWM (kB) of a process, from /proc."""
    fields: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("Threads", "VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0])
    return fields


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    parts = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / 100.0


def storm(port: int, master: int, deadline_s: float = 60.0) -> dict[str, float]:
    """Open IDLE sockets that send nothing, then SCRAPES that each send a GET /metrics at once; read
    until every scrape is answered or closed (bounded by `deadline_s`). Sample the master meanwhile."""
    sel = selectors.DefaultSelector()
    idle: list[socket.socket] = []
    for _ in range(IDLE):
        sock = socket.socket()
        sock.setblocking(False)
        sock.connect_ex(("127.0.0.1", port))
        idle.append(sock)
    pending: dict[socket.socket, bytearray] = {}
    for _ in range(SCRAPES):
        sock = socket.socket()
        sock.setblocking(False)
        sock.connect_ex(("127.0.0.1", port))
        sel.register(sock, selectors.EVENT_WRITE)
        pending[sock] = bytearray()
    max_threads = 0
    answered = closed = 0
    end = time.monotonic() + deadline_s
    while pending and time.monotonic() < end:
        max_threads = max(max_threads, status_of(master)["Threads"])
        for key, events in sel.select(timeout=0.2):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            if events & selectors.EVENT_WRITE:
                try:
                    sock.send(b"GET /metrics HTTP/1.1\r\nHost: scrape\r\n\r\n")
                    sel.modify(sock, selectors.EVENT_READ)
                except OSError:
                    sel.unregister(sock)
                    sock.close()
                    pending.pop(sock)
                    closed += 1
                continue
            try:
                data = sock.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if data:
                pending[sock] += data
                continue
            got = pending.pop(sock)
            sel.unregister(sock)
            sock.close()
            if got.startswith(b"HTTP/1.1 200 ") and b"arbitru_http_requests_total" in got:
                answered += 1
            else:
                closed += 1
    for sock in [*idle, *pending]:
        sock.close()
    sel.close()
    return {"answered": answered, "closed": closed, "unfinished": len(pending), "max_threads": max_threads}


@pytest.mark.slow
def test_a_scrape_storm_and_idle_sockets_leave_the_masters_threads_and_memory_bounded(
    tmp_path: Path,
) -> None:
    with gunicorn(tmp_path, workers=2) as server:
        assert get(server.url + "/healthz")[0] == 200  # a worker has written its metric files
        master = server.proc.pid
        port = int(server.metrics_url.rsplit(":", 1)[1])
        before = status_of(master)
        cpu_before = cpu_seconds(master)
        seen = storm(port, master)
        after = status_of(master)
        print(
            f"\nmetrics port, {SCRAPES} scrapes + {IDLE} idle sockets: {seen}; master threads "
            f"{before['Threads']} -> max {seen['max_threads']}, RSS {before['VmRSS']} kB -> "
            f"{after['VmRSS']} kB, peak {after['VmHWM']} kB, CPU {cpu_seconds(master) - cpu_before:.2f} s"
        )
        assert seen["unfinished"] == 0
        assert seen["answered"] > 0
        assert seen["max_threads"] <= before["Threads"] + MAX_EXTRA_THREADS
        assert after["VmHWM"] - before["VmRSS"] <= MAX_EXTRA_PEAK_RSS_KB
        status, _, body = get(server.metrics_url + "/metrics")  # and it still answers
        assert status == 200 and b"arbitru_http_requests_total" in body


def test_the_metrics_server_caps_connections_and_closes_idle_ones() -> None:
    from prometheus_client import CollectorRegistry

    now = [0.0]
    server = MetricsServer(
        CollectorRegistry(), "127.0.0.1", 0, max_connections=4, deadline=5.0, clock=lambda: now[0]
    )
    server.start()
    port = server.server_address[1]
    socks = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(10)]
    try:
        for _ in range(100):  # the server accepts them in its own thread
            time.sleep(0.02)
            if server.open_connections == 4:
                break
        assert server.open_connections == 4  # the oldest idle ones were closed as new ones came
        now[0] = 6.0  # past every connection's deadline
        for _ in range(100):
            time.sleep(0.02)
            if server.open_connections == 0:
                break
        assert server.open_connections == 0
    finally:
        for sock in socks:
            sock.close()
        server.shutdown()
        server.server_close()


def test_scrapes_read_in_one_turn_share_one_render_and_a_later_one_sees_new_figures() -> None:
    from prometheus_client import CollectorRegistry, Counter

    registry = CollectorRegistry()
    counter = Counter("scrape_test", "a counter", registry=registry)
    counter.inc()
    server = MetricsServer(registry, "127.0.0.1", 0)
    port = server.server_address[1]
    waiting = []
    for _ in range(5):  # requests already sent when the server starts: read in its first turn
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        waiting.append(sock)
    server.start()
    url = f"http://127.0.0.1:{port}"
    try:
        for sock in waiting:
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 200 ") and b"scrape_test_total 1.0" in answer
        assert server.renders == 1
        counter.inc()
        status, _, body = get(url + "/metrics")
        assert status == 200 and b"scrape_test_total 2.0" in body
        assert server.renders == 2
        assert get(url + "/elsewhere")[0] == 404
        open_metrics = get(url + "/metrics", {"Accept": "application/openmetrics-text; version=1.0.0"})
        assert open_metrics[1]["Content-Type"].startswith("application/openmetrics-text")
    finally:
        for sock in waiting:
            sock.close()
        server.shutdown()
        server.server_close()
