"""The `arbitru` command line: verify (exit codes, table, --json, --lang ro, --report, --jobs,
--shard), convert and moves, straight on the engine (no server); a path that does not exist (a
usage error, which fails the batch Job), byte-order marks, format errors in the language asked as
the API says them, names escaped on the terminal, the catalogue's languages. The archive side
(folders, hostile files, JSON Lines, shards merged, the report) is tests/archive/."""

from __future__ import annotations

import codecs
import io
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from arbitru import create_app
from arbitru.cli import main
from arbitru.cli.terminal import shown
from arbitru.formats.mat import read_mat
from arbitru.library import read_match
from arbitru.messages import LANGUAGES
from arbitru.messages.catalogue import CATALOGUE

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


# -- issue 40, item 7 ---------------------------------------------------------------------------------
def job_line(manifest: str, transcripts: Path, reports: Path) -> str:
    """A batch Job's container shell line (k8s/batch, as written) with this machine's folders and
    python: what decides the exit code Kubernetes sees."""
    job = yaml.safe_load((REPO / "k8s" / "batch" / manifest).read_text(encoding="utf-8"))
    (container,) = job["spec"]["template"]["spec"]["containers"]
    line = container["args"][0].replace("/transcripts", shlex.quote(str(transcripts)))
    return line.replace("/reports", shlex.quote(str(reports))).replace("python ", f"{sys.executable} ", 1)


def pod_exit(line: str) -> int:
    """The exit code of the container running `line` (index 0 of 1 shard); the Job counts only 0 a
    success (1 is made 0 by the line; 2 fails the Job, 3 the index)."""
    env = {"JOB_COMPLETION_INDEX": "0", "SHARDS": "1", "PATH": "/usr/bin:/bin"}
    env.update({k: v for k, v in os.environ.items() if k in ("PYTHONPATH", "HOME")})
    return subprocess.run(["/bin/sh", "-c", line], env=env, capture_output=True, timeout=300).returncode


def test_a_path_that_does_not_exist_is_a_usage_error_naming_it_never_an_unreadable_row(tmp_path):
    missing = tmp_path / "mistyped.mat"
    result = CliRunner().invoke(main, ["verify", str(CLEAN), str(missing)])
    assert result.exit_code == 2 and f"{missing}: no such file or folder" in result.output
    assert "Usage:" in result.output and "UNREADABLE" not in result.output
    in_romanian = CliRunner().invoke(main, ["verify", "--lang", "ro", str(missing / "under")])
    assert in_romanian.exit_code == 2 and "nu există niciun fișier sau dosar" in in_romanian.output


def test_a_folder_named_that_cannot_be_listed_is_a_usage_error(tmp_path, monkeypatch):
    listing = os.scandir

    def refusing(path="."):  # as a folder without read permission answers (root reads any)
        if str(path) == str(tmp_path):
            raise PermissionError(13, "Permission denied", str(path))
        return listing(path)

    monkeypatch.setattr(os, "scandir", refusing)
    result = CliRunner().invoke(main, ["verify", str(tmp_path)])
    assert result.exit_code == 2 and f"{tmp_path}: cannot be read (Permission denied)" in result.output


def test_an_output_file_that_cannot_be_written_is_a_usage_error_not_a_traceback(tmp_path):
    result = CliRunner().invoke(main, ["verify", "-o", str(tmp_path / "no" / "out.txt"), str(CLEAN)])
    assert result.exit_code == 2 and "out.txt: cannot be written" in result.output


