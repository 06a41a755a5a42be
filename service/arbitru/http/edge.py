"""The problems answered before the app sees a request, and the proxy that answers some of them.

Two things stand between a client and the Flask app, and both refuse requests of their own:
gunicorn (a malformed request line or header, a header too large, an unknown transfer coding, a
failed expectation) and, in the pod, nginx (deploy/nginx/nginx.conf: a request too slow, a body
over the limit, the app unreachable). Both answer in problem+json like the app, with texts from the
message catalogue: `problem_json(status, lang)` is the document, built by the app's own
`problem_body`; `problem_http(status)` the whole HTTP/1.1 answer gunicorn writes (its HTML pages are
never sent, `gunicorn.conf.py`); `nginx_conf` renders the proxy's configuration with the same
documents.

`python -m arbitru.http.edge TEMPLATE` renders TEMPLATE into `PROXY_RUN_DIR` and execs nginx on it:
how the pod's `proxy` container starts (the live tests start it the same way). With `--serve` it
runs gunicorn on loopback and the proxy in front of it together: the image's default command.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson
from flask import Flask

from arbitru.http.app import DEFAULT_CONFIG
from arbitru.http.errors import ABOUT_BLANK, PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, HTTPProblem, problem_body
from arbitru.messages import LANGUAGES, Message, message
from arbitru.settings import Settings

__all__ = [
    "EDGE_PROBLEMS",
    "RefusedRequest",
    "problem_json",
    "problem_http",
    "refuse_encoded_body",
    "refuse_unreadable_body",
    "unsupported_transfer_coding",
    "nginx_conf",
    "main",
]

MAX_BODY: int = DEFAULT_CONFIG["MAX_CONTENT_LENGTH"]  # the app's body limit: the proxy's largest
# The proxy's body limit on every route but LARGE_BODY_ROUTES: the largest body their JSON schemas
# allow is a few KiB (tests/ops bounds it from the OpenAPI spec and keeps these two lists true).
SMALL_BODY = 64 * 1024
LARGE_BODY_ROUTES: tuple[str, ...] = (
    "/v1/matches/verify",
    "/v1/matches/convert",
    "/v1/clock",
    "/v1/dice/verify",  # a roll log of a whole chain (1,024 rolls)
)
# Requests in progress at once in the proxy (reading a body, waiting on gunicorn, or sending an
# answer): per client address, and in all per body limit. With `worker_connections`, these bound
# the proxy's memory whatever clients do (`memory_ceiling`).
PER_CLIENT_REQUESTS = 32
IN_FLIGHT: dict[int, int] = {SMALL_BODY: 128, MAX_BODY: 32}
WORKER_CONNECTIONS = 1024
HEADER_BUFFERS = 1024 + 4 * 8 * 1024  # client_header_buffer_size + large_client_header_buffers
ANSWER_BUFFERS = 16 * 1024 + 32 * 16 * 1024  # proxy_buffer_size + proxy_buffers

# Every status gunicorn or the proxy answers by itself -> the catalogue key of its detail.
EDGE_PROBLEMS: dict[int, str] = {
    400: "problem.http_malformed",
    404: "problem.not_found",
    405: "problem.method_refused",
    408: "problem.request_timeout",
    413: "problem.body_over_limit",
    414: "problem.uri_too_long",
    415: "problem.content_encoding",
    417: "problem.expectation_failed",
    429: "problem.too_many_requests",
    431: "problem.headers_too_large",
    500: "problem.internal",
    501: "problem.transfer_coding",
    502: "problem.upstream_unavailable",
    503: "problem.busy",
    504: "problem.upstream_timeout",
    505: "problem.http_version",
}
# The proxy's own refusals (nginx's 494 is its "request header too large": answered as 431).
NGINX_ERRORS: dict[int, int] = {
    **{status: status for status in (400, 404, 405, 408, 413, 414, 429, 500, 501, 502, 503, 504, 505)},
    494: 431,
}

PROBLEM_PATH = "/.arbitru-problem/"  # the proxy's internal locations of its problem answers
_CONTEXT = Flask(__name__)  # only for a request context carrying Accept-Language


def _detail(status: int, limit: int) -> Message:
    key = EDGE_PROBLEMS[status]
    return message(key, limit=limit) if status == 413 else message(key)


@lru_cache(maxsize=64)
def problem_json(status: int, lang: str = "en", limit: int = MAX_BODY) -> bytes:
    """The problem+json document of an edge refusal, in `lang`, as the app would write it
    (`type` about:blank except where the app has its own type for the same status); a 413 names
    the body `limit` refused."""
    type_ = PROBLEM_TYPES.get(status, ABOUT_BLANK) if status in (413, 415, 500) else ABOUT_BLANK
    with _CONTEXT.test_request_context(headers={"Accept-Language": lang}):
        body = problem_body(HTTPProblem(status, _detail(status, limit), type_=type_))
    return orjson.dumps(body)


@lru_cache(maxsize=32)
def problem_http(status: int) -> bytes:
    """The whole HTTP/1.1 answer gunicorn sends for an edge refusal (English: the request may not
    have been read far enough to know its language), closing the connection."""
    from http import HTTPStatus

    status = status if status in EDGE_PROBLEMS else 400  # 403 (PROXY protocol, TLS) is not used here
    body = problem_json(status)
    extra = "Accept-Encoding: identity\r\n" if status == 415 else ""
    head = (
        f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\nConnection: close\r\n"
        f"Content-Type: {PROBLEM_CONTENT_TYPE}\r\nContent-Language: en\r\n{extra}"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


class RefusedRequest(Exception):
    """A request refused before the app sees it, answered with `problem_http(status)`."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def refuse_encoded_body(headers: Iterable[tuple[str, str]]) -> None:
    """RefusedRequest(415) when the request's body carries a Content-Encoding (other than
    `identity`): the app reads bodies as sent, and must not take gzip for JSON (RFC 7694)."""
    for name, value in headers:
        if name.upper() == "CONTENT-ENCODING" and value.strip().lower() not in ("", "identity"):
            raise RefusedRequest(415)


