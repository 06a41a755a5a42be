"""Schemathesis CLI with `--checks all` against a live gunicorn on 127.0.0.1: zero failures.

The spec's examples and the fuzzing of every operation, over real HTTP; the coverage phase's
boundary and negative cases are sent once, in-process (test_schemathesis_inprocess.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "live_schemathesis.py"


def _load_script():
    spec = importlib.util.spec_from_file_location("live_schemathesis", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.live
def test_schemathesis_cli_finds_no_failure_against_live_gunicorn():
    """gunicorn 'arbitru:create_app()' on a free port; `st run --checks all --phases
    examples,fuzzing`; exit code 0."""
    live = _load_script()
    assert live.run(max_examples=25, timeout=900.0) == 0
