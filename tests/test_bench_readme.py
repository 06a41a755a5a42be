"""bench/README.md tells the truth: it shows the Makefile's `bench` recipe as it is and has a section
for every script in bench/, under the script's own name."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "bench" / "README.md").read_text()


def test_the_readme_shows_the_makefile_bench_recipe_as_it_is():
    makefile = (REPO / "Makefile").read_text()
    recipe = re.search(r"^bench:.*\n((?:\t.*\n)+)", makefile, re.M)
    shown = re.search(r"```make\nbench:.*\n((?:\t.*\n)+)```", README)
    assert recipe is not None and shown is not None
    assert shown.group(1) == recipe.group(1)


def test_every_bench_script_has_a_section_and_every_section_a_script():
    scripts = {path.name for path in (REPO / "bench").glob("*.py")} - {"bare_flask.py"}  # a server they start
    sections = set(re.findall(r"^## `bench/([a-z_]+\.py)`", README, re.M))
    assert sections == scripts
    assert "`bench/bare_flask.py`" in README
