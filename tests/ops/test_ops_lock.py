"""requirements.lock (the image's pinned, hashed dependencies) is not stale against pyproject.toml:
it pins the base dependencies and the `server` extra (the service as deployed).

Regenerate with:
  pip-compile --extra server --generate-hashes --strip-extras --no-emit-index-url --no-emit-find-links \
      --output-file=requirements.lock pyproject.toml
"""

from __future__ import annotations

import re
import tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.ops.ops_live import REPO

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\;]+)")


def runtime_requirements() -> dict[str, Requirement]:
    """pyproject's [project].dependencies and its `server` extra, by canonical name."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    lines = [*project["dependencies"], *project["optional-dependencies"]["server"]]
    reqs = [Requirement(line) for line in lines]
    return {canonicalize_name(r.name): r for r in reqs}


def lock_entries() -> tuple[dict[str, str], set[str]]:
    """(every pinned name -> version, the names pip-compile says come straight from pyproject)."""
    pins: dict[str, str] = {}
    direct: set[str] = set()
    current: str | None = None
    for line in (REPO / "requirements.lock").read_text().splitlines():
        match = PIN.match(line)
        if match:
            current = canonicalize_name(match.group(1))
            pins[current] = match.group(2)
        elif current and "arbitru (pyproject.toml)" in line:
            direct.add(current)
    return pins, direct


def test_lock_pins_exactly_the_runtime_dependencies_of_pyproject() -> None:
    _, direct = lock_entries()
    assert direct == set(runtime_requirements()), (
        "requirements.lock is stale: run pip-compile (see module doc)"
    )


def test_every_pin_satisfies_the_range_in_pyproject() -> None:
    pins, _ = lock_entries()
    for name, req in runtime_requirements().items():
        assert name in pins, f"{name} is not in requirements.lock: regenerate it (see module doc)"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"{name}=={pins[name]} not in {req.specifier}"
        )


def test_every_pin_carries_a_hash() -> None:
    text = (REPO / "requirements.lock").read_text()
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n\n", 1)[-1] if text.startswith("#") else text)
    pinned = [b for b in blocks if PIN.match(b)]
    assert pinned and all("--hash=sha256:" in b for b in pinned)


def test_lock_holds_no_dev_only_tool() -> None:
    pins, _ = lock_entries()
    assert not {"pytest", "schemathesis", "hypothesis", "ruff", "mypy", "gnubg"} & set(pins)
