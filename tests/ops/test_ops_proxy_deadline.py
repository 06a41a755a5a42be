"""A request's whole time in the proxy is bounded, body included (issue 40, P4).

A few client addresses trickling a byte every 4 s into as many uploads as the proxy lets them
have in progress must lose those uploads within the proxy's request deadline: otherwise they hold
every slot of the small-body routes for ever, and every other client is refused (429) for as long
as they care to trickle, at almost no cost to them.
"""

from __future__ import annotations

import math
import socket
import time
from pathlib import Path

import pytest

from arbitru.http.edge import IN_FLIGHT, PER_CLIENT_REQUESTS, SMALL_BODY
from tests.ops.pod import exchange, pod

pytestmark = [pytest.mark.live, pytest.mark.slow]

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


def test_trickled_bodies_lose_their_slots_and_a_fresh_client_is_served(tmp_path: Path) -> None:
    with pod(tmp_path) as running:
        held = _trickle(running.port, IN_FLIGHT[SMALL_BODY], WAIT)
        try:
            status = exchange(running.port, FRESH, timeout=10)[0]
        finally:
            for sock in held:
                sock.close()
    assert (len(held), status) == (0, 422)  # every trickled upload cut; the fresh one judged by the app
