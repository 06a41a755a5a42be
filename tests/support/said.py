"""Engine problems as their field and the sentence they say (for tests that assert exact wording)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from arbitru.engine.board import Problem
from arbitru.messages import say


class Said(NamedTuple):
    """A problem's field and its message in one language."""

    field: str
    message: str


def said(problems: Iterable[Problem], lang: str = "en") -> list[Said]:
    """Each problem's field and what it says in `lang`."""
    return [Said(p.field, say(p, lang)) for p in problems]
