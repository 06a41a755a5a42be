"""The pod's proxy (nginx, deploy/nginx/nginx.conf, and HAProxy behind it, deploy/haproxy/haproxy.cfg)
in front of gunicorn, all started as the pod starts them: readiness and keep-alive through it, the
app's body limit, the app's header names as it spells them, and every refusal of its own, or of
gunicorn's, in problem+json, never an HTML page."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbitru.http.edge import MAX_BODY, SMALL_BODY
from scripts.local_gunicorn import free_port, stop
from tests.ops.ops_live import REPO
from tests.ops.pod import Pod, containers, exchange, nginx_path, pod

pytestmark = pytest.mark.live

HOST = b"Host: arbitru\r\n"
POST_JSON = b"POST /v1/moves HTTP/1.1\r\n" + HOST + b"Content-Type: application/json\r\n"

# name -> (raw request, the status it must get), the same through the proxy and at gunicorn itself.
REFUSALS: dict[str, tuple[bytes, int]] = {
    "malformed request line": (b"GARBAGE\r\n\r\n", 400),
    "request line too long": (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n" + HOST + b"\r\n", 414),
    "header too long": (b"GET /healthz HTTP/1.1\r\n" + HOST + b"X-Big: " + b"a" * 9000 + b"\r\n\r\n", 431),
    "too many headers": (
        b"GET /healthz HTTP/1.1\r\n" + HOST + b"".join(b"X-%d: a\r\n" % i for i in range(60)) + b"\r\n",
        431,
    ),
    "transfer coding other than chunked": (POST_JSON + b"Transfer-Encoding: gzip\r\n\r\n", 501),
    "transfer coding before chunked": (
        POST_JSON + b"Transfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        501,
    ),
    "request body with a content coding": (
        POST_JSON + b"Content-Encoding: gzip\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
        415,
    ),
}
GUNICORN_ONLY: dict[str, tuple[bytes, int]] = {
    "expectation other than 100-continue": (
        POST_JSON + b"Expect: something-else\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
        417,
    ),
}


@pytest.fixture(scope="module")
def live_pod(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pod]:
    """gunicorn and the proxy, as in the pod."""
    with pod(tmp_path_factory.mktemp("pod")) as running:
        yield running


def assert_problem(answer: tuple[int, dict[str, str], bytes], status: int) -> dict:
    """The answer is `status` with a problem+json body saying the same status."""
    got, headers, body = answer
    assert got == status, (got, headers, body[:300])
    assert headers["content-type"].startswith("application/problem+json"), headers
    document = json.loads(body)
    assert document["status"] == status and document["title"] and document["detail"], document
    return document


@pytest.mark.parametrize("name", list(REFUSALS))
def test_the_proxy_answers_every_refusal_in_problem_json(live_pod: Pod, name: str) -> None:
    request, status = REFUSALS[name]
    assert_problem(exchange(live_pod.port, request), status)


@pytest.mark.parametrize("name", list(REFUSALS) + list(GUNICORN_ONLY))
def test_gunicorn_answers_its_own_refusals_in_problem_json_not_html(live_pod: Pod, name: str) -> None:
    request, status = {**REFUSALS, **GUNICORN_ONLY}[name]
    gunicorn_port = int(live_pod.app.url.rsplit(":", 1)[1])
    assert_problem(exchange(gunicorn_port, request), status)


def test_a_content_coding_is_refused_with_the_coding_the_server_accepts(live_pod: Pod) -> None:
    _, headers, _ = exchange(live_pod.port, REFUSALS["request body with a content coding"][0])
    assert headers["accept-encoding"] == "identity"


def test_the_proxy_refuses_a_transcript_over_the_apps_limit_and_passes_one_at_it(live_pod: Pod) -> None:
    post = b"POST /v1/matches/verify HTTP/1.1\r\n" + HOST + b"Content-Type: application/json\r\n"
    over = post + b"Content-Length: %d\r\nConnection: close\r\n\r\n" % (MAX_BODY + 1)
    document = assert_problem(exchange(live_pod.port, over), 413)
    assert str(MAX_BODY) in document["detail"]
    at_limit = b"[" + b" " * (MAX_BODY - 2) + b"]"
    conn = http.client.HTTPConnection("127.0.0.1", live_pod.port, timeout=30)
    conn.request("POST", "/v1/matches/verify", body=at_limit, headers={"Content-Type": "application/json"})
    answer = conn.getresponse()
    assert answer.status == 422 and answer.getheader("X-Request-ID")  # the app read it and judged it
    conn.close()


def test_the_proxy_answers_in_the_requests_language(live_pod: Pod) -> None:
    request = POST_JSON + b"Accept-Language: ro\r\nContent-Length: %d\r\n\r\n" % (SMALL_BODY + 1)
    _, headers, body = exchange(live_pod.port, request)
    assert headers["content-language"] == "ro"
    assert "octeți" in json.loads(body)["detail"]


def test_readyz_answers_through_the_proxy_on_one_kept_alive_connection(live_pod: Pod) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", live_pod.port, timeout=10)
    conn.request("GET", "/readyz")
    first = conn.getresponse()
    assert (first.status, json.loads(first.read())) == (200, {"status": "ready"})
    sock = conn.sock
    conn.request("GET", "/healthz")
    second = conn.getresponse()
    assert second.status == 200 and second.getheader("Connection", "keep-alive") == "keep-alive"
    second.read()
    assert conn.sock is sock  # the same client connection, though each worker closes its own
    conn.close()


def test_the_proxy_answers_502_in_problem_json_when_gunicorn_is_down(tmp_path: Path) -> None:
    nginx = nginx_path()
    port = free_port()
    env = {
        "PROXY_PORT": str(port),
        "PORT": str(free_port()),  # nothing listens there
        "PROXY_RUN_DIR": str(tmp_path / "proxy"),
        "PATH": f"{Path(sys.executable).parent}:{Path(nginx).parent}:/usr/bin:/bin",
        "PYTHONPATH": os.environ.get("PYTHONPATH", ""),  # this tree's code, as the pod's tests run it
    }
    command = [sys.executable, *containers()["proxy"]["command"][1:]]
    log = tmp_path / "proxy.err"
    with open(log, "wb") as err:
        proc = subprocess.Popen(command, cwd=REPO, env=env, stdout=err, stderr=err)
    try:
        request = b"GET /healthz HTTP/1.1\r\nHost: arbitru\r\nConnection: close\r\n\r\n"
        deadline = time.monotonic() + 30  # the proxy renders its configuration first (slow on a busy machine)
        while True:
            try:
                answer = exchange(port, request)
                break
            except ConnectionRefusedError:
                assert proc.poll() is None and time.monotonic() < deadline, log.read_text()[-2000:]
                time.sleep(0.2)
        assert_problem(answer, 502)  # /healthz never answers 200: it is a 502 problem
    finally:
        stop(proc)


@pytest.mark.parametrize("name", list(REFUSALS))
def test_the_proxy_and_gunicorn_answer_a_refusal_with_the_same_document(live_pod: Pod, name: str) -> None:
    request, _ = REFUSALS[name]
    gunicorn_port = int(live_pod.app.url.rsplit(":", 1)[1])
    through_proxy = json.loads(exchange(live_pod.port, request)[2])
    at_gunicorn = json.loads(exchange(gunicorn_port, request)[2])
    assert through_proxy == at_gunicorn


def _header_names(port: int, request: bytes) -> set[str]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    head = data.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")[1:]
    return {line.partition(":")[0] for line in head}


@pytest.mark.parametrize(
    "request_",
    [
        b"GET /v1/rules HTTP/1.1\r\n" + HOST + b"Connection: close\r\n\r\n",
        POST_JSON + b"Content-Length: 2\r\nConnection: close\r\n\r\n{}",
        b"DELETE /v1/moves HTTP/1.1\r\n" + HOST + b"Connection: close\r\n\r\n",
    ],
)
def test_the_apps_header_names_reach_clients_spelled_as_the_app_writes_them(
    live_pod: Pod, request_: bytes
) -> None:
    gunicorn_port = int(live_pod.app.url.rsplit(":", 1)[1])
    written = _header_names(gunicorn_port, request_) - {"Connection"}  # hop by hop: the proxy's own
    assert written <= _header_names(live_pod.port, request_)
