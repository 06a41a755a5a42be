"""A valid match cut short (legal as far as it goes, but nobody won it) is said unfinished by every
output of the archive CLI: the table of `arbitru verify` and `arbitru report` (`valid (unfinished)`,
and the count in the totals line), the summary (`unfinished` total, the entry's `finished: false`)
and the HTML report (the verdict cell, the row's `data-status`, the filter, the totals). Once the
first 4,000 bytes of an 11-point match were listed "valid, 0-3" beside the whole matches. A whole
match, and an invalid one (it stops at its error), are not said unfinished."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from arbitru.cli import main

REPO = Path(__file__).resolve().parents[2]
MATCH = REPO / "examples" / "match.mat"  # 11 points, won 11-6
ILLEGAL = REPO / "examples" / "illegal.mat"


def run(*args: object) -> Any:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    folder = tmp_path / "archive"
    folder.mkdir()
    (folder / "cut.mat").write_bytes(MATCH.read_bytes()[:4000])  # inside game 3, at 0-3
    shutil.copy(MATCH, folder / "whole.mat")
    shutil.copy(ILLEGAL, folder / "illegal.mat")
    return folder


def rows_of(table: str) -> dict[str, str]:
    """The table's rows by file name."""
    return {line.split()[0]: line for line in table.splitlines() if line.split(".mat  ")[0].isidentifier()}


@pytest.mark.parametrize(
    ("lang", "said", "total"),
    [
        ("en", "valid (unfinished)", "; valid but unfinished (cut short): 1"),
        ("ro", "valid (neterminată)", "; valide, dar neterminate (întrerupte): 1"),
    ],
)
def test_the_table_says_a_valid_match_cut_short_is_unfinished(
    archive: Path, lang: str, said: str, total: str
):
    table = run("verify", "--lang", lang, archive).output
    rows = rows_of(table)
    assert said in rows["cut.mat"] and "0-3" in rows["cut.mat"]
    assert said not in rows["whole.mat"] and said not in rows["illegal.mat"]
    assert table.rstrip().endswith(total)


def test_the_summary_counts_the_unfinished_and_each_entry_says_finished(archive: Path, tmp_path: Path):
    shard = tmp_path / "run.jsonl"
    shard.write_text(run("verify", "--jsonl", archive).output, encoding="utf-8")
    summary = json.loads(run("report", "--json", shard).output)
    assert summary["format"] == "arbitru.archive-summary/2" and summary["unfinished"] == 1
    finished = {e["file"].rsplit("/", 1)[-1]: (e["status"], e["finished"]) for e in summary["matches"]}
    assert finished == {
        "cut.mat": ("valid", False),
        "whole.mat": ("valid", True),
        "illegal.mat": ("invalid", False),
    }
    assert run("report", shard).output == run("verify", archive).output  # the same table, merged


def test_the_html_report_says_it_in_the_row_the_filter_and_the_totals(archive: Path, tmp_path: Path):
    page = tmp_path / "report.html"
    run("verify", "--report", page, archive)
    html = page.read_text(encoding="utf-8")
    rows = {re.search(r"[\w.]+\.mat", r).group(0): r for r in re.findall(r"<tr data-status=.*?</tr>", html)}
    assert rows["cut.mat"].startswith('<tr data-status="valid unfinished">')
    assert "<td>valid (unfinished)</td>" in rows["cut.mat"]
    assert rows["whole.mat"].startswith('<tr data-status="valid">')
    assert '<option value="unfinished">valid (unfinished)</option>' in html
    assert "; valid but unfinished (cut short): 1</p>" in html
