"""A shard edited by hand is merged or refused, never a crash: whatever JSON stands in any field of
a verdict row (`verify --jsonl`) or of an entry line (`report --jsonl`), `arbitru report` (the
table, `--json`, the HTML report) exits 0 or 1 with the merge, or 2 refusing the shard; never 3
(a bug) nor an exception (which Python ends with exit 1, a merge Job's success). A refusal names
the shard, the line and the field: a point key that is a digit to Python but no point number ("²",
"٣"), an integer of thousands of digits (which Python will not read), a count beyond any board."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.cli import main
from arbitru.cli.summary import end_line, entry
from arbitru.cli.verdicts import counts, json_line
from tests.archive.test_archive_fixed_point import archives
from tests.support.cases import examples
from tests.test_cli import job_line

LONG = "9" * 5000  # stands for an integer of 5,000 digits, written into the shard's text as it is
HOSTILE_KEYS = st.sampled_from(["²", "٣", "01", "1 ", "1" * 5000, "26", "0"])
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 30)
    | st.integers(10**15, 10**40)
    | st.just(LONG)
    | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6) | HOSTILE_KEYS, inner, max_size=3)
    ),
    max_leaves=6,
)
ROW_FIELDS = (
    "file", "status", "verdict", "problem", "verdict.players", "verdict.games", "verdict.final_score",
    "verdict.match_length", "verdict.winner", "verdict.finished", "verdict.error", "verdict.error.code",
    "verdict.error.game", "verdict.error.move", "verdict.error.position",
    "verdict.error.position.board", "verdict.error.position.board.white",
    "verdict.error.position.board.white.points", "verdict.error.position.dice",
    "verdict.error.position.cube", "verdict.error.position.match", "verdict.error.legal_plays",
    "verdict.error.position.rules", "verdict.error.position.rules.variant",
    "verdict.error.position.rules.preset", "verdict.error.position.board.white.pinned",
    "verdict.error.position.board.black.bar", "verdict.error.position.board.black.off",
)  # fmt: skip


def _set(item: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for name in parents:
        if not isinstance(item.get(name), dict):
            item[name] = {}
        item = item[name]
    item[last] = value


@settings(max_examples=examples(150), deadline=None)
@given(rows=archives(), data=st.data())
def test_any_json_in_any_field_of_a_shard_is_merged_or_refused_never_a_crash(rows, data):
    as_entries = data.draw(st.booleans())
    lines: list[dict[str, Any]] = [entry(r) for r in rows] if as_entries else rows
    edited = data.draw(st.sampled_from(lines))
    in_entries = ["games", "finished", "error", "error.position"]
    fields = [f for f in ROW_FIELDS if "." not in f or not as_entries] + in_entries
    _set(edited, data.draw(st.sampled_from(fields)), data.draw(JSON))
    with tempfile.TemporaryDirectory() as folder:
        shard = Path(folder) / "shard.jsonl"
        ends = json.dumps(end_line(counts(r for r in lines if isinstance(r.get("status"), str))))
        written = "".join(json_line(line) + "\n" for line in lines).replace(f'"{LONG}"', LONG)
        shard.write_text(written + ends + "\n", encoding="utf-8")
        for args in ([], ["--json"], ["-o", str(Path(folder) / "report.html")]):
            result = CliRunner().invoke(main, ["report", *args, str(shard)])
            assert result.exit_code in (0, 1, 2), (result.exit_code, result.output[-400:], result.exception)
            assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


# -- refused cleanly, naming the shard and the field (C1) -------------------------------------------
REPO = Path(__file__).resolve().parents[2]
ILLEGAL = REPO / "examples" / "illegal.mat"


@pytest.fixture(scope="module")
def illegal_row() -> dict[str, Any]:
    """The row `verify` writes for a transcript with an illegal play (its first error's board)."""
    rows = CliRunner().invoke(main, ["verify", "--jsonl", str(ILLEGAL)]).output.splitlines()
    return dict(json.loads(rows[0]))


def shard_of(folder: Path, row: dict[str, Any], long: str = "") -> Path:
    """A one-row shard, complete with its end line; `long` stands for itself unquoted (a number)."""
    shard = folder / "shard-0.jsonl"
    line = json_line(row).replace(f'"{long}"', long) if long else json_line(row)
    ends = json.dumps(end_line(counts([row])))
    shard.write_text(f"{line}\n{ends}\n", encoding="utf-8")
    return shard


def refused(shard: Path, field: str) -> None:
    for args in ([], ["--json"], ["--jsonl"], ["-o", str(shard.with_suffix(".html"))]):
        result = CliRunner().invoke(main, ["report", *args, str(shard)])
        assert result.exit_code == 2, (result.output[-400:], result.exception)
        said = f"{shard}:1: the field {field} is not what arbitru verify writes"
        assert said in result.output or f"{shard}:1: the field {field} holds" in result.output, result.output


def points(row: dict[str, Any]) -> dict[str, Any]:
    return dict(row["verdict"]["error"]["position"]["board"]["white"]["points"])


@pytest.mark.parametrize("key", ["²", "٣", "０", "01", "+1", "1 ", "0", "26"])
def test_a_point_key_that_is_no_point_number_is_refused_naming_shard_and_field(illegal_row, tmp_path, key):
    row = copy.deepcopy(illegal_row)
    side = row["verdict"]["error"]["position"]["board"]["white"]
    side["points"] = {key: 1, **side["points"]}
    refused(shard_of(tmp_path, row), f"verdict.error.position.board.white.points.{key}")


@pytest.mark.parametrize(
    ("field", "where"),
    [
        ("verdict.match_length", ("verdict", "match_length")),
        ("verdict.final_score.1", ("verdict", "final_score", 1)),
        ("verdict.error.game", ("verdict", "error", "game")),
        ("verdict.error.position.board.black.bar", ("verdict", "error", "position", "board", "black", "bar")),
    ],
)
def test_an_integer_too_long_to_read_is_refused_naming_shard_and_field(illegal_row, tmp_path, field, where):
    row = copy.deepcopy(illegal_row)
    *parents, last = where
    holder = row
    for name in parents:
        holder = holder[name]
    holder[last] = LONG
    refused(shard_of(tmp_path, row, LONG), field)


def test_a_point_key_of_5000_digits_is_refused_naming_it(illegal_row, tmp_path):
    row = copy.deepcopy(illegal_row)
    row["verdict"]["error"]["position"]["board"]["white"]["points"]["1" * 5000] = 1
    refused(shard_of(tmp_path, row), "verdict.error.position.board.white.points." + "1" * 5000)


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("verdict", "match_length"), 10**30),
        (("verdict", "error", "position", "board", "white", "off"), 16),
        (("verdict", "error", "position", "cube", "value"), 2**40),
        (("verdict", "error", "move"), 10**40),
        (("verdict", "games"), [{}] * 1001),
    ],
)
def test_a_number_beyond_what_a_run_writes_is_refused_naming_the_field(illegal_row, tmp_path, where, value):
    row = copy.deepcopy(illegal_row)
    *parents, last = where
    holder = row
    for name in parents:
        holder = holder[name]
    holder[last] = value
    refused(shard_of(tmp_path, row), ".".join(where))


