"""Print the mutation score of each rules module from mutmut's results (build/mutation/mutants/**/*.meta).

A mutant counts as killed when a test failed, timed out or crashed on it; the mutants listed as
equivalent in pyproject.toml ([tool.arbitru.mutation.equivalent], each with the reason) are left
out of the score, and so are those mutmut cannot switch on ([tool.arbitru.mutation.untestable]:
they change answers, and scripts/mutation_untestable.py shows the test named with each kills it).
Exit status 1 when a module is under the goal (95 %) or has unchecked mutants, so `make mutation`
fails loudly, and so does a mutant listed as equivalent that a test killed: no test
can kill an equivalent mutant, so the listed name is stale (a change to its function renumbered its
mutants, and the name now means another one, which the list hides from the score). `--survivors`
lists every surviving mutant by name (`mutmut show NAME` prints its diff).
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL = 95.0
# mutmut's exit codes (mutmut.stats.status_by_exit_code): killed by a failing test, a timeout,
# an interrupted or crashed run.
KILLED = {1, 3, 24, -24, 152, 255, -9, -11, 36, 37}
NOT_CHECKED = {None}


def equivalents() -> dict[str, str]:
    """The mutants shown equivalent: name -> why no test can tell them from the original."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return config.get("tool", {}).get("arbitru", {}).get("mutation", {}).get("equivalent", {})


def untestable() -> set[str]:
    """The mutants mutmut cannot switch on (their function runs only at import)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return set(config.get("tool", {}).get("arbitru", {}).get("mutation", {}).get("untestable", {}))


def stale(meta_dir: Path) -> list[str]:
    """The listed equivalent mutants a test killed (untestable ones are killed by hand, never by a
    mutmut run): names that now mean another mutant."""
    listed = equivalents().keys()
    return sorted(
        name
        for meta in meta_dir.glob("**/*.py.meta")
        for name, code in json.loads(meta.read_text())["exit_code_by_key"].items()
        if name in listed and code in KILLED
    )


def scores(meta_dir: Path) -> list[tuple[str, int, int, int, int, list[str]]]:
    """Per module: (name, killed, survived, not checked, left out (equivalent or untestable by
    mutmut), survivors)."""
    same = equivalents().keys() | untestable()
    rows = []
    for meta in sorted(meta_dir.glob("**/*.py.meta")):
        path = meta.relative_to(meta_dir).with_suffix("").with_suffix("").as_posix()
        module = path.replace("/", ".").removeprefix("src.")
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        killed = survived = unchecked = left_out = 0
        survivors = []
        for name, code in sorted(codes.items()):
            if name in same:
                left_out += 1
            elif code in KILLED:
                killed += 1
            elif code in NOT_CHECKED:
                unchecked += 1
            else:  # survived, or no test reached it (exit 33 / 5): both are holes in the tests
                survived += 1
                survivors.append(name)
        if codes:  # a module with no mutants (a package's __init__ of imports) has nothing to score
            rows.append((module, killed, survived, unchecked, left_out, survivors))
    return rows


def main(argv: list[str]) -> int:
    rows = scores(ROOT / "build" / "mutation" / "mutants")
    if not rows:
        print("no mutmut results in build/mutation/mutants/: run `make mutation` first")
        return 1
    print(f"{'module':32} {'killed':>7} {'survived':>8} {'unchecked':>9} {'left out':>8} {'score':>7}")
    ok = True
    for module, killed, survived, unchecked, left_out, survivors in rows:
        judged = killed + survived
        score = 100.0 * killed / judged if judged else 0.0
        ok = ok and judged > 0 and score >= GOAL and not unchecked
        shown = f"{score:6.1f}%" if judged else "    n/a"
        print(f"{module:32} {killed:7} {survived:8} {unchecked:9} {left_out:8} {shown}")
        if "--survivors" in argv:
            for name in survivors:
                print(f"    {name}")
    print(f"goal: >= {GOAL:.0f}% killed in every module, none unchecked: {'met' if ok else 'NOT met'}")
    killed_but_listed = stale(ROOT / "build" / "mutation" / "mutants")
    for name in killed_but_listed:
        print(f"listed as equivalent but killed (a stale number: `mutmut show {name}`): {name}")
    return 0 if ok and not killed_but_listed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
