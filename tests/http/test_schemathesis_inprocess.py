"""Schemathesis against the app in-process (WSGI): every operation, every check, every phase but
the stateful one (test_schemathesis_stateful.py), zero failures.

The coverage phase (each field's boundary and negative values) runs here only: the live run
(test_schemathesis_live.py) sends the spec's examples and the fuzzing through gunicorn.

One test per operation, its cases made when it runs (`schemathesis.pytest.from_fixture`), not when
the suite is collected: `schema.parametrize()` made every operation's coverage cases in every
pytest-xdist worker before the first test ran (some 12 s of CPU each), whichever worker then ran
them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import schemathesis
from hypothesis import find, settings
from schemathesis.config import SchemathesisConfig

from arbitru import create_app

CONFIG = SchemathesisConfig.from_path(Path(__file__).with_name("schemathesis.toml"))
schema = schemathesis.openapi.from_wsgi("/openapi.json", create_app(), config=CONFIG)
OPERATIONS = [operation.ok().label for operation in schema.get_all_operations()]  # "POST /v1/moves"


@pytest.fixture
def app_schema() -> schemathesis.BaseSchema:
    """The app's schema (function-scoped: the tests of this module go to any worker, not to one)."""
    return schema


def _conforms_to_the_spec(case: schemathesis.Case) -> None:
    """Every generated request (positive and negative) gets an answer that matches the spec.

    Uncompressed: the WSGI client sends requests' default `Accept-Encoding: gzip, deflate` but does
    not decode the answer (the live run, over HTTP, does); compression has its own tests."""
    case.call_and_validate(headers={"Accept-Encoding": "identity"})


def _test_name(label: str) -> str:
    """ "POST /v1/matches/verify" -> "test_post_v1_matches_verify_conforms_to_the_spec"."""
    return "test_" + re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_") + "_conforms_to_the_spec"


for _label in OPERATIONS:  # one test per operation, run by whichever worker takes it
    _method, _path = _label.split(" ", 1)
    _lazy = schemathesis.pytest.from_fixture("app_schema").include(method=_method, path=_path)
    globals()[_test_name(_label)] = _lazy.parametrize()(_conforms_to_the_spec)


def test_the_coverage_phase_runs_here_with_the_examples_and_the_fuzzing() -> None:
    phases = CONFIG.projects.default.phases
    assert phases.examples.enabled and phases.coverage.enabled and phases.fuzzing.enabled


def test_every_operation_of_the_spec_has_its_test() -> None:
    spec = create_app().test_client().get("/openapi.json").get_json()
    methods = {"get", "post", "put", "patch", "delete"}
    served = [f"{method.upper()} {path}" for path, item in spec["paths"].items() for method in item]
    assert sorted(OPERATIONS) == sorted(label for label in served if label.split()[0].lower() in methods)
    assert {_test_name(label) for label in OPERATIONS} <= set(globals())


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
