"""The docs page and the playground in a real browser: headless Chromium against a live gunicorn.

Needs Debian's `chromium` and `chromium-driver`, installed by `make test`'s set-up
(scripts/test_tools.sh); without them the test skips (fails under CI=true). Every step is bounded in time.

Screenshots go to build/screenshots/ (gitignored): open them with any image viewer, e.g.
`xdg-open build/screenshots/playground.png`, or in a browser as file:///<repo>/build/screenshots/.
`playground.png` is compared with tests/browser/reference/playground.png within a tolerance; after
an intended change to the page or the picture, run once with ARBITRU_REGENERATE_SCREENSHOTS=1, look
at the new reference and commit it.
"""

from __future__ import annotations

import base64
import math
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.local_gunicorn import free_port, wait_until_up

pytestmark = pytest.mark.live

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "build" / "screenshots"
REFERENCE = Path(__file__).resolve().parent / "reference"
REGENERATE = os.environ.get("ARBITRU_REGENERATE_SCREENSHOTS") == "1"
WSGI_APP = os.environ.get("ARBITRU_WSGI_APP", "arbitru:create_app()")  # another target only for debugging
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
CHROME_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--disable-component-update",
    "--no-first-run",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
    "--force-color-profile=srgb",
    "--font-render-hinting=none",
    "--lang=en-US",
)
PHONE_WIDTH = 420  # CSS pixels: a large phone held upright
SERVER_START_TIMEOUT = 30
WAIT = 20  # seconds for anything the page does
# Screenshot comparison: a pixel "differs" when a channel is off by more than PIXEL_THRESHOLD, and
# the screenshot matches when at most TOLERANCE of its pixels differ (font anti-aliasing and
# hinting vary a little between Chromium builds; layout or colour changes move far more).
PIXEL_THRESHOLD = 48
TOLERANCE = 0.02
OPENING_PLAY = "8/5 6/5"  # the play the test clicks (the opening 3-1, the page's first example)


# -- set-up: the browser, the server, the driver -------------------------------------------------
def _have_chromium() -> bool:
    return Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()


def _ensure_chromium() -> None:
    """Skip, saying why, when Chromium or its driver is missing (make test installs them)."""
    if not _have_chromium():
        pytest.skip(f"{CHROMIUM} or {CHROMEDRIVER} is missing: `make test` installs them")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live gunicorn serving the app on a free loopback port (stopped after the module)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    command = [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", "2"]
    command += ["--timeout", "30", WSGI_APP]
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command, cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        try:
            wait_until_up(base + "/", process, log, timeout=SERVER_START_TIMEOUT)
        except RuntimeError as exc:
            pytest.fail(str(exc))
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Headless Chromium driven by selenium, with a fresh profile and the console log kept."""
    _ensure_chromium()
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for arg in CHROME_ARGS:
        options.add_argument(arg)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.add_argument(f"--window-size={PHONE_WIDTH},1000")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT * 2)
    driver.set_script_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()


# -- helpers ----------------------------------------------------------------------------------
def console_errors(driver: Any) -> list[str]:
    """Messages the page logged at error level since the last call (the log is drained)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def wait_for(driver: Any, condition: Any, what: str) -> Any:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, WAIT).until(condition)
    except TimeoutException:
        shot = SCREENSHOTS / "failure.png"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(shot))
        errors = console_errors(driver)
        pytest.fail(
            f"timed out after {WAIT}s waiting for {what}; screenshot {shot}; console errors: {errors}"
        )


def phone_viewport(driver: Any, height: int = 900) -> None:
    """Lay the page out at exactly PHONE_WIDTH CSS pixels, device scale 1 (stable screenshots)."""
    metrics = {"width": PHONE_WIDTH, "height": height, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def full_page_screenshot(driver: Any, path: Path) -> Path:
    """A PNG of the whole page at phone width (the viewport is stretched to the page's height)."""
    layout = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    height = min(max(math.ceil(layout["cssContentSize"]["height"]), 600), 6000)
    phone_viewport(driver, height)
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)  # let the new viewport settle before painting
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(base64.b64decode(shot["data"]))
    phone_viewport(driver)
    return path


