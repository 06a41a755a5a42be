"""Lay out the tree `make mutation` runs mutmut in: build/mutation/, the repository with the package
at src/arbitru instead of service/arbitru.

Why: mutmut 3 names a mutant after its file's path with only a leading `src.` stripped, and puts
only ./, src/ or source/ of its mutants/ copy on sys.path; the tests record the module they call
(`arbitru.engine.moves`), so under service/ no test would ever match a mutant ("tests recorded
trampoline hits but none match any mutant key"). The copy keeps files that did not change (same
size and mtime), so mutmut's results in build/mutation/mutants are reused: only mutants of changed
functions or tests run again. pytest there finds `tests` from "." and the mutated `arbitru` from the
path mutmut sets (src on pytest's own pythonpath would put the unmutated code first).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREE = ROOT / "build" / "mutation"
MOVED = {"service/arbitru/": "src/arbitru/"}


def tracked_files() -> list[str]:
    """The files git tracks, with the ones not yet added (so a working tree is mutated as it is)."""
    out = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        capture_output=True,
        check=True,
    ).stdout
    return [name for name in out.decode().split("\0") if name and (ROOT / name).is_file()]


def staged_name(name: str) -> str:
    for old, new in MOVED.items():
        if name.startswith(old):
            return new + name[len(old) :]
    return name


def copy_if_changed(source: Path, dest: Path) -> None:
    stat = source.stat()
    if dest.exists() and dest.stat().st_size == stat.st_size and dest.stat().st_mtime == stat.st_mtime:
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, dest)


def main() -> int:
    wanted = {staged_name(name): ROOT / name for name in tracked_files()}
    for name, source in wanted.items():
        copy_if_changed(source, TREE / name)
    for path in sorted(TREE.rglob("*"), reverse=True):  # files removed from the repository
        relative = path.relative_to(TREE).as_posix()
        if relative.startswith(("mutants/", ".venv")) or relative == "mutants":
            continue
        if path.is_file() and relative not in wanted:
            path.unlink()
    pyproject = TREE / "pyproject.toml"
    text = re.sub(r"pythonpath = \[[^\]]*\]", 'pythonpath = ["."]', pyproject.read_text())
    pyproject.write_text(text)
    print(f"mutation tree ready: {TREE.relative_to(ROOT)} ({len(wanted)} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
