"""The problems answered before the app sees a request, and the proxy that answers some of them.

Two things stand between a client and the Flask app, and both refuse requests of their own:
gunicorn (a malformed request line or header, a header too large, an unknown transfer coding, a
failed expectation) and, in the pod, the proxy: nginx in front (deploy/nginx/nginx.conf: a request
malformed or too slow, a body over the limit, too many requests in progress) and HAProxy behind it
(deploy/haproxy/haproxy.cfg: a body not whole within BODY_DEADLINE, the app unreachable or too
slow), which holds each request whole before gunicorn sees it. All answer in problem+json like the
app, with texts from the message catalogue: `problem_json(status, lang)` is the document, built by
the app's own `problem_body`; `problem_http(status)` the whole HTTP/1.1 answer gunicorn writes (its
HTML pages are never sent, `gunicorn.conf.py`); `nginx_conf` and `haproxy_conf` render the proxy's
configuration with the same documents.

`python -m arbitru.http.edge TEMPLATE` renders nginx's TEMPLATE and HAProxy's beside it
(`haproxy_template`) into `PROXY_RUN_DIR` and runs both: how the pod's `proxy` container starts
(the live tests start it the same way). With `--serve` it runs gunicorn on loopback and the proxy in
front of it together: the image's default command.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

import orjson
from flask import Flask

from arbitru.http.app import DEFAULT_CONFIG, SECURITY_HEADERS
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
    "haproxy_conf",
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
# answer): per client address, and in all per body limit. With `worker_connections` and HAProxy's
# buffer size, these bound the proxy's memory whatever clients do (`memory_ceiling`).
PER_CLIENT_REQUESTS = 32
IN_FLIGHT: dict[int, int] = {SMALL_BODY: 128, MAX_BODY: 32}
WORKER_CONNECTIONS = 1024
HEADER_BUFFERS = 1024 + 4 * 8 * 1024  # client_header_buffer_size + large_client_header_buffers
BODY_BUFFER = 16 * 1024  # nginx's client_body_buffer_size: it passes a body on to HAProxy as it reads it
ANSWER_BUFFER = 16 * 1024  # nginx's proxy_buffer_size: it passes an answer on as the client reads it
# HAProxy, between nginx and gunicorn: the seconds a request's body has to arrive whole once its
# head is in (a 408 past them), and its buffer size, one buffer per request and one per answer (the
# largest head nginx passes on and the largest body fit in one, whole, with room to spare: were it
# full first, HAProxy would stop waiting and stream the rest to gunicorn). glibc's malloc gives each
# such buffer its own mapping (MALLOC_MMAP_THRESHOLD_ fixed, so never raised to reuse heap memory
# that an earlier, fuller buffer touched), so a buffer's resident memory is what was written in it.
BODY_DEADLINE = 10
HAPROXY_SOCKET = "haproxy.sock"  # in PROXY_RUN_DIR: where nginx reaches HAProxy
HAPROXY_BUFSIZE = MAX_BODY + 64 * 1024
HAPROXY_ENV = {"MALLOC_MMAP_THRESHOLD_": str(128 * 1024)}
PAGE = 4096
HAPROXY_MAXCONN = sum(IN_FLIGHT.values()) + 32
# The names of the headers the app answers with, as it spells them: HAProxy passes header names on
# in lower case (HTTP/1.1 allows it) unless told each one's spelling (h1-case-adjust), and clients
# that took them as written keep seeing the same names through the proxy.
ANSWER_HEADERS: tuple[str, ...] = (
    *SECURITY_HEADERS,
    *("Accept-Encoding", "Allow", "Cache-Control", "Content-Disposition", "Content-Language"),
    *("Content-Length", "Content-Type", "Date", "ETag", "Retry-After", "Server", "Vary", "X-Request-ID"),
)
# Accept-Language naming Romanian first (the proxy's own answers are then in Romanian).
RO_FIRST = r"^\s*ro([-;,\s]|$)"

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
# HAProxy's answers of its own (the request's body late, gunicorn unreachable or too slow), and the
# catalogue key of each one's detail. Its 503 (gunicorn did not take the connection) goes out as
# 502, as nginx answered it alone (http-after-response, deploy/haproxy/haproxy.cfg): HAPROXY_AS.
HAPROXY_ERRORS: dict[int, str] = {
    **{status: EDGE_PROBLEMS[status] for status in (400, 408, 413, 500, 501, 502, 504)},
    503: EDGE_PROBLEMS[502],
}
HAPROXY_AS: dict[int, int] = {503: 502}
# nginx's own refusals (its 494 is "request header too large": answered as 431).
NGINX_ERRORS: dict[int, int] = {
    **{status: status for status in (400, 404, 405, 408, 413, 414, 429, 500, 501, 502, 503, 504, 505)},
    494: 431,
}

PROBLEM_PATH = "/.arbitru-problem/"  # the proxy's internal locations of its problem answers
_CONTEXT = Flask(__name__)  # only for a request context carrying Accept-Language


def _detail(status: int, limit: int, key: str | None) -> Message:
    key = key or EDGE_PROBLEMS[status]
    return message(key, limit=limit) if status == 413 else message(key)


@lru_cache(maxsize=64)
def problem_json(status: int, lang: str = "en", limit: int = MAX_BODY, key: str | None = None) -> bytes:
    """The problem+json document of an edge refusal, in `lang`, as the app would write it
    (`type` about:blank except where the app has its own type for the same status); a 413 names
    the body `limit` refused; `key` is the catalogue key of its detail when not EDGE_PROBLEMS'."""
    type_ = PROBLEM_TYPES.get(status, ABOUT_BLANK) if status in (413, 415, 500) else ABOUT_BLANK
    with _CONTEXT.test_request_context(headers={"Accept-Language": lang}):
        body = problem_body(HTTPProblem(status, _detail(status, limit, key), type_=type_))
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
    """A location's body limit, its share of the requests in progress, and its body passed on to
    HAProxy as read (which holds it whole, within BODY_DEADLINE)."""
    return (
        f"{indent}client_max_body_size {limit};\n"
        f"{indent}client_body_buffer_size {BODY_BUFFER};\n"
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
    """Bytes the proxy's buffers can hold at most, whatever clients send: nginx's (every
    connection's header buffers, and each request in progress a buffer for its body and one for
    its answer, both passed on as they come) and HAProxy's (each request in progress its head, its
    body and a few pages of a buffer's bookkeeping, and its answer up to a whole buffer)."""
    nginx = WORKER_CONNECTIONS * HEADER_BUFFERS + sum(IN_FLIGHT.values()) * (BODY_BUFFER + ANSWER_BUFFER)
    request = HEADER_BUFFERS + 1024 + 4 * PAGE  # the head nginx passes on, HTX's bookkeeping
    haproxy = sum(count * (request + limit + HAPROXY_BUFSIZE) for limit, count in IN_FLIGHT.items())
    return nginx + haproxy


def _fill(template: str, values: dict[str, str], what: str) -> str:
    """`template` with every marker of `values` replaced; an error for a marker missing or left."""
    text = template
    for marker, value in values.items():
        if marker not in text:
            raise ValueError(f"the {what} template has no {marker.strip()}")
        text = text.replace(marker, value)
    if re.search(r"@[A-Z_]+@", text):
        raise ValueError(f"the {what} template has a marker this renderer does not fill")
    return text


def nginx_conf(template: str, *, listen_port: int, run_dir: str | Path) -> str:
    """nginx's configuration (the front): `template` with every @NAME@ marker filled; it passes
    requests to HAProxy on the socket HAPROXY_SOCKET in `run_dir`."""
    values = {
        # Started as root (a test machine; the pod never is), nginx would hand its workers to
        # `nobody`, who cannot write the run directory: keep them as the user who started it.
        "@USER@": "user root;" if os.geteuid() == 0 else "# (workers run as the user who started nginx)",
        "@LISTEN_PORT@": str(listen_port),
        "@RUN_DIR@": str(run_dir),
        "@HAPROXY_SOCKET@": HAPROXY_SOCKET,
        "@RO_FIRST@": RO_FIRST,
        "@WORKER_CONNECTIONS@": str(WORKER_CONNECTIONS),
        "@LIMIT_ZONES@\n": _limit_zones(),
        "@PROBLEM_MAPS@\n": _problem_maps(),
        "@ERROR_PAGES@\n": _error_pages(SMALL_BODY, " " * 8),
        "@LOCATIONS@\n": _locations(),
    }
    return _fill(template, values, "nginx")


def _haproxy_errors(run_dir: Path) -> str:
    """HAProxy's answers of its own, each the problem document of the request's language (the
    `txn.lang` variable, English when unset) read from a map file under `run_dir`."""
    lines = []
    for status in HAPROXY_ERRORS:
        table = run_dir / "problems" / f"{status}.map"
        lines.append(
            f"    http-error status {status} content-type {PROBLEM_CONTENT_TYPE} "
            f'lf-string "%[var(txn.lang,en),map({table})]" '
            'hdr Content-Language "%[var(txn.lang,en)]" hdr Vary Accept-Language'
        )
    return "\n".join(lines)


def haproxy_conf(template: str, *, upstream_port: int, run_dir: str | Path) -> str:
    """HAProxy's configuration (between nginx and gunicorn on 127.0.0.1:`upstream_port`):
    `template` with every @NAME@ marker filled."""
    values = {
        "@RUN_DIR@": str(run_dir),
        "@HAPROXY_SOCKET@": HAPROXY_SOCKET,
        "@UPSTREAM_PORT@": str(upstream_port),
        "@MAXCONN@": str(HAPROXY_MAXCONN),
        "@BUFSIZE@": str(HAPROXY_BUFSIZE),
        "@BODY_DEADLINE@": str(BODY_DEADLINE),
        "@RO_FIRST@": RO_FIRST,
        "@CASE_ADJUST@": "\n".join(f"    h1-case-adjust {name.lower()} {name}" for name in ANSWER_HEADERS),
        "@ERRORS@": _haproxy_errors(Path(run_dir)),
    }
    return _fill(template, values, "HAProxy")


def haproxy_template(nginx_template: Path) -> Path:
    """HAProxy's template, beside nginx's: deploy/haproxy/haproxy.cfg for deploy/nginx/nginx.conf."""
    return nginx_template.parent.parent / "haproxy" / "haproxy.cfg"


def render(template: Path, settings: Settings) -> tuple[Path, Path]:
    """Write both configurations for `settings` under its PROXY_RUN_DIR (with nginx's temporary
    directories and HAProxy's problem documents): (nginx's file, HAProxy's file)."""
    run_dir = Path(settings.proxy_run_dir)
    for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi", "problems"):
        (run_dir / sub).mkdir(parents=True, exist_ok=True)
    for status, key in HAPROXY_ERRORS.items():
        document = [problem_json(HAPROXY_AS.get(status, status), lang, key=key) for lang in LANGUAGES]
        lines = [f"{lang} {text.decode()}\n" for lang, text in zip(LANGUAGES, document, strict=True)]
        (run_dir / "problems" / f"{status}.map").write_text("".join(lines), encoding="utf-8")
    conf = run_dir / "nginx.conf"
    conf.write_text(
        nginx_conf(template.read_text(encoding="utf-8"), listen_port=settings.proxy_port, run_dir=run_dir),
        encoding="utf-8",
    )
    buffer = run_dir / "haproxy.cfg"
    buffer.write_text(
        haproxy_conf(
            haproxy_template(template).read_text(encoding="utf-8"),
            upstream_port=settings.port,
            run_dir=run_dir,
        ),
        encoding="utf-8",
    )
    return conf, buffer


LOOPBACK = ("127.0.0.1", "::1", "localhost")


def _proxy_commands(template: Path, settings: Settings, nginx: str, haproxy: str) -> list[list[Any]]:
    """Render both configurations; HAProxy's command and nginx's, each with the name of its
    graceful stop signal and the path it creates (HAProxy first, and nginx once HAProxy's socket is
    there: nginx passes every request to it)."""
    conf, buffer = render(template, settings)
    return [
        [
            [
                "env",
                *(f"{name}={value}" for name, value in HAPROXY_ENV.items()),
                haproxy,
                "-db",
                "-f",
                str(buffer),
            ],
            "SIGUSR1",  # `env` execs HAProxy: the signal reaches it
            str(Path(settings.proxy_run_dir) / HAPROXY_SOCKET),
        ],
        [[nginx, "-e", "stderr", "-c", str(conf)], "SIGQUIT", None],
    ]


def _become_supervisor(commands: list[list[Any]], settings: Settings) -> NoReturn:
    """Exec into `supervise.py` (the standard library only, run by its path) running `commands`."""
    sys.stdout.flush()
    script = str(Path(__file__).with_name("supervise.py"))
    grace = str(settings.graceful_timeout + 5)
    os.execv(sys.executable, [sys.executable, "-I", script, grace, json.dumps(commands)])


def serve(template: Path, settings: Settings, nginx: str = "nginx", haproxy: str = "haproxy") -> NoReturn:
    """Run gunicorn (`gunicorn -c gunicorn.conf.py` on HOST:PORT, which must be loopback) and the
    proxy in front of it on PROXY_PORT, as one container's command (the image's default: `docker
    run -p 8080:8080` then publishes the proxy, never bare gunicorn). SIGTERM and SIGINT stop all
    gracefully (gunicorn SIGTERM, HAProxy SIGUSR1, nginx SIGQUIT); when one exits, the others are
    stopped. The exit code is the first one's."""
    if settings.host not in LOOPBACK:
        raise SystemExit(
            f"serve puts gunicorn behind the proxy: HOST must be loopback, not {settings.host!r}"
        )
    gunicorn = shutil.which("gunicorn") or "gunicorn"  # the supervisor runs isolated (-I), PATH kept
    commands: list[list[Any]] = [[[gunicorn, "-c", "gunicorn.conf.py"], "SIGTERM", None]]
    _become_supervisor(commands + _proxy_commands(template, settings, nginx, haproxy), settings)


def main(argv: Sequence[str] | None = None) -> None:
    """`python -m arbitru.http.edge TEMPLATE [NGINX [HAPROXY]]`: render, then run the proxy, nginx
    and HAProxy (the pod's proxy container). `python -m arbitru.http.edge --serve TEMPLATE [NGINX
    [HAPROXY]]`: gunicorn and the proxy together (`serve`, the image's default command)."""
    args = list(sys.argv[1:] if argv is None else argv)
    both = bool(args) and args[0] == "--serve"
    args = args[1:] if both else args
    if not 1 <= len(args) <= 3:
        raise SystemExit("usage: python -m arbitru.http.edge [--serve] TEMPLATE [NGINX [HAPROXY]]")
    template, settings = Path(args[0]), Settings.from_env()
    nginx = args[1] if len(args) > 1 else "nginx"
    haproxy = args[2] if len(args) > 2 else "haproxy"
    if both:
        serve(template, settings, nginx, haproxy)
    _become_supervisor(_proxy_commands(template, settings, nginx, haproxy), settings)


if __name__ == "__main__":
    main()
