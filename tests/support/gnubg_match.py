"""GNU Backgammon's own reading of a match file: `import mat` (or `load match` for SGF) in a child
process (gnubg's module keeps one global match and prints boards), its `gnubg.match()` as JSON,
and optionally the SGF gnubg saves for it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

_SCRIPT = """
import gnubg, json, sys
source, kind, out, sgf = sys.argv[1:5]
gnubg.command(("import mat " if kind == "mat" else "load match ") + source)
if sgf != "-":
    gnubg.command("save match " + sgf)
with open(out, "w") as handle:
    json.dump(gnubg.match(), handle, default=list)
"""


def gnubg_reads(path: Path, kind: str, tmp: Path, save_sgf: Path | None = None) -> dict[str, Any] | None:
    """gnubg.match() after reading `path` (kind "mat" or "sgf"); None when gnubg reads no match."""
    out = tmp / (path.name + ".gnubg.json")
    args = [sys.executable, "-c", _SCRIPT, str(path), kind, str(out), str(save_sgf or "-")]
    subprocess.run(args, capture_output=True, timeout=120, stdin=subprocess.DEVNULL, check=False)
    return json.loads(out.read_text()) if out.exists() else None


def gnubg_actions(game: dict[str, Any]) -> list[tuple[Any, ...]]:
    """A gnubg game's checker plays and cube actions, comparable with `our_actions`."""
    found: list[tuple[Any, ...]] = []
    for action in game["game"]:
        kind = action["action"]
        if kind == "move":
            moves = tuple(sorted(tuple(m) for m in action["move"]))
            found.append(("move", action["player"], tuple(sorted(action["dice"])), moves))
        elif kind in ("double", "take", "drop"):
            found.append((kind, action["player"]))
    return found
