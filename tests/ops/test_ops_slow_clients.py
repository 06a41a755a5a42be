"""The pod's request path holds against slow clients: gunicorn and the proxy started as the pod
starts them, WEB_CONCURRENCY + 2 slow-header and as many slow-body clients for 20 s, /healthz
probed every 0.5 s through the proxy.

Before the proxy (bare gunicorn, the same attack by hand, in the closing note of issue 26): every
sync worker sat reading a slow head, gunicorn killed them after 30 s ("WORKER TIMEOUT") and the next
slow sockets took the new ones: a 61 s outage, 24 of 25 probes failed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ops.pod import containers, pod
from tests.ops.slow_clients import attack

pytestmark = [pytest.mark.live, pytest.mark.waits]

SECONDS = 20.0
PROBE_EVERY = 0.5
PROBE_TIMEOUT = 2.0
MIN_ANSWERED = 0.95


@pytest.mark.slow
def test_slow_header_and_slow_body_clients_leave_health_probes_answered_and_no_worker_timed_out(
    tmp_path: Path,
) -> None:
    workers = int(next(e["value"] for e in containers()["arbitru"]["env"] if e["name"] == "WEB_CONCURRENCY"))
    with pod(tmp_path, workers=workers) as running:
        figures = attack(
            running.port,
            slow_headers=workers + 2,
            slow_bodies=workers + 2,
            seconds=SECONDS,
            probe_every=PROBE_EVERY,
            probe_timeout=PROBE_TIMEOUT,
        )
        errors = running.gunicorn_errors()
    answered = figures.answered_within(PROBE_TIMEOUT)
    slowest = max(took for _, _, took in figures.probes)
    print(
        f"\nslow clients through the proxy: {answered}/{len(figures.probes)} probes answered within "
        f"{PROBE_TIMEOUT:.0f} s (slowest {slowest * 1000:.1f} ms), longest outage "
        f"{figures.longest_outage(PROBE_TIMEOUT):.1f} s, {figures.reconnects} slow-client reconnects"
    )
    assert len(figures.probes) == int(SECONDS / PROBE_EVERY)
    assert answered >= MIN_ANSWERED * len(figures.probes), figures.probes
    assert "WORKER TIMEOUT" not in errors
