"""Trickled uploads against a proxy on 127.0.0.1, and the proxy's memory meanwhile (issue 40, P4).

`python -m tests.ops.slow_uploads PORT PROXY_PID [UPLOADS] [ADDRESSES] [SECONDS] [LENGTH] [PREFILL] [PATH]`:
UPLOADS clients (default 300), spread over ADDRESSES loopback source addresses (127.0.0.2,
127.0.0.3, ...; default 10), each sends the head of a POST to PATH (default /v1/moves) announcing a
body of LENGTH bytes (default 60,000: under every body limit) and its first PREFILL bytes (default
0) at once, then one more byte every 4 s, for SECONDS (default 60). Prints how many uploads the
proxy still holds, how many it refused (429, 413), and the resident memory of the proxy's processes
(PROXY_PID, the container's command, and all its descendants: nginx's, HAProxy) before and after.
Bounded: a fixed number of sockets, each with a timeout, on loopback only.
"""

from __future__ import annotations

import os
import socket
import sys
import time

HEAD = b"POST %s HTTP/1.1\r\nHost: arbitru\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"


def rss_kib(root: int) -> int:
    """Resident memory of `root` and all its descendants, in KiB (from /proc)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    tree, grew = {root}, True
    while grew:
        grew = bool(more := {pid for pid, parent in parents.items() if parent in tree} - tree)
        tree |= more
    total = 0
    for pid in tree:
        try:
            with open(f"/proc/{pid}/status") as status:
                total += next((int(line.split()[1]) for line in status if line.startswith("VmRSS:")), 0)
        except OSError:
            continue
    return total


def _answered(sock: socket.socket) -> bytes | None:
    """What the proxy sent on `sock` so far (b"" once closed), None if nothing yet."""
    sock.setblocking(False)
    try:
        return sock.recv(4096)
    except BlockingIOError:
        return None
    except OSError:
        return b""


def run(
    port: int, master: int, uploads: int, addresses: int, seconds: float, body: tuple[int, int, bytes]
) -> dict[str, int]:
    """Open the uploads, trickle a byte every 4 s each, and count what the proxy did with them."""
    length, prefill, path = body
    before = rss_kib(master)
    open_socks: list[socket.socket] = []
    refused = {b"429": 0, b"413": 0}
    for i in range(uploads):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(2)
        sock.bind((f"127.0.0.{2 + i % addresses}", 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(HEAD % (path, length) + b" " * prefill)
        open_socks.append(sock)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(min(4.0, max(0.0, end - time.monotonic())))
        for sock in list(open_socks):
            answer = _answered(sock)
            if answer is None:
                try:
                    sock.send(b" ")
                    continue
                except OSError:
                    answer = b""
            status = answer[9:12]
            if status in refused:
                refused[status] += 1
            open_socks.remove(sock)
            sock.close()
    figures = {"held": len(open_socks), "refused_429": refused[b"429"], "refused_413": refused[b"413"]}
    figures.update(rss_before_kib=before, rss_kib=rss_kib(master))
    for sock in open_socks:
        sock.close()
    return figures


def main(argv: list[str]) -> None:
    """Command line: see the module's docstring."""
    port, master = int(argv[0]), int(argv[1])
    uploads = int(argv[2]) if len(argv) > 2 else 300
    addresses = int(argv[3]) if len(argv) > 3 else 10
    seconds = float(argv[4]) if len(argv) > 4 else 60.0
    length = int(argv[5]) if len(argv) > 5 else 60_000
    prefill = int(argv[6]) if len(argv) > 6 else 0
    path = argv[7].encode() if len(argv) > 7 else b"/v1/moves"
    print(run(port, master, uploads, addresses, seconds, (length, prefill, path)))


if __name__ == "__main__":
    main(sys.argv[1:])
