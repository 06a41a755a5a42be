"""Parallelism that scales: `--jobs 0` is the CPUs this process may use (its affinity, capped by
the cgroup v2 CPU quota on its cgroup's path, as a pod's limit sets it), files go to the workers in
chunks, and the rows of any number of workers are the rows of one, in the same order."""

from __future__ import annotations

from pathlib import Path

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
