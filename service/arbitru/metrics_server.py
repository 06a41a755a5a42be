"""The metrics port: GET /metrics served by one thread with a connection cap and deadlines.

prometheus_client's own `start_http_server` is a thread per connection with no limit and no
deadline: 300 concurrent scrapes cost the gunicorn master 7.9 s of CPU and a 376 MB peak, and 300
idle sockets held 300 threads. This server is one thread around a selector:

- at most `max_connections` sockets are open; a new one over the cap closes the oldest one that has
  not finished sending its request (a scraper sends its request at once, an idle socket never does);
- each connection has `deadline` seconds in all to send its request head (at most `MAX_HEAD`
  bytes) and then to read the answer, else it is closed: a slow client holds a file descriptor
  for that long, never a thread;
- scrapes whose requests are read in the same turn of the loop share one rendering (per content
  type): a storm of scrapes costs a rendering per turn (a turn reads up to `max_connections`
  requests), and a scrape never sees figures older than its own request.

A worker that exits leaves its files in the multiprocess directory; `retire_process` (gunicorn's
`child_exit`) adds its counters, histograms and summaries into one archive file per kind, so the
sums keep its counts, and removes all its files: with workers recycled or killed over weeks, the
directory (an in-memory emptyDir in the pod) holds the live workers' files and one archive per
kind, never one set per worker that ever ran. Renderings and retirements take turns
(`FILES_LOCK`): a scrape never sees a dead worker's counts twice, or not at all.

It imports only the standard library and prometheus_client, so the master loads nothing else.
"""

from __future__ import annotations

import glob
import os
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus

from prometheus_client import CollectorRegistry
from prometheus_client.exposition import choose_encoder
from prometheus_client.mmap_dict import MmapedDict
from prometheus_client.multiprocess import mark_process_dead

__all__ = ["FILES_LOCK", "MAX_HEAD", "MetricsServer", "retire_process"]

# The multiprocess directory's files: rendered (the metrics thread) or retired (child_exit), one at
# a time.
FILES_LOCK = threading.Lock()
ARCHIVED_KINDS = ("counter", "histogram", "summary")  # what sums over processes; gauges die with theirs

MAX_HEAD = 8192  # bytes of request line and headers a scrape may send
_CHUNK = 65536


@dataclass
class _Conn:
    """One client: what it sent so far, or what is left to send it, and when it must be done."""

    sock: socket.socket
    deadline: float
    head: bytearray = field(default_factory=bytearray)
    out: memoryview | None = None


