"""gunicorn.conf.py: settings from the environment, the metrics port, the draining worker."""

from __future__ import annotations

import urllib.request
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.ops.ops_live import REPO


def load_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str) -> dict[str, Any]:
    """Execute gunicorn.conf.py with the given environment; its module namespace."""
    for name in ("HOST", "PORT", "WEB_CONCURRENCY", "METRICS_PORT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    namespace: dict[str, Any] = {"__name__": "gunicorn_conf_under_test"}
    exec(compile((REPO / "gunicorn.conf.py").read_text(), "gunicorn.conf.py", "exec"), namespace)
    return namespace


def test_defaults_bind_loopback_8080_with_two_sync_workers(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    conf = load_config(monkeypatch, tmp_path)
    assert conf["bind"] == ["127.0.0.1:8080"]
    assert conf["workers"] == 2 and conf["threads"] == 1
    assert "SyncWorker" in [cls.__name__ for cls in conf["worker_class"].__mro__]
    assert conf["wsgi_app"] == "arbitru:create_app()"


def test_host_port_and_web_concurrency_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    conf = load_config(monkeypatch, tmp_path, HOST="0.0.0.0", PORT="9000", WEB_CONCURRENCY="3")
    assert conf["bind"] == ["0.0.0.0:9000"]
    assert conf["workers"] == 3


def test_limits_timeouts_and_recycling_are_set(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    conf = load_config(monkeypatch, tmp_path)
    assert 0 < conf["graceful_timeout"] <= conf["timeout"] <= 60
    assert conf["max_requests"] > 0 and 0 < conf["max_requests_jitter"] < conf["max_requests"]
    assert conf["limit_request_line"] <= 8190 and conf["limit_request_fields"] <= 100
    assert conf["worker_tmp_dir"] == "/dev/shm"
    assert callable(conf["child_exit"])


def test_no_hand_written_health_server_is_left(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    conf = load_config(monkeypatch, tmp_path)
    assert not {"_serve_health", "_health_response", "_some_worker_alive"} & set(conf)
    assert "struct" not in conf and "threading" not in conf  # no TCP_INFO layout of our own


def test_the_draining_worker_counts_the_queue_as_gunicorn_does(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    conf = load_config(monkeypatch, tmp_path)
    worker = conf["DrainingSyncWorker"].__new__(conf["DrainingSyncWorker"])
    worker.sockets = [SimpleNamespace(get_backlog=lambda: 3), SimpleNamespace(get_backlog=lambda: -1)]
    worker.alive = True
    worker.handle_exit(15, None)
    assert worker._drain_budget == 3 and worker.alive is False


def test_metrics_port_serves_the_sum_of_every_worker_from_the_master(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from scripts.local_gunicorn import free_port

    port = free_port()
    conf = load_config(monkeypatch, tmp_path, METRICS_PORT=str(port))
    server = SimpleNamespace(log=SimpleNamespace(info=lambda *a: None))
    conf["on_starting"](server)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:  # noqa: S310
            assert answer.status == 200
    finally:
        conf["on_exit"](server)


def test_without_metrics_port_no_metrics_server_starts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    conf = load_config(monkeypatch, tmp_path)
    server = SimpleNamespace(log=SimpleNamespace(info=lambda *a: None))
    conf["on_starting"](server)
    assert server.arbitru_metrics is None
    conf["on_exit"](server)


def test_child_exit_imports_nothing_inside_the_signal_handler(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """child_exit runs in gunicorn's SIGCHLD handler: a first import of prometheus_client there was
    re-entered by the next worker's exit during a SIGHUP under load and crashed the master."""
    conf = load_config(monkeypatch, tmp_path)
    assert conf["prometheus_multiprocess"].__name__ == "prometheus_client.multiprocess"
    assert "prometheus_client" not in conf["child_exit"].__code__.co_names  # no import statement


def test_workers_freeze_the_loaded_app_out_of_the_collector(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import gc

    conf = load_config(monkeypatch, tmp_path)
    try:
        conf["post_worker_init"](SimpleNamespace())
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
