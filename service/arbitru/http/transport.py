"""Response compression and CORS: well-kept extensions (flask-compress, flask-cors), set by settings;
and a body gunicorn cannot unframe answered as the malformed request it is.

Compression: gzip, Brotli or deflate as the client's Accept-Encoding prefers (none without it),
for answers of at least ARBITRU_COMPRESS_MIN_SIZE bytes (default 2048: a /v1/play or /v1/outcome
answer is a few hundred bytes, where compressing costs more time than it saves on the wire). JSON,
problem+json, SVG boards and the exported .mat / SGF files are compressed; `Vary:
Accept-Encoding` is set (what it saves: bench/compression.py, figures in bench/README.md).

A coding the client refuses (`gzip;q=0`) is never used: flask-compress would still pick it when
nothing else is acceptable, so refused codings are dropped from Accept-Encoding before it reads it.

CORS: off by default (no Access-Control-* header: browsers on other origins are refused).
ARBITRU_CORS_ORIGINS, a comma-separated list of origins (`https://play.example.com`, or `*`),
allows those origins on the API routes (/v1/...), with preflight answers cached for 10 minutes.
Every answer of those routes then says `Vary: Origin` (flask-cors omits it for one fixed origin, and
a cache would serve an answer without Access-Control-Allow-Origin to another origin).

Framing: gunicorn unframes a chunked body only as the app reads it, so a malformed chunk (a size
that is not hex, a chunk without its CRLF, a body cut short) surfaces as gunicorn's exception
inside the app: it is a 400 problem (`problem.http_malformed`, as gunicorn answers a malformed
head), not a 500.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, request
from flask_compress import Compress
from flask_cors import CORS

from arbitru.http.errors import HTTPProblem, problem_response
from arbitru.messages import message
from arbitru.settings import Settings

try:  # gunicorn's body reader's errors (absent where the app runs under another server)
    from gunicorn.http.errors import NoMoreData, ParseException

    FRAMING_ERRORS: tuple[type[Exception], ...] = (ParseException, NoMoreData)
except ImportError:  # pragma: no cover - gunicorn is in the lock
    FRAMING_ERRORS = ()

COMPRESSED_TYPES = [
    "application/json",
    "application/problem+json",
    "image/svg+xml",
    "text/plain",
    "application/x-go-sgf",
    "text/html",
    "text/css",
    "application/javascript",
]


def settings(service: Settings) -> dict[str, Any]:
    """The app config these extensions read, from the service's settings."""
    return {
        "CORS_ORIGINS_ALLOWED": list(service.cors_origins),
        "COMPRESS_MIN_SIZE": service.compress_min_size,
        "COMPRESS_ALGORITHM": ["gzip", "br", "deflate"],
        "COMPRESS_MIMETYPES": COMPRESSED_TYPES,
        "COMPRESS_LEVEL": 6,  # gzip
        "COMPRESS_BR_LEVEL": 4,
    }


def accepted_codings(header: str) -> str:
    """Accept-Encoding without the codings it refuses (`q=0`, `q=0.000`): what is left is accepted."""
    kept = [part for part in header.split(",") if not _refused(part)]
    return ",".join(kept)


def _refused(coding: str) -> bool:
    for param in coding.split(";")[1:]:
        name, _, value = param.partition("=")
        if name.strip().lower() == "q":
            try:
                return float(value.strip()) == 0
            except ValueError:
                return False
    return False


def _drop_refused_codings() -> None:
    """before_request: Accept-Encoding as flask-compress should read it (refused codings dropped)."""
    header = request.environ.get("HTTP_ACCEPT_ENCODING")
    if header and "q=0" in header.replace(" ", ""):
        request.environ["HTTP_ACCEPT_ENCODING"] = accepted_codings(header)


def _vary_origin(response: Response) -> Response:
    """after_request (CORS on): the API's answers depend on the request's Origin."""
    if request.path.startswith("/v1/"):
        response.vary.add("Origin")
    return response


def _malformed_body(error: Exception) -> Response:
    """A body whose framing gunicorn could not read: 400, never a 500."""
    return problem_response(HTTPProblem(400, message("problem.http_malformed")))


def init_app(app: Flask, service: Settings) -> None:
    """Wire compression (always), CORS (when origins are allowed) and the framing errors' 400; the
    config wins over the settings (`create_app({...})` in tests)."""
    for framing_error in FRAMING_ERRORS:
        app.register_error_handler(framing_error, _malformed_body)
    for key, value in settings(service).items():
        app.config.setdefault(key, value)
    Compress(app)
    app.before_request(_drop_refused_codings)
    origins = app.config["CORS_ORIGINS_ALLOWED"]
    if origins:
        CORS(app, resources={r"/v1/*": {"origins": origins}}, max_age=600, vary_header=True)
        app.after_request(_vary_origin)
