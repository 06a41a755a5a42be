"""Schemathesis CLI (`st run --checks all`) against a live gunicorn on 127.0.0.1, bounded in time.

    python scripts/live_schemathesis.py [--max-examples N] [--timeout SECONDS] [--seed N] [--phases P]

Starts `gunicorn 'arbitru:create_app()'` on a free port, waits for /openapi.json, runs the CLI with
tests/http/schemathesis.toml, stops gunicorn, and exits with the CLI's exit code (0 = no failure).
tests/http/test_schemathesis_live.py runs this as part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script, or loaded from a file by the test
    sys.path.insert(0, str(ROOT))

from scripts.local_gunicorn import HOST, free_port, venv_bin, wait_until_up  # noqa: E402

CONFIG = ROOT / "tests" / "http" / "schemathesis.toml"


def start_gunicorn(port: int, log_path: Path, workers: int = 2) -> subprocess.Popen[bytes]:
    """gunicorn serving the app on 127.0.0.1:`port`, in its own process group."""
    env = {**os.environ, "HOST": HOST, "PORT": str(port), "WEB_CONCURRENCY": str(workers)}
    env.setdefault("ACCESS_LOG_LEVEL", "WARNING")
    log = log_path.open("wb")
    return subprocess.Popen(
        [venv_bin("gunicorn"), "arbitru:create_app()", "--bind", f"{HOST}:{port}", "--workers", str(workers)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop gunicorn (its whole process group): TERM, then KILL after 15 s."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=5)


def exploring_config(seed: int, directory: Path) -> Path:
    """A copy of the shared config drawing at random from `seed`: the shared one is deterministic,
    and schemathesis ignores --seed in deterministic mode."""
    text = CONFIG.read_text().replace("deterministic = true", "deterministic = false")
    path = directory / "schemathesis-explore.toml"
    path.write_text(text.replace("seed = 20261129", f"seed = {seed}"))
    return path


PHASES = "examples,fuzzing"


def st_command(
    base: str,
    max_examples: int,
    workers: int,
    seed: int | None = None,
    config: Path = CONFIG,
    phases: str = PHASES,
) -> list[str]:
    """The schemathesis CLI invocation: every check, bounded examples (the config's fixed seed
    unless `seed` is given, with a config from `exploring_config`), the spec's examples and the
    fuzzing of every operation through gunicorn (gzip answers decoded, real HTTP framing).

    The coverage phase (each field's boundary and negative values, about 13,000 requests, nine
    tenths of this run) is not repeated here: tests/http/test_schemathesis_inprocess.py sends the
    same cases, from the same config and with the same checks, to the same app in-process, where
    they cost a fraction of a live request each. The stateful phase runs in-process too
    (tests/http/test_schemathesis_stateful.py): the CLI's cannot send a linked body to an operation
    that takes several media types (schemathesis asks for the operation's one media type:
    `IncorrectUsage`), and the matches routes take JSON, text/plain and multipart; the in-process
    test sends the linked body as the JSON it is. `phases` widens a run by hand (`--phases
    examples,coverage,fuzzing`)."""
    return [
        venv_bin("st"),
        "--config-file",
        str(config),
        "run",
        f"{base}/openapi.json",
        "--checks",
        "all",
        "--max-examples",
        str(max_examples),
        "--workers",
        str(workers),
        "--request-timeout",
        "10",
        "--no-color",
        "--phases",
        phases,
        *(["--seed", str(seed)] if seed is not None else []),
    ]


def run(
    max_examples: int = 25,
    timeout: float = 900.0,
    workers: int = 2,
    seed: int | None = None,
    phases: str = PHASES,
) -> int:
    """Start gunicorn, run the CLI against it, stop gunicorn; the CLI's exit code."""
    port = free_port()
    base = f"http://{HOST}:{port}"
    with tempfile.TemporaryDirectory(prefix="arbitru-live-") as tmp:
        log_path = Path(tmp) / "gunicorn.log"
        proc = start_gunicorn(port, log_path)
        try:
            wait_until_up(f"{base}/openapi.json", proc, log_path)
            config = exploring_config(seed, Path(tmp)) if seed is not None else CONFIG
            cmd = st_command(base, max_examples, workers, seed, config, phases)
            print("$", " ".join(cmd), flush=True)
            try:
                result = subprocess.run(cmd, cwd=ROOT, timeout=timeout, check=False)
            except subprocess.TimeoutExpired:
                print(f"schemathesis did not finish within {timeout:.0f}s", file=sys.stderr)
                return 124
            return result.returncode
        finally:
            stop(proc)
            server_log = log_path.read_text(errors="replace") if log_path.exists() else ""
            if "Traceback" in server_log:
                print("gunicorn log holds a traceback:\n" + server_log[-4000:], file=sys.stderr)


def main() -> int:
    """Command-line entry."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--max-examples", type=int, default=25)
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds the CLI run may take")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, help="another random draw than the config's fixed seed")
    parser.add_argument("--phases", default=PHASES, help="schemathesis phases (coverage runs in-process)")
    args = parser.parse_args()
    return run(args.max_examples, args.timeout, args.workers, args.seed, args.phases)


if __name__ == "__main__":
    raise SystemExit(main())
