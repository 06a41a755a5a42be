"""docs/library.md is true: every example in it runs as written from the repository's top folder."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GUIDE = REPO / "docs" / "library.md"


def test_every_example_of_the_library_guide_answers_what_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    result = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 40
    assert result.failed == 0


def test_the_package_docstring_example_answers_what_it_shows() -> None:
    import arbitru

    result = doctest.testmod(arbitru, verbose=False)
    assert result.attempted and result.failed == 0
