"""The service under the repo's gunicorn config: metrics summed over workers on their own port, probes,
request ids, logs, draining on SIGTERM."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.ops.ops_live import VENV_BIN, Live, get, gunicorn
from tests.support.polling import eventually

pytestmark = pytest.mark.live

WORST_FILE = Path(__file__).resolve().parents[2] / "data" / "worst_positions.jsonl"
WORST = {
    k: v
    for k, v in json.loads(WORST_FILE.read_text().splitlines()[0]).items()
    if k in ("board", "turn", "dice")
}
OPENING = {
    side: {"points": {"6": 5, "8": 3, "13": 5, "24": 2}, "bar": 0, "off": 0} for side in ("white", "black")
}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    """One gunicorn with two workers for the whole module."""
    with gunicorn(tmp_path_factory.mktemp("gunicorn"), workers=2) as server:
        yield server


def requests_counted(live: Live, route: str) -> float:
    """arbitru_http_requests_total for `route`, summed over methods and statuses, from /metrics."""
    status, _, body = get(live.metrics_url + "/metrics")
    assert status == 200
    total = 0.0
    for family in text_string_to_metric_families(body.decode()):
        if family.name == "arbitru_http_requests":
            total += sum(
                s.value
                for s in family.samples
                if s.name.endswith("_total") and s.labels.get("route") == route
            )
    return total


def log_records(live: Live) -> list[dict[str, object]]:
    """The JSON access-log records written so far (other stdout lines are skipped)."""
    records = []
    for line in live.log_lines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and record.get("name") == "arbitru.access":
            records.append(record)
    return records


def hit_healthz(live: Live, n: int, tag: str) -> list[str]:
    """n concurrent GET /healthz, each on its own connection; returns their request ids."""
    ids = [f"{tag}-{i}" for i in range(n)]

    def one(request_id: str) -> int:
        return get(live.url + "/healthz", {"X-Request-ID": request_id})[0]

    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = list(pool.map(one, ids))
    assert statuses == [200] * n
    return ids


def post_moves(live: Live, position: dict[str, object] | None = None) -> None:
    """One POST /v1/moves (default: the opening position with 3-1)."""
    body = json.dumps(position or {"board": OPENING, "turn": "white", "dice": [3, 1]}).encode()
    request = urllib.request.Request(
        live.url + "/v1/moves", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as resp:
        assert resp.status == 200
        resp.read()


def served_ids(live: Live, ids: list[str]) -> set[str]:
    """Which of the given request ids have a log line yet."""
    wanted = set(ids)
    return {str(r["request_id"]) for r in log_records(live) if r.get("request_id") in wanted}


def pids_that_served(live: Live, ids: list[str]) -> set[int]:
    """Which worker pids logged the given request ids."""
    wanted = set(ids)
    return {int(r["pid"]) for r in log_records(live) if r.get("request_id") in wanted}  # type: ignore[call-overload]


def test_metrics_count_every_request_whichever_worker_answered(live: Live) -> None:
    before = requests_counted(live, "/healthz")
    # One request held half-sent: the worker that accepts it (the first in the listen queue, so
    # before any other) waits for the rest, and only the other worker can answer the 40 below; then
    # the held one is finished. Both workers serve, however the machine schedules them (left to
    # chance, a loaded machine once let one worker take all 400 requests of the old loop).
    host, port = live.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as held:
        held.sendall(b"GET /healthz HTTP/1.1\r\nHost: arbitru\r\nX-Request-ID: held-0\r\n")
        sent = hit_healthz(live, 40, "count")
        held.sendall(b"Connection: close\r\n\r\n")
        assert held.makefile("rb").readline().split()[1] == b"200"
    sent.append("held-0")
    eventually(lambda: len(served_ids(live, sent)) == len(sent), timeout=10)
    assert len(pids_that_served(live, sent)) == 2, "both workers should have answered"
    assert requests_counted(live, "/healthz") - before == len(sent)


def test_metrics_keep_the_counts_of_a_worker_that_died(live: Live) -> None:
    hit_healthz(live, 20, "before-kill")
    before = requests_counted(live, "/healthz")
    victim = live.worker_pids()[0]
    os.kill(victim, signal.SIGKILL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:  # the master replaces it (and runs child_exit)
        pids = live.worker_pids()
        if victim not in pids and len(pids) == 2:
            break
        time.sleep(0.1)
    assert victim not in live.worker_pids()
    assert requests_counted(live, "/healthz") == before
    hit_healthz(live, 10, "after-kill")
    assert requests_counted(live, "/healthz") == before + 10


def test_metrics_expose_latency_histograms_by_route_and_status(live: Live) -> None:
    hit_healthz(live, 3, "histogram")
    post_moves(live)
    _, headers, body = get(live.metrics_url + "/metrics")
    assert headers["Content-Type"].startswith("text/plain")
    text = body.decode()
    for route in ("/healthz", "/v1/moves"):
        pattern = r'arbitru_http_request_duration_seconds_bucket\{[^}]*route="' + route + '"[^}]*status="200"'
        assert re.search(pattern, text)


def test_metrics_expose_a_plays_per_request_histogram_fed_by_v1_moves(live: Live) -> None:
    post_moves(live)
    text = get(live.metrics_url + "/metrics")[2].decode()
    pattern = r'arbitru_plays_per_request_bucket\{le="20.0",route="/v1/moves"\} [1-9]'
    assert re.search(pattern, text), "the /v1/moves route must call observability.observe_plays(len(plays))"


def test_healthz_and_readyz_answer_200_with_a_status(live: Live) -> None:
    status, headers, body = get(live.url + "/healthz")
    assert (status, json.loads(body)) == (200, {"status": "ok"})
    assert headers["Content-Type"] == "application/json"
    status, _, body = get(live.url + "/readyz")
    assert (status, json.loads(body)) == (200, {"status": "ready"})


def test_the_service_port_accepts_connections_and_metrics_answer_while_every_worker_is_busy(
    live: Live,
) -> None:
    """What the tcpSocket liveness probe and a scrape see while every worker computes."""
    host, port = live.url.removeprefix("http://").split(":")
    busy = ThreadPoolExecutor(max_workers=4)
    futures = [busy.submit(post_moves, live, WORST) for _ in range(4)]  # both workers occupied
    probes = 0
    while not all(f.done() for f in futures) or probes == 0:
        with socket.create_connection((host, int(port)), timeout=5):
            pass  # the kernel completed the handshake: what a tcpSocket probe checks
        status, _, _ = get(live.metrics_url + "/metrics")
        assert status == 200
        probes += 1
    busy.shutdown()
    assert all(f.result() is None for f in futures)


def test_metrics_are_not_served_on_the_service_port(live: Live) -> None:
    assert get(live.url + "/metrics")[0] == 404


def test_invented_methods_fall_into_one_metric_label(live: Live) -> None:
    host, port = live.url.removeprefix("http://").split(":")
    for i in range(30):
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        conn.request(f"X{i:03d}", "/v1/moves")
        assert conn.getresponse().status == 405
        conn.close()
    text = get(live.metrics_url + "/metrics")[2].decode()
    assert 'method="other"' in text and 'method="X0' not in text


def test_a_sane_client_request_id_is_echoed(live: Live) -> None:
    _, headers, _ = get(live.url + "/healthz", {"X-Request-ID": "lb-7f3a.42"})
    assert headers["X-Request-ID"] == "lb-7f3a.42"


def test_a_missing_or_hostile_request_id_is_replaced_by_a_fresh_one(live: Live) -> None:
    _, first, _ = get(live.url + "/healthz")
    _, second, _ = get(live.url + "/healthz", {"X-Request-ID": "x" * 500})
    _, third, _ = get(live.url + "/healthz", {"X-Request-ID": "<script>alert(1)</script>"})
    ids = [first["X-Request-ID"], second["X-Request-ID"], third["X-Request-ID"]]
    assert all(re.fullmatch(r"[0-9a-f]{32}", i) for i in ids)
    assert len(set(ids)) == 3


def test_each_request_writes_one_json_log_line(live: Live) -> None:
    get(live.url + "/readyz", {"X-Request-ID": "log-line-check"})
    get(live.url + "/no/such/route", {"X-Request-ID": "log-line-404"})

    def both_logged() -> list[dict[str, object]] | None:
        found = log_records(live)
        logged = {r.get("request_id") for r in found}
        return found if {"log-line-check", "log-line-404"} <= logged else None

    records = eventually(both_logged, timeout=10)
    mine = [r for r in records if r.get("request_id") == "log-line-check"]
    assert len(mine) == 1
    record = mine[0]
    assert (record["method"], record["route"], record["status"]) == ("GET", "/readyz", 200)
    assert isinstance(record["duration_ms"], float) and record["duration_ms"] >= 0
    assert "timestamp" in record
    missing = [r for r in records if r.get("request_id") == "log-line-404"]
    assert [(r["route"], r["status"]) for r in missing] == [("<unmatched>", 404)]


def test_sigterm_serves_every_connection_already_queued(
    tmp_path: Path, worker_args: tuple[str, ...] = ()
) -> None:
    body = json.dumps(WORST).encode()
    command = [str(VENV_BIN / "gunicorn"), "-c", "gunicorn.conf.py", *worker_args]
    with gunicorn(tmp_path, workers=1, command=command) as server:
        host, port = server.url.removeprefix("http://").split(":")
        queued = []
        for _ in range(3):  # the one worker is busy with the first; the rest wait in the backlog
            sock = socket.create_connection((host, int(port)), timeout=30)
            sock.sendall(
                b"POST /v1/moves HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                + b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(body)
                + body
            )
            queued.append(sock)
        for _ in range(5):
            sock = socket.create_connection((host, int(port)), timeout=30)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            queued.append(sock)
        server.proc.send_signal(signal.SIGTERM)
        statuses = []
        for sock in queued:
            with sock:
                try:
                    first = sock.recv(64)
                except ConnectionResetError:
                    first = b""
                statuses.append(first.split(b" ", 2)[1] if first else b"reset")
        assert statuses == [b"200"] * 8
        assert server.proc.wait(timeout=30) == 0


def test_sigterm_stops_gracefully(tmp_path: Path) -> None:
    with gunicorn(tmp_path, workers=1) as server:
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(timeout=30) == 0
