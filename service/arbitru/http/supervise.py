"""Run a few processes together as one container's command, and stop them together.

`python -I supervise.py GRACE COMMANDS`: COMMANDS is a JSON list of [argv, stop signal name] pairs,
started in order. SIGTERM and SIGINT stop each with its own graceful signal; when one exits, the
others are stopped too, and killed after GRACE seconds. The exit code is the first one's.

The standard library only, and run by its path (never imported from the package): what
`arbitru.http.edge` execs into once it has rendered the proxy's configuration, so the process that
stays beside nginx and HAProxy for the container's life holds no Flask and no app in memory.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any


def supervise(commands: Sequence[tuple[list[str], int]], grace: float) -> int:
    """Run `commands` ((argv, stop signal) pairs) together; see the module's docstring."""
    sys.stdout.flush()
    children = [(subprocess.Popen(argv), stop_signal) for argv, stop_signal in commands]

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
    return supervise([(list(command), signal.Signals[name]) for command, name in commands], grace)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
