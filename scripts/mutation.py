"""`make mutation`'s tools, around mutmut 3 (configured in pyproject.toml, [tool.mutmut]):

    python scripts/mutation.py tree                  lay out build/mutation/, where mutmut runs
    python scripts/mutation.py score [--survivors]   the score of each mutated module, from mutmut's results
    python scripts/mutation.py untestable [FUNCTION ...]   apply the mutants mutmut cannot switch on by
                                                     hand and check that their tests kill them
    python scripts/mutation.py show MODULE [FUNCTION]   each mutant of a module (or of one of its
                                                     functions) as an exemption names it

The exemptions (scripts/mutation_exemptions.toml) name a mutant by what it changes, never by mutmut's
number: the function (`arbitru.engine.cube._answers`, a method with its class), the lines it
changes as written and as the mutant writes them (whitespace collapsed). mutmut numbers the mutants
of a function in order, so any edit to the function renumbers them; an edit elsewhere in the
function leaves the change as it was, and an edit to the changed line itself makes the entry name a
change no mutant makes: `score` then reports it as stale (exit status 1), as it does an equivalent
mutant a test killed. docs/mutation.md says the workflow.
"""

from __future__ import annotations

import ast
import difflib
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import astuple, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREE = ROOT / "build" / "mutation"
MUTANTS = TREE / "mutants"
PACKAGE = ROOT / "service" / "arbitru"
EXEMPTIONS = ROOT / "scripts" / "mutation_exemptions.toml"
MOVED = {"service/arbitru/": "src/arbitru/"}
GOAL = 95.0
# mutmut's exit codes (mutmut.stats.status_by_exit_code): killed by a failing test, a timeout,
# an interrupted or crashed run.
KILLED = {1, 3, 24, -24, 152, 255, -9, -11, 36, 37}
MUTANT = re.compile(r"__mutmut_(\d+|orig)$")


@dataclass(frozen=True)
class Change:
    """What one mutant changes: in `function` (module, class, name), `line` becomes `mutant`;
    `after` is the line above it, which tells apart the same change made to two equal lines of a
    function (an exemption names it only then)."""

    function: str
    line: str
    mutant: str
    after: str = ""

    def names(self, mutant: Change) -> bool:
        """Whether this change, as an exemption states it, is the change `mutant` makes."""
        same = (self.function, self.line, self.mutant) == (mutant.function, mutant.line, mutant.mutant)
        return same and self.after in ("", mutant.after)


@dataclass(frozen=True)
class Exemption:
    """A mutant left out of the score: `equivalent` (no test can tell it from the original) or
    `untestable` (mutmut cannot switch it on; `test` kills it when it is applied by hand)."""

    kind: str
    change: Change
    why: str
    test: str = ""


def exemptions() -> list[Exemption]:
    """The listed exemptions, in the file's order."""
    listed = tomllib.loads(EXEMPTIONS.read_text())
    return [
        Exemption(
            kind,
            Change(e["function"], e["line"], e["mutant"], e.get("after", "")),
            e["why"],
            e.get("test", ""),
        )
        for kind in ("equivalent", "untestable")
        for e in listed.get(kind, [])
    ]


# -- what each mutant changes ---------------------------------------------------------------------


def flat(lines: list[str]) -> str:
    """Lines as one normalised text: each line's whitespace collapsed, joined by one space."""
    return " ".join(" ".join(line.split()) for line in lines)


def changed(original: list[str], mutant: list[str]) -> tuple[str, str, str]:
    """The lines that differ between two versions of a function (as written, as mutated), and the
    last line with text above them."""
    written: list[str] = []
    mutated: list[str] = []
    first = None
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=original, b=mutant, autojunk=False).get_opcodes():
        if tag != "equal":
            first = i1 if first is None else first
            written += original[i1:i2]
            mutated += mutant[j1:j2]
    above = [line for line in original[: first or 0] if line.strip()]
    return flat(written), flat(mutated), flat(above[-1:])