class MetricsServer:
    """Serve `registry` on `host`:`port` until `shutdown()`; `start()` runs it in a daemon thread."""

    def __init__(
        self,
        registry: CollectorRegistry,
        host: str,
        port: int,
        *,
        max_connections: int = 32,
        deadline: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.registry = registry
        self.max_connections = max_connections
        self.deadline = deadline
        self.clock = clock
        self.listener = socket.create_server((host, port), backlog=64)
        self.listener.setblocking(False)
        self.server_address = self.listener.getsockname()[:2]
        self._selector = selectors.DefaultSelector()
        self._selector.register(self.listener, selectors.EVENT_READ, None)
        self._conns: dict[int, _Conn] = {}
        self._cache: dict[str, bytes] = {}  # this turn's renderings, by content type
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.renders = 0  # how many times the exposition was rendered (the sharing's effect)

    # -- lifecycle -------------------------------------------------------------------------------
    def start(self) -> threading.Thread:
        """Serve in a daemon thread named `arbitru-metrics`."""
        self._thread = threading.Thread(target=self.serve_forever, name="arbitru-metrics", daemon=True)
        self._thread.start()
        return self._thread

    def serve_forever(self) -> None:
        """Accept, read, answer and expire connections until `shutdown()`."""
        while not self._stop.is_set():
            self._cache.clear()  # a new turn: the next scrape renders afresh
            for key, events in self._selector.select(timeout=0.25):
                if key.data is None:
                    self._accept()
                elif events & selectors.EVENT_READ:
                    self._read(key.data)
                else:
                    self._write(key.data)
            self._expire()

    def shutdown(self) -> None:
        """Stop serving (returns once the serving thread has stopped)."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def server_close(self) -> None:
        """Close the listener and every open connection."""
        for conn in list(self._conns.values()):
            self._close(conn)
        self._selector.close()
        self.listener.close()

    @property
    def open_connections(self) -> int:
        """How many client sockets are open now."""
        return len(self._conns)

    # -- connections -----------------------------------------------------------------------------
    def _accept(self) -> None:
        for _ in range(self.max_connections):  # at most a cap's worth per turn of the loop
            try:
                sock, _addr = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            if len(self._conns) >= self.max_connections:
                self._evict()
            sock.setblocking(False)
            conn = _Conn(sock, self.clock() + self.deadline)
            self._conns[sock.fileno()] = conn
            self._selector.register(sock, selectors.EVENT_READ, conn)
            self._read(conn)  # a scraper's request is usually there already: answer it first

    def _evict(self) -> None:
        """Close the oldest connection still sending its request (else the oldest of all)."""
        reading = [c for c in self._conns.values() if c.out is None]
        victim = min(reading or self._conns.values(), key=lambda c: c.deadline)
        self._close(victim)

    def _expire(self) -> None:
        now = self.clock()
        for conn in [c for c in self._conns.values() if c.deadline <= now]:
            self._close(conn)

    def _close(self, conn: _Conn) -> None:
        self._conns.pop(conn.sock.fileno(), None)
        try:
            self._selector.unregister(conn.sock)
        except (KeyError, ValueError):
            pass
        conn.sock.close()

    def _read(self, conn: _Conn) -> None:
        try:
            data = conn.sock.recv(4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._close(conn)
            return
        conn.head += data
        end = conn.head.find(b"\r\n\r\n")
        if end < 0:
            if len(conn.head) > MAX_HEAD:
                self._respond(conn, 431, b"text/plain; charset=utf-8", b"request head too large\n", False)
            return
        self._respond(conn, *self._answer(bytes(conn.head[:end])))

    def _write(self, conn: _Conn) -> None:
        out = conn.out
        if out is None:  # pragma: no cover - registered for writing only once an answer exists
            return
        try:
            sent = conn.sock.send(out[:_CHUNK])
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._close(conn)
            return
        conn.out = out[sent:]
        if not conn.out:
            self._close(conn)

    def _respond(self, conn: _Conn, status: int, content_type: bytes, body: bytes, with_body: bool) -> None:
        head = b"HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % (
            status,
            HTTPStatus(status).phrase.encode("ascii"),
            content_type,
            len(body),
        )
        conn.out = memoryview(head + body if with_body else head)
        conn.deadline = self.clock() + self.deadline
        self._selector.modify(conn.sock, selectors.EVENT_WRITE, conn)

    # -- the answer ------------------------------------------------------------------------------
    def _answer(self, head: bytes) -> tuple[int, bytes, bytes, bool]:
        """(status, content type, body, whether to send the body) for a request head."""
        lines = head.split(b"\r\n")
        parts = lines[0].split(b" ")
        if len(parts) != 3 or not parts[2].startswith(b"HTTP/1."):
            return 400, b"text/plain; charset=utf-8", b"bad request\n", True
        method, target = parts[0], parts[1]
        if target.split(b"?", 1)[0] != b"/metrics":
            return 404, b"text/plain; charset=utf-8", b"metrics are at /metrics\n", method != b"HEAD"
        if method not in (b"GET", b"HEAD"):
            return 405, b"text/plain; charset=utf-8", b"GET or HEAD\n", True
        accept = ""
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"accept":
                accept = value.strip().decode("latin-1")
        content_type, body = self._exposition(accept)
        return 200, content_type.encode("latin-1"), body, method == b"GET"

    def _exposition(self, accept: str) -> tuple[str, bytes]:
        """The registry rendered for this Accept header (once a turn of the loop)."""
        encoder, content_type = choose_encoder(accept)
        body = self._cache.get(content_type)
        if body is None:
            with FILES_LOCK:
                body = self._cache[content_type] = encoder(self.registry)
            self.renders += 1
        return content_type, body


def retire_process(pid: int, path: str) -> None:
    """A dead process's metrics files: its counters, histograms and summaries added into
    `KIND_archive.db` (one file per kind, read like any process's), then every file of its
    removed, its live gauges too (`mark_process_dead`)."""
    locked = FILES_LOCK.acquire(timeout=5.0)  # never wait on a stuck rendering for ever
    try:
        mark_process_dead(pid, path)
        for name in glob.glob(os.path.join(path, f"*_{pid}.db")):
            kind = os.path.basename(name).split("_", 1)[0]
            if kind in ARCHIVED_KINDS:
                _add_into(os.path.join(path, f"{kind}_archive.db"), name)
            os.remove(name)
    finally:
        if locked:
            FILES_LOCK.release()


def _add_into(archive_path: str, dead_path: str) -> None:
    """Add every value of the file `dead_path` into the file `archive_path`, key by key."""
    archive = MmapedDict(archive_path)
    try:
        for key, value, timestamp, _ in MmapedDict.read_all_values_from_file(dead_path):
            current, _ = archive.read_value(key)
            archive.write_value(key, current + value, timestamp)
    finally:
        archive.close()
