"""A request's whole time in the proxy is bounded, body included (issue 40, P4).

A few client addresses trickling a byte every 4 s into as many uploads as the proxy lets them
have in progress must lose those uploads within the proxy's request deadline: otherwise they hold
every slot of the small-body routes for ever, and every other client is refused (429) for as long
as they care to trickle, at almost no cost to them.
"""

from __future__ import annotations

import json
import math
import socket
import time
from collections.abc import Iterator

import pytest

from arbitru.http.edge import BODY_DEADLINE, IN_FLIGHT, PER_CLIENT_REQUESTS, SMALL_BODY
from arbitru.messages import render
from tests.ops.pod import Pod, exchange, pod

pytestmark = [pytest.mark.live, pytest.mark.slow, pytest.mark.waits]

WAIT = 20.0  # seconds of trickling before a fresh client asks
HEAD = b"POST /v1/moves HTTP/1.1\r\nHost: arbitru\r\nContent-Type: application/json\r\n"
HEAD += b"Content-Length: %d\r\n\r\n"
FRESH = HEAD % 2 + b"{}"


def _trickle(port: int, uploads: int, seconds: float) -> list[socket.socket]:
    """`uploads` bodies announced (60,000 bytes, under the small-body limit), from as few loopback
    addresses as the per-client cap allows, each sent a byte every 4 s for `seconds`; the sockets
    the proxy still held at the end."""
    addresses = math.ceil(uploads / PER_CLIENT_REQUESTS)
    socks = []
    for i in range(uploads):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(2)
        sock.bind((f"127.0.0.{2 + i % addresses}", 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(HEAD % 60_000)
        socks.append(sock)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(min(4.0, max(0.0, end - time.monotonic())))
        for sock in list(socks):
            try:
                sock.setblocking(False)
                if sock.recv(4096) is not None:  # an answer (408) or a close: the slot is free
                    socks.remove(sock)
                    sock.close()
                    continue
            except BlockingIOError:
                pass
            except OSError:
                socks.remove(sock)
                sock.close()
                continue
            try:
                sock.send(b" ")
            except OSError:
                socks.remove(sock)
                sock.close()
    return socks


@pytest.fixture(scope="module")
def live_pod(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pod]:
    with pod(tmp_path_factory.mktemp("pod")) as running:
        yield running


def test_trickled_bodies_lose_their_slots_and_a_fresh_client_is_served(live_pod: Pod) -> None:
    held = _trickle(live_pod.port, IN_FLIGHT[SMALL_BODY], WAIT)
    try:
        status = exchange(live_pod.port, FRESH, timeout=10)[0]
    finally:
        for sock in held:
            sock.close()
    assert (len(held), status) == (0, 422)  # every trickled upload cut; the fresh one judged by the app


def test_a_body_late_past_the_deadline_is_answered_408_in_problem_json_in_the_requests_language(
    live_pod: Pod,
) -> None:
    head = HEAD.replace(b"\r\nContent-Length", b"\r\nAccept-Language: ro\r\nContent-Length") % 1000
    began = time.monotonic()
    with socket.create_connection(("127.0.0.1", live_pod.port), timeout=1) as sock:
        sock.sendall(head + b"[")
        answer = b""
        while b"}" not in answer and time.monotonic() - began < BODY_DEADLINE + 10:
            try:
                answer += sock.recv(4096)  # one byte a second meanwhile: never a pause nginx calls late
            except TimeoutError:
                sock.sendall(b" ")
    took = time.monotonic() - began
    head_part, _, body = answer.partition(b"\r\n\r\n")
    assert head_part.startswith(b"HTTP/1.1 408 "), answer[:300]
    assert b"content-type: application/problem+json" in head_part.lower()
    assert json.loads(body)["detail"] == render("problem.request_timeout", {}, "ro")
    assert BODY_DEADLINE <= took < BODY_DEADLINE + 5
