"""Paths of this folder's own (synthetic) transcripts; the real ones are in data/matches/."""

from __future__ import annotations

import sys
from pathlib import Path

_REPO = str(Path(__file__).resolve().parents[2])
if _REPO not in sys.path:
    sys.path.insert(0, _REPO)

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