def function_name(module: str, mangled: str) -> str:
    """`arbitru.engine.match.MatchScore.to_dict` for `xǁMatchScoreǁto_dict__mutmut_8` of that module."""
    stem = MUTANT.sub("", mangled)
    if stem.startswith("xǁ"):
        _, cls, name = stem.split("ǁ")
        return f"{module}.{cls}.{name}"
    return f"{module}.{stem.removeprefix('x_')}"


def changes(module: str, mutated_code: str) -> dict[str, Change]:
    """mutmut's name of each mutant in a mutated module (mutmut's file: each mutant a copy of its
    function, beside the original as `..._mutmut_orig`) -> what it changes."""
    lines = mutated_code.splitlines()
    bodies: dict[str, list[str]] = {}
    tree = ast.parse(mutated_code)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and MUTANT.search(node.name):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            body = lines[first - 1 : node.end_lineno]
            short = function_name(module, node.name).rpartition(".")[2]
            bodies[node.name] = [line.replace(node.name, short, 1) for line in body]
    found = {}
    for name, body in bodies.items():
        if name.endswith("__mutmut_orig"):
            continue
        original = bodies[MUTANT.sub("__mutmut_orig", name)]
        found[f"{module}.{name}"] = Change(function_name(module, name), *changed(original, body))
    return found


def module_path(module: str) -> Path | None:
    """The file of a module of the working tree (a package's `__init__.py`), None if it has none."""
    base = PACKAGE.parent / Path(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


@functools.cache
def generated(module: str) -> tuple[Path, str, dict[str, Change]]:
    """A module of the working tree mutated as mutmut mutates it (no run): its path, its mutated
    code and what each mutant changes."""
    from mutmut.mutation.file_mutation import mutate_file_contents

    path = module_path(module)
    assert path is not None, module
    mutated = mutate_file_contents(str(path), path.read_text())
    return path, mutated.code, changes(module, mutated.code)


# -- tree: the copy mutmut runs in ----------------------------------------------------------------


def tracked_files() -> list[str]:
    """The files git tracks, with the ones not yet added (so a working tree is mutated as it is)."""
    out = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        capture_output=True,
        check=True,
    ).stdout
    return [name for name in out.decode().split("\0") if name and (ROOT / name).is_file()]


def staged_name(name: str) -> str:
    for old, new in MOVED.items():
        if name.startswith(old):
            return new + name[len(old) :]
    return name


def copy_if_changed(source: Path, dest: Path) -> None:
    stat = source.stat()
    if dest.exists() and dest.stat().st_size == stat.st_size and dest.stat().st_mtime == stat.st_mtime:
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, dest)


def tree() -> int:
    """Lay out build/mutation/: the repository with the package at src/arbitru, not service/arbitru.

    Why: mutmut 3 names a mutant after its file's path with only a leading `src.` stripped, and puts
    only ./, src/ or source/ of its mutants/ copy on sys.path; the tests record the module they call
    (`arbitru.engine.moves`), so under service/ no test would ever match a mutant ("tests recorded
    trampoline hits but none match any mutant key"). Files that did not change (same size and mtime)
    are kept, so mutmut's results in build/mutation/mutants are reused: only mutants of changed
    functions or tests run again. pytest there finds `tests` from "." and the mutated `arbitru` from
    the path mutmut sets (src on pytest's own pythonpath would put the unmutated code first)."""
    wanted = {staged_name(name): ROOT / name for name in tracked_files()}
    for name, source in wanted.items():
        copy_if_changed(source, TREE / name)
    for path in sorted(TREE.rglob("*"), reverse=True):  # files removed from the repository
        relative = path.relative_to(TREE).as_posix()
        if relative.startswith(("mutants/", ".venv")) or relative == "mutants":
            continue
        if path.is_file() and relative not in wanted:
            path.unlink()
    pyproject = TREE / "pyproject.toml"
    text = re.sub(r"pythonpath = \[[^\]]*\]", 'pythonpath = ["."]', pyproject.read_text())
    pyproject.write_text(text)
    print(f"mutation tree ready: {TREE.relative_to(ROOT)} ({len(wanted)} files)")
    return 0


# -- score ----------------------------------------------------------------------------------------


@dataclass
class Row:
    module: str
    killed: int = 0
    survived: int = 0
    unchecked: int = 0
    left_out: int = 0
    survivors: list[str] | None = None


