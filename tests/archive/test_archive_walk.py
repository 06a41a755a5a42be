"""`arbitru verify` as an archive tool: folders walked recursively, rows named relative to the
argument, hostile entries (FIFOs, devices, links out of the folder, files over the limit) refused
without being opened, any failure a file provokes its own `unreadable` row, files that are not
transcripts skipped with a count, the suffixes an option, and the exit codes as documented."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from arbitru.cli import main
from arbitru.cli.walk import MAX_FILE_BYTES

REPO = Path(__file__).resolve().parents[2]
CLEAN = REPO / "examples" / "match.mat"
ILLEGAL = REPO / "examples" / "illegal.mat"


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def rows(result) -> dict[str, dict]:
    return {r["file"]: r for r in map(json.loads, result.output.splitlines()) if "file" in r}


def run_process(*args: object, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """In a process of its own, bounded in time: a FIFO opened for reading would block forever."""
    command = [sys.executable, "-m", "arbitru.cli", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=REPO)


@pytest.fixture()
def archive(tmp_path: Path) -> Path:
    root = tmp_path / "deep"
    for event, source in (("2025/ev1", CLEAN), ("2025/ev2", ILLEGAL)):
        (root / event).mkdir(parents=True)
        shutil.copy(source, root / event / "copy.txt")
    (root / "README.txt").write_text("How the archive is laid out.\n")
    return root


def test_folders_are_walked_recursively_and_rows_named_relative_to_the_argument(archive: Path):
    result = run("verify", "--jsonl", archive)
    found = rows(result)
    assert found["2025/ev1/copy.txt"]["status"] == "valid"
    assert found["2025/ev2/copy.txt"]["status"] == "invalid"
    assert result.exit_code == 1
    table = run("verify", archive).output
    assert "2025/ev1/copy.txt" in table and "2025/ev2/copy.txt" in table


def test_several_arguments_name_each_row_with_its_folder(archive: Path, tmp_path: Path):
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(CLEAN, other / "copy.txt")
    found = rows(run("verify", "--jsonl", archive, other))
    assert {f"{archive}/2025/ev1/copy.txt", f"{other}/copy.txt"} <= set(found)


def test_a_file_not_a_transcript_by_its_content_is_skipped_with_a_count(archive: Path):
    found = rows(run("verify", "--jsonl", archive))
    assert found["README.txt"]["status"] == "skipped"
    table = run("verify", archive).output
    assert "1 valid, 1 invalid, 0 unreadable of 2; 1 file(s) skipped: not transcripts" in table
    assert "README.txt" not in table.splitlines()[2:-1]


def test_no_transcript_found_is_an_error_exit(tmp_path: Path):
    (tmp_path / "notes.md").write_text("no transcripts here\n")
    result = CliRunner().invoke(main, ["verify", str(tmp_path)])
    assert result.exit_code == 2 and "no transcript found" in result.output
    (tmp_path / "README.txt").write_text("not a match\n")  # a candidate, skipped by its content
    assert CliRunner().invoke(main, ["verify", str(tmp_path)]).exit_code == 2


def test_the_suffixes_read_are_an_option(archive: Path):
    assert run("verify", "--suffixes", ".mat", archive).exit_code == 2  # nothing found
    (archive / "2025" / "ev1" / "copy.txt").rename(archive / "2025" / "ev1" / "one.MAT")
    found = rows(run("verify", "--jsonl", "--suffixes", "mat,json", archive))
    assert set(found) == {"2025/ev1/one.MAT"}


def test_a_fifo_is_an_unreadable_row_without_being_opened(archive: Path):
    os.mkfifo(archive / "2025" / "pipe.mat")
    os.mkfifo(archive.parent / "named.mat")
    done = run_process("verify", "--jsonl", archive, archive.parent / "named.mat")
    found = {Path(r["file"]).name: r for r in map(json.loads, done.stdout.splitlines()) if "file" in r}
    assert found["pipe.mat"]["status"] == found["named.mat"]["status"] == "unreadable"
    assert "FIFO" in found["pipe.mat"]["problem"] and done.returncode == 1


def test_a_device_is_refused_without_being_read(archive: Path):
    (archive / "zero.mat").symlink_to("/dev/zero")  # a link out of the folder: not followed at all
    done = run_process("verify", "--jsonl", "/dev/zero", archive)
    found = {r["file"]: r for r in map(json.loads, done.stdout.splitlines()) if "file" in r}
    assert found["/dev/zero"]["status"] == "unreadable" and "device" in found["/dev/zero"]["problem"]
    assert found[f"{archive}/zero.mat"]["status"] == "unreadable"


def test_a_symlink_out_of_the_folder_is_not_followed(archive: Path):
    (archive / "leak.txt").symlink_to("/etc/passwd")
    (archive / "inside.mat").symlink_to(archive / "2025" / "ev1" / "copy.txt")
    result = run("verify", "--jsonl", archive)
    found = rows(result)
    assert found["leak.txt"]["status"] == "unreadable" and "not followed" in found["leak.txt"]["problem"]
    assert "root:" not in result.output
    assert found["inside.mat"]["status"] == "valid"  # a link within the folder is read


def test_a_file_over_the_size_limit_is_refused_without_being_read(archive: Path):
    with open(archive / "huge.mat", "wb") as sparse:
        sparse.truncate(MAX_FILE_BYTES + 1)
    found = rows(run("verify", "--jsonl", archive))
    assert found["huge.mat"]["status"] == "unreadable"
    assert f"the file has {MAX_FILE_BYTES + 1} bytes" in found["huge.mat"]["problem"]


def _record_text(**changes: object) -> str:
    record = json.loads(run("convert", CLEAN, "--to", "record").output)
    record.update(changes)
    return json.dumps(record)


def test_every_failure_a_file_provokes_is_its_unreadable_row_and_the_run_goes_on(archive: Path):
    hostile = archive / "hostile"
    hostile.mkdir()
    (hostile / "deep.json").write_text('{"players": ' + "[" * 200_000 + "]" * 200_000 + "}")
    (hostile / "surrogate.json").write_text(_record_text(players=["\ud800", "B"]))
    (hostile / "cut.mat").write_bytes(b" 7 point match\n\n Game 1\n")
    (hostile / "cut.json").write_text('{"players": [')
    (hostile / "binary.json").write_bytes(b"{\x00\x01")  # not a transcript: skipped
    result = run("verify", "--jsonl", archive)
    found = rows(result)
    assert found["2025/ev1/copy.txt"]["status"] == "valid"  # the run went on
    for name in ("deep.json", "cut.mat", "cut.json"):
        assert found[f"hostile/{name}"]["status"] == "unreadable", found[f"hostile/{name}"]
        assert found[f"hostile/{name}"]["problem"]
    assert found["hostile/binary.json"]["status"] == "skipped"
    surrogate = found["hostile/surrogate.json"]  # a lone surrogate in a name: printed as U+FFFD
    assert surrogate["status"] == "valid" and surrogate["verdict"]["players"] == ["\ufffd", "B"]
    assert result.exit_code == 1
    table = run("verify", archive)  # the table prints whatever the files hold
    assert table.exit_code == 1 and "hostile/deep.json" in table.output


def test_the_exit_codes_are_0_all_valid_1_some_invalid_or_unreadable_2_nothing_3_a_bug(
    archive: Path, monkeypatch: pytest.MonkeyPatch
):
    assert run("verify", CLEAN).exit_code == 0
    assert run("verify", CLEAN, ILLEGAL).exit_code == 1
    (archive / "junk.mat").write_text("not a match\n")
    assert run("verify", CLEAN, archive / "junk.mat").exit_code == 1
    assert CliRunner().invoke(main, ["verify", str(CLEAN), str(archive / "missing.mat")]).exit_code == 2
    assert CliRunner().invoke(main, ["verify", "--jobs", "-1", str(CLEAN)]).exit_code == 2

    def broken(*args: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("arbitru.cli.commands.summarise", broken)
    result = CliRunner().invoke(main, ["verify", str(CLEAN)])
    assert result.exit_code == 3 and "RuntimeError: a bug" in result.output


def test_an_empty_share_of_an_archive_is_no_error(tmp_path: Path):
    shutil.copy(CLEAN, tmp_path / "one.mat")
    assert run("verify", "--shard", "1/2", tmp_path).exit_code == 0


def test_a_folder_that_cannot_be_listed_is_an_unreadable_row(archive: Path, monkeypatch: pytest.MonkeyPatch):
    (archive / "locked").mkdir()
    listing = os.scandir

    def refusing(path=".") -> object:  # as a folder without read permission answers (root reads any)
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return listing(path)

    monkeypatch.setattr(os, "scandir", refusing)
    found = rows(run("verify", "--jsonl", archive))
    assert found["locked"]["status"] == "unreadable" and "Permission denied" in found["locked"]["problem"]
    assert found["2025/ev1/copy.txt"]["status"] == "valid"
