"""Run a few processes together as one container's command, and stop them together.

`python -I supervise.py GRACE COMMANDS`: COMMANDS is a JSON list of [argv, stop signal name, path or
null], started in order, each once the one before has created its path (a socket the next one
connects to; at most READY_WAIT seconds, then it starts anyway). SIGTERM and SIGINT stop each with
its own graceful signal; when one exits, the others are stopped too, and killed after GRACE
seconds. The exit code is the first one's.

The standard library only, and run by its path (never imported from the package): what
`arbitru.http.edge` execs into once it has rendered the proxy's configuration, so the process that
stays beside nginx and HAProxy for the container's life holds no Flask and no app in memory.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

READY_WAIT = 10.0


def _start(argv: list[str], after: str | None) -> subprocess.Popen[bytes]:
    """Start `argv` once the path `after` exists (None: at once), or READY_WAIT seconds passed."""
    deadline = time.monotonic() + READY_WAIT
    while after is not None and not os.path.exists(after) and time.monotonic() < deadline:
        time.sleep(0.05)
    return subprocess.Popen(argv)


def supervise(commands: Sequence[tuple[list[str], int, str | None]], grace: float) -> int:
    """Run `commands` ((argv, stop signal, path it creates) triples) together; see the module's
    docstring."""
    sys.stdout.flush()
    children, after = [], None
    for argv, stop_signal, creates in commands:
        children.append((_start(argv, after), stop_signal))
        after = creates

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
            child.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    return first.returncode


def main(argv: Sequence[str]) -> int:
    """Command line: see the module's docstring."""
    grace, commands = float(argv[0]), json.loads(argv[1])
    return supervise(
        [(list(command), signal.Signals[name], creates) for command, name, creates in commands], grace
    )


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
