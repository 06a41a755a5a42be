"""The report an organiser hands out: a summary table (file, players, length, final score, winner,
verdict, the player who erred and the illegal action) linking to each match's details, sortable
and filterable by inline script, static (no external asset), every text escaped, in the chosen
language; the board of an illegal action labelled with both names and scores, the side on roll and
the dice. (Its look and script in a real browser: tests/browser/test_report_browser.py.)"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from click.testing import CliRunner

from arbitru.cli import main

REPO = Path(__file__).resolve().parents[2]
ILLEGAL = REPO / "examples" / "illegal.mat"
CLEAN = REPO / "examples" / "match.mat"
HOSTILE_NAME = 'x<img src=x onerror="alert(1)">&.mat'


def report(tmp_path: Path, *args: str) -> str:
    folder = tmp_path / "archive"
    folder.mkdir(exist_ok=True)
    shutil.copy(ILLEGAL, folder / HOSTILE_NAME)
    shutil.copy(CLEAN, folder / "clean.mat")
    out = tmp_path / "report.html"
    CliRunner().invoke(main, ["verify", "--report", str(out), *args, str(folder)], catch_exceptions=False)
    return out.read_text(encoding="utf-8")


def test_the_summary_table_holds_what_an_organiser_reads_first(tmp_path: Path):
    page = report(tmp_path)
    head = re.search(r"<thead>(.*?)</thead>", page).group(1)
    columns = re.findall(r"<th[^>]*>(.*?)</th>", head)
    assert columns == [
        "file", "players", "length", "final score", "winner", "verdict", "erring player", "illegal action"
    ]  # fmt: skip
    rows = re.findall(r"<tr data-status=.*?</tr>", page)
    assert len(rows) == 2
    clean = next(r for r in rows if "clean.mat" in r)
    assert "sunny-jaguar-b8be – olive-hyena-6cac" in clean and ">11<" in clean and "11-6" in clean
    bad = next(r for r in rows if "invalid" in r)
    assert "Marion Castlebury</td>" in bad and "game 1, move 11: 13: 14/10 13/12 [TOO_MANY_MOVES]" in bad


def test_every_row_links_to_its_details(tmp_path: Path):
    page = report(tmp_path)
    links = re.findall(r'<a href="#(m\d+)">', page)
    assert len(links) == 2 and all(f'<section id="{anchor}">' in page for anchor in links)


def test_the_report_is_static_escaped_and_scripted_inline(tmp_path: Path):
    page = report(tmp_path)
    assert "<img src=x" not in page and "x&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;.mat" in page
    assert not re.search(r'(?:src|href)="(?:https?:)?//', page)  # no external asset
    assert "<link" not in page and page.count("<script>") == 1 and "<script src" not in page
    assert "<style>" in page


def test_the_board_is_labelled_with_names_scores_the_side_on_roll_and_the_dice(tmp_path: Path):
    page = report(tmp_path)
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", page)
    assert captions == [
        "Rowan Pryce (Black): 0",
        "Marion Castlebury (White): 0",
        "Marion Castlebury (White) to play 3-1; match to 7, score 0-0",
    ]
    assert page.count("<svg") == 1


def test_the_report_speaks_the_chosen_language(tmp_path: Path):
    page = report(tmp_path, "--lang", "ro")
    assert '<html lang="ro">' in page and "Raport de verificare a partidelor" in page
    assert "câștigător" in page and "Marion Castlebury (Albul) mută 3-1" in page
    assert "1 valide, 1 invalide, 0 ilizibile din 2" in page
