"""Slow clients against a server on 127.0.0.1, and a health probe meanwhile.

Each slow-header client sends a request line, then one header byte a second and never ends its head;
each slow-body client sends a whole head announcing a body, then one body byte a second. A client
the server closes on connects again at once, for as long as the attack lasts. Meanwhile GET /healthz
is asked every `probe_every` seconds on a new connection, each with `probe_timeout` seconds to answer.
Bounded: a fixed number of clients (one thread each), a fixed duration, every socket with a timeout.
"""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass, field

HEAD = b"GET /healthz HTTP/1.1\r\nHost: arbitru\r\n"
BODY_HEAD = (
    b"POST /v1/moves HTTP/1.1\r\nHost: arbitru\r\nContent-Type: application/json\r\n"
    b"Content-Length: 100000\r\n\r\n"
)


@dataclass
class Figures:
    """What one attack measured: each probe's (seconds after the start, status or 0, seconds taken)."""

    probes: list[tuple[float, int, float]] = field(default_factory=list)
    reconnects: int = 0

    def answered_within(self, limit: float) -> int:
        """How many probes got a 200 within `limit` seconds."""
        return sum(1 for _, status, took in self.probes if status == 200 and took <= limit)

    def longest_outage(self, limit: float) -> float:
        """The longest stretch of seconds from a failed probe to the next good one."""
        longest, first_bad = 0.0, None
        for at, status, took in self.probes:
            good = status == 200 and took <= limit
            if not good and first_bad is None:
                first_bad = at
            elif good and first_bad is not None:
                longest, first_bad = max(longest, at - first_bad), None
        if first_bad is not None:
            longest = max(longest, self.probes[-1][0] - first_bad)
        return longest


def _slow_client(
    port: int, head: bytes, trickle: bytes, end: float, started: threading.Event, out: Figures
) -> None:
    """Send `head`, then `trickle` one byte a second until `end`; reconnect whenever closed."""
    first = True
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2) as sock:
                sock.sendall(head)
                if first:
                    started.set()
                    first = False
                i = 0
                while time.monotonic() < end:
                    sock.sendall(trickle[i % len(trickle) : i % len(trickle) + 1])
                    i += 1
                    time.sleep(1.0)
        except OSError:
            pass
        if first:  # never connected: say so anyway, so the probes do not wait for it
            started.set()
            first = False
        out.reconnects += 1
        time.sleep(0.05)


def probe(port: int, timeout: float) -> tuple[int, float]:
    """GET /healthz on a new connection: (status or 0, seconds taken)."""
    start = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.settimeout(max(0.01, timeout - (time.monotonic() - start)))
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n")
            data = b""
            while b"\r\n" not in data:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                data += chunk
        parts = data.split(b" ", 2)
        status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    except OSError:
        status = 0
    return status, time.monotonic() - start


def attack(
    port: int,
    slow_headers: int,
    slow_bodies: int,
    seconds: float,
    probe_every: float = 0.5,
    probe_timeout: float = 2.0,
) -> Figures:
    """Run the slow clients against 127.0.0.1:`port` for `seconds`, probing /healthz meanwhile.
    The probes start once every slow client has connected (or failed to), never before."""
    figures = Figures()
    end = time.monotonic() + seconds + 5.0  # the clients outlast the probes
    threads, started = [], []
    for i in range(slow_headers + slow_bodies):
        event = threading.Event()
        slow_header = i < slow_headers
        head, trickle = (HEAD, b"X-Slow: abcdefgh\r\n") if slow_header else (BODY_HEAD, b"[1,2,3,4,5,6] ")
        thread = threading.Thread(
            target=_slow_client, args=(port, head, trickle, end, event, figures), daemon=True
        )
        thread.start()
        threads.append(thread)
        started.append(event)
    for event in started:
        event.wait(timeout=10)
    time.sleep(1.0)  # every client has sent a byte or two more: the workers (if exposed) are held
    t0 = time.monotonic()
    for i in range(int(seconds / probe_every)):
        delay = t0 + i * probe_every - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        status, took = probe(port, probe_timeout)
        figures.probes.append((time.monotonic() - t0 - took, status, took))
    for thread in threads:
        thread.join(timeout=max(0.0, end - time.monotonic()) + 5)
    return figures
