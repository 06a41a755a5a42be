"""Parallelism that scales: `--jobs 0` is the CPUs this process may use (its affinity, capped by
the cgroup v2 CPU quota on its cgroup's path, as a pod's limit sets it), files go to the workers in
chunks, and the rows of any number of workers are the rows of one, in the same order."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from arbitru.cli import main, parallel
from arbitru.cli.parallel import cgroup_cpu_limit, chunk_size, usable_cpus
from bench.archive import make_archive


def cgroup(tmp_path: Path, limits: dict[str, str]) -> tuple[Path, Path]:
    """A fake /proc/self/cgroup naming /kubepods/pod/ctr and a cgroup v2 tree with `limits`."""
    proc = tmp_path / "cgroup"
    proc.write_text("0::/kubepods/pod/ctr\n")
    root = tmp_path / "fs"
    for folder, limit in limits.items():
        (root / folder).mkdir(parents=True, exist_ok=True)
        (root / folder / "cpu.max").write_text(limit + "\n")
    (root / "kubepods" / "pod" / "ctr").mkdir(parents=True, exist_ok=True)
    return proc, root


def test_the_cgroup_quota_is_the_lowest_cpu_max_on_the_path(tmp_path: Path):
    proc, root = cgroup(
        tmp_path,
        {"kubepods": "max 100000", "kubepods/pod": "200000 100000", "kubepods/pod/ctr": "max 100000"},
    )
    assert cgroup_cpu_limit(proc, root) == 2.0
    (root / "kubepods" / "cpu.max").write_text("150000 100000\n")
    assert cgroup_cpu_limit(proc, root) == 1.5


def test_no_quota_and_no_cgroup_v2_mean_no_limit(tmp_path: Path):
    proc, root = cgroup(tmp_path, {"kubepods": "max 100000"})
    assert cgroup_cpu_limit(proc, root) is None
    assert cgroup_cpu_limit(tmp_path / "absent", root) is None
    proc.write_text("12:cpu,cpuacct:/docker/abc\n")  # cgroup v1 only
    assert cgroup_cpu_limit(proc, root) is None


@pytest.mark.parametrize(
    ("affinity", "quota", "expected"), [(64, 2.0, 2), (64, 1.5, 2), (64, 0.5, 1), (3, 8.0, 3), (4, None, 4)]
)
def test_jobs_0_is_the_cpus_this_process_may_use(monkeypatch, affinity, quota, expected):
    monkeypatch.setattr(parallel.os, "sched_getaffinity", lambda pid: set(range(affinity)))
    monkeypatch.setattr(parallel, "cgroup_cpu_limit", lambda: quota)
    assert usable_cpus() == expected


def test_work_is_handed_out_in_chunks():
    assert chunk_size(100_000, 2) == 64 and chunk_size(1_000, 2) == 62 and chunk_size(10, 2) == 1


def test_rows_from_several_workers_are_the_rows_of_one_in_file_order(tmp_path: Path):
    make_archive(tmp_path, 24, seed=9)
    one = CliRunner().invoke(main, ["verify", "--jsonl", str(tmp_path)])
    two = CliRunner().invoke(main, ["verify", "--jsonl", "--jobs", "2", str(tmp_path)])
    assert one.exit_code == two.exit_code and one.output == two.output
    assert len(one.output.splitlines()) == 24 + 1 + 1  # the matches, the README, the end line


class Handed(list[Any]):
    """Files that note how far into them the run has reached (the highest file handed out)."""

    reached = 0

    def __getitem__(self, index: Any) -> Any:
        part = super().__getitem__(index)
        end = index.stop if isinstance(index, slice) else index + 1
        self.reached = max(self.reached, min(end, len(self)))
        return part

    def __iter__(self) -> Iterator[Any]:
        for number, item in enumerate(super().__iter__(), start=1):
            self.reached = max(self.reached, number)
            yield item


def test_rows_are_not_kept_for_a_slow_reader(monkeypatch):
    """However late the caller takes the rows (a slow disk, a pipe read late), files are handed to
    the workers only a bounded window ahead of the rows taken, so the parent holds a bounded number
    of rows, not the whole run's (the cause of the 327 MB peak of a 100,000-file run at --jobs 2)."""

    def fake(candidate: Any, *options: Any) -> dict[str, Any]:
        return {"file": str(candidate), "status": "valid", "verdict": None, "problem": None}

    monkeypatch.setattr(parallel, "judge_file", fake)
    files = Handed(range(5_000))
    size = chunk_size(len(files), 2)
    window = parallel.in_flight(2) * size
    rows = parallel.judged(files, 2, "legal-moves-only", None, "en")
    taken = 0
    for taken, result in enumerate(rows, start=1):
        assert result["file"] == str(taken - 1)
        assert files.reached <= taken + window + size  # never the whole archive ahead of the reader
        if taken == 100:
            break
    assert taken == 100 and files.reached <= 100 + window + size < len(files)
    rows.close()
    assert [row["file"] for row in parallel.judged(files, 2, "x", None, "en")] == [
        str(n) for n in range(5_000)
    ]
