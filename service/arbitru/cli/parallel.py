"""How many processes an archive run may use, and the run itself in chunks.

`--jobs 0` means the CPUs this process may really use: the CPUs it is allowed to run on
(`sched_getaffinity`, what `taskset` and Kubernetes' static CPU manager set) and, in a container,
the cgroup v2 CPU quota (`cpu.max` of its cgroup and every parent: a pod limited to 2 CPUs on a
64-core node gets 2 workers, not 64). Files go to the workers in chunks, so a small file costs no
round trip of its own, and the rows come back in the order of the files, one by one, to be written
as they arrive; only a few chunks are out at a time, so a slow reader never makes the parent hold
the rows of the whole run.
"""

from __future__ import annotations

import math
import multiprocessing
import os
from collections import deque
from collections.abc import Iterator, Sequence
from multiprocessing.pool import AsyncResult
from pathlib import Path

from arbitru.cli.verdicts import Row, judge_file
from arbitru.cli.walk import Candidate

CGROUP_ROOT = Path("/sys/fs/cgroup")
PROC_CGROUP = Path("/proc/self/cgroup")


def cgroup_cpu_limit(proc_cgroup: Path = PROC_CGROUP, root: Path = CGROUP_ROOT) -> float | None:
    """The CPU quota of this process's cgroup v2 (the lowest `cpu.max` on its path), or None."""
    try:
        lines = proc_cgroup.read_text().splitlines()
    except OSError:
        return None
    relative = next((line[3:] for line in lines if line.startswith("0::")), None)
    if relative is None:
        return None
    limits: list[float] = []
    folder = root / relative.strip("/")
    while True:
        limit = _cpu_max(folder / "cpu.max")
        if limit is not None:
            limits.append(limit)
        if folder == root or root not in folder.parents:
            break
        folder = folder.parent
    return min(limits, default=None)


def _cpu_max(path: Path) -> float | None:
    try:
        quota, period = path.read_text().split()[:2]
    except (OSError, ValueError):
        return None
    if quota == "max" or not period.isdigit() or not quota.isdigit() or int(period) == 0:
        return None
    return int(quota) / int(period)


def usable_cpus() -> int:
    """The CPUs this process may use: its affinity, capped by its cgroup's quota (rounded up)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cpus = os.cpu_count() or 1
    quota = cgroup_cpu_limit()
    if quota is not None:
        cpus = min(cpus, max(1, math.ceil(quota)))
    return max(1, cpus)


def chunk_size(files: int, workers: int) -> int:
    """Files a worker takes at a time: about 8 chunks per worker, 1 to 64 files each."""
    return max(1, min(64, files // (workers * 8)))


_options: tuple[str, str | None, str, bool, bool] = ("legal-moves-only", None, "en", False, False)


def _start(mode: str, preset: str | None, lang: str, dice: bool = False, digest: bool = False) -> None:
    global _options
    _options = (mode, preset, lang, dice, digest)


def _chunk(chunk: Sequence[Candidate]) -> list[Row]:
    return [judge_file(candidate, *_options) for candidate in chunk]


def in_flight(workers: int) -> int:
    """Chunks handed out and not yet consumed: two per worker, so none waits for work."""
    return 2 * workers


def judged(
    files: Sequence[Candidate],
    workers: int,
    mode: str,
    preset: str | None,
    lang: str,
    dice: bool = False,
    digest: bool = False,
) -> Iterator[Row]:
    """Each file's row, in the order of `files`, from `workers` processes (here, for one); with
    `dice`, its rolls too, with `digest` its transcript's SHA-256 (`judge_file`).

    At most `in_flight(workers)` chunks are out at a time, and the next is handed out only when the
    caller has taken the rows of the oldest: whatever the speed of the caller (a slow disk, a pipe
    read late), the parent holds at most `in_flight * chunk_size` rows. (`Pool.imap` stored every
    row the workers sent, without bound, until the caller took it.)
    """
    if workers <= 1 or len(files) < 2:
        for candidate in files:
            yield judge_file(candidate, mode, preset, lang, dice, digest)
        return
    workers = min(workers, len(files))
    size = chunk_size(len(files), workers)
    with multiprocessing.get_context("fork").Pool(
        workers, initializer=_start, initargs=(mode, preset, lang, dice, digest)
    ) as pool:
        pending: deque[AsyncResult[list[Row]]] = deque()
        for start in range(0, len(files), size):
            pending.append(pool.apply_async(_chunk, (files[start : start + size],)))
            if len(pending) >= in_flight(workers):
                yield from pending.popleft().get()
        while pending:
            yield from pending.popleft().get()
