"""`pip install arbitru` without the `server` extra: the wheel's base dependencies are the command
line's alone, and in a fresh virtual environment holding only them the library guide's examples
(docs/library.md) and the command line run with no web package importable."""

from __future__ import annotations

import email
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
WEB = (
    "flask",
    "marshmallow",
    "flask_smorest",
    "werkzeug",
    "gunicorn",
    "apispec",
    "webargs",
    "orjson",
    "yaml",
)
BASE = {"click"}  # what the engine, formats, referee and command line need beyond the standard library


def _run(
    args: list[str], more_env: dict[str, str] | None = None, **kwargs: object
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(more_env or {})
    return subprocess.run(args, capture_output=True, text=True, env=env, **kwargs)  # type: ignore[call-overload, no-any-return]


def _locked(name: str) -> str:
    """`name==version` as requirements.lock pins it (the versions everything is tested with)."""
    found = re.search(rf"^{re.escape(name)}==(\S+)", (REPO / "requirements.lock").read_text(), re.MULTILINE)
    assert found, f"{name} is not in requirements.lock"
    return f"{name}=={found.group(1)}"


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the wheel built from this checkout and its base dependencies only."""
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(REPO / name, source / name)
    shutil.copytree(
        REPO / "service", source / "service", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    built = _run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(root / "dist"), str(source)]
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = (root / "dist").glob("arbitru-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert "arbitru/py.typed" in archive.namelist()
        metadata_name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = email.message_from_bytes(archive.read(metadata_name))
    requires = [r for r in metadata.get_all("Requires-Dist") or [] if "extra ==" not in r]
    names = {re.match(r"[A-Za-z0-9._-]+", r).group(0).lower() for r in requires}  # type: ignore[union-attr]
    assert names == BASE, (
        f"the base dependencies are {sorted(names)}: the web stack belongs to the server extra"
    )
    venv = root / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    installed = _run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheel)]
        + [_locked(name) for name in sorted(BASE)]
    )
    assert installed.returncode == 0, installed.stderr
    return venv


def test_no_web_package_is_importable_without_the_server_extra(fresh: Path) -> None:
    code = (
        "import importlib.util, json, arbitru\n"
        f"print(json.dumps([m for m in {WEB!r} if importlib.util.find_spec(m)]))\n"
        "print(arbitru.__file__)\n"
    )
    run = _run([str(fresh / "bin" / "python"), "-c", code], cwd=fresh)
    assert run.returncode == 0, run.stderr
    found, where = run.stdout.splitlines()
    assert found == "[]"
    assert where.startswith(str(fresh))  # the wheel's copy, not this checkout's


def test_the_library_guide_runs_from_the_wheel_without_the_server_extra(fresh: Path) -> None:
    guide = REPO / "docs" / "library.md"
    code = (
        "import doctest, sys\n"
        f"result = doctest.testfile({str(guide)!r}, module_relative=False)\n"
        f"web = [m for m in sys.modules if m.split('.')[0] in {WEB!r}]\n"
        "print(result.attempted, result.failed, web)\n"
        "sys.exit(1 if result.failed or web or not result.attempted else 0)\n"
    )
    run = _run([str(fresh / "bin" / "python"), "-c", code], cwd=REPO)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


def test_the_command_line_runs_without_the_server_extra(fresh: Path) -> None:
    arbitru = str(fresh / "bin" / "arbitru")
    moves = _run([arbitru, "moves", "--gnubg-id", "4HPwATDgc/ABMA:cIkFAAAAAAAE", "--dice", "31"])
    assert moves.returncode == 0, moves.stderr
    assert "16 legal play(s)" in moves.stdout
    verified = _run([arbitru, "verify", "--json", str(REPO / "examples" / "illegal.mat")])
    assert verified.returncode == 1, verified.stderr  # invalid: an illegal play, found and reported
    assert "TOO_MANY_MOVES" in verified.stdout and "gnubg_id" in verified.stdout
    # Signing needs the JOSE library of the server extra: without it, a usage error that says so.
    keys = {"ARBITRU_SIGNING_KEYS": '{"keys": []}'}
    unsigned = _run([arbitru, "verify", "--sign", str(REPO / "examples" / "match.mat")], keys)
    assert unsigned.returncode == 2 and "arbitru[server]" in unsigned.stderr, unsigned.stderr


def test_the_web_service_says_it_needs_the_server_extra(fresh: Path) -> None:
    run = _run([str(fresh / "bin" / "python"), "-c", "import arbitru; arbitru.create_app()"], cwd=fresh)
    assert run.returncode != 0 and "pip install 'arbitru[server]'" in run.stderr