def refuse_unreadable_body(headers: Sequence[tuple[str, str]]) -> None:
    """RefusedRequest when the app could not read the request's body as sent: a Content-Encoding
    (415), or a transfer coding other than chunked (501, as the proxy answers it; gunicorn itself
    takes `gzip, chunked` and would pass the body on still gzip-coded)."""
    refuse_encoded_body(headers)
    if unsupported_transfer_coding(headers):
        raise RefusedRequest(501)


def unsupported_transfer_coding(headers: Iterable[tuple[str, str]]) -> bool:
    """Whether a request's Transfer-Encoding names a coding other than chunked (answered 501, as
    the proxy does; gunicorn calls such a header invalid, 400)."""
    codings = [
        coding.strip().lower()
        for name, value in headers
        if name.upper() == "TRANSFER-ENCODING"
        for coding in value.split(",")
    ]
    return any(coding != "chunked" for coding in codings)


# --- the proxy's configuration --------------------------------------------------------------------
def _nginx_string(text: str) -> str:
    """`text` as an nginx quoted string (no variables: a `$` would be read as one)."""
    if "$" in text:
        raise ValueError(f"an nginx literal cannot hold '$': {text!r}")
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _pages() -> list[tuple[str, int, int]]:
    """The proxy's problem pages: (name, status, body limit named), one 413 per body limit."""
    pages = [
        (str(status), status, MAX_BODY) for status in sorted(set(NGINX_ERRORS.values())) if status != 413
    ]
    return pages + [(f"413_{limit}", 413, limit) for limit in sorted(IN_FLIGHT)]


def _problem_maps() -> str:
    lines = []
    for name, status, limit in _pages():
        lines.append(f"    map $arbitru_lang $problem_{name} {{")
        for lang in LANGUAGES:
            key = "default" if lang == "en" else lang
            lines.append(f"        {key} {_nginx_string(problem_json(status, lang, limit).decode())};")
        lines.append("    }")
    return "\n".join(lines) + "\n"


def _error_pages(limit: int, indent: str) -> str:
    # URIs, not named locations: nginx cannot redirect a request whose line it could not parse to
    # a named location ("empty URI"); `=status` answers nginx's 494 as 431. A 413 names the limit
    # of the location that refused the body.
    return "".join(
        f"{indent}error_page {error} {'' if error == status else f'={status} '}{PROBLEM_PATH}"
        f"{f'413_{limit}' if status == 413 else status};\n"
        for error, status in sorted(NGINX_ERRORS.items())
    )


def _body_limits(limit: int, indent: str) -> str:
    """A location's body limit, kept whole in memory (never an unlinked temporary file outside the
    emptyDir's accounting), and its share of the requests in progress."""
    return (
        f"{indent}client_max_body_size {limit};\n"
        f"{indent}client_body_buffer_size {limit};\n"
        f"{indent}limit_conn per_client {PER_CLIENT_REQUESTS};\n"
        f"{indent}limit_conn bodies_{limit} {IN_FLIGHT[limit]};\n"
    )


def _locations() -> str:
    indent, proxied = " " * 12, "            proxy_pass http://arbitru;\n        }\n"
    blocks = [
        f"        location = {route} {{\n"
        + _body_limits(MAX_BODY, indent)
        + _error_pages(MAX_BODY, indent)
        + proxied
        for route in LARGE_BODY_ROUTES
    ]
    # `/` keeps the server's error pages (their 413 names SMALL_BODY).
    blocks.append(f"        location / {{\n{_body_limits(SMALL_BODY, indent)}{proxied}")
    for name, status, _ in _pages():
        blocks.append(
            f"        location = {PROBLEM_PATH}{name} {{\n"
            "            internal;\n"
            f"            default_type {PROBLEM_CONTENT_TYPE};\n"
            "            add_header Content-Language $arbitru_lang always;\n"
            "            add_header Vary Accept-Language always;\n"
            f"            return {status} $problem_{name};\n"
            "        }\n"
        )
    return "".join(blocks)


def _limit_zones() -> str:
    zones = ["    limit_conn_zone $binary_remote_addr zone=per_client:4m;\n"]
    zones += [f"    limit_conn_zone $server_port zone=bodies_{limit}:1m;\n" for limit in sorted(IN_FLIGHT)]
    return "".join(zones)


