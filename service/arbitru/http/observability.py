"""Operational endpoints and per-request telemetry: /healthz, /readyz, metrics, JSON access log.

Metrics use prometheus_client; under gunicorn, `PROMETHEUS_MULTIPROC_DIR` (set by gunicorn.conf.py)
switches it to multiprocess mode, and the gunicorn master serves the sum over every worker on
`METRICS_PORT` (never on the service port: see gunicorn.conf.py). Every label comes from a closed
set: the method from `METHODS` (anything else is `other`), the route from the app's URL rules
(`<unmatched>` otherwise), the status from what the app answers.
Every request gets an `X-Request-ID` (the client's, when it is sane, or a new one), echoed in the
response and written in the one JSON log line per request.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import time
import uuid
from typing import Any

from flask import Flask, Response, g, has_request_context, request
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from arbitru.http.errors import Problem, problem_response
from arbitru.http.json import json_response
from arbitru.messages import message

_MULTIPROC_DIR = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
if _MULTIPROC_DIR:  # prometheus_client writes its per-process files there from the first metric on
    os.makedirs(_MULTIPROC_DIR, exist_ok=True)

from prometheus_client import Counter, Histogram  # noqa: E402  (must follow the directory check above)

__all__ = ["init_app", "observe_plays", "REQUEST_ID_HEADER", "ACCESS_LOGGER"]

REQUEST_ID_HEADER = "X-Request-ID"
ACCESS_LOGGER = "arbitru.access"
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
    route = _route() if has_request_context() else ""
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
    return problem_response(Problem(503, message("problem.not_ready")))


def _start() -> None:
    """before_request: note the start time and settle the request id."""
    g.obs_start = time.perf_counter()
    incoming = request.headers.get(REQUEST_ID_HEADER, "")
    g.request_id = incoming if _REQUEST_ID_RE.fullmatch(incoming) else uuid.uuid4().hex


def _finish(response: Response) -> Response:
    """after_request: echo the request id, count and time the request, write the access log line."""
    start = g.get("obs_start")
    duration = time.perf_counter() - start if start is not None else 0.0
    request_id = g.get("request_id") or uuid.uuid4().hex
    response.headers[REQUEST_ID_HEADER] = request_id
    route = _route()
    status = str(response.status_code)
    method = request.method if request.method in METHODS else _OTHER_METHOD
    key = (method, route, status)
    children = _REQUEST_METRICS.get(key)
    if children is None:
        children = _REQUEST_METRICS[key] = (REQUESTS.labels(*key), LATENCY.labels(*key))
    children[0].inc()
    children[1].observe(duration)
    logger = logging.getLogger(ACCESS_LOGGER)
    if logger.isEnabledFor(logging.INFO):
        logger.info(
            "request",
            extra={
                "method": request.method,
                "route": route,
                "path": request.path,
                "status": response.status_code,
                "duration_ms": round(duration * 1000.0, 3),
                "request_id": request_id,
                "pid": os.getpid(),
            },
        )
    return response


def _json_formatter() -> logging.Formatter:
    """python-json-logger formatter: one JSON object a line, with a timestamp."""
    try:
        from pythonjsonlogger.orjson import OrjsonFormatter as Formatter
    except ImportError:  # pragma: no cover - older python-json-logger
        from pythonjsonlogger.jsonlogger import JsonFormatter as Formatter  # type: ignore[assignment]
    return Formatter("%(levelname)s %(name)s %(message)s", timestamp=True)


def _configure_access_logger(level: str) -> None:
    """One stdout handler on the access logger, added once however many apps are built."""
    logger = logging.getLogger(ACCESS_LOGGER)
    if not any(getattr(h, "_arbitru_access", False) for h in logger.handlers):
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(_json_formatter())
        handler._arbitru_access = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
    level = level.upper()
    logger.setLevel(level if level in logging.getLevelNamesMapping() else "INFO")
    logger.propagate = False


def init_app(app: Flask, api: Any = None, access_log_level: str = "INFO") -> None:
    """Wire telemetry into `app` and register the operational endpoints.

    Call it after the flask-smorest `Api` is initialised so the endpoints land in the spec; the
    Api is found in `app.extensions` when not given. Without an Api they are plain Flask routes.
    """
    app.before_request_funcs.setdefault(None, []).insert(0, _start)
    app.after_request(_finish)
    _configure_access_logger(access_log_level)
    if api is None:
        apis = app.extensions.get("flask-smorest", {}).get("apis", {})
        api = next((entry["ext_obj"] for entry in apis.values()), None)
    if api is not None:
        api.register_blueprint(blp)
    else:
        app.register_blueprint(blp)
