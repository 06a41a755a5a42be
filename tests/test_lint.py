"""`make lint` passes, inside `make test`: each command of the Makefile's lint recipe (ruff check,
ruff format --check, mypy: one run, with every check of `--strict` on the typed layers, set per
module in pyproject.toml) is run here as the Makefile writes it, from this venv, so that the recipe
is the one list of what lint means."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def lint_commands() -> list[str]:
    """The commands of the Makefile's `lint:` recipe, `$(BIN)` made this venv's bin folder."""
    makefile = (REPO / "Makefile").read_text()
    recipe = re.search(r"^lint:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe, "the Makefile has a lint recipe"
    return [line.strip().replace("$(BIN)", str(BIN)) for line in recipe.group(1).splitlines()]


# What `mypy --strict` turns on, less the two options that are global only (set globally instead).
STRICT_PER_MODULE = {
    "disallow_any_generics": True,
    "disallow_subclassing_any": True,
    "disallow_untyped_calls": True,
    "disallow_untyped_defs": True,
    "disallow_incomplete_defs": True,
    "check_untyped_defs": True,
    "disallow_untyped_decorators": True,
    "warn_unused_ignores": True,
    "warn_return_any": True,
    "implicit_reexport": False,
    "strict_equality": True,
    "extra_checks": True,
}
TYPED_LAYERS = {"arbitru", "arbitru.engine.*", "arbitru.formats.*", "arbitru.referee.*", "arbitru.library"}


def test_the_lint_recipe_runs_ruff_and_mypy_strict_on_the_typed_layers() -> None:
    tools = {command.split()[0].rsplit("/", 1)[-1] for command in lint_commands()}
    assert {"ruff", "mypy"} <= tools
    mypy = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["mypy"]
    assert mypy["warn_redundant_casts"] and mypy["warn_unused_configs"]
    [strict] = [o for o in mypy["overrides"] if TYPED_LAYERS <= set(o["module"])]
    assert {key: strict.get(key) for key in STRICT_PER_MODULE} == STRICT_PER_MODULE


def test_mypy_strict_per_module_is_every_flag_strict_sets() -> None:
    """What `mypy --help` says --strict enables, its global-only options left out."""
    help_text = subprocess.run([str(BIN / "mypy"), "--help"], capture_output=True, text=True).stdout
    listed = re.search(r"--strict\s+Strict mode; enables the following flags:(.*?)\n  --", help_text, re.S)
    assert listed, help_text[-2000:]
    flags = re.findall(r"--([a-z-]+)", re.sub(r"-\n\s+", "-", listed.group(1)))
    enabled = {"implicit_reexport" if f == "no-implicit-reexport" else f.replace("-", "_") for f in flags}
    assert enabled - {"warn_redundant_casts", "warn_unused_configs"} == set(STRICT_PER_MODULE)


@pytest.mark.parametrize(
    "command", lint_commands(), ids=lambda command: " ".join(command.split()[:3]).rsplit("/", 1)[-1]
)
def test_each_lint_command_passes(command: str) -> None:
    run = subprocess.run(command, shell=True, cwd=REPO, capture_output=True, text=True)
    assert run.returncode == 0, f"{command}\n{run.stdout[-6000:]}{run.stderr[-2000:]}"
