"""The seam law over the archive CLI: whatever `arbitru verify` and `arbitru report` write, `arbitru
report` reads back as the same archive. Over any rows (any statuses, names, players, scores, errors,
matches finished or cut short) split into any shards, each written in any of the forms (`verify
--jsonl`, `verify --json`, `report --json`, `report --jsonl`): the merge is the summary of one run
over all the rows, and `report --json` and `report --jsonl` read back their own output to the same
bytes (a fixed point), with the same table, the same HTML report and the same exit code. A summary
of the first format (written before entries said `finished`) is read as it is: its matches neither
finished nor cut short (null)."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitru.cli import main
from arbitru.cli.summary import FORMAT_1, as_written, end_line, entry, summarise
from arbitru.cli.verdicts import INVALID, SKIPPED, STATUSES, UNREADABLE, VALID, counts, json_line, row
from arbitru.engine.board import COLORS
from arbitru.engine.rules import PRESETS
from arbitru.engine.variants import start_board
from tests.support.cases import examples

FORMS = ("verify-jsonl", "verify-json", "report-json", "report-jsonl")
# No lone surrogate: verify scrubs them before any row is written.
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


def run(*args: object) -> Any:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """The position of a first error as `verify` writes it: a preset's starting board (pins and
    all), the side on roll and its dice, and the rules; or, as rows written before positions
    carried their rules, none (read as backgammon's)."""
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    position: dict[str, Any] = {
        "board": start_board(rules).to_dict(),
        "turn": draw(st.sampled_from(COLORS)),
        "dice": [draw(st.integers(1, 6)), draw(st.integers(1, 6))],
        "cube": {"value": 1, "owner": "centered"},
    }
    if draw(st.booleans()):
        position["rules"] = rules.to_dict()
    return position


@st.composite
def verdicts(draw: st.DrawFn, status: str) -> dict[str, Any] | None:
    """What a row of `status` carries: a verdict for a refereed file (with its first error when
    invalid, and whether the match is finished: a valid match cut short is not; no such field in a
    row written before verdicts carried it), none for a file not read."""
    if status in (UNREADABLE, SKIPPED):
        return None
    length = draw(st.integers(0, 25))
    error = None
    if status == INVALID:
        error = {
            "code": draw(st.sampled_from(["TOO_MANY_MOVES", "BLOCKED_POINT", "WRONG_DIE"])),
            "message": draw(TEXT),
            "game": draw(st.integers(1, 20)),
            "move": draw(st.none() | st.integers(1, 80)),
            "action": draw(TEXT),
            "player": draw(TEXT),
            "position": draw(st.none() | positions()),
        }
    verdict = {
        "valid": status == VALID,
        "players": [draw(TEXT), draw(TEXT)],
        "match_length": length,
        "final_score": [draw(st.integers(0, 25)), draw(st.integers(0, 25))],
        "winner": draw(st.none() | TEXT),
        "finished": draw(st.booleans()),
        "games": [{} for _ in range(draw(st.integers(0, 3)))],
        "error": error,
    }
    if draw(st.integers(0, 4)) == 0:
        del verdict["finished"]
    return verdict


@st.composite
def archives(draw: st.DrawFn) -> list[dict[str, Any]]:
    """The rows of a run: distinct files, each with a status and what that status carries."""
    files = draw(st.lists(TEXT, min_size=1, max_size=8, unique=True))
    rows = []
    for file in files:
        status = draw(st.sampled_from(STATUSES))
        problem = draw(TEXT) if status in (UNREADABLE, SKIPPED) else None
        rows.append(row(file, status, draw(verdicts(status)), problem))
    return rows


def write_shard(path: Path, rows: Sequence[dict[str, Any]], form: str) -> Path:
    """The rows as the CLI writes them in `form` (the report forms through `arbitru report` itself)."""
    lines = [json_line(r) for r in rows]
    if form == "verify-json":
        path.write_text("[" + ",".join("\n" + line for line in lines) + "\n]\n", encoding="utf-8")
        return path
    path.write_text("".join(line + "\n" for line in lines) + json.dumps(end_line(counts(rows))) + "\n")
    if form.startswith("report"):
        written = run("report", "--" + form.removeprefix("report-"), path)
        path.write_text(written.output, encoding="utf-8")
    return path


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(rows=archives(), data=st.data())
def test_report_reads_back_everything_the_cli_writes_as_the_same_archive(rows, data):
    shares = data.draw(st.lists(st.integers(0, 3), min_size=len(rows), max_size=len(rows)))
    forms = data.draw(st.lists(st.sampled_from(FORMS), min_size=4, max_size=4))
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        shared = [[r for r, share in zip(rows, shares, strict=True) if share == i] for i in range(4)]
        shards = [write_shard(root / f"shard-{i}", shared[i], forms[i]) for i in range(4)]
        merged = run("report", "--json", "-o", root / "merged.html", *shards)
        assert json.loads(merged.output) == summarise(entry(r) for r in rows)

        summary = write_shard(root / "summary.json", rows, "report-json")
        again = run("report", "--json", "-o", root / "again.html", summary)
        assert again.output == summary.read_text(encoding="utf-8") == merged.output
        assert again.exit_code == merged.exit_code
        assert (root / "again.html").read_bytes() == (root / "merged.html").read_bytes()

        lines = write_shard(root / "summary.jsonl", rows, "report-jsonl")
        assert run("report", "--jsonl", lines).output == lines.read_text(encoding="utf-8")
        assert run("report", "--json", lines).output == merged.output
        assert run("report", lines).output == run("report", *shards).output  # the same table


@settings(max_examples=examples(30), deadline=None)
@given(rows=archives())
def test_a_summary_of_the_first_format_is_read_with_no_match_said_finished_or_cut_short(rows):
    entries = [entry(r) for r in rows]
    first = as_written(summarise(entries), FORMAT_1)
    assert first["format"] == FORMAT_1 and "unfinished" not in first
    with tempfile.TemporaryDirectory() as folder:
        written = Path(folder) / "summary.json"
        written.write_text(json.dumps(first, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        read = run("report", "--json", written)
    assert json.loads(read.output) == summarise({**e, "finished": None} for e in entries)


@pytest.mark.parametrize("form", ["report-json", "report-jsonl"])
def test_a_summary_whose_totals_were_edited_is_refused(tmp_path: Path, form: str):
    written = write_shard(tmp_path / "summary", [row("a.mat", VALID, None), row("b.mat", UNREADABLE)], form)
    text = written.read_text(encoding="utf-8")
    edited = text.replace('"valid": 1', '"valid": 2').replace('"valid":1', '"valid":2')
    assert edited != text
    written.write_text(edited, encoding="utf-8")
    assert run("report", written).exit_code == 2
