"""The cyclic garbage collector paused for the length of each request.

A request builds thousands of short-lived dicts and tuples without reference cycles (a /v1/moves
answer of 400 plays is ~3,000 of them, and the plays themselves as many again); collections
triggered mid-request walk them again and again (bench/README.md, "Measured reasons"). Paused, the
collector runs once at the next allocation after the request instead, on what is left. The pause is
the engine's `collector_paused`, counted across threads: a threaded worker resumes the collector
when its last request ends, and a process that disabled the collector itself keeps it disabled.
"""

from __future__ import annotations

from flask import Flask, g

from arbitru.engine.collector import collector_paused


def _pause() -> None:
    """before_request: hold the collector paused until the request's teardown."""
    pause = collector_paused()
    pause.__enter__()
    g.gc_pause = pause


def _resume(_exc: BaseException | None) -> None:
    """teardown_request (runs after errors too): release this request's pause."""
    pause = g.pop("gc_pause", None)
    if pause is not None:
        pause.__exit__(None, None, None)


def init_app(app: Flask) -> None:
    """Pause the collector from the first before_request hook to the request's teardown."""
    app.before_request_funcs.setdefault(None, []).insert(0, _pause)
    app.teardown_request(_resume)
