"""Check the claims about mutants mutmut cannot test (pyproject.toml, [tool.arbitru.mutation.untestable]):
each listed mutant is applied to a copy of the source by hand, and the test named with it must pass on
the original and fail on the mutant. Exit status 1 when a claim does not hold (or names no mutant).

Why such mutants exist: mutmut 3 switches a mutant on inside the mutated function's trampoline, when
the function is called; a function that only runs at import (`referee.machine._verdict_of`, which
builds `verify` once) has run before any test switches a mutant on, so every test sees the original
and mutmut reports the mutant as surviving, though it changes answers. `make mutation` runs this
after the score (scripts/mutation_score.py leaves these mutants out of it).

    python scripts/mutation_untestable.py [NAME ...]
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import libcst as cst
from mutmut.mutation.diff_apply import find_top_level_function_or_method, read_mutant_function
from mutmut.mutation.file_mutation import mutate_file_contents
from mutmut.utils.format_utils import orig_function_and_class_names_from_key

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "service" / "arbitru"


def untestable() -> dict[str, dict[str, str]]:
    """The listed mutants: name -> {"why": what it changes, "test": the test that kills it}."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return config.get("tool", {}).get("arbitru", {}).get("mutation", {}).get("untestable", {})


def mutated_source(name: str) -> tuple[Path, str]:
    """The module file of mutant `name` (mutmut's name: module, then the mutant of a function), and
    its source with that one mutant applied (as `mutmut apply` does, without a mutmut run)."""
    module, _, mutant = name.rpartition(".")
    path = PACKAGE.parent / Path(*module.split(".")).with_suffix(".py")
    code = path.read_text()
    mutated = mutate_file_contents(str(path), code)
    if mutant not in mutated.mutant_names:
        raise LookupError(f"{name}: no such mutant (renumbered by a change to its function?)")
    function = read_mutant_function(cst.parse_module(mutated.code), mutant)
    source = cst.parse_module(code)
    original = original_function(source, mutant)
    assert original is not None, name
    return path, source.deep_replace(original, function).code  # type: ignore[arg-type]


def original_function(source: cst.Module, mutant: str) -> cst.FunctionDef | None:
    """The function of `source` that `mutant` mutates: a method looked up in its own class (mutmut's
    `find_top_level_function_or_method` takes the first method of that name in any class, so a
    mutant of `MatchScore.to_dict` would replace `Match.to_dict`)."""
    function_name, class_name = orig_function_and_class_names_from_key(mutant)
    if class_name is None:
        return find_top_level_function_or_method(source, function_name)
    for node in source.body:
        if isinstance(node, cst.ClassDef) and node.name.value == class_name:
            for method in node.body.body:
                if isinstance(method, cst.FunctionDef) and method.name.value == function_name:
                    return method
    return None


def test_passes(test: str, package_parent: Path) -> bool:
    """Whether `test` passes with the `arbitru` package found in `package_parent`."""
    path = f"pythonpath={package_parent} {ROOT}"  # in place of pyproject's ". service"
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-o", path, test]
    env = {**os.environ, "PYTHONPATH": str(package_parent)}  # for the subprocesses tests start
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True).returncode == 0


def killed(name: str, test: str) -> bool:
    """Whether `test` passes on the source and fails once mutant `name` is applied to a copy of it."""
    path, code = mutated_source(name)
    if not test_passes(test, PACKAGE.parent):
        raise AssertionError(f"{name}: {test} fails on the unmutated source")
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "arbitru"
        shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
        (copy / path.relative_to(PACKAGE)).write_text(code)
        return not test_passes(test, Path(tmp))


def main(names: list[str]) -> int:
    listed = untestable()
    ok = True
    for name in names or sorted(listed):
        claim = listed[name]
        try:
            holds = killed(name, claim["test"])
        except (LookupError, AssertionError) as exc:
            holds = False
            print(exc)
        ok = ok and holds
        print(f"{'killed' if holds else 'NOT KILLED':10} {name} ({claim['why']}) by {claim['test']}")
    print(f"untestable by mutmut, each killed by its test when applied by hand: {'yes' if ok else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
