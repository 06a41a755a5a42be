"""The engine's modules import one another one way only: no import circle, counting the imports made
inside functions (a circle there is still a circle, only a later one), so that each module reads
on top of the ones it names and none needs the one that needs it."""

from __future__ import annotations

import ast
from pathlib import Path

import arbitru.engine

ENGINE = Path(arbitru.engine.__file__).parent
PACKAGE = "arbitru.engine"


def _imported(module: str, tree: ast.Module, modules: set[str]) -> set[str]:
    """The engine modules `module` imports anywhere in its source (top level, functions, TYPE_CHECKING)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}  # `from pkg import module`
        elif isinstance(node, ast.ImportFrom) and node.level:
            found |= (
                {f"{PACKAGE}.{node.module}"} if node.module else {f"{PACKAGE}.{a.name}" for a in node.names}
            )
    return {name for name in found if name in modules and name != module}


def engine_imports() -> dict[str, set[str]]:
    """Each engine module (the package's own `__init__` left out: it gathers the others) and the
    engine modules it imports."""
    sources = {f"{PACKAGE}.{path.stem}": path for path in ENGINE.glob("*.py") if path.stem != "__init__"}
    modules = set(sources)
    return {name: _imported(name, ast.parse(path.read_text()), modules) for name, path in sources.items()}


def circle_in(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of `graph` (its modules in order, the first repeated at the end), or None."""
    done: set[str] = set()
    for start in sorted(graph):
        path: list[str] = []
        stack = [(start, iter(sorted(graph[start])))]
        path.append(start)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                done.add(node)
            elif child in path:
                return path[path.index(child) :] + [child]
            elif child not in done:
                stack.append((child, iter(sorted(graph[child]))))
                path.append(child)
    return None


def test_the_engine_modules_import_no_circle() -> None:
    circle = circle_in(engine_imports())
    assert circle is None, "an import circle in the engine: " + " -> ".join(circle or ())


def test_the_circle_finder_names_the_circle_it_is_shown() -> None:
    # The check above holds only if the finder sees a circle, and an import inside a function counts.
    assert circle_in({"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert circle_in({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
    tree = ast.parse("def late():\n    from arbitru.engine.judge import judge_play\n")
    assert _imported("arbitru.engine.verdict", tree, {"arbitru.engine.judge"}) == {"arbitru.engine.judge"}


PLAIN = {f"{PACKAGE}.{name}" for name in ("plain", "variant_judge", "fevga")}  # the rules stated plainly
ACCELERATIONS = {
    f"{PACKAGE}.{name}" for name in ("fast_backgammon", "fast_family", "fast_fevga", "family_judge")
}


def reached(graph: dict[str, set[str]], module: str) -> set[str]:
    """Every engine module `module` imports, directly or through others."""
    seen: set[str] = set()
    pending = [module]
    while pending:
        for child in graph[pending.pop()] - seen:
            seen.add(child)
            pending.append(child)
    return seen


def test_the_plain_statement_of_the_rules_reads_no_acceleration() -> None:
    graph = engine_imports()
    assert PLAIN | ACCELERATIONS <= set(graph)  # the modules named here exist
    for module in PLAIN:
        assert not reached(graph, module) & ACCELERATIONS, module


def test_the_variants_hold_the_plain_statement_and_their_accelerations() -> None:
    assert PLAIN | ACCELERATIONS <= engine_imports()[f"{PACKAGE}.variants"]
