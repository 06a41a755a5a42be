"""The `arbitru` command line: verify (exit codes, table, --json, --lang ro, --report, --jobs,
--shard), convert and moves, straight on the engine (no server). The archive side (folders, hostile
files, JSON Lines, shards merged, the report) is tests/archive/."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from arbitru.cli import main
from arbitru.formats.mat import read_mat

REPO = Path(__file__).resolve().parents[1]
MATCHES = REPO / "data" / "matches"
CLEAN = REPO / "examples" / "match.mat"
ILLEGAL = REPO / "examples" / "illegal.mat"


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_verify_exits_0_when_every_file_is_valid():
    result = run("verify", CLEAN)
    assert result.exit_code == 0 and "1 valid, 0 invalid, 0 unreadable of 1" in result.output


def test_verify_exits_1_when_any_file_is_invalid_and_names_the_first_error():
    result = run("verify", CLEAN, ILLEGAL)
    assert result.exit_code == 1
    assert "game 1, move 11: 13: 14/10 13/12 [TOO_MANY_MOVES]" in result.output


def test_verify_exits_1_when_a_file_named_cannot_be_read(tmp_path):
    junk = tmp_path / "junk.mat"
    junk.write_text("not a match\n")
    result = run("verify", CLEAN, junk)
    assert result.exit_code == 1 and "UNREADABLE" in result.output


def test_verify_a_folder_gives_the_verdicts_of_the_real_transcripts():
    result = run("verify", "--json", MATCHES)
    verdicts = {Path(v["file"]).name: v["status"] for v in json.loads(result.output)}
    skipped = {name for name, status in verdicts.items() if status == "skipped"}  # the licence texts
    assert skipped == {"CC0-1.0.txt", "LGPL-2.1.txt", "MIT.txt"}
    assert len(verdicts) - len(skipped) == 27 and result.exit_code == 1
    assert verdicts["gnubgparser_gnubg_selfplay_drops_7p.mat"] == "valid"
    assert verdicts["gammonview_5nqfGw9bWG3deTaU_7pt_illegal-play.mat"] == "invalid"
    assert sum(status == "valid" for status in verdicts.values()) == 18


def test_verify_in_parallel_gives_the_same_verdicts():
    one = json.loads(run("verify", "--json", MATCHES).output)
    two = json.loads(run("verify", "--json", "--jobs", "2", MATCHES).output)
    assert one == two


def test_shards_split_the_files_without_overlap():
    names = []
    for index in range(3):
        listed = json.loads(run("verify", "--json", "--shard", f"{index}/3", MATCHES).output)
        names += [v["file"] for v in listed]
    assert sorted(names) == sorted(v["file"] for v in json.loads(run("verify", "--json", MATCHES).output))
    assert run("verify", "--shard", "3/3", MATCHES).exit_code == 2  # click's usage error


def test_verify_in_romanian():
    result = run("verify", "--lang", "ro", ILLEGAL)
    assert "prima greșeală" in result.output and "jocul 1, mutarea 11" in result.output
    assert "0 valide, 1 invalide, 0 ilizibile din 1" in result.output
    ruling = "[TOO_MANY_MOVES] 13/12 cere un zar, dar mutarea a folosit deja toate zarurile din 3-1"
    assert ruling in result.output


def test_verify_in_romanian_with_jobs_gives_the_same_rulings():
    one = run("verify", "--lang", "ro", ILLEGAL, CLEAN).output
    assert run("verify", "--lang", "ro", "--jobs", "2", ILLEGAL, CLEAN).output == one


def test_the_html_report_holds_each_verdict_and_the_board_of_the_illegal_action(tmp_path):
    report = tmp_path / "report.html"
    run("verify", "--report", report, CLEAN, ILLEGAL)
    page = report.read_text(encoding="utf-8")
    assert page.count("<section id=") == 1 and page.count("<svg") == 1  # details: the problem only
    assert "illegal.mat" in page and "TOO_MANY_MOVES" in page and "uH07AADYPaUKAA:UYnlAAAAAAAE" in page


@pytest.mark.parametrize("target", ["record", "mat", "sgf"])
def test_convert_writes_each_format(tmp_path, target):
    out = tmp_path / f"out.{target}"
    assert run("convert", CLEAN, "--to", target, "-o", out).exit_code == 0
    written = out.read_text(encoding="utf-8")
    games = len(read_mat(CLEAN.read_text()).games)
    if target == "record":
        assert len(json.loads(written)["games"]) == games
    elif target == "mat":
        assert len(read_mat(written).games) == games
    else:
        assert written.count("(;FF[4]GM[6]") == games


def test_moves_lists_the_legal_plays_of_a_gnubg_id():
    result = run("moves", "--gnubg-id", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "--dice", "31")
    assert result.exit_code == 0 and "16 legal play(s)" in result.output and "8/5 6/5" in result.output
    listed = json.loads(
        run("moves", "--gnubg-id", "4HPwATDgc/ABMA", "--turn", "white", "--dice", "3-1", "--json").output
    )
    assert len(listed["plays"]) == 16


@pytest.mark.parametrize("args", [["--dice", "71"], ["--dice", "3"], ["--gnubg-id", "!!!"]])
def test_moves_bad_arguments_are_usage_errors(args):
    base = {"--gnubg-id": "4HPwATDgc/ABMA:cAkAAAAAAAAA", "--dice": "31"}
    base.update(dict(zip(args[::2], args[1::2], strict=True)))
    result = CliRunner().invoke(main, ["moves", *[x for kv in base.items() for x in kv]])
    assert result.exit_code == 2


def test_the_console_script_is_installed_with_the_package():
    script = shutil.which("arbitru", path=str(Path(sys.executable).parent))
    assert script is not None
    done = subprocess.run([script, "verify", str(CLEAN)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
