"""The mutants left out of `make mutation`'s score are named by what they change (the function, the
line as written and as mutated), so an edit elsewhere in a function, which renumbers mutmut's
mutants, leaves each exemption naming the same mutant; one that names no mutant is reported, never
ignored (scripts/mutation.py, docs/mutation.md)."""

from __future__ import annotations

import ast
import tomllib

from scripts.mutation import ROOT, Change, Exemption, changes, exemptions, function_name, stale

SOURCE = """
def rank(x, y):
    if x > y:
        return 1
    for z in y:
        if z:
            continue
        if not z:
            continue
    return 0
"""
EDITED = SOURCE.replace("def rank(x, y):\n", "def rank(x, y):\n    y = list(y) + [2]\n")


def mutants(source: str) -> dict[str, Change]:
    """mutmut's mutants of `source` (imported here, not when the suite is collected: mutmut brings
    libcst, which every pytest-xdist worker would otherwise import and compile)."""
    from mutmut.mutation.file_mutation import mutate_file_contents

    return changes("m", mutate_file_contents("m.py", source).code)


def test_an_exemption_names_the_same_mutant_after_an_edit_elsewhere_renumbers_it():
    before, after = mutants(SOURCE), mutants(EDITED)
    exempt = Change("m.rank", "if x > y:", "if x >= y:")
    [old] = [name for name, change in before.items() if exempt.names(change)]
    [new] = [name for name, change in after.items() if exempt.names(change)]
    assert old != new  # mutmut renumbered it
    assert before[old].line == after[new].line == "if x > y:"


def test_the_same_change_to_two_equal_lines_is_told_apart_by_the_line_above():
    made = mutants(SOURCE)
    both = Change("m.rank", "continue", "break")
    assert len([c for c in made.values() if both.names(c)]) == 2
    first = Change("m.rank", "continue", "break", after="if z:")
    assert len([c for c in made.values() if first.names(c)]) == 1


def test_a_method_is_named_with_its_class():
    assert function_name("arbitru.engine.match", "xǁMatchScoreǁto_dict__mutmut_8") == (
        "arbitru.engine.match.MatchScore.to_dict"
    )
    assert function_name("arbitru.engine.cube", "x__answers__mutmut_8") == "arbitru.engine.cube._answers"


def test_an_exemption_naming_no_mutant_or_a_killed_one_is_reported_stale():
    listed = [
        Exemption("equivalent", Change("m.rank", "if x > y:", "if x >= y:"), "killed"),
        Exemption("equivalent", Change("m.rank", "if x > y + 1:", "if x >= y + 1:"), "line edited"),
        Exemption("equivalent", Change("other.f", "a", "b"), "module not mutated"),
        Exemption("equivalent", Change("m.rank", "continue", "break"), "two mutants"),
    ]
    reports = stale(listed, {0: [1], 3: [0, 0]}, {"m"})
    assert [report.split(":")[0] for report in reports] == [
        "stale (listed as equivalent, killed by a test)",
        "stale (no mutant makes this change)",
        "stale (its module is not mutated)",
        "ambiguous (2 mutants make this change",
    ]


def mutated_functions() -> dict[str, str]:
    """Each function of the modules mutmut mutates -> its source, whitespace collapsed."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    found = {}
    for path in config["only_mutate"]:
        module = path.removeprefix("src/").removesuffix(".py").replace("/", ".").removesuffix(".__init__")
        source = (ROOT / "service" / path.removeprefix("src/")).read_text()
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            for item in node.body if isinstance(node, ast.Module | ast.ClassDef) else []:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    owner = f".{node.name}" if isinstance(node, ast.ClassDef) else ""
                    text = " ".join(lines[item.lineno - 1 : item.end_lineno])  # with the comments
                    found[f"{module}{owner}.{item.name}"] = " ".join(text.split())
    return found


def test_every_exemption_names_a_line_of_a_mutated_function():
    functions = mutated_functions()
    missing = [
        f"{e.change.function}: {e.change.line!r}"
        for e in exemptions()
        if e.change.line not in functions.get(e.change.function, "")
    ]
    assert not missing, "stale exemptions (scripts/mutation_exemptions.toml):\n" + "\n".join(missing)


def test_every_untestable_exemption_names_its_test():
    for e in exemptions():
        if e.kind == "untestable":
            assert (ROOT / e.test.split("::")[0]).is_file(), e.test
        assert e.why
