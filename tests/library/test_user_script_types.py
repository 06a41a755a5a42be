"""The package is typed (`py.typed`): `mypy --strict` checks a user's script against the installed
package, accepting correct use and reporting each mistake (the types are not Any)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def test_mypy_strict_accepts_a_users_script_and_reports_each_mistake(tmp_path: Path) -> None:
    for name in ("user_script.py", "mistaken_script.py"):
        shutil.copy(HERE / name, tmp_path / name)
    (tmp_path / "mypy.ini").write_text(
        "[mypy]\n"
    )  # not the repository's settings (no ignore_missing_imports)
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", "mypy.ini", "--no-incremental", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert not [line for line in errors if not line.startswith("mistaken_script.py:")], run.stdout
    mistakes = (HERE / "mistaken_script.py").read_text().splitlines()
    wanted = {number for number, line in enumerate(mistakes, 1) if "# mistake" in line}
    reported = {int(re.match(r"mistaken_script\.py:(\d+):", line).group(1)) for line in errors}  # type: ignore[union-attr]
    assert reported == wanted, run.stdout
