"""Start the real gunicorn (repo config, 127.0.0.1, free port) for the operational tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Live:
    """A running gunicorn: its master process, base URL and the file its stdout goes to."""

    proc: subprocess.Popen[bytes]
    url: str
    log_path: Path
    health_url: str

    def log_lines(self) -> list[str]:
        """Every line the service wrote to stdout so far."""
        return self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()

    def worker_pids(self) -> list[int]:
        """The pids of the master's child processes (the workers)."""
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        return [int(p) for p in children.read_text().split()] if children.exists() else []


def get(
    url: str, headers: Mapping[str, str] | None = None, timeout: float = 5.0
) -> tuple[int, dict[str, str], bytes]:
    """GET a URL: (status, headers, body), HTTP errors included."""
    req = urllib.request.Request(url, headers=dict(headers or {}))
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, dict(resp.headers.items()), resp.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers.items()), err.read()


def wait_until_up(url: str, proc: subprocess.Popen[bytes], stderr: Path, deadline_s: float = 30.0) -> None:
    """Poll /healthz until it answers 200 (fails if gunicorn exits or the deadline passes)."""
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        if proc.poll() is not None:
            tail = stderr.read_text(errors="replace")[-3000:] if stderr.exists() else ""
            raise RuntimeError(f"gunicorn exited with {proc.returncode}:\n{tail}")
        try:
            if get(url + "/healthz", timeout=1.0)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError("gunicorn did not answer /healthz in time")


@contextmanager
def gunicorn(
    tmp: Path,
    workers: int = 2,
    extra_env: Mapping[str, str] | None = None,
    command: list[str] | None = None,
    cwd: Path = REPO,
) -> Iterator[Live]:
    """Run `gunicorn -c gunicorn.conf.py` with its own metrics dir; stop it (SIGTERM) afterwards."""
    port, health_port = free_port(), free_port()
    metrics_dir = tmp / "prometheus"
    metrics_dir.mkdir(exist_ok=True)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PROMETHEUS_MULTIPROC_DIR", "prometheus_multiproc_dir")
    }
    env.update(
        HOST="127.0.0.1",
        PORT=str(port),
        HEALTH_PORT=str(health_port),
        WEB_CONCURRENCY=str(workers),
        PROMETHEUS_MULTIPROC_DIR=str(metrics_dir),
        PYTHONUNBUFFERED="1",
    )
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
    env.update(extra_env or {})
    log_path = tmp / "gunicorn.out"
    cmd = command or [str(VENV_BIN / "gunicorn"), "-c", "gunicorn.conf.py"]
    with open(log_path, "wb") as out, open(tmp / "gunicorn.err", "wb") as err:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=err)
    live = Live(proc, f"http://127.0.0.1:{port}", log_path, f"http://127.0.0.1:{health_port}")
    try:
        wait_until_up(live.url, proc, tmp / "gunicorn.err")
        yield live
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)
