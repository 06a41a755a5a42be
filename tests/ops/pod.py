"""The pod's request path on 127.0.0.1: gunicorn and the proxy (nginx, HAProxy) started as
k8s/deployment.yaml starts them, each on a free port instead of the manifest's."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from arbitru.trust.keys import ensure_key_file
from scripts.local_gunicorn import free_port, stop, wait_until_up
from tests.ops.ops_live import REPO, VENV_BIN, Live, gunicorn

# What the manifest sets that a local run must choose itself (ports, addresses, directories).
LOCAL = frozenset({"HOST", "PORT", "METRICS_HOST", "METRICS_PORT", "PROXY_PORT", "PROXY_RUN_DIR"})
LOCAL |= {"PROMETHEUS_MULTIPROC_DIR", "WEB_CONCURRENCY", "ARBITRU_SIGNING_KEYS_FILE"}  # keys: a file in tmp


def containers() -> dict[str, dict[str, Any]]:
    """The Deployment's containers by name, as written in k8s/deployment.yaml."""
    deployment = yaml.safe_load((REPO / "k8s" / "deployment.yaml").read_text())
    return {c["name"]: c for c in deployment["spec"]["template"]["spec"]["containers"]}


def manifest_env(container: Mapping[str, Any]) -> dict[str, str]:
    """A container's env from the manifest, less what a local run sets itself."""
    return {e["name"]: e["value"] for e in container.get("env", []) if e["name"] not in LOCAL}


def nginx_path() -> str:
    """Debian's nginx, with Debian's HAProxy in the same directory (scripts/test_tools.sh installs
    both, in /usr/sbin); skips the test when either is missing."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
    if found is None:
        pytest.skip("nginx is not installed (scripts/test_tools.sh installs Debian's package)")
    if not os.path.exists(os.path.join(os.path.dirname(found), "haproxy")):
        pytest.skip("haproxy is not installed beside nginx (scripts/test_tools.sh installs Debian's package)")
    return found


@dataclass
class Pod:
    """gunicorn (`app`) and the proxy in front of it: `url` is the proxy's, as the Service sees it."""

    app: Live
    proxy: subprocess.Popen[bytes]
    url: str
    proxy_log: Path

    @property
    def port(self) -> int:
        """The proxy's port."""
        return int(self.url.rsplit(":", 1)[1])

    def gunicorn_errors(self) -> str:
        """What gunicorn wrote to stderr so far (its own log)."""
        return (self.app.log_path.parent / "gunicorn.err").read_text(errors="replace")


@contextmanager
def pod(tmp: Path, workers: int | None = None, app_env: Mapping[str, str] | None = None) -> Iterator[Pod]:
    """Start gunicorn (the image's CMD, the `arbitru` container's env) and then the proxy (the `proxy`
    container's command and env) on free 127.0.0.1 ports; stop both afterwards."""
    nginx = nginx_path()
    found = containers()
    app_container, proxy_container = found["arbitru"], found["proxy"]
    manifest_workers = next(e["value"] for e in app_container["env"] if e["name"] == "WEB_CONCURRENCY")
    keys = tmp / "signing-keys.json"  # what the Secret mounts in the pod
    ensure_key_file(str(keys))
    env = {
        **manifest_env(app_container),
        "METRICS_HOST": "127.0.0.1",
        "ARBITRU_SIGNING_KEYS_FILE": str(keys),
        **(app_env or {}),
    }
    with gunicorn(tmp, workers=workers or int(manifest_workers), extra_env=env) as app:
        proxy_port = free_port()
        run_dir = tmp / "proxy"
        proxy_env = {k: v for k, v in os.environ.items() if k not in LOCAL}
        proxy_env.update(manifest_env(proxy_container))
        proxy_env.update(
            PROXY_PORT=str(proxy_port),
            PORT=app.url.rsplit(":", 1)[1],
            PROXY_RUN_DIR=str(run_dir),
            PATH=f"{VENV_BIN}{os.pathsep}{os.path.dirname(nginx)}{os.pathsep}{os.environ.get('PATH', '')}",
        )
        command = list(proxy_container["command"])
        assert command[0] == "python"
        command[0] = sys.executable
        log = tmp / "proxy.err"
        with open(log, "wb") as err:
            proc = subprocess.Popen(command, cwd=REPO, env=proxy_env, stdout=err, stderr=err)
        url = f"http://127.0.0.1:{proxy_port}"
        try:
            wait_until_up(url + "/readyz", proc, log, timeout=30.0)
            yield Pod(app, proc, url, log)
        finally:
            stop(proc)


def exchange(port: int, request: bytes, timeout: float = 10.0) -> tuple[int, dict[str, str], bytes]:
    """Send raw bytes to 127.0.0.1:`port` and read one answer to its end (the server closes, or the
    Content-Length is read): (status, headers with lower-case names, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        data = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            head, sep, body = data.partition(b"\r\n\r\n")
            if sep:
                headers = _headers(head)
                length = headers.get("content-length")
                if length is not None and len(body) >= int(length):
                    return _status(head), headers, body[: int(length)]
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return _status(head), _headers(head), body


def _status(head: bytes) -> int:
    parts = head.split(b"\r\n", 1)[0].split(b" ")
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0


def _headers(head: bytes) -> dict[str, str]:
    lines = head.decode("latin-1").split("\r\n")[1:]
    return {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}


def problem_answer(answer: tuple[int, dict[str, str], bytes], status: int) -> dict[str, Any]:
    """An `exchange` answer that is a problem+json document of `status` with a detail: the document."""
    got, headers, body = answer
    assert got == status, (got, headers, body[:300])
    assert headers["content-type"].startswith("application/problem+json"), headers
    document = json.loads(body)
    assert document["status"] == status and document["detail"], document
    return document  # type: ignore[no-any-return]
