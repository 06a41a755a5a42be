"""Each request holds the garbage collector paused (the engine's plays are thousands of tuples with
no cycles), and the collector runs again once the request is over, errors included."""

from __future__ import annotations

import gc

from flask import Flask
from flask.testing import FlaskClient


def test_a_request_runs_with_the_collector_paused_and_resumes_it_after(app: Flask, client: FlaskClient):
    seen: list[bool] = []
    app.before_request_funcs.setdefault(None, []).append(lambda: seen.append(gc.isenabled()))
    try:
        client.get("/v1/rules")
        client.get("/v1/no-such-route")
    finally:
        app.before_request_funcs[None].pop()
    assert seen == [False, False]
    assert gc.isenabled()
