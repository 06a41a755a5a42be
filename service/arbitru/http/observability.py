"""Operational endpoints and per-request telemetry: /healthz, /readyz, metrics, JSON access log.

Metrics use prometheus_client; under gunicorn, `PROMETHEUS_MULTIPROC_DIR` (set by gunicorn.conf.py)
switches it to multiprocess mode, and the gunicorn master serves the sum over every worker on
`METRICS_PORT` (never on the service port: see gunicorn.conf.py). Every label comes from a closed
set: the method from `METHODS` (anything else is `other`), the route from the app's URL rules
(`<unmatched>` otherwise), the status from what the app answers.
Every request gets an `X-Request-ID` (the client's, when it is sane, or a new one), echoed in the
response and written in the one JSON access line per request (`AccessLog`: fast successes may be
sampled, 4xx, 5xx and slow requests never are).
"""

from __future__ import annotations

import functools
import logging
import os
import random
import re
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, NamedTuple

import orjson
from flask import Flask, Response, g, has_request_context, request
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from arbitru.http.errors import HTTPProblem, problem_response
from arbitru.http.json import json_response
from arbitru.messages import message

_MULTIPROC_DIR = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
if _MULTIPROC_DIR:  # prometheus_client writes its per-process files there from the first metric on
    os.makedirs(_MULTIPROC_DIR, exist_ok=True)

from prometheus_client import Counter, Histogram  # noqa: E402  (must follow the directory check above)

__all__ = ["init_app", "observe_plays", "AccessLog", "REQUEST_ID_HEADER", "ACCESS_LOGGER"]

REQUEST_ID_HEADER = "X-Request-ID"
ACCESS_LOGGER = "arbitru.access"
_REQUEST_ID_ENVIRON = "HTTP_X_REQUEST_ID"  # REQUEST_ID_HEADER as WSGI names it
_REQUEST_ID_RE = re.compile(r"[A-Za-z0-9._:@/+=-]{1,128}")
_UNMATCHED_ROUTE = "<unmatched>"
# The methods counted by name; any other (10,000 invented ones grew the metric files to 44 MB) is
# counted as `other`.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
_OTHER_METHOD = "other"

