"""Schemathesis against the app in-process (WSGI): every operation, every check, every phase but
the stateful one (test_schemathesis_stateful.py), zero failures.

The coverage phase (each field's boundary and negative values) runs here only: the live run
(test_schemathesis_live.py) sends the spec's examples and the fuzzing through gunicorn."""

from __future__ import annotations

from pathlib import Path

import pytest
import schemathesis
from hypothesis import find, settings
from schemathesis.config import SchemathesisConfig

from arbitru import create_app

CONFIG = SchemathesisConfig.from_path(Path(__file__).with_name("schemathesis.toml"))
schema = schemathesis.openapi.from_wsgi("/openapi.json", create_app(), config=CONFIG)


@schema.parametrize()
def test_every_operation_conforms_to_the_spec(case: schemathesis.Case) -> None:
    """Every generated request (positive and negative) gets an answer that matches the spec.

    Uncompressed: the WSGI client sends requests' default `Accept-Encoding: gzip, deflate` but does
    not decode the answer (the live run, over HTTP, does); compression has its own tests."""
    case.call_and_validate(headers={"Accept-Encoding": "identity"})


def test_the_coverage_phase_runs_here_with_the_examples_and_the_fuzzing() -> None:
    phases = CONFIG.projects.default.phases
    assert phases.examples.enabled and phases.coverage.enabled and phases.fuzzing.enabled


@pytest.mark.parametrize("path", ["/v1/matches/verify", "/v1/matches/convert"])
@pytest.mark.parametrize("media_type", ["text/plain", "multipart/form-data"])
def test_the_upload_bodies_are_drawn_and_answered_as_the_spec_says(path: str, media_type: str) -> None:
    """The file bodies are in the spec, so schemathesis draws them like the JSON one (above): one of
    each is found and its answer conforms."""
    operation = schema[path]["POST"]
    case = find(
        operation.as_strategy(media_type=media_type),
        lambda case: case.media_type == media_type,
        settings=settings(max_examples=50, database=None, derandomize=True),
    )
    case.call_and_validate(headers={"Accept-Encoding": "identity"})
