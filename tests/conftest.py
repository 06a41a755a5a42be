"""Suite-wide settings.

Under CI, hypothesis replays a fixed derandomized draw, so a run never fails on a new random example
nobody can reproduce; locally each run explores new examples. `make mutation` runs with the
"mutation" profile: the CI draw without shrinking, since a mutant only needs one failing example and
shrinking it cost minutes for each mutant a property kills (the plain generator's mutants timed out),
and half the examples (`tests.support.cases.examples`: each equivalent mutant runs every property
that reaches its function, and the run must stay under 30 minutes). `make quick`, the edit-test
loop, runs the "quick" profile: a tenth of the examples, drawn anew each run.

Under CI, a skip is a failure: the strongest tests lean on oracles outside the code (gnubg, the
data/ folder, hadolint, kubectl, kubernetes-validate, Chromium) and a CI run where one is missing
must not come out green with those tests silently skipped. `make test` installs all of them;
locally, without one, its tests skip with the reason.

`make test` runs the suite on every core (pytest-xdist, `--dist loadgroup`): the tests of a module
that share a module-scoped fixture (a live gunicorn, a pod, a browser, an archive verified once) go
to one worker together, so the fixture is built once, as in a serial run; every other test goes
wherever a worker is free. The few tests marked `waits` (under tests/ops/: a proxy's deadlines and
slow clients, some 60 s of waiting for a few seconds of CPU) run beside them in a process of their
own, so that no worker sits idle through them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import Phase, settings

from tests.support.cases import BASE

STRICT = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
NO_SHRINKING = [Phase.explicit, Phase.reuse, Phase.generate]
settings.register_profile("mutation", settings.get_profile("ci"), phases=NO_SHRINKING, max_examples=BASE // 2)
settings.register_profile("quick", settings.get_profile("dev"), max_examples=BASE // 10)
settings.load_profile("ci" if STRICT else "dev")


def _fail_skip(report: Any) -> None:
    """Turn a skip report into a failure naming what was missing."""
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    report.outcome = "failed"
    report.longrepr = f"skipped under CI=true, which needs every oracle installed (make test): {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A test marked `plays_cached` runs with the engine's plays cache on, emptied before and after
    (`arbitru.engine.cache`).

    For a test that holds the plain judge to many proposals on one board: the judge lists every
    legal play of the board for each proposal, the same list each time; the cache lists it once.
    The list is still generated in the test, uncached, the first time it is asked for, so every
    answer checked is the one generation gives; only its identical repetitions are skipped.
    Emptied on both sides so that no answer crosses from one test (or one mutant) to another."""
    if item.get_closest_marker("plays_cached") is None:
        yield
        return
    from arbitru.engine.cache import clear_cache, configure

    before = configure()
    clear_cache()
    configure(cache_plays=50_000)
    try:
        yield
    finally:
        clear_cache()
        configure(cache_plays=before)


SHARED_SCOPES = ("module", "package", "class")


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep a module's tests that share a module-scoped fixture on one xdist worker; hand out the
    long ones (marked `live` or `slow`) first, so that the run ends on short tests rather than one
    worker finishing a long one while the other waits; refuse a test marked `waits` outside
    tests/ops/, where `make test` looks for them (it would run nowhere)."""
    items.sort(
        key=lambda item: item.get_closest_marker("live") is None and item.get_closest_marker("slow") is None
    )
    grouping = config.pluginmanager.hasplugin("xdist")  # `-p no:xdist` knows no xdist_group mark
    for item in items:
        if item.get_closest_marker("waits") is not None and not item.nodeid.startswith("tests/ops/"):
            raise pytest.UsageError(f"{item.nodeid}: a `waits` test belongs under tests/ops/ (make test)")
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info is not None else ()
        if grouping and any(d.scope in SHARED_SCOPES for chain in defs for d in chain):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


def pytest_configure(config: pytest.Config) -> None:
    """Stop a `--dist loadgroup` run that would group nothing: each module-scoped fixture (a live
    gunicorn, a pod, a fresh virtual environment) would be built once per worker, unnoticed.
    pytest-xdist 3.8 writes the group into a node ID attribute that pytest 9.2 no longer reads
    (pytest-xdist#1386); the dev extra keeps pytest below 9.2 until xdist mends it."""
    if getattr(config.option, "dist", "no") != "loadgroup" or hasattr(config, "workerinput"):
        return
    import xdist

    xdist_version = tuple(int(part) for part in xdist.__version__.split(".")[:2])
    if pytest.version_tuple[:2] >= (9, 2) and xdist_version <= (3, 8):
        raise pytest.UsageError(
            f"--dist loadgroup groups nothing with pytest {pytest.__version__} and pytest-xdist "
            f"{xdist.__version__} (pytest-xdist#1386): install the dev extra (pytest<9.2), or run -n 0"
        )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if STRICT and report.skipped and not hasattr(report, "wasxfail"):
        _fail_skip(report)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if STRICT and report.skipped:  # a module-level importorskip
        _fail_skip(report)
