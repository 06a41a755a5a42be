"""The proxy's body limits and request caps (issue 40, P4): each route's body limit holds the largest
body its JSON schema allows and no more than it needs, bodies are held whole in memory (by HAProxy,
behind nginx), one client address and all clients together have a bounded number of requests in
progress, and what the proxy's buffers can hold fits under its container's memory limit.

A client trickling a body holds a slot among PER_CLIENT_REQUESTS for its address and among
IN_FLIGHT for the route's body limit for BODY_DEADLINE seconds at most (tests/ops/
test_ops_proxy_deadline.py), and a bounded share of memory (`edge.memory_ceiling`).
"""

from __future__ import annotations

import json
import math
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from arbitru import create_app
from arbitru.formats.limits import MAX_MAT_CHARS
from arbitru.http.edge import (
    BODY_BUFFER,
    HAPROXY_BUFSIZE,
    HEADER_BUFFERS,
    IN_FLIGHT,
    LARGE_BODY_ROUTES,
    MAX_BODY,
    PER_CLIENT_REQUESTS,
    SMALL_BODY,
    haproxy_conf,
    memory_ceiling,
    nginx_conf,
)
from tests.ops.ops_live import REPO
from tests.ops.pod import Pod, exchange, pod, problem_answer

# Each process's own memory besides its buffers (code, maps, zones, pools), generously: nginx's,
# HAProxy's, and the isolated Python that supervises them (arbitru/http/supervise.py).
BASES = {"nginx": 16 * 2**20, "haproxy": 24 * 2**20, "supervisor": 16 * 2**20}
MAXREWRITE = 1024  # HAProxy's tune.maxrewrite at its default: room it keeps free in a request's buffer
POST = b"POST %s HTTP/1.1\r\nHost: arbitru\r\nContent-Type: application/json\r\n"


def _spec() -> dict[str, Any]:
    app = create_app()
    return app.test_client().get("/openapi.json").get_json()


