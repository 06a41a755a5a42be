"""Every route resolves positions through the one resolver (`arbitru.http.position`): no route
builds a board, rules or a match context from the body by hand, so a check added there (a variant's
board, a game already over) reaches every route at once."""

from __future__ import annotations

import ast
from pathlib import Path

import arbitru.http.routes

# What only the resolver calls: the engine's constructors and checks of a body's position context.
BY_HAND = {"from_dict", "build_rules", "context_problems", "problems"}


def _calls(path: Path) -> list[str]:
    """`name:line` of every call in `path` of a function or method named in BY_HAND."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in BY_HAND:
                found.append(f"{path.name}:{node.lineno} {name}")
    return found


def test_no_route_resolves_a_position_by_hand():
    routes = Path(arbitru.http.routes.__file__).parent
    assert [call for path in sorted(routes.glob("*.py")) for call in _calls(path)] == []
