"""examples/play_tavli.py plays a Greek Tavli match to 7 (Portes, Plakoto, Fevga in turn) from
/v1/start to its end against a live gunicorn started from this checkout (scripts/local_gunicorn via
tests.ops.ops_live), and has its record refereed by /v1/matches/verify."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from arbitru.engine.rules import PRESETS, ROTATIONS
from tests.ops.ops_live import REPO, gunicorn

EXAMPLE = REPO / "examples" / "play_tavli.py"


def test_the_example_is_short_and_uses_only_the_standard_library():
    source = EXAMPLE.read_text()
    assert len(source.splitlines()) < 100
    imported = set(re.findall(r"^(?:import|from) (\w+)", source, flags=re.MULTILINE))
    assert imported <= set(sys.stdlib_module_names)


@pytest.mark.live
def test_play_tavli_plays_a_match_to_7_through_the_api_and_its_record_is_valid(tmp_path: Path):
    with gunicorn(tmp_path, workers=1) as live:
        # A deadline, not a timing assertion: the run is a few hundred requests.
        done = subprocess.run(
            [sys.executable, str(EXAMPLE), live.url], capture_output=True, text=True, timeout=600
        )
    assert done.returncode == 0, done.stderr
    games = re.findall(r"^game (\d+) \((\w+)\)", done.stdout, flags=re.MULTILINE)
    rotation = ROTATIONS["tavli"]
    assert len(games) > len(rotation)
    for number, variant in games:
        assert variant == PRESETS[rotation[(int(number) - 1) % len(rotation)]].variant
    final = re.findall(r"score (\d+)-(\d+)", done.stdout)[-1]
    assert max(map(int, final)) >= 7
    assert re.search(r"verdict: valid True, (Ana|Bogdan) wins \[\d+, \d+\]", done.stdout), done.stdout