def largest_json(schema: dict[str, Any], components: dict[str, Any], depth: int = 0) -> float:
    """An upper bound, in bytes, of a compact JSON document `schema` allows (every string escaped
    at 6 bytes a character); infinite where the schema bounds nothing (an array without maxItems,
    a string without maxLength, free keys)."""
    if depth > 40:
        return math.inf

    def bound(sub: dict[str, Any]) -> float:
        return largest_json(sub, components, depth + 1)

    if "$ref" in schema:
        return bound(components[schema["$ref"].rsplit("/", 1)[1]])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return max(bound(sub) for sub in schema[key])
    if "enum" in schema:
        return max(len(json.dumps(value)) for value in schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return max(bound({**schema, "type": one}) for one in kind)
    if kind == "object" or "properties" in schema:
        if schema.get("additionalProperties") not in (None, False):
            return math.inf
        return 2 + sum(len(name) + 4 + bound(sub) for name, sub in schema.get("properties", {}).items())
    if kind == "array":
        return (
            2 + schema["maxItems"] * (1 + bound(schema.get("items", {})))
            if "maxItems" in schema
            else math.inf
        )
    if kind == "string":
        return 2 + 6 * schema["maxLength"] if "maxLength" in schema else math.inf
    return {"integer": 24, "number": 24, "boolean": 5, "null": 4}.get(kind, math.inf)  # type: ignore[arg-type]


def request_body_bounds() -> dict[str, float]:
    """Each route taking a body -> the bound of its largest JSON body (infinite for a transcript)."""
    spec = _spec()
    components = spec["components"]["schemas"]
    return {
        path: largest_json(op["requestBody"]["content"]["application/json"]["schema"], components)
        for path, ops in spec["paths"].items()
        for op in ops.values()
        if "requestBody" in op
    }


def test_each_routes_proxy_body_limit_holds_the_largest_body_its_schema_allows_and_no_more() -> None:
    bounds = request_body_bounds()
    assert set(LARGE_BODY_ROUTES) <= set(bounds)
    for path, bound in bounds.items():
        # Room for pretty-printing: twice the compact bound, and a KiB.
        fits_small = 2 * bound + 1024 <= SMALL_BODY
        assert (path not in LARGE_BODY_ROUTES) == fits_small, (path, bound)
        if math.isfinite(bound):
            assert 2 * bound + 1024 <= MAX_BODY, (path, bound)
    # A transcript of MAX_MAT_CHARS characters fits as JSON with every character escaped (\\uXXXX).
    assert 6 * MAX_MAT_CHARS + 1024 <= MAX_BODY


def test_every_proxy_location_caps_requests_and_passes_its_body_on_as_read(tmp_path: Path) -> None:
    text = nginx_conf((REPO / "deploy" / "nginx" / "nginx.conf").read_text(), listen_port=1, run_dir=tmp_path)
    assert "proxy_request_buffering off;" in text  # never a temporary file: HAProxy holds the body
    locations = re.findall(r"location (?:= )?(/\S*) \{(.*?)\n        \}", text, re.S)
    proxied = {path: body for path, body in locations if "proxy_pass" in body}
    assert set(proxied) == {"/", *LARGE_BODY_ROUTES}
    for path, body in proxied.items():
        limit = MAX_BODY if path in LARGE_BODY_ROUTES else SMALL_BODY
        assert f"client_max_body_size {limit};" in body and f"client_body_buffer_size {BODY_BUFFER};" in body
        assert f"limit_conn per_client {PER_CLIENT_REQUESTS};" in body
        assert f"limit_conn bodies_{limit} {IN_FLIGHT[limit]};" in body
        pages = body if path in LARGE_BODY_ROUTES else text  # `/` takes the server's pages
        assert f"error_page 413 /.arbitru-problem/413_{limit};" in pages
    assert "limit_conn_zone $binary_remote_addr zone=per_client:" in text


def test_haproxy_holds_the_largest_request_nginx_passes_whole_in_one_buffer(tmp_path: Path) -> None:
    text = haproxy_conf(
        (REPO / "deploy" / "haproxy" / "haproxy.cfg").read_text(), upstream_port=2, run_dir=tmp_path
    )
    assert f"tune.bufsize {HAPROXY_BUFSIZE}" in text
    # The largest head nginx reads, what it adds (Host, X-Forwarded-*, Connection) and the largest
    # body: were the buffer full first, HAProxy would stop waiting and stream the rest to gunicorn.
    assert HEADER_BUFFERS + 1024 + max(IN_FLIGHT) + MAXREWRITE <= HAPROXY_BUFSIZE
    assert "tune.maxrewrite" not in text


def test_the_proxys_buffers_fit_under_its_container_memory_limit() -> None:
    deployment = yaml.safe_load((REPO / "k8s" / "deployment.yaml").read_text())
    (proxy,) = [c for c in deployment["spec"]["template"]["spec"]["containers"] if c["name"] == "proxy"]
    limit = proxy["resources"]["limits"]["memory"]
    number, unit = re.fullmatch(r"(\d+)(Mi|Gi)", limit).groups()  # type: ignore[union-attr]
    assert memory_ceiling() + sum(BASES.values()) <= int(number) * {"Mi": 2**20, "Gi": 2**30}[unit]


# --- live: the proxy in front of gunicorn, as in the pod ---------------------------------------------
@pytest.fixture(scope="module")
def live_pod(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pod]:
    with pod(tmp_path_factory.mktemp("pod")) as running:
        yield running


def _post(path: bytes, body: bytes) -> bytes:
    return POST % path + b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body


@pytest.mark.live
def test_a_small_route_refuses_a_body_over_its_limit_naming_it_and_reads_one_at_it_from_memory(
    live_pod: Pod,
) -> None:
    document = problem_answer(exchange(live_pod.port, _post(b"/v1/moves", b" " * (SMALL_BODY + 1))), 413)
    assert str(SMALL_BODY) in document["detail"]
    at_limit = b"[" + b" " * (SMALL_BODY - 2) + b"]"
    assert exchange(live_pod.port, _post(b"/v1/moves", at_limit), timeout=30)[0] == 422  # the app judged it
    at_large_limit = b"[" + b" " * (MAX_BODY - 2) + b"]"
    assert exchange(live_pod.port, _post(b"/v1/matches/verify", at_large_limit), timeout=30)[0] == 422
    assert "buffered to a temporary file" not in live_pod.proxy_log.read_text(errors="replace")


@pytest.mark.live
def test_one_client_address_has_at_most_its_share_of_requests_in_progress(live_pod: Pod) -> None:
    held: list[socket.socket] = []
    try:
        for _ in range(PER_CLIENT_REQUESTS):
            sock = socket.create_connection(("127.0.0.1", live_pod.port), timeout=5)
            sock.sendall(POST % b"/v1/moves" + b"Content-Length: 1000\r\n\r\n[")
            held.append(sock)
        time.sleep(0.3)  # nginx has read every head: each request holds its slot
        document = problem_answer(exchange(live_pod.port, _post(b"/v1/moves", b"{}")), 429)
        assert "too many" in document["detail"]
        assert exchange(live_pod.port, _post(b"/v1/moves", b"{}"), timeout=5)[0] == 429
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.3)
    assert exchange(live_pod.port, _post(b"/v1/moves", b"{}"))[0] == 422  # the slots are free again


# name -> (raw request, the status the proxy answers it with, by itself)
PROXY_PAGES: dict[str, tuple[bytes, int]] = {
    "HTTP/2.0 request line": (b"GET /healthz HTTP/2.0\r\nHost: arbitru\r\n\r\n", 505),
    "TRACE": (b"TRACE / HTTP/1.1\r\nHost: arbitru\r\nConnection: close\r\n\r\n", 405),
    "its internal problem path": (
        b"GET /.arbitru-problem/404 HTTP/1.1\r\nHost: arbitru\r\nConnection: close\r\n\r\n",
        404,
    ),
    "another internal problem": (
        b"GET /.arbitru-problem/502 HTTP/1.1\r\nHost: arbitru\r\nConnection: close\r\n\r\n",
        404,
    ),
    "a body over the limit": (_post(b"/v1/play", b" " * (SMALL_BODY + 1)), 413),
    "a malformed request line": (b"GET\r\n\r\n", 400),
    "a malformed chunked body": (
        POST % b"/v1/moves" + b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
        400,
    ),
}


@pytest.mark.live
@pytest.mark.parametrize("name", list(PROXY_PAGES))
def test_every_page_of_the_proxys_own_is_problem_json(live_pod: Pod, name: str) -> None:
    request, status = PROXY_PAGES[name]
    problem_answer(exchange(live_pod.port, request), status)