def results() -> dict[str, tuple[dict[str, int | None], dict[str, Change]]]:
    """Per mutated module: mutmut's exit code of each mutant, and what each changes."""
    found = {}
    for meta in sorted(MUTANTS.glob("**/*.py.meta")):
        source = meta.with_suffix("")
        path = source.relative_to(MUTANTS).with_suffix("").as_posix()
        module = path.replace("/", ".").removeprefix("src.").removesuffix(".__init__")  # mutmut's names
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        if codes:  # a package's __init__ of imports has nothing to score
            found[module] = (codes, changes(module, source.read_text()))
    return found


def exempting(listed: list[Exemption], change: Change | None) -> list[int]:
    """The indices of the exemptions that name `change` (a mutant's)."""
    return [i for i, e in enumerate(listed) if change is not None and e.change.names(change)]


def score_rows(found, listed: list[Exemption], used: dict[int, list[int | None]]) -> list[Row]:
    """The rows of the score; `used` collects the exit codes of the mutants each exemption named."""
    rows = []
    for module, (codes, made) in found.items():
        row = Row(module, survivors=[])
        for name, code in sorted(codes.items()):
            change = made.get(name)
            named = exempting(listed, change)
            for index in named:
                used.setdefault(index, []).append(code)
            if named:
                row.left_out += 1
            elif code in KILLED:
                row.killed += 1
            elif code is None:
                row.unchecked += 1
            else:  # survived, or no test reached it (exit 33 / 5): both are holes in the tests
                row.survived += 1
                row.survivors.append(f"{name}  ({change.line!r} -> {change.mutant!r})" if change else name)
        rows.append(row)
    return rows


def stale(listed: list[Exemption], used: dict[int, list[int | None]], modules: set[str]) -> list[str]:
    """What each stale exemption says: one that names no mutant (its line was edited, or its module
    is no longer mutated), one that names several (say `after`), or an equivalent one a test killed
    (so it is not equivalent)."""
    out = []
    for index, exemption in enumerate(listed):
        codes = used.get(index)
        change = exemption.change
        where = f"{change.function}: {change.line!r} -> {change.mutant!r}"
        if codes is None:
            mutated = any(change.function.startswith(module + ".") for module in modules)
            reason = "no mutant makes this change" if mutated else "its module is not mutated"
            out.append(f"stale ({reason}): {where}")
        elif len(codes) > 1:
            out.append(f"ambiguous ({len(codes)} mutants make this change: say `after`): {where}")
        elif exemption.kind == "equivalent" and codes[0] in KILLED:
            out.append(f"stale (listed as equivalent, killed by a test): {where}")
    return out


def score(argv: list[str]) -> int:
    """Print the score of each mutated module; exit status 1 when a module is under the goal or has
    unchecked mutants, or an exemption is stale."""
    found = results()
    if not found:
        print("no mutmut results in build/mutation/mutants/: run `make mutation` first")
        return 1
    listed = exemptions()
    used: dict[int, list[int | None]] = {}
    rows = score_rows(found, listed, used)
    print(f"{'module':32} {'killed':>7} {'survived':>8} {'unchecked':>9} {'left out':>8} {'score':>7}")
    ok = True
    for row in rows:
        judged = row.killed + row.survived
        value = 100.0 * row.killed / judged if judged else 0.0
        ok = ok and judged > 0 and value >= GOAL and not row.unchecked
        shown = f"{value:6.1f}%" if judged else "    n/a"
        print(f"{row.module:32} {row.killed:7} {row.survived:8} {row.unchecked:9} {row.left_out:8} {shown}")
        if "--survivors" in argv:
            for name in row.survivors or []:
                print(f"    {name}")
    print(f"goal: >= {GOAL:.0f}% killed in every module, none unchecked: {'met' if ok else 'NOT met'}")
    reports = stale(listed, used, set(found))
    for line in reports:
        print(line)
    return 0 if ok and not reports else 1


# -- untestable: the mutants mutmut cannot switch on, applied by hand ------------------------------


