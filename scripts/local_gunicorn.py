"""What the dev scripts, the benchmarks and the live tests share to run a local gunicorn on 127.0.0.1:
a free port, the venv's console scripts, the master's workers, and waiting until it answers."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

HOST = "127.0.0.1"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def venv_bin(name: str) -> str:
    """A console script installed beside this Python (the venv's), else the name, found on PATH."""
    candidate = Path(sys.executable).parent / name
    return str(candidate) if candidate.exists() else name


def worker_pids(master_pid: int) -> list[int]:
    """The pids of a gunicorn master's child processes (its workers)."""
    children = Path(f"/proc/{master_pid}/task/{master_pid}/children")
    return [int(pid) for pid in children.read_text().split()] if children.exists() else []


def wait_until_up(
    url: str, proc: subprocess.Popen[bytes], log: Path | None = None, timeout: float = 60.0
) -> None:
    """Poll `url` until it answers 200; RuntimeError (with the end of `log`) if gunicorn exits first
    or `timeout` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        try:
            with urllib.request.urlopen(url, timeout=2) as response:  # noqa: S310 - 127.0.0.1 only
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.1)
    tail = log.read_text(errors="replace")[-3000:] if log is not None and log.exists() else ""
    state = f"exited with {proc.returncode}" if proc.poll() is not None else f"no answer in {timeout:.0f}s"
    raise RuntimeError(f"gunicorn {state} at {url}:\n{tail}")


def stop(proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    """SIGTERM a gunicorn master still running and wait for it; SIGKILL it after `timeout` seconds."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def gunicorn_env(
    port: int, metrics_port: int, workers: int, metrics_dir: Path, **extra: str
) -> dict[str, str]:
    """This process's environment for a quiet local gunicorn on 127.0.0.1: its ports, workers and
    own metrics directory (never an inherited one), the per-request log off, then `extra`."""
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    env.update(
        HOST=HOST,
        PORT=str(port),
        METRICS_PORT=str(metrics_port),
        WEB_CONCURRENCY=str(workers),
        PROMETHEUS_MULTIPROC_DIR=str(metrics_dir),
        ACCESS_LOG_LEVEL="WARNING",
    )
    env.update(extra)
    return env
