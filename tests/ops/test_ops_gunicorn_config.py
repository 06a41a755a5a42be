"""gunicorn.conf.py: settings from the environment, and the health port's notion of a live worker."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.ops.ops_live import REPO


def load_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str) -> dict[str, Any]:
    """Execute gunicorn.conf.py with the given environment; its module namespace."""
    for name in ("HOST", "PORT", "WEB_CONCURRENCY", "HEALTH_PORT"):
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
    assert conf["worker_class"].__mro__[1].__name__ == "SyncWorker"
    assert conf["wsgi_app"] == "service:create_app()"


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


def test_health_port_reports_alive_only_while_a_worker_heartbeats(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    conf = load_config(monkeypatch, tmp_path)

    def worker(seconds_ago: float) -> SimpleNamespace:
        return SimpleNamespace(tmp=SimpleNamespace(last_update=lambda: time.monotonic() - seconds_ago))

    alive = conf["_some_worker_alive"]
    assert alive(SimpleNamespace(WORKERS={1: worker(1), 2: worker(100)}, timeout=30))
    assert not alive(SimpleNamespace(WORKERS={1: worker(31), 2: worker(100)}, timeout=30))
    assert not alive(SimpleNamespace(WORKERS={}, timeout=30))
    assert b" 200 OK" in conf["_health_response"](True)
    assert b" 503 " in conf["_health_response"](False)


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
