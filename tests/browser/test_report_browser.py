"""The archive report (`arbitru verify --report`) in headless Chromium, opened as a file: no console
error, no request beyond the page itself, the table sorts by a clicked heading and filters by
verdict (a valid match cut short under `valid (unfinished)` and `valid` alike) and text, a hostile
file name stays text; with its details in pages, a row's link opens its details on their page,
which links back. A screenshot goes to build/screenshots/report.png (look at it after a change to
the report)."""

from __future__ import annotations

import base64
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from arbitru.cli import main
from arbitru.cli.report import write_report
from arbitru.cli.summary import read_shards, summarise
from tests.browser.test_browser import SCREENSHOTS, browser, console_errors  # noqa: F401 (a fixture)

pytestmark = pytest.mark.live

REPO = Path(__file__).resolve().parents[2]
HOSTILE_NAME = "<i>bold&amp;.mat"


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("archive")
    shutil.copytree(REPO / "data" / "matches", folder / "data")
    shutil.copy(REPO / "examples" / "illegal.mat", folder / HOSTILE_NAME)
    return folder


@pytest.fixture(scope="module")
def page(archive: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report") / "report.html"
    CliRunner().invoke(main, ["verify", "--report", str(out), str(archive)], catch_exceptions=False)
    return out


def rows(driver: Any) -> list[Any]:
    from selenium.webdriver.common.by import By

    return [r for r in driver.find_elements(By.CSS_SELECTOR, "#matches tbody tr") if r.is_displayed()]


def test_the_report_sorts_filters_and_shows_no_error_in_a_browser(page: Path, browser: Any) -> None:  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    metrics = {"width": 1200, "height": 900, "deviceScaleFactor": 1, "mobile": False}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    browser.get(page.as_uri())
    assert len(rows(browser)) == 28
    assert browser.find_element(By.PARTIAL_LINK_TEXT, "bold").text == HOSTILE_NAME  # text, not markup
    heads = browser.find_elements(By.CSS_SELECTOR, "#matches th")
    heads[2].click()  # length, ascending: numbers sort as numbers
    lengths = [int(r.find_elements(By.TAG_NAME, "td")[2].get_attribute("data-sort")) for r in rows(browser)]
    assert lengths == sorted(lengths) and lengths[-1] == 21
    heads[2].click()
    assert heads[2].get_attribute("aria-sort") == "descending"
    Select(browser.find_element(By.ID, "status")).select_by_value("invalid")
    shown = rows(browser)
    assert len(shown) == 10 and all(r.get_attribute("data-status") == "invalid" for r in shown)
    browser.find_element(By.ID, "filter").send_keys("MUST_USE_ALL_DICE")
    assert {r.find_elements(By.TAG_NAME, "td")[0].text for r in rows(browser)} == {
        "data/bg-db_extmatchdb_game-ends-play-cut-after-one-die_11pt.mat",
        "data/bg-db_extmatchdb_illegal-play-declared-in-remarks_7pt.txt",
    }
    browser.find_element(By.ID, "filter").clear()
    Select(browser.find_element(By.ID, "status")).select_by_value("")
    entries = browser.execute_script("return performance.getEntriesByType('resource').length")
    assert entries == 0  # nothing fetched beyond the page: no external asset
    assert console_errors(browser) == []
    layout = browser.execute_cdp_cmd("Page.getLayoutMetrics", {})
    height = min(int(layout["cssContentSize"]["height"]), 3000)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**metrics, "height": height})
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / "report.png").write_bytes(base64.b64decode(shot["data"]))


