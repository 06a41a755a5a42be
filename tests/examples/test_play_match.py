"""examples/play_match.py plays a whole Romanian match and a whole standard match with the cube
against a live gunicorn started from this checkout (scripts/local_gunicorn via tests.ops.ops_live)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ops.ops_live import REPO, gunicorn

EXAMPLE = REPO / "examples" / "play_match.py"


def test_the_example_is_short_and_uses_only_the_standard_library():
    source = EXAMPLE.read_text()
    assert len(source.splitlines()) < 80
    imported = set(re.findall(r"^(?:import|from) (\w+)", source, flags=re.MULTILINE))
    assert imported <= set(sys.stdlib_module_names)


@pytest.mark.live
def test_play_match_plays_both_matches_to_their_end_through_the_api(tmp_path: Path):
    with gunicorn(tmp_path, workers=1) as live:
        # A deadline, not a timing assertion: the run is a few thousand requests.
        done = subprocess.run(
            [sys.executable, str(EXAMPLE), live.url], capture_output=True, text=True, timeout=600
        )
    assert done.returncode == 0, done.stderr
    blocks = done.stdout.split("Standard match with the cube")
    assert len(blocks) == 2 and blocks[0].startswith("Romanian match (Table), 3 points")
    for block, length in zip(blocks, (3, 5), strict=True):
        assert re.search(r"(white|black) wins the match", block), done.stdout
        final = re.findall(r"score (\d+)-(\d+)", block)[-1]
        assert max(map(int, final)) >= length
    assert "points" in blocks[1] and "game 2:" in blocks[1]
