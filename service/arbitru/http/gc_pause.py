"""The cyclic garbage collector paused for the length of each request.

A request builds thousands of short-lived dicts and tuples without reference cycles (a /v1/moves
answer of 400 plays is ~3,000 of them); collections triggered mid-request walk them again and
again and doubled the time to serialize the largest answers. Paused, the collector runs once at
the next allocation after the request instead, on what is left. A process that disabled the
collector itself keeps it disabled.
"""

from __future__ import annotations

import gc

from flask import Flask, g


def _pause() -> None:
    """before_request: pause the collector if it runs."""
    if gc.isenabled():
        gc.disable()
        g.gc_paused = True


def _resume(_exc: BaseException | None) -> None:
    """teardown_request (runs after errors too): resume it if this request paused it."""
    if g.pop("gc_paused", False):
        gc.enable()


def init_app(app: Flask) -> None:
    """Pause the collector from the first before_request hook to the request's teardown."""
    app.before_request_funcs.setdefault(None, []).insert(0, _pause)
    app.teardown_request(_resume)