def test_passes(test: str, package_parent: Path) -> bool:
    """Whether `test` passes with the `arbitru` package found in `package_parent`."""
    path = f"pythonpath={package_parent} {ROOT}"  # in place of pyproject's ". service"
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-o", path, test]
    env = {**os.environ, "PYTHONPATH": str(package_parent)}  # for the subprocesses tests start
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True).returncode == 0


def module_of(function: str) -> str:
    """The module of a function named with it (`arbitru.engine.match` of `...match.Match.to_dict`)."""
    module = function.rpartition(".")[0]
    while module and module_path(module) is None:
        module = module.rpartition(".")[0]
    return module


def applied(source: str, mutated_code: str, name: str) -> str:
    """`source` with mutant `name` (mutmut's name) in place of its function, as `mutmut apply` does
    without a run; a method is looked up in its own class (mutmut's `find_top_level_function_or_method`
    takes the first method of that name in any class)."""
    import libcst as cst
    from mutmut.mutation.diff_apply import find_top_level_function_or_method, read_mutant_function
    from mutmut.utils.format_utils import orig_function_and_class_names_from_key

    mangled = name.rpartition(".")[2]
    function = read_mutant_function(cst.parse_module(mutated_code), mangled)
    module = cst.parse_module(source)
    function_name, class_name = orig_function_and_class_names_from_key(mangled)
    original = find_top_level_function_or_method(module, function_name) if class_name is None else None
    for node in module.body if class_name else []:
        if isinstance(node, cst.ClassDef) and node.name.value == class_name:
            original = next(
                m for m in node.body.body if isinstance(m, cst.FunctionDef) and m.name.value == function_name
            )
    assert original is not None, name
    return module.deep_replace(original, function).code  # type: ignore[arg-type]


def killed_by_hand(exemption: Exemption) -> str:
    """'killed', or why the claim does not hold: the mutant applied to a copy of the package, the
    test must pass on the original and fail on the copy."""
    path, code, made = generated(module_of(exemption.change.function))
    names = [name for name, change in made.items() if exemption.change.names(change)]
    if not names:
        return "NO SUCH MUTANT (stale)"
    if not test_passes(exemption.test, PACKAGE.parent):
        return "FAILS ON THE ORIGINAL"
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "arbitru"
        shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
        for name in names:
            (copy / path.relative_to(PACKAGE)).write_text(applied(path.read_text(), code, name))
            if test_passes(exemption.test, Path(tmp)):
                return f"NOT KILLED ({name})"
    return "killed"


def untestable(functions: list[str]) -> int:
    """Check each untestable exemption (of the functions named, or all); exit status 1 when one
    does not hold."""
    ok = True
    for exemption in exemptions():
        if exemption.kind != "untestable" or (functions and exemption.change.function not in functions):
            continue
        verdict = killed_by_hand(exemption)
        ok = ok and verdict == "killed"
        change = exemption.change
        print(f"{verdict:10} {change.function}: {change.line!r} -> {change.mutant!r}")
        print(f"           ({exemption.why}) by {exemption.test}")
    print(f"untestable by mutmut, each killed by its test when applied by hand: {'yes' if ok else 'NO'}")
    return 0 if ok else 1


def show(module: str, function: str | None) -> int:
    """Print each mutant of `module` (of its `function` only, when given) as an exemption names it."""
    made = generated(module)[2]
    for name, change in made.items():
        if function is None or change.function == f"{module}.{function}":
            same = [other for other in made.values() if Change(*astuple(change)[:3]).names(other)]
            print(f"# {name}\n[[equivalent]]\nfunction = {json.dumps(change.function)}")
            print(f"line = {json.dumps(change.line, ensure_ascii=False)}")
            print(f"mutant = {json.dumps(change.mutant, ensure_ascii=False)}")
            if len(same) > 1:  # the same change to equal lines: the line above tells them apart
                print(f"after = {json.dumps(change.after, ensure_ascii=False)}")
            print('why = ""\n')
    return 0


def main(argv: list[str]) -> int:
    command, *rest = argv or ["help"]
    if command == "tree":
        return tree()
    if command == "score":
        return score(rest)
    if command == "untestable":
        return untestable(rest)
    if command == "show" and rest:
        return show(rest[0], rest[1] if len(rest) > 1 else None)
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