@pytest.mark.parametrize("value", ["false", 0, 1, [], {}])
def test_a_finished_that_is_not_true_false_or_null_is_refused_naming_the_field(illegal_row, tmp_path, value):
    row = copy.deepcopy(illegal_row)
    row["verdict"]["finished"] = value
    refused(shard_of(tmp_path, row), "verdict.finished")
    line = {**entry(illegal_row), "finished": value}  # an entry line of `report --jsonl`
    refused(shard_of(tmp_path, line), "finished")


def test_a_long_integer_in_a_verdict_array_is_refused_naming_its_item_and_field(illegal_row, tmp_path):
    document = tmp_path / "all.json"
    row = copy.deepcopy(illegal_row)
    document.write_text(
        "[\n" + json_line(row).replace('"match_length":7', f'"match_length":{LONG}') + "\n]\n"
    )
    result = CliRunner().invoke(main, ["report", str(document)])
    assert result.exit_code == 2 and f"{document}: the field 0.verdict.match_length holds" in result.output


def test_a_shard_naming_a_file_with_control_characters_is_refused_with_them_escaped(illegal_row, tmp_path):
    row = {**copy.deepcopy(illegal_row), "file": "a\x1b[2J\u202eb.mat"}
    shard = shard_of(tmp_path, row)
    result = CliRunner().invoke(main, ["report", "--lang", "ro", str(shard), str(shard)])
    assert result.exit_code == 2 and "a\\x1b[2J\\u202eb.mat este și în alt fragment" in result.output
    assert "\x1b" not in result.output and "\u202e" not in result.output


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ('{"file": "a.mat", "status": }', "nu este JSON: eroarea este la linia 1, coloana 29 (poziția 28)"),
        ("[" * 200_000 + "]" * 200_000, "imbrică tablouri și obiecte prea adânc pentru a fi citit"),
        (LONG, "un număr întreg prea lung pentru a fi citit"),
    ],
    ids=["broken", "too_deep", "long_integer"],
)
def test_a_shard_line_that_is_not_json_is_refused_in_romanian_saying_where_it_breaks(tmp_path, line, said):
    """A line that JSON cannot read is refused in the catalogue's words in the asked language,
    naming where it breaks as the HTTP layer does for a body (line, column, offset), never with
    the JSON parser's English reason."""
    shard = tmp_path / "shard-0.jsonl"
    shard.write_text(line + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["report", "--lang", "ro", str(shard)])
    assert result.exit_code == 2, (result.output[-400:], result.exception)
    assert f"fragmentele nu pot fi unite: {shard}:1: {said}" in result.output, result.output[-400:]
    assert "Expecting" not in result.output and "Exceeds" not in result.output


def test_a_verdict_array_that_is_not_json_is_refused_naming_its_line_and_column(tmp_path):
    """A `verify --json` array broken on its third line: the line and column within the document."""
    document = tmp_path / "all.json"
    document.write_text('[\n  {"file": "a.mat"},\n  oops\n]\n', encoding="utf-8")
    for lang, said in [
        ("en", "not JSON: it breaks at line 3, column 3 (offset 25)"),
        ("ro", "nu este JSON: eroarea este la linia 3, coloana 3 (poziția 25)"),
    ]:
        result = CliRunner().invoke(main, ["report", "--lang", lang, str(document)])
        assert result.exit_code == 2 and f"{document}: {said}" in result.output, result.output[-400:]


def test_a_hostile_shard_fails_the_merge_job(illegal_row, tmp_path):
    """The merge Job's own shell line (k8s/batch/merge/job.yaml) over a shard with the point "²":
    exit 2 (FailJob), not the traceback's 1 that the line turns into the Job's success."""
    row = copy.deepcopy(illegal_row)
    row["verdict"]["error"]["position"]["board"]["white"]["points"]["²"] = 1
    shard_of(tmp_path, row)
    env = {"JOB_COMPLETION_INDEX": "0", "SHARDS": "1", "PATH": "/usr/bin:/bin"}
    env.update({k: v for k, v in os.environ.items() if k in ("PYTHONPATH", "HOME")})
    line = job_line("merge/job.yaml", tmp_path, tmp_path)
    done = subprocess.run(["/bin/sh", "-c", line], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "shard-0.jsonl:1: the field" in done.stderr, done.stderr
    assert sys.executable in line