def test_a_mistyped_transcripts_path_fails_the_verify_job(tmp_path):
    assert pod_exit(job_line("job.yaml", tmp_path / "mistyped", tmp_path)) == 2  # FailJob
    shutil.copy(ILLEGAL, tmp_path / "illegal.mat")  # invalid transcripts found: the Job's success
    assert pod_exit(job_line("job.yaml", tmp_path, tmp_path)) == 0


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-8-sig"])
def test_a_transcript_saved_with_a_byte_order_mark_is_read_as_its_encoding_by_every_face(tmp_path, encoding):
    """UTF-16 LE with its mark (Notepad's "Unicode"), UTF-16 BE, UTF-8 with its mark: the verdict of
    the same text in UTF-8, from the CLI (named or met in a folder: never skipped), the library and
    the API."""
    text = ILLEGAL.read_text(encoding="utf-8")
    data = (codecs.BOM_UTF16_BE if encoding == "utf-16-be" else b"") + text.encode(encoding)
    (tmp_path / "marked.mat").write_bytes(data)
    plain = json.loads(run("verify", "--json", ILLEGAL).output)[0]["verdict"]
    for argument in (tmp_path / "marked.mat", tmp_path):
        (marked,) = json.loads(run("verify", "--json", argument).output)
        assert marked["status"] == "invalid" and marked["verdict"] == plain
    assert read_match(data).to_record() == read_match(text).to_record()  # the library's face
    uploaded = upload(data, "en").json
    said = ("game", "move", "player", "action", "code", "message")  # the CLI's position has more links
    assert uploaded["valid"] is False
    assert {k: uploaded["error"][k] for k in said} == {k: plain["error"][k] for k in said}


def test_utf16_that_is_not_utf16_after_its_mark_is_unreadable_naming_the_byte_in_the_api_words(tmp_path):
    bad = tmp_path / "odd.mat"
    bad.write_bytes(ILLEGAL.read_text(encoding="utf-8").encode("utf-16") + b"x")
    (found,) = json.loads(run("verify", "--json", "--lang", "ro", bad).output)
    assert found["status"] == "unreadable" and "nu este text UTF-16-LE" in found["problem"]
    assert upload(bad.read_bytes(), "ro").json["errors"]["file"] == [found["problem"]]


@pytest.mark.parametrize(
    ("content", "field"),
    [
        (b"hello\n 3 point match\n", "mat"),
        (b'{"format": "x"}', None),  # a record of the wrong shape: each field's problem
        (b"(;FF[4]GM[6]\n;B[zz])", "sgf"),
    ],
)
def test_file_format_errors_are_in_the_language_asked_as_the_api_says_them(tmp_path, content, field):
    transcript = tmp_path / "bad.txt"
    transcript.write_bytes(content)
    for lang in LANGUAGES:
        (found,) = json.loads(run("verify", "--json", "--lang", lang, transcript).output)
        errors = upload(content, lang).json["errors"]
        api = errors[field][0] if field else "; ".join(f"{k}: {v[0]}" for k, v in errors.items())
        assert found["status"] == "unreadable" and found["problem"] == api
    assert "linia" in found["problem"] or "trebuie" in found["problem"]  # Romanian, the last asked


def test_file_names_with_control_or_bidi_characters_are_escaped_on_the_terminal_and_exact_in_json(tmp_path):
    name = "x\x1b[2J\r\u202egpj\u2066\u200f\x85.mat"
    shutil.copy(CLEAN, tmp_path / name)
    table = run("verify", tmp_path).output
    assert "x\\x1b[2J\\r\\u202egpj\\u2066\\u200f\\x85.mat" in table
    assert not any(char in table for char in "\x1b\r\u202e\u2066\u200f\x85")
    assert json.loads(run("verify", "--json", tmp_path).output)[0]["file"] == name
    missing = CliRunner().invoke(main, ["verify", str(tmp_path / f"no{name}")]).output
    assert "\\u202e" in missing and "\u202e" not in missing and "\x1b" not in missing
    assert shown("bidi \u202a\u202b\u202c\u202d\u2067\u2068\u2069\u200e") == (
        "bidi \\u202a\\u202b\\u202c\\u202d\\u2067\\u2068\\u2069\\u200e"
    )
    assert shown("été, Ștefan, 中 \\") == "été, Ștefan, 中 \\"


def test_the_cli_offers_the_languages_of_the_message_catalogue():
    for command in ("verify", "report"):
        (lang,) = (p for p in main.commands[command].params if p.name == "lang")
        assert tuple(lang.type.choices) == LANGUAGES
    assert all(set(texts) == set(LANGUAGES) for texts in CATALOGUE.values())


def upload(data: bytes, lang: str):
    """The API's answer to the file uploaded to /v1/matches/verify, in `lang`."""
    client = create_app({"TESTING": True}).test_client()
    body = {"file": (io.BytesIO(data), "transcript.mat")}
    headers = {"Accept-Language": lang}
    return client.post("/v1/matches/verify", data=body, content_type="multipart/form-data", headers=headers)
