#!/usr/bin/env python
"""The longest functions of a source tree, by lines (decorators and docstring included): the list the
closing notes quote, and the check that a function over the limit says why it must be one piece.

    python scripts/longest_functions.py [ROOT=service] [--top 10] [--limit 80]

Prints `lines path:line name` for the `--top` longest functions and methods (nested ones count on
their own), longest first; then every function over `--limit` lines whose docstring gives no
measured reason (the word "measured"), and exits 1 if there is any.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path

Function = ast.FunctionDef | ast.AsyncFunctionDef


def functions(root: Path) -> Iterator[tuple[int, str, Function]]:
    """(lines, "path:line", node) of every function and method below `root`."""
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                end = node.end_lineno or node.lineno
                yield end - first + 1, f"{path}:{node.lineno}", node


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", nargs="?", default="service", help="the tree to read (default service)")
    parser.add_argument("--top", type=int, default=10, help="how many to list (default 10)")
    parser.add_argument("--limit", type=int, default=80, help="lines above which a reason is wanted")
    args = parser.parse_args(argv)
    found = sorted(functions(Path(args.root)), key=lambda item: -item[0])
    for lines, where, node in found[: args.top]:
        print(f"{lines:4d} {where} {node.name}")
    unexplained = [
        (lines, where, node)
        for lines, where, node in found
        if lines > args.limit and "measured" not in (ast.get_docstring(node) or "").lower()
    ]
    for lines, where, node in unexplained:
        print(f"over {args.limit} lines, no measured reason in its docstring: {where} {node.name} ({lines})")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