def difference(actual: Path, reference: Path, diff_path: Path) -> float:
    """Fraction of pixels that differ noticeably (1.0 when the sizes differ); writes a diff image."""
    image = pytest.importorskip("PIL.Image")
    chops = pytest.importorskip("PIL.ImageChops")
    a = image.open(actual).convert("RGB")
    b = image.open(reference).convert("RGB")
    if a.size != b.size:
        return 1.0
    diff = chops.difference(a, b)
    mask = diff.convert("L").point(lambda v: 255 if v > PIXEL_THRESHOLD else 0)
    changed = mask.histogram()[255]
    if changed:
        mask.save(diff_path)
    return changed / (a.size[0] * a.size[1])


# -- the tests -------------------------------------------------------------------------------
def test_docs_page_renders_every_operation_without_console_errors(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    phone_viewport(browser)
    browser.get(server + "/docs")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".opblock"), "Swagger UI operations")
    paths = {
        e.text.replace("\u200b", "") for e in browser.find_elements(By.CSS_SELECTOR, ".opblock-summary-path")
    }
    assert "/v1/board.svg" in paths, paths
    full_page_screenshot(browser, SCREENSHOTS / "docs.png")
    assert console_errors(browser) == []


def test_snapshot_playground_shows_plays_and_the_result_of_a_clicked_play(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    phone_viewport(browser)
    browser.get(server + "/")
    buttons = wait_for(
        browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#plays button"), "the list of plays"
    )
    assert len(buttons) == 16  # the opening 3-1 has 16 distinct plays
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#board-picture svg"), "the board picture")
    chosen = [b for b in buttons if b.text == OPENING_PLAY]
    assert chosen, [b.text for b in buttons]
    chosen[0].click()
    wait_for(
        browser,
        lambda d: (
            d.find_element(By.ID, "result-section").get_attribute("hidden") is None
            and d.find_elements(By.CSS_SELECTOR, "#result-picture svg")
            and d.find_elements(By.CSS_SELECTOR, "#board-picture svg line")
            and d.find_element(By.ID, "result-caption").text
        ),
        "the clicked play's arrows and its result picture",
    )
    assert chosen[0].get_attribute("aria-pressed") == "true"
    assert OPENING_PLAY in browser.find_element(By.ID, "result-caption").text
    assert console_errors(browser) == []

    shot = full_page_screenshot(browser, SCREENSHOTS / "playground.png")
    browser.find_element(By.ID, "board-picture").screenshot(str(SCREENSHOTS / "playground-board.png"))
    browser.find_element(By.ID, "result-picture").screenshot(str(SCREENSHOTS / "playground-result.png"))
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}
    )
    full_page_screenshot(browser, SCREENSHOTS / "playground-dark.png")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    reference = REFERENCE / "playground.png"
    if REGENERATE or not reference.exists():
        REFERENCE.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, reference)
        if not REGENERATE:
            pytest.fail(f"no reference screenshot yet: wrote {reference}; look at it and commit it")
    changed = difference(shot, reference, SCREENSHOTS / "playground-diff.png")
    assert changed <= TOLERANCE, (
        f"{shot} differs from {reference} in {changed:.1%} of its pixels (tolerance {TOLERANCE:.0%}); "
        f"see {SCREENSHOTS / 'playground-diff.png'}"
    )