def memory_ceiling() -> int:
    """Bytes the proxy's buffers can hold at most, whatever clients send: every connection's header
    buffers, and each request in progress its whole body and its answer's buffers."""
    bodies = sum(count * (limit + ANSWER_BUFFERS) for limit, count in IN_FLIGHT.items())
    return WORKER_CONNECTIONS * HEADER_BUFFERS + bodies


def nginx_conf(template: str, *, listen_port: int, upstream_port: int, run_dir: str | Path) -> str:
    """The proxy's configuration: `template` with every @NAME@ marker filled."""
    values = {
        # Started as root (a test machine; the pod never is), nginx would hand its workers to
        # `nobody`, who cannot write the run directory: keep them as the user who started it.
        "@USER@": "user root;" if os.geteuid() == 0 else "# (workers run as the user who started nginx)",
        "@LISTEN_PORT@": str(listen_port),
        "@UPSTREAM_PORT@": str(upstream_port),
        "@RUN_DIR@": str(run_dir),
        "@WORKER_CONNECTIONS@": str(WORKER_CONNECTIONS),
        "@LIMIT_ZONES@\n": _limit_zones(),
        "@PROBLEM_MAPS@\n": _problem_maps(),
        "@ERROR_PAGES@\n": _error_pages(SMALL_BODY, " " * 8),
        "@LOCATIONS@\n": _locations(),
    }
    text = template
    for marker, value in values.items():
        if marker not in text:
            raise ValueError(f"the nginx template has no {marker.strip()}")
        text = text.replace(marker, value)
    if re.search(r"@[A-Z_]+@", text):
        raise ValueError("the nginx template has a marker this renderer does not fill")
    return text


def render(template: Path, settings: Settings) -> Path:
    """Write the configuration for `settings` under its PROXY_RUN_DIR (with nginx's temporary
    directories); the path of the configuration file."""
    run_dir = Path(settings.proxy_run_dir)
    for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (run_dir / sub).mkdir(parents=True, exist_ok=True)
    conf = run_dir / "nginx.conf"
    conf.write_text(
        nginx_conf(
            template.read_text(encoding="utf-8"),
            listen_port=settings.proxy_port,
            upstream_port=settings.port,
            run_dir=run_dir,
        ),
        encoding="utf-8",
    )
    return conf


LOOPBACK = ("127.0.0.1", "::1", "localhost")


def serve(template: Path, settings: Settings, nginx: str = "nginx") -> int:
    """Run gunicorn (`gunicorn -c gunicorn.conf.py` on HOST:PORT, which must be loopback) and the
    proxy in front of it on PROXY_PORT, as one container's command (the image's default: `docker
    run -p 8080:8080` then publishes the proxy, never bare gunicorn). SIGTERM and SIGINT stop both
    gracefully (gunicorn SIGTERM, nginx SIGQUIT); when either exits, the other is stopped. The exit
    code is the first one's."""
    if settings.host not in LOOPBACK:
        raise SystemExit(
            f"serve puts gunicorn behind the proxy: HOST must be loopback, not {settings.host!r}"
        )
    conf = render(template, settings)
    sys.stdout.flush()
    children = [
        (subprocess.Popen(["gunicorn", "-c", "gunicorn.conf.py"]), signal.SIGTERM),
        (subprocess.Popen([nginx, "-e", "stderr", "-c", str(conf)]), signal.SIGQUIT),
    ]

    def stop_all(signum: int = signal.SIGTERM, frame: Any = None) -> None:
        for child, stop_signal in children:
            if child.poll() is None:
                child.send_signal(stop_signal)

    signal.signal(signal.SIGTERM, stop_all)
    signal.signal(signal.SIGINT, stop_all)
    while all(child.poll() is None for child, _ in children):
        time.sleep(0.2)
    first = next(child for child, _ in children if child.returncode is not None)
    stop_all()
    for child, _ in children:
        try:
            child.wait(timeout=settings.graceful_timeout + 5)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    return first.returncode


def main(argv: Sequence[str] | None = None) -> None:
    """`python -m arbitru.http.edge TEMPLATE [NGINX]`: render, then become nginx (the pod's proxy
    container). `python -m arbitru.http.edge --serve TEMPLATE [NGINX]`: gunicorn and the proxy
    together (`serve`, the image's default command)."""
    args = list(sys.argv[1:] if argv is None else argv)
    both = bool(args) and args[0] == "--serve"
    args = args[1:] if both else args
    if not 1 <= len(args) <= 2:
        raise SystemExit("usage: python -m arbitru.http.edge [--serve] TEMPLATE [NGINX]")
    nginx = args[1] if len(args) == 2 else "nginx"
    if both:
        raise SystemExit(serve(Path(args[0]), Settings.from_env(), nginx))
    conf = render(Path(args[0]), Settings.from_env())
    sys.stdout.flush()
    os.execvp(nginx, [nginx, "-e", "stderr", "-c", str(conf)])


if __name__ == "__main__":
    main()
