"""docs/contributing.md is true: every example of the maintainer's guide runs as written."""

from __future__ import annotations

import doctest
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "contributing.md"


def test_every_recipe_of_the_maintainers_guide_runs_as_written() -> None:
    failed, attempted = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert attempted > 10 and failed == 0