REQUESTS = Counter(
    "arbitru_http_requests_total",
    "HTTP requests answered, by method, route template and status code.",
    ["method", "route", "status"],
)
LATENCY = Histogram(
    "arbitru_http_request_duration_seconds",
    "Time from the first byte of the request reaching Flask to the response leaving it.",
    ["method", "route", "status"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
PLAYS = Histogram(
    "arbitru_plays_per_request",
    "Number of legal plays listed in one answer, by route.",
    ["route"],
    buckets=(1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2500, 5000),
)


class HealthSchema(Schema):
    """Body of /healthz and /readyz."""

    status = fields.String(required=True, metadata={"example": "ok"})


blp = Blueprint(
    "observability",
    __name__,
    description="Operational endpoints: liveness and readiness.",
)

_REQUEST_ID_DOC = {
    REQUEST_ID_HEADER: {
        "description": "The request id: the client's `X-Request-ID` when it is sane, else a new one.",
        "schema": {"type": "string"},
    }
}


# Labelled metric children by label values: `labels()` validates and locks on every call, and a
# request would call it three times for the same few routes.
_PLAYS_BY_ROUTE: dict[str, Any] = {}
_REQUEST_METRICS: dict[tuple[str, str, str], tuple[Any, Any]] = {}


def observe_plays(n: int) -> None:
    """Record how many plays one answer listed (the routes call this; cheap, never raises)."""
    if has_request_context():
        seen = g.get("obs")
        route = seen.route if seen is not None else _route()
    else:
        route = ""
    child = _PLAYS_BY_ROUTE.get(route)
    if child is None:
        child = _PLAYS_BY_ROUTE[route] = PLAYS.labels(route=route)
    child.observe(n)


def _route() -> str:
    """The matched URL rule (a template, so the label set stays small), or a fixed marker."""
    rule = request.url_rule
    return rule.rule if rule is not None else _UNMATCHED_ROUTE


@blp.route("/healthz", methods=["GET"])
@blp.response(200, HealthSchema, description="The process is alive.", headers=_REQUEST_ID_DOC)
def healthz() -> Response:
    """Liveness: the worker answers. Does no work, so a busy engine never fails it."""
    return json_response({"status": "ok"})


_ready = False


def _engine_self_check() -> bool:
    """True when the rules engine imports and lists the 16 plays of an opening 3-1 (cached once true)."""
    global _ready
    if not _ready:
        try:
            from arbitru.engine import Board, legal_plays

            _ready = len(legal_plays(Board.initial(), "white", (3, 1))) == 16
        except Exception:  # noqa: BLE001 - any failure means "not ready", reported as 503
            _ready = False
    return _ready


@blp.route("/readyz", methods=["GET"])
@blp.response(200, HealthSchema, description="Ready to take traffic.", headers=_REQUEST_ID_DOC)
@blp.alt_response(503, response="SERVICE_UNAVAILABLE")
def readyz() -> Response:
    """Readiness: the engine imports and answers a known position correctly."""
    if _engine_self_check():
        return json_response({"status": "ready"})
    return problem_response(HTTPProblem(503, message("problem.not_ready")))


class _Seen(NamedTuple):
    """What a request's telemetry reads of it, once: each access through Flask's `g` or `request`
    proxies is a context lookup, and the hooks used to make ten of them."""

    start: float
    route: str
    request_id: str


def _seen() -> _Seen:
    """The start time, route template and request id, read from the request now."""
    start = time.perf_counter()
    req = request._get_current_object()  # type: ignore[attr-defined]
    rule = req.url_rule  # routing happened before the hooks
    incoming = req.environ.get(_REQUEST_ID_ENVIRON, "")
    request_id = incoming if _REQUEST_ID_RE.fullmatch(incoming) else os.urandom(16).hex()
    return _Seen(start, rule.rule if rule is not None else _UNMATCHED_ROUTE, request_id)


def _start() -> None:
    """before_request: note the start time, the route and the request id."""
    g.obs = _seen()


def _request_metrics(key: tuple[str, str, str]) -> tuple[Any, Any]:
    """The counter and histogram children of (method, route, status), made once: `labels()`
    validates and locks on every call. Bounded: methods, routes and statuses are closed sets."""
    children = _REQUEST_METRICS.get(key)
    if children is None:
        children = _REQUEST_METRICS[key] = (REQUESTS.labels(*key), LATENCY.labels(*key))
    return children


def _stdout_sink() -> Callable[[bytes], Any]:
    """Write a line to the process's standard output: one `os.write` of the whole line (a line
    under the pipe's atomic size is never interleaved with another worker's), or, when stdout is
    not a file (a test capturing it), through its `write` and `flush`."""
    stream = sys.stdout
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return lambda line: (stream.write(line.decode()), stream.flush())
    stream.flush()
    return functools.partial(os.write, fd)


class AccessLog:
    """One JSON line per request, built by one `orjson.dumps` and written straight to a sink.

    The fields are those python-json-logger wrote through the logging machinery (`timestamp`,
    `levelname`, `name`, `message`, then the request's), at a fraction of the logging machinery's
    cost (bench/overhead.py). A fast 2xx/3xx is `INFO` and kept with probability
    `sample`; a 4xx or a request taking `slow_ms` or more is `WARNING`, a 5xx `ERROR`, and those are
    always written when their level is enabled (`level`).
    """

    def __init__(
        self,
        level: str = "INFO",
        sample: float = 1.0,
        slow_ms: int = 100,
        sink: Callable[[bytes], Any] | None = None,
    ) -> None:
        number = logging.getLevelNamesMapping().get(level.upper(), logging.INFO)
        self.info, self.warning, self.error = (
            number <= lvl for lvl in (logging.INFO, logging.WARNING, logging.ERROR)
        )
        self.sample = sample
        self.slow = slow_ms / 1000.0
        self.sink = sink if sink is not None else _stdout_sink()

    def wanted(self, status: int, duration: float) -> str | None:
        """The line's level name, or None when this request writes no line."""
        if status >= 500:
            return "ERROR" if self.error else None
        if status >= 400 or duration >= self.slow:
            return "WARNING" if self.warning else None
        if self.info and (self.sample >= 1.0 or random.random() < self.sample):
            return "INFO"
        return None

    def write(
        self, level: str, method: str, route: str, path: str, status: int, duration: float, request_id: str
    ) -> None:
        """Write one request's line."""
        self.sink(
            orjson.dumps(
                {
                    "timestamp": datetime.now(UTC),
                    "levelname": level,
                    "name": ACCESS_LOGGER,
                    "message": "request",
                    "method": method,
                    "route": route,
                    "path": path,
                    "status": status,
                    "duration_ms": round(duration * 1000.0, 3),
                    "request_id": request_id,
                    "pid": os.getpid(),  # the worker's (an app built before a fork serves in children)
                },
                option=orjson.OPT_APPEND_NEWLINE,
            )
        )


def _finisher(access_log: AccessLog) -> Callable[[Response], Response]:
    """The after_request hook: echo the request id, count and time the request (one counter, one
    histogram), and write the access line when `access_log` wants it."""

    def finish(response: Response) -> Response:
        seen = g.get("obs")
        if seen is None:  # an earlier before_request hook failed: time it from here
            seen = _seen()
        start, route, request_id = seen
        duration = time.perf_counter() - start
        response.headers[REQUEST_ID_HEADER] = request_id
        status = response.status_code
        req = request._get_current_object()  # type: ignore[attr-defined]
        method = req.method
        counter, histogram = _request_metrics(
            (method if method in METHODS else _OTHER_METHOD, route, str(status))
        )
        counter.inc()
        histogram.observe(duration)
        level = access_log.wanted(status, duration)
        if level is not None:
            access_log.write(level, method, route, req.path, status, duration, request_id)
        return response

    return finish


def init_app(app: Flask, api: Any = None, access_log: AccessLog | None = None) -> None:
    """Wire telemetry into `app` and register the operational endpoints.

    Call it after the flask-smorest `Api` is initialised so the endpoints land in the spec; the
    Api is found in `app.extensions` when not given. Without an Api they are plain Flask routes.
    The access log (default: every line at INFO and above, to stdout) is `app.extensions[ACCESS_LOGGER]`.
    """
    access_log = AccessLog() if access_log is None else access_log
    app.extensions[ACCESS_LOGGER] = access_log
    app.before_request_funcs.setdefault(None, []).insert(0, _start)
    app.after_request(_finisher(access_log))
    if api is None:
        apis = app.extensions.get("flask-smorest", {}).get("apis", {})
        api = next((entry["ext_obj"] for entry in apis.values()), None)
    if api is not None:
        api.register_blueprint(blp)
    else:
        app.register_blueprint(blp)
