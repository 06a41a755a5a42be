"""Every README example runs as written and answers what the README shows.

The Python snippets are doctests. Each `curl` line is run by bash, as a user would paste it, against
a live gunicorn started from this checkout (`localhost:8080` becomes its port, `localhost:9100` its
metrics port); where the README
shows the answer in a comment right after the command (a line `# {...` and its `#  ...`
continuations), that comment is JSON, and every key it names must be in the answer with that value
("..." stands for any value; a list ending in "..." may go on)."""

from __future__ import annotations

import doctest
import json
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.ops.ops_live import Live, gunicorn

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
ANY = "..."


@dataclass(frozen=True)
class ShellExample:
    line: int  # 1-based line of the README where the command starts
    setup: str  # the block's variable assignments before the command
    command: str
    expected: Any  # the JSON the README shows, or None when it shows none


def shell_examples(text: str) -> list[ShellExample]:
    """The curl commands of the README's ```sh blocks, with the answer each shows."""
    examples: list[ShellExample] = []
    lines = text.splitlines()
    in_block, setup, i = False, "", 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            in_block, setup = line.strip() == "```sh", ""
        elif in_block and re.match(r"[A-Z_]+=", line):
            setup += line + "\n"
        elif in_block and line.startswith("curl "):
            start, command = i + 1, line
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + " " + lines[i].strip()
            shown: list[str] = []
            if i + 1 < len(lines) and re.match(r"# [{\[]", lines[i + 1]):
                i += 1
                shown.append(lines[i][2:])
                while i + 1 < len(lines) and lines[i + 1].startswith("#  "):
                    i += 1
                    shown.append(lines[i][2:])
            expected = json.loads("".join(shown)) if shown else None
            examples.append(ShellExample(start, setup, command, expected))
        i += 1
    return examples


def contains(expected: Any, actual: Any) -> bool:
    """`actual` holds everything `expected` names ("..." matches anything; a list ending in "..."
    may have more items)."""
    if expected == ANY:
        return True
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            key in actual and contains(value, actual[key]) for key, value in expected.items()
        )
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return False
        open_ended = bool(expected) and expected[-1] == ANY
        items = expected[:-1] if open_ended else expected
        if len(actual) < len(items) or (not open_ended and len(actual) != len(items)):
            return False
        return all(contains(e, a) for e, a in zip(items, actual, strict=False))
    return bool(expected == actual)


EXAMPLES = shell_examples(README.read_text(encoding="utf-8"))


def test_the_readme_python_examples_print_what_they_say() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_the_readme_shows_curl_examples_with_their_answers() -> None:
    assert len(EXAMPLES) >= 15
    assert sum(example.expected is not None for example in EXAMPLES) >= 10


def test_the_contains_rule_is_strict() -> None:
    assert contains({"a": 1, "b": [1, ANY]}, {"a": 1, "b": [1, 2, 3], "c": 0})
    assert not contains({"a": 1}, {"a": 2})
    assert not contains({"b": [1]}, {"b": [1, 2]})
    assert not contains({"a": ANY}, {})


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with gunicorn(tmp_path_factory.mktemp("readme"), workers=1) as server:
        yield server


@pytest.mark.live
@pytest.mark.skipif(shutil.which("curl") is None, reason="the README's examples use curl")
@pytest.mark.parametrize("example", EXAMPLES, ids=[f"README.md:{e.line}" for e in EXAMPLES])
def test_each_curl_example_answers_as_the_readme_shows(
    example: ShellExample, live: Live, tmp_path: Path
) -> None:
    (tmp_path / "examples").symlink_to(REPO / "examples")
    command = example.command.replace("localhost:8080", live.url.removeprefix("http://"))
    command = command.replace("localhost:9100", live.metrics_url.removeprefix("http://"))  # METRICS_PORT
    script = f"set -eu\n{example.setup}{command} --fail-with-body --max-time 20\n"
    run = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    shows_an_error = isinstance(example.expected, dict) and isinstance(example.expected.get("status"), int)
    assert run.returncode == (22 if shows_an_error else 0), run.stderr + run.stdout[:2000]
    if example.expected is not None:
        answer = json.loads(run.stdout)
        assert contains(example.expected, answer), json.dumps(answer)[:3000]
