"""The report an organiser hands out: a summary table of every match (file, players, length, games,
final score, winner, verdict, the player who erred and the illegal action), each match with a
problem linking to its details (a page of them below the table, the next pages beside the report),
sortable and filterable by inline script, static (no external asset), every text escaped, in the
chosen language; the board of an illegal action labelled with both names and scores, the side on
roll and the dice. (Its look and script in a real browser: tests/browser/test_report_browser.py.)"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from urllib.parse import unquote

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitru.cli import main
from arbitru.cli.report import report_pages, write_report
from arbitru.cli.summary import entry, read_shards, summarise
from tests.archive.test_archive_fixed_point import archives
from tests.support.cases import examples

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
        "file", "players", "length", "games", "final score", "winner", "verdict", "erring player",
        "illegal action",
    ]  # fmt: skip
    rows = re.findall(r"<tr data-status=.*?</tr>", page)
    assert len(rows) == 2
    clean = next(r for r in rows if "clean.mat" in r)
    assert "sunny-jaguar-b8be – olive-hyena-6cac" in clean and ">11<" in clean and "11-6" in clean
    bad = next(r for r in rows if "invalid" in r)
    assert "Marion Castlebury</td>" in bad and "game 1, move 11: 13: 14/10 13/12 [TOO_MANY_MOVES]" in bad


def test_every_row_with_a_problem_links_to_its_details_and_a_valid_row_says_all_in_the_table(tmp_path: Path):
    page = report(tmp_path)
    links = re.findall(r'<a href="#(m\d+)">', page)
    assert len(links) == 1 and all(f'<section id="{anchor}">' in page for anchor in links)
    assert page.count("<section id=") == 1 and "clean.mat</h3>" not in page


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
    assert "<title>Poziție de table privită dinspre" in page  # the board's own title too


@settings(max_examples=examples(100), deadline=None)
@given(rows=archives(), page=st.integers(1, 4), name=st.sampled_from(["report.html", "a b#<&>.htm", "r"]))
def test_each_problem_has_one_section_on_the_page_its_row_links_to(rows, page, name):
    summary = summarise(entry(r) for r in rows)
    pages = dict(report_pages(summary, "en", name, per_page=page))
    first = pages[name]
    table = first[first.index("<tbody>") : first.index("</tbody>")]
    links = re.findall(r'<a href="([^"]*)#m(\d+)">', table)
    problems = [i for i, m in enumerate(summary["matches"]) if m["status"] in ("invalid", "unreadable")]
    assert sorted(int(index) for _, index in links) == problems  # every problem links; no valid row does
    for target, index in links:
        shown = unquote(target.replace("&amp;", "&")) or name
        assert pages[shown].count(f'<section id="m{index}">') == 1
    sections = sum(text.count("<section id=") for text in pages.values())
    assert sections == len(problems) and len(pages) == max(1, -(-len(problems) // page))
    assert all("<script src" not in text and "<link" not in text for text in pages.values())


def test_details_beyond_a_page_go_to_pages_beside_the_report_linked_both_ways(tmp_path: Path):
    folder = tmp_path / "archive"
    folder.mkdir()
    for copy in ("a.mat", "b.mat"):
        shutil.copy(ILLEGAL, folder / copy)
    shutil.copy(CLEAN, folder / "c.mat")
    shard = tmp_path / "all.jsonl"
    CliRunner().invoke(main, ["verify", "--jsonl", "-o", str(shard), str(folder)], catch_exceptions=False)
    out = tmp_path / "out" / "report.html"
    out.parent.mkdir()
    write_report(out, summarise(read_shards([shard])), "en", per_page=1)
    assert sorted(p.name for p in out.parent.iterdir()) == ["report-2.html", "report.html"]
    first = out.read_text(encoding="utf-8")
    second = (out.parent / "report-2.html").read_text(encoding="utf-8")
    assert '<a href="#m0">a.mat</a>' in first and '<a href="report-2.html#m1">b.mat</a>' in first
    assert '<section id="m1">' in second and '<a href="report.html">' in second and "<svg" in second
    assert (
        '<a href="report.html#details">1</a>' in second and '<a href="report-2.html#details">2</a>' in first
    )
