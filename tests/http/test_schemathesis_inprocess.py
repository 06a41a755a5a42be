"""Schemathesis against the app in-process (WSGI): every operation, every check, zero failures."""

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
