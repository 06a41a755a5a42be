"""Streaming and merging: `verify --jsonl` writes one verdict a line as it goes, then an end line;
`arbitru report` merges any number of shards into the summary and the report of one run over the
whole archive (proven here on a sharded synthetic archive), and refuses a shard cut short or a
file given twice rather than report a partial archive as whole."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from arbitru.cli import main
from bench.archive import make_archive

SHARDS = 3


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("archive")
    assert make_archive(root, 36, seed=5) >= 1  # some matches hold an illegal play
    shutil.copy(root / "2020" / "event-0000" / "match-000000.mat", root / "2020" / "copy with space.txt")
    (root / "2020" / "cut.json").write_text('{"players": [')
    os.mkfifo(root / "2020" / "pipe.mat")
    return root


@pytest.fixture(scope="module")
def single(archive: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("single") / "all.jsonl"
    assert run("verify", "--jsonl", "-o", out, archive).exit_code == 1
    return out


def test_json_lines_hold_one_verdict_a_line_then_the_end_line(single: Path):
    lines = [json.loads(line) for line in single.read_text(encoding="utf-8").splitlines()]
    *rows, end = lines
    assert all(set(r) == {"file", "status", "verdict", "problem"} for r in rows)
    statuses = [r["status"] for r in rows]
    assert end == {"end": {s: statuses.count(s) for s in ("valid", "invalid", "unreadable", "skipped")}}
    assert end["end"]["invalid"] >= 1 and end["end"]["unreadable"] == 2 and end["end"]["skipped"] == 1
    assert [r["file"] for r in rows] == sorted(r["file"] for r in rows)


def test_the_report_of_the_shards_is_the_report_of_a_single_run(archive: Path, single: Path, tmp_path: Path):
    shards = []
    for index in range(SHARDS):
        shard = tmp_path / f"shard-{index}.jsonl"
        run("verify", "--jsonl", "-o", shard, "--shard", f"{index}/{SHARDS}", archive)
        shards.append(shard)
    merged = run("report", "--json", "-o", tmp_path / "merged.html", *shards)
    alone = run("report", "--json", "-o", tmp_path / "alone.html", single)
    assert merged.exit_code == alone.exit_code == 1
    assert json.loads(merged.output) == json.loads(alone.output)
    assert (tmp_path / "merged.html").read_bytes() == (tmp_path / "alone.html").read_bytes()
    summary = json.loads(merged.output)
    assert summary["transcripts"] == 36 + 3 and summary["skipped"] == ["2020/event-0000/README.txt"]
    assert run("report", *shards).output == run("verify", archive).output  # the same table too


def test_the_report_refuses_a_shard_cut_short(single: Path, tmp_path: Path):
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(single.read_text(encoding="utf-8").splitlines(keepends=True)[:-1]))
    result = CliRunner().invoke(main, ["report", str(cut)])
    assert result.exit_code == 2 and "incomplete" in result.output


def test_the_report_refuses_a_file_in_two_shards(single: Path):
    result = CliRunner().invoke(main, ["report", str(single), str(single)])
    assert result.exit_code == 2 and "in another shard too" in result.output


def test_the_report_of_nothing_is_an_error_exit(tmp_path: Path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text(json.dumps({"end": {"valid": 0, "invalid": 0, "unreadable": 0, "skipped": 0}}) + "\n")
    assert CliRunner().invoke(main, ["report", str(empty)]).exit_code == 2


def test_the_synthetic_archive_holds_as_many_invalid_matches_as_plays_written_wrong(tmp_path: Path):
    written_wrong = make_archive(tmp_path, 40, seed=5)
    end = json.loads(run("verify", "--jsonl", tmp_path).output.splitlines()[-1])["end"]
    assert (
        end["invalid"] == written_wrong >= 1 and end["unreadable"] == 0 and end["valid"] == 40 - written_wrong
    )


def test_the_report_of_verify_json_and_of_its_own_outputs_is_the_report_of_the_json_lines(
    archive: Path, single: Path, tmp_path: Path
):
    array = tmp_path / "all.json"
    assert run("verify", "--json", "-o", array, archive).exit_code == 1
    summary = run("report", "--json", single).output
    assert run("report", "--json", array).output == summary
    (tmp_path / "summary.json").write_text(summary, encoding="utf-8")
    assert run("report", "--json", tmp_path / "summary.json").output == summary
    (tmp_path / "summary.jsonl").write_text(run("report", "--jsonl", single).output, encoding="utf-8")
    assert run("report", "--json", tmp_path / "summary.jsonl").output == summary
