"""A dead worker's metrics files are not kept for ever: its counters, histograms and summaries are
added into one archive file per kind (the sums keep its counts) and its own files are removed, by
gunicorn's child_exit (arbitru.metrics_server.retire_process)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from prometheus_client.mmap_dict import MmapedDict, mmap_key

from arbitru.metrics_server import retire_process
from tests.ops.ops_live import get, gunicorn
from tests.ops.test_ops_gunicorn_live import requests_counted

KEY = mmap_key("arbitru_test", "arbitru_test_total", ["route"], ["/x"], "a test counter")


def _write(path: Path, value: float) -> None:
    values = MmapedDict(str(path))
    values.write_value(KEY, value, 0.0)
    values.close()


def _read(path: Path) -> float:
    return next(v for k, v, _, _ in MmapedDict.read_all_values_from_file(str(path)) if k == KEY)


def test_a_dead_processs_counts_are_added_into_the_archive_and_its_files_removed(tmp_path: Path) -> None:
    _write(tmp_path / "counter_archive.db", 2.0)
    _write(tmp_path / "counter_111.db", 3.0)
    _write(tmp_path / "histogram_111.db", 4.0)
    _write(tmp_path / "gauge_livesum_111.db", 9.0)
    _write(tmp_path / "gauge_all_111.db", 9.0)
    _write(tmp_path / "counter_222.db", 5.0)  # a live worker's
    retire_process(111, str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "counter_222.db",
        "counter_archive.db",
        "histogram_archive.db",
    ]
    assert _read(tmp_path / "counter_archive.db") == 5.0
    assert _read(tmp_path / "histogram_archive.db") == 4.0
    assert _read(tmp_path / "counter_222.db") == 5.0


def test_a_killed_workers_metrics_files_are_removed_and_its_counts_kept(tmp_path: Path) -> None:
    with gunicorn(tmp_path, workers=2) as live:
        for _ in range(10):
            assert get(live.url + "/healthz")[0] == 200
        before = requests_counted(live, "/healthz")
        metrics_dir = tmp_path / "prometheus"
        # the worker that served (the other may have served nothing and written no file)
        served = [pid for pid in live.worker_pids() if list(metrics_dir.glob(f"*_{pid}.db"))]
        assert served
        victim = served[0]
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and (victim in live.worker_pids() or len(live.worker_pids()) < 2):
            time.sleep(0.1)
        time.sleep(0.5)
        assert not list(metrics_dir.glob(f"*_{victim}.db"))
        assert (metrics_dir / "counter_archive.db").exists()
        assert requests_counted(live, "/healthz") == before
        pids = set(live.worker_pids())
        left = {int(p.stem.rsplit("_", 1)[1]) for p in metrics_dir.glob("*.db") if "archive" not in p.name}
        assert left <= pids  # only live workers' files, and the archives