def test_playground_reads_an_xgid_and_draws_a_doubles_play(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    phone_viewport(browser)
    browser.get(server + "/")
    wait_for(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#plays button")) == 16, "the 3-1 plays")
    browser.find_element(By.CSS_SELECTOR, "button[data-position^='XGID=']").click()
    buttons = wait_for(
        browser,
        lambda d: (
            [b for b in d.find_elements(By.CSS_SELECTOR, "#plays button")]
            if len(d.find_elements(By.CSS_SELECTOR, "#plays button")) == 73
            else None
        ),
        "the 73 plays of the opening 3-3",
    )
    doubles = next(b for b in buttons if b.text == "24/18(2)")
    doubles.click()
    wait_for(
        browser,
        lambda d: (
            len(d.find_elements(By.CSS_SELECTOR, "#board-picture svg line")) == 2 * 4
            and "24/18(2)" in d.find_element(By.ID, "result-caption").text
        ),
        "four arrows for 24/18(2) and its result",
    )
    full_page_screenshot(browser, SCREENSHOTS / "playground-xgid-doubles.png")
    assert console_errors(browser) == []


def test_playground_lets_the_user_choose_the_rules_preset_and_the_language(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    phone_viewport(browser)
    browser.get(server + "/")
    wait_for(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#plays button")) == 16, "the 3-1 plays")
    Select(browser.find_element(By.ID, "preset")).select_by_value("romanian")
    wait_for(browser, lambda d: "preset=romanian" in d.current_url, "the preset in the page's address")
    wait_for(
        browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#plays button")) == 16, "the plays again"
    )
    Select(browser.find_element(By.ID, "lang")).select_by_value("ro")
    wait_for(
        browser,
        lambda d: d.find_element(By.ID, "board-heading").text == "Poziția" and "lang=ro" in d.current_url,
        "the page in Romanian",
    )
    box = browser.find_element(By.ID, "position-id")
    box.clear()
    box.send_keys("not-an-id")
    browser.find_element(By.ID, "show").click()
    wait_for(
        browser,
        lambda d: (
            d.find_element(By.ID, "error").get_attribute("hidden") is None
            and "câmp" in d.find_element(By.ID, "error").text
        ),
        "the API's problem in Romanian (Accept-Language: ro)",
    )
    full_page_screenshot(browser, SCREENSHOTS / "playground-ro.png")


# -- the Table family's presets without position IDs (issue 29) -----------------------------------
def svg_title(driver: Any, figure: str) -> str:
    """The title of a figure's picture, read in one script (the page may replace the picture between
    two WebDriver calls)."""
    script = "const t = document.querySelector(arguments[0]); return t ? t.textContent : '';"
    return str(driver.execute_script(script, f"#{figure} svg title"))


def play_buttons(driver: Any) -> list[Any]:
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, "#plays button")


@pytest.mark.parametrize("preset", ["long_nardy", "plakoto"])
def test_playground_plays_a_preset_without_ids_from_its_start_position(
    server: str, browser: Any, preset: str
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    phone_viewport(browser)
    browser.get(server + "/")
    wait_for(browser, lambda d: len(play_buttons(d)) == 16, "the 3-1 plays")
    console_errors(browser)  # drain what earlier pages logged
    Select(browser.find_element(By.ID, "preset")).select_by_value(preset)
    # no ID can hold this variant: the page starts the preset's game (15 on each side's own 24)
    wait_for(
        browser,
        lambda d: (
            "white 360 pips, black 360 pips, white to play 3-1" in svg_title(d, "board-picture")
            and play_buttons(d)
        ),
        f"the {preset} start position and its plays of the dice in the form",
    )
    assert browser.find_element(By.ID, "position-id").get_attribute("value") == ""
    dice = browser.find_element(By.ID, "dice")
    dice.clear()
    dice.send_keys("65")
    browser.find_element(By.ID, "show").click()
    buttons = wait_for(browser, lambda d: play_buttons(d) or None, f"the {preset} plays of 6-5")
    running = next(b for b in buttons if b.text == "24/13")  # one checker from the head runs 11 pips
    running.click()
    wait_for(
        browser,
        lambda d: (
            "24/13" in d.find_element(By.ID, "result-caption").text
            and "black to play" in svg_title(d, "result-picture")
            and d.find_elements(By.CSS_SELECTOR, "#board-picture svg line")
        ),
        "the play's arrows and its result, black to roll (the turn passed)",
    )
    caption = browser.find_element(By.ID, "result-caption").text
    assert "white 349 pips, black 360 pips" in caption and "GNU ID" not in caption, caption
    full_page_screenshot(browser, SCREENSHOTS / f"playground-{preset}.png")

    # play on: black rolls from the board the play left
    browser.find_element(By.ID, "play-on").click()
    dice = browser.find_element(By.ID, "dice")
    dice.send_keys("31")
    browser.find_element(By.ID, "show").click()
    wait_for(
        browser,
        lambda d: play_buttons(d) and "black to play 3-1" in svg_title(d, "board-picture"),
        "black's plays of 3-1 after white's 24/13",
    )
    assert "white 349 pips" in svg_title(browser, "board-picture")
    assert console_errors(browser) == []


def test_playground_address_with_an_empty_position_starts_the_preset_in_romanian(
    server: str, browser: Any
) -> None:
    from selenium.webdriver.common.by import By

    phone_viewport(browser)
    browser.get("about:blank")  # a new document: a change of the hash alone would not reload the page
    console_errors(browser)  # drain what earlier pages logged (a request of theirs answered late)
    browser.get(server + "/#position=&dice=65&preset=plakoto&lang=ro")
    buttons = wait_for(browser, lambda d: play_buttons(d) or None, "the plakoto plays of 6-5 in Romanian")
    assert sorted(b.text for b in buttons) == ["24/13", "24/19 24/18"]
    assert browser.find_element(By.ID, "board-heading").text == "Poziția"
    assert console_errors(browser) == []


def test_playground_in_romanian_shows_no_english_word(server: str, browser: Any) -> None:
    """Switched to Romanian, the page (its words, the choices, the caption of a clicked play, the
    board's title and its bar and tray labels) shows none of its English words."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from arbitru.http.routes.playground import page_words

    english, romanian = page_words("en"), page_words("ro")
    phone_viewport(browser)
    browser.get("about:blank")
    console_errors(browser)  # drain what earlier pages logged (a request of theirs answered late)
    browser.get(server + "/")
    wait_for(browser, lambda d: len(play_buttons(d)) == 16, "the 3-1 plays in English")
    Select(browser.find_element(By.ID, "lang")).select_by_value("ro")
    wait_for(browser, lambda d: "alb la mutare 3-1" in svg_title(d, "board-picture"), "the board in Romanian")
    buttons = wait_for(browser, lambda d: play_buttons(d) or None, "the 3-1 plays in Romanian")
    next(b for b in buttons if b.text == OPENING_PLAY).click()
    wait_for(
        browser,
        lambda d: (
            romanian["after_play"].format(play=OPENING_PLAY) in d.find_element(By.ID, "result-caption").text
        ),
        "the clicked play's caption in Romanian",
    )
    script = (
        "return [document.title, document.body.innerText, document.getElementById('position-id').placeholder,"
        " ...Array.from(document.querySelectorAll('option'), (o) => o.text),"
        " ...Array.from(document.querySelectorAll('svg text, svg title'), (t) => t.textContent)].join('\\n')"
    )
    seen = str(browser.execute_script(script))
    # whole words: the English "bar" is in the Romanian "bară"
    left = [
        text
        for key, text in english.items()
        if text != romanian[key] and re.search(rf"(?<!\w){re.escape(text)}(?!\w)", seen)
    ]
    assert left == [] and "pips" not in seen and "\nbar\n" not in seen and "\noff" not in seen, left
    assert "bară" in seen and "Arbitru: loc de joacă" in seen
    assert console_errors(browser) == []


# -- a turn built on the picture one checker at a time through POST /v1/turn (issue 42) ------------
HIT_POSITION = "4HPwASHgc/ABMA:cIkFAAAAAAAE"  # the opening, black's blot on white's 5 point; white 3-1


def click_point(driver: Any, point: int) -> None:
    """A click on the picture's point (25 the bar), as a finger or a mouse would make it."""
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, f'#board-picture [data-point="{point}"]').click()


def marked(driver: Any, mark: str) -> list[int]:
    """The points the picture marks `movable`, `chosen` or `reach`, in order."""
    script = (
        "return Array.from(document.querySelectorAll('#board-picture [data-point].' + arguments[0]),"
        " (a) => Number(a.dataset.point));"
    )
    return sorted(driver.execute_script(script, mark))


def builder_status(driver: Any) -> str:
    script = "const s = document.getElementById('builder-status'); return s ? s.textContent : '';"
    return str(driver.execute_script(script))


def hop(driver: Any, source: int, target: int, made: str) -> None:
    """Choose the checker on `source`, wait for `target` to be marked, click it and wait for the
    hops made so far to read `made`."""
    wait_for(driver, lambda d: source in marked(d, "movable"), f"the checker on {source} movable")
    click_point(driver, source)
    wait_for(driver, lambda d: target in marked(d, "reach"), f"{target} marked as reachable from {source}")
    click_point(driver, target)
    wait_for(driver, lambda d: builder_status(d).endswith(made), f"the hops made: {made}")


def test_playground_makes_a_backgammon_hit_by_clicking_and_undoes_it(server: str, browser: Any) -> None:
    """White's 3-1 with a black blot on the 5 point: a click on the 8 marks where that checker can go
    (its reach), a click on 5 hits (the blot goes to the bar: black's pips grow by 20), undo puts it
    back, and 8/5* then 6/5 (made with the keyboard) completes the turn, played as the list's
    8/5* 6/5."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    phone_viewport(browser)
    browser.get("about:blank")
    browser.get(server + f"/#position={HIT_POSITION}&dice=31")
    wait_for(browser, lambda d: len(play_buttons(d)) == 18, "the 18 plays of 3-1")
    console_errors(browser)
    assert "white 167 pips, black 163 pips" in svg_title(browser, "board-picture")
    wait_for(browser, lambda d: marked(d, "movable") == [6, 8, 13, 24], "the checkers that may move")
    click_point(browser, 8)
    wait_for(browser, lambda d: marked(d, "reach") == [4, 5, 7], "the 8 point's checker's reach")
    assert marked(browser, "chosen") == [8] and marked(browser, "movable") == []
    click_point(browser, 5)
    wait_for(browser, lambda d: builder_status(d).endswith("8/5*"), "the hit made")
    wait_for(
        browser,
        lambda d: "white 164 pips, black 168 pips" in svg_title(d, "board-picture"),
        "the board after the hit: black's checker on the bar",
    )
    browser.find_element(By.ID, "undo-hop").click()
    wait_for(
        browser,
        lambda d: "black 163 pips" in svg_title(d, "board-picture") and "8/5" not in builder_status(d),
        "the hit undone",
    )
    hop(browser, 8, 5, "8/5*")
    assert "cube 1 centred" in svg_title(browser, "board-picture")  # the ID's cube, still drawn
    # the keyboard too: the marked points are buttons (Enter chooses, as a click)
    six = browser.find_element(By.CSS_SELECTOR, '#board-picture [data-point="6"]')
    assert six.get_attribute("role") == "button" and six.get_attribute("aria-label") == "6"
    six.send_keys(Keys.ENTER)
    wait_for(browser, lambda d: marked(d, "reach") == [5], "the 6 point's checker's reach")
    browser.find_element(By.CSS_SELECTOR, '#board-picture [data-point="5"]').send_keys(Keys.ENTER)
    wait_for(browser, lambda d: builder_status(d).endswith("8/5* 6/5"), "the second hop, by the keyboard")
    wait_for(
        browser,
        lambda d: (
            d.find_element(By.ID, "result-section").get_attribute("hidden") is None
            and "8/5* 6/5" in d.find_element(By.ID, "result-caption").text
        ),
        "the complete turn played: its result",
    )
    chosen = [b.text for b in play_buttons(browser) if b.get_attribute("aria-pressed") == "true"]
    assert chosen == ["8/5* 6/5"]
    assert marked(browser, "movable") == [] and marked(browser, "reach") == []
    full_page_screenshot(browser, SCREENSHOTS / "playground-turn-hit.png")
    assert console_errors(browser) == []


def test_playground_long_nardy_6_6_first_turn_takes_two_checkers_off_the_head(
    server: str, browser: Any
) -> None:
    """Long Nardy's first 6-6, in Romanian: the head (24) gives a second checker (the rule's
    exception); the sixes beyond 18 are blocked by black's head, so two hops 24/18 are the whole
    turn. The page's words about the turn are the catalogue's Romanian ones."""
    from selenium.webdriver.common.by import By

    from arbitru.http.routes.playground import page_words

    words = page_words("ro")
    phone_viewport(browser)
    browser.get("about:blank")
    browser.get(server + "/#position=&dice=66&preset=long_nardy&lang=ro")
    wait_for(browser, lambda d: play_buttons(d) and marked(d, "movable") == [24], "the head movable")
    assert [b.text for b in play_buttons(browser)] == ["24/18(2)"]
    assert builder_status(browser) == words["pick"]
    click_point(browser, 24)
    wait_for(browser, lambda d: marked(d, "reach") == [18], "18 the only point a head checker reaches")
    assert builder_status(browser) == words["pick_to"].format(**{"from": 24})
    click_point(browser, 18)
    wait_for(browser, lambda d: words["moved"].format(hops="24/18") in builder_status(d), "the first hop")
    wait_for(browser, lambda d: 24 in marked(d, "movable"), "a second checker off the head")
    hop(browser, 24, 18, "24/18 24/18")
    wait_for(
        browser,
        lambda d: words["after_play"].format(play="24/18(2)") in d.find_element(By.ID, "result-caption").text,
        "the turn complete: 24/18(2) played",
    )
    assert words["pips"].format(white=348, black=360) in svg_title(browser, "board-picture")
    assert browser.find_element(By.ID, "undo-hop").text == words["undo"]
    assert console_errors(browser) == []


def test_playground_plakoto_pin_made_by_clicking(server: str, browser: Any) -> None:
    """Plakoto: black runs a checker to its 6 point (24/18/12/6 in one click) and another to 18;
    white's 5 from its 24 lands on that lone checker and pins it: the hop is marked * and the
    pinned checker is drawn crossed under white's."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    phone_viewport(browser)
    browser.get("about:blank")
    browser.get(server + "/#position=&dice=66&preset=plakoto")
    wait_for(browser, lambda d: play_buttons(d), "white's plakoto plays")
    Select(browser.find_element(By.ID, "turn")).select_by_value("black")
    browser.find_element(By.ID, "show").click()
    wait_for(browser, lambda d: "black to play 6-6" in svg_title(d, "board-picture"), "black on roll")
    hop(browser, 24, 6, "24/18 18/12 12/6")
    hop(browser, 24, 18, "24/18 18/12 12/6 24/18")
    wait_for(browser, lambda d: d.find_element(By.ID, "play-on").is_displayed(), "black's turn played")
    browser.find_element(By.ID, "play-on").click()
    dice = browser.find_element(By.ID, "dice")
    dice.send_keys("51")
    browser.find_element(By.ID, "show").click()
    wait_for(browser, lambda d: "white to play 5-1" in svg_title(d, "board-picture"), "white on roll")
    hop(browser, 24, 19, "24/19*")
    lines = browser.find_elements(By.CSS_SELECTOR, "#board-picture svg line")
    assert len(lines) == 2, "the pinned checker crossed (no arrows on a turn being built)"
    assert "white 355 pips" in svg_title(browser, "board-picture")
    full_page_screenshot(browser, SCREENSHOTS / "playground-turn-pin.png")
    assert console_errors(browser) == []


FORCED_REST_POSITION = "4P8PAABBAAAAAA:cIkEAAAAAAAE"  # white: one checker on 6, one on 1, 13 off; 1-1


def test_playground_finishes_a_forced_rest_in_one_click(server: str, browser: Any) -> None:
    """White's 1-1 with checkers on 6 and 1 (in Romanian): two plays remain at first (6/2, or 6/3
    1/off), so no rest is offered; after 1/off only 6/3 remains, and one click on the offered
    rest makes its three hops (/v1/turn's `completion`) and completes the turn, played as the
    list's 6/3 1/off. The button's words are the catalogue's."""
    from selenium.webdriver.common.by import By

    from arbitru.http.routes.playground import page_words

    words = page_words("ro")
    phone_viewport(browser)
    browser.get("about:blank")
    browser.get(server + f"/#position={FORCED_REST_POSITION}&dice=11&lang=ro")
    wait_for(browser, lambda d: len(play_buttons(d)) == 2, "the 2 plays of 1-1")
    wait_for(browser, lambda d: marked(d, "movable") == [1, 6], "the checkers that may move")
    rest = browser.find_element(By.ID, "forced-rest")
    assert not rest.is_displayed(), "two boards remain: no rest is forced"
    hop(browser, 1, 0, words["moved"].format(hops="1/off"))
    wait_for(browser, lambda d: d.find_element(By.ID, "forced-rest").is_displayed(), "the rest offered")
    assert rest.text == words["forced_rest"].format(hops="6/5 5/4 4/3")
    assert browser.find_element(By.ID, "result-section").get_attribute("hidden") is not None
    rest.click()
    played = words["after_play"].format(play="6/3 1/off")
    wait_for(
        browser,
        lambda d: played in d.find_element(By.ID, "result-caption").text,
        "the forced rest made in one click: the turn complete and played",
    )
    assert builder_status(browser).endswith("1/off 6/5 5/4 4/3")
    assert words["pips"].format(white=3, black=90) in svg_title(browser, "board-picture")
    chosen = [b.text for b in play_buttons(browser) if b.get_attribute("aria-pressed") == "true"]
    assert chosen == ["6/3 1/off"] and not rest.is_displayed()
    assert marked(browser, "movable") == [] and marked(browser, "reach") == []
    assert console_errors(browser) == []
