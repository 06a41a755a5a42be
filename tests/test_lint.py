"""`make lint` passes, inside `make test`: each command of the Makefile's lint recipe (ruff check,
ruff format --check, mypy, mypy --strict on the typed layers) is run here as the Makefile writes
it, from this venv, so that the recipe is the one list of what lint means."""

from __future__ import annotations

import re
import subprocess
import sys
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


def test_the_lint_recipe_runs_ruff_and_both_mypy_levels() -> None:
    tools = [
        command.split()[0].rsplit("/", 1)[-1] + (" --strict" if "--strict" in command else "")
        for command in lint_commands()
    ]
    assert {"ruff", "mypy", "mypy --strict"} <= set(tools)


@pytest.mark.parametrize(
    "command", lint_commands(), ids=lambda command: " ".join(command.split()[:3]).rsplit("/", 1)[-1]
)
def test_each_lint_command_passes(command: str) -> None:
    run = subprocess.run(command, shell=True, cwd=REPO, capture_output=True, text=True)
    assert run.returncode == 0, f"{command}\n{run.stdout[-6000:]}{run.stderr[-2000:]}"