@pytest.fixture(scope="module")
def summary(archive: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    shard = tmp_path_factory.mktemp("shard") / "all.jsonl"
    CliRunner().invoke(main, ["verify", "--jsonl", "-o", str(shard), str(archive)], catch_exceptions=False)
    return summarise(read_shards([shard]))


@pytest.fixture(scope="module")
def paged(summary: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same archive's report with three matches' details a page (four pages of problems)."""
    out = tmp_path_factory.mktemp("paged") / "report.html"
    write_report(out, summary, "en", per_page=3)
    return out


def test_a_row_links_to_its_details_on_another_page_and_back(paged: Path, browser: Any) -> None:  # noqa: F811
    from selenium.webdriver.common.by import By

    assert sorted(p.name for p in paged.parent.iterdir()) == [f"report-{n}.html" for n in (2, 3, 4)] + [
        "report.html"
    ]
    browser.get(paged.as_uri())
    heads = browser.find_elements(By.CSS_SELECTOR, "#matches th")
    heads[3].click()  # games, ascending: numbers sort as numbers
    games = [int(r.find_elements(By.TAG_NAME, "td")[3].get_attribute("data-sort")) for r in rows(browser)]
    assert games == sorted(games) and games[-1] >= 10
    linked = [
        a
        for a in browser.find_elements(By.CSS_SELECTOR, "#matches a")
        if "report-3.html" in a.get_attribute("href")
    ]
    file = linked[0].text
    linked[0].click()
    assert browser.current_url.split("/")[-1].startswith("report-3.html#m")
    section = browser.find_element(By.ID, browser.current_url.split("#")[1])
    assert section.is_displayed() and file in section.find_element(By.TAG_NAME, "h3").text
    browser.find_element(By.LINK_TEXT, "Match verification report").click()
    assert browser.current_url.endswith("/report.html") and len(rows(browser)) == 28
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert console_errors(browser) == []


@pytest.fixture(scope="module")
def windowed(summary: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same archive's report with its table shown ten rows at a time."""
    out = tmp_path_factory.mktemp("windowed") / "report.html"
    write_report(out, summary, "en", window=10)
    return out


def test_the_table_shows_a_window_of_rows_that_sorting_and_filtering_start_again(
    windowed: Path,
    browser: Any,  # noqa: F811
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(windowed.as_uri())
    said, pager = browser.find_element(By.ID, "shown"), browser.find_element(By.ID, "pager")
    assert len(rows(browser)) == 10 and said.text == "rows 1–10 of 28"
    browser.find_element(By.ID, "next").click()
    assert len(rows(browser)) == 10 and said.text == "rows 11–20 of 28"
    browser.find_element(By.ID, "next").click()
    browser.find_element(By.ID, "next").click()  # no further: the last window stays
    assert len(rows(browser)) == 8 and said.text == "rows 21–28 of 28"
    heads = browser.find_elements(By.CSS_SELECTOR, "#matches th")
    heads[3].click()
    heads[3].click()  # games, descending, from the first row again
    games = [int(r.find_elements(By.TAG_NAME, "td")[3].get_attribute("data-sort")) for r in rows(browser)]
    assert games == sorted(games, reverse=True) and games[0] >= 10 and said.text == "rows 1–10 of 28"
    browser.find_element(By.ID, "prev").click()
    assert said.text == "rows 1–10 of 28"
    Select(browser.find_element(By.ID, "status")).select_by_value("invalid")
    shown = rows(browser)
    assert len(shown) == 10 and all(r.get_attribute("data-status") == "invalid" for r in shown)
    assert not pager.is_displayed()  # ten invalid matches: one window
    browser.find_element(By.ID, "filter").send_keys("no such text")
    assert rows(browser) == [] and said.get_attribute("textContent") == "rows 0–0 of 0"
    assert console_errors(browser) == []


def test_without_script_the_table_shows_every_row(windowed: Path, browser: Any) -> None:  # noqa: F811
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get(windowed.as_uri())
        assert len(rows(browser)) == 28
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_the_verdict_filter_shows_valid_matches_cut_short_as_unfinished_and_as_valid(
    tmp_path: Path,
    browser: Any,  # noqa: F811
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    folder = tmp_path / "archive"
    folder.mkdir()
    whole = REPO / "examples" / "match.mat"
    (folder / "cut.mat").write_bytes(whole.read_bytes()[:4000])  # an 11-point match at 0-3
    shutil.copy(whole, folder / "whole.mat")
    shutil.copy(REPO / "examples" / "illegal.mat", folder / "illegal.mat")
    out = tmp_path / "report.html"
    CliRunner().invoke(main, ["verify", "--report", str(out), str(folder)], catch_exceptions=False)
    browser.get(out.as_uri())
    status = Select(browser.find_element(By.ID, "status"))
    shown = {}
    for value in ("unfinished", "valid", "invalid", ""):
        status.select_by_value(value)
        shown[value] = sorted(r.find_elements(By.TAG_NAME, "td")[0].text for r in rows(browser))
    assert shown == {
        "unfinished": ["cut.mat"],
        "valid": ["cut.mat", "whole.mat"],
        "invalid": ["illegal.mat"],
        "": ["cut.mat", "illegal.mat", "whole.mat"],
    }
    assert console_errors(browser) == []
